/**
 * Small pure helpers for markdown content rendered by the pages.
 */

/** Editors write the product's name as {{product}}; the site fills in GATSBY_PRODUCT_NAME. */
export function fillProductName(text: string, productName: string): string {
  return text.replace(/\{\{\s*product\s*\}\}/g, productName);
}

/** True when gatsby-remark-katex rendered math into this HTML, so the page needs KaTeX's stylesheet. */
export function containsMath(html: string): boolean {
  return /class="katex(-display)?"/.test(html);
}

export interface TocEntry {
  id: string;
  title: string;
}

interface Heading {
  id?: string | null;
  value?: string | null;
}

/** The table of contents: headings with an id, their names filled in. */
export function tableOfContents(headings: readonly (Heading | null)[], productName: string): TocEntry[] {
  return headings.flatMap((heading) =>
    heading?.id && heading.value ? [{ id: heading.id, title: fillProductName(heading.value.trim(), productName) }] : [],
  );
}

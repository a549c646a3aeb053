/**
 * What the pages do with the markdown they render: whether it holds math,
 * its table of contents, the copy button's timing.
 */
import { fillProductName } from '../site/productName';

/** How long a code block's copy button says 'Copied' before it says 'Copy' again (SPEC section 9). */
export const COPY_RESET_MS = 3000;

/** True when KaTeX rendered math into this HTML (features/markdown/remark-math), so the page needs KaTeX's stylesheet. */
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
  return headings.flatMap((heading) => (heading?.id && heading.value ? [{ id: heading.id, title: fillProductName(heading.value.trim(), productName) }] : []));
}

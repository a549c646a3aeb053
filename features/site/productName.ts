/**
 * {{product}}, which editors and UI strings write for the product's name
 * (GATSBY_PRODUCT_NAME): filled into text, frontmatter and rendered HTML.
 */
import { escapeHtml } from './html';

const PRODUCT_TOKEN = /\{\{\s*product\s*\}\}/g;

/**
 * Editors write the product's name as {{product}}; the site fills in
 * GATSBY_PRODUCT_NAME. For plain text (React escapes it when rendering):
 * titles, descriptions, headings. Rendered HTML takes fillProductNameInHtml.
 */
export function fillProductName(text: string, productName: string): string {
  return text.replace(PRODUCT_TOKEN, () => productName);
}

/** {{product}} filled into every string of checked frontmatter (plain text), lists and items included. */
export function fillProductNameInFields<T>(value: T, productName: string): T {
  if (typeof value === 'string') return fillProductName(value, productName) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillProductNameInFields(item, productName)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fillProductNameInFields(inner, productName)])) as T;
  }
  return value;
}

/**
 * {{product}} filled into HTML that markdown became: the name goes in as
 * text, so `A<b>&"C"` shows as typed and never becomes markup.
 */
export function fillProductNameInHtml(html: string, productName: string): string {
  const escaped = escapeHtml(productName);
  return html.replace(PRODUCT_TOKEN, () => escaped);
}

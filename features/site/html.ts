const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML, in element content and in quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Text as HTML element content (an RSS item's description, which readers render as HTML): quotes stay as typed. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c]);
}

/**
 * `<` and `>` as references, `&` as typed: for text that its format calls
 * plain but some readers render as HTML (an RSS title or category), so
 * markup stays inert there while "Sales & invoices" reads the same everywhere.
 */
export function escapeAngleBrackets(text: string): string {
  return text.replace(/[<>]/g, (c) => ENTITIES[c]);
}

/**
 * JSON for a <script type="application/ld+json"> element. '<' and the line
 * separators are escaped so no value can close the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Frontmatter strings are text: a title, a description, a tag, an author.
 * The build refuses one that holds markup (features/content/checks.ts), and every
 * place the strings go escapes them as well (React, serializeJsonLd, the
 * feeds' and the share images' escaping), so neither alone keeps a page safe.
 * Pure.
 */

/** What plain text may not contain, for messages. */
export const PLAIN_TEXT_RULE =
  'plain text has no "<" followed by a letter, "/", "!" or "?" (the start of an HTML tag, comment or declaration), no character references such as &lt; or &#60; (write the character itself) and no control characters or broken Unicode';

/**
 * Why `text` is not plain text, quoting the part at fault, or undefined.
 * A lone "<" ("stock < 5") and a bare "&" ("Sales & invoices") are text.
 */
export function markupProblem(text: string): string | undefined {
  const tag = /<[A-Za-z/!?][^\s<>]{0,15}/.exec(text);
  if (tag) return `it contains "${tag[0]}", which would begin an HTML ${/^<[!?]/.test(tag[0]) ? 'comment or declaration' : 'tag'}`;
  // Numeric references decode to any character; these named ones to "<", ">" or "&", and HTML reads them without ";" too ("&ltb").
  const reference = /&(?:#[0-9]+|#x[0-9a-f]+|lt|gt|amp);?/i.exec(text);
  if (reference) return `it contains the character reference "${reference[0]}", which a reader of HTML would turn into a character`;
  const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  // C0 and C1 controls, but tab and line breaks.
  const control = /(?![\t\n\r])\p{Cc}/u.exec(text);
  if (control) return `it contains the control character ${codePoint(control[0])}`;
  const halfPair = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  if (halfPair) return `it contains ${codePoint(halfPair[0])}, half of a surrogate pair standing alone, which is not text`;
  return undefined;
}

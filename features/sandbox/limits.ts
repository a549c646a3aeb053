/**
 * How long a contact message may be: the sandbox answers 413 above these,
 * as the contact API does. The site keeps the same numbers in
 * CONTACT_LIMITS (features/contact/contact.ts) for its inputs and validation; they
 * are written out again here, not imported, because they are the API's
 * limits (the sandbox stands in for another service), and a test checks
 * that the two agree.
 */

/** The most characters each form field takes (UTF-16 code units, like String#length). */
export const CONTACT_LIMITS = { name: 100, email: 254, business: 100, message: 5_000 } as const;

/**
 * The API receives `{ email, subject, body }`, where body is the HTML that
 * buildContactRequest (features/contact/contact.ts) builds from the four fields:
 *
 *   <p><strong>Business:</strong> B</p><p><strong>Name:</strong> N</p><p><strong>Email:</strong> E</p><p>M</p>
 *
 * Each value is trimmed (never longer), escaped, and its line breaks turned
 * into <br>. No character becomes more than 6: '"' becomes &quot; (6),
 * '&' &amp; and "'" &#39; (5), '<' &lt; and '>' &gt; (4), a line break
 * <br> (4, or 2 per character for \r\n), and an empty business '-' (1).
 * So the longest body the site can send is the fixed markup plus 6 times
 * every field at its limit: 102 + 6 x (100 + 254 + 100 + 5,000) = 32,826.
 */
export const LONGEST_ESCAPE_LENGTH = '&quot;'.length;
export const CONTACT_BODY_MARKUP = ['Business', 'Name', 'Email'].map((label) => `<p><strong>${label}:</strong> </p>`).join('') + '<p></p>';
export const CONTACT_BODY_MAX_LENGTH =
  CONTACT_BODY_MARKUP.length + LONGEST_ESCAPE_LENGTH * (CONTACT_LIMITS.name + CONTACT_LIMITS.email + CONTACT_LIMITS.business + CONTACT_LIMITS.message);

export interface ContactLengthError {
  error: string;
  /** The field of the request that is too long. */
  field: 'email' | 'body';
  maxLength: number;
}

/** The limit a contact body goes past (answered with 413), or null. Only string fields are measured. */
export function contactLengthError(body: unknown): ContactLengthError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { email, body: html } = body as Record<string, unknown>;
  if (typeof email === 'string' && email.length > CONTACT_LIMITS.email) {
    return { error: `field "email" is longer than ${CONTACT_LIMITS.email} characters`, field: 'email', maxLength: CONTACT_LIMITS.email };
  }
  if (typeof html === 'string' && html.length > CONTACT_BODY_MAX_LENGTH) {
    const { name, business, message } = CONTACT_LIMITS;
    return {
      error: `field "body" is longer than ${CONTACT_BODY_MAX_LENGTH} characters (name ${name}, business ${business} and message ${message} characters at most)`,
      field: 'body',
      maxLength: CONTACT_BODY_MAX_LENGTH,
    };
  }
  return null;
}

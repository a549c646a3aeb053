/**
 * What the site takes for an e-mail address: the contact form's field and
 * the contact address a build is given alike.
 */
/** The SPEC's limits: 254 characters in all, 64 before the @, 63 a domain label. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_LABEL_MAX_LENGTH = 63;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * A standard e-mail address: 1 to 254 characters in all, a local part of 1
 * to 64 (dot-atom), and a domain of at least two labels of up to 63 letters,
 * digits or inner hyphens each, ending in an alphabetic top-level label.
 */
export function isValidEmail(value: string): boolean {
  if (value.length < 1 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= EMAIL_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}

/**
 * The warnings in a build's output. A clean build prints none, so each one
 * is a cause to fix (a CSS module imported in another order on another
 * page, an option a plugin does not declare) rather than noise a reader
 * must judge; the site checks fail on any.
 */

/** Terminal colours and cursor moves, which Gatsby writes around its lines. */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const TERMINAL_CODES = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** A line Gatsby, webpack or a plugin starts with its warning label: "warn …", "warning …", "Warning: …". */
const WARNING_LINE = /^\s*(?:warn|warning)\b/i;

/** Each warning line of `output`, without its terminal codes. */
export function buildWarnings(output: string): string[] {
  return output
    .replace(TERMINAL_CODES, '')
    .split(/\r?\n/)
    .filter((line) => WARNING_LINE.test(line))
    .map((line) => line.trim());
}

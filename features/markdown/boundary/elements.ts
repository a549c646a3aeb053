/**
 * Check 1 of the markup boundary (features/markdown/markupBoundary.ts): the
 * allowlist (allowlist.ts). sanitize-html, configured from it,
 * removes nothing: its output equals a canonical re-serialisation of the
 * input (the same library with everything allowed). Elements, attributes,
 * classes, attribute values and URL schemes are checked here; besides the
 * listed classes, a diagram's <g>s may carry those the diagram defines
 * itself (an editor's classDef, scoped to it in its <style>).
 */
import sanitizeHtml, { type AllowedAttribute, type IOptions } from 'sanitize-html';
import { ALLOWED_ATTRIBUTES, ALLOWED_ATTRIBUTE_VALUES, ALLOWED_CLASSES, ALLOWED_URL_SCHEMES } from './allowlist';
import { ALLOWLIST, elementView, nameOf, quote, sheetText, svgIdOf, type BrowserElement } from './tree';

/** Attributes whose value is a space-separated list, each token checked against ALLOWED_ATTRIBUTE_VALUES. */
const TOKEN_LISTS = new Set(['rel']);

/** What both sanitize-html runs share: everything that is not the allowlist. */
const COMMON: IOptions = {
  disallowedTagsMode: 'discard',
  // A diagram's <style> is allowed, its text checked by check 3 (./styles.ts); without this, sanitize-html warns.
  allowVulnerableTags: true,
  // Style attributes are checked by check 3 (./styles.ts), on the browser's reading; sanitize-html passes them as they are.
  parseStyleAttributes: false,
  parser: { decodeEntities: true },
};

const STRICT: IOptions = {
  ...COMMON,
  allowedTags: Object.keys(ALLOWED_ATTRIBUTES),
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_ATTRIBUTES).map(([element, names]) => [
      element,
      names.map((name): AllowedAttribute => {
        const values = ALLOWED_ATTRIBUTE_VALUES[element]?.[name];
        return values ? { name, values: [...values], multiple: TOKEN_LISTS.has(name) } : name;
      }),
    ]),
  ),
  allowedClasses: Object.fromEntries(Object.entries(ALLOWED_CLASSES).map(([element, classes]) => [element, [...classes]])),
  allowedSchemes: [],
  allowedSchemesByTag: Object.fromEntries(Object.entries(ALLOWED_URL_SCHEMES).map(([element, schemes]) => [element, [...schemes]])),
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
};

/**
 * STRICT, with the classes a diagram defines for itself allowed on <g>
 * besides ALLOWED_CLASSES.g (see diagramOwnClasses).
 */
function strictOptions(ownClasses: string[]): IOptions {
  if (ownClasses.length === 0) return STRICT;
  return { ...STRICT, allowedClasses: { ...STRICT.allowedClasses, g: [...(ALLOWED_CLASSES.g ?? []), ...ownClasses] } };
}

/**
 * A class attribute's classes one space apart, split where a browser splits
 * them (ASCII whitespace): a mermaid drawing writes `node  statediagram-state`.
 */
const classList = (value: string): string =>
  value
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean)
    .join(' ');

/** An element as htmlparser2 (sanitize-html's parser) opened it: its name and attributes. */
export interface CheckerElement {
  name: string;
  attributes: Record<string, string>;
}

/** How the checker reads the HTML: its canonical re-serialisation, and each element its parser opened, in order (check 2 compares them with a browser's). */
export interface CheckerReading {
  canonical: string;
  opened: CheckerElement[];
}

/** The canonical pass: sanitize-html with everything allowed, recording what it opens. */
export function checkerReading(html: string): CheckerReading {
  const opened: CheckerElement[] = [];
  const canonical = sanitizeHtml(html, {
    ...COMMON,
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    // The strict pass writes an element's classes back one space apart; so does this one, so spacing alone is no difference.
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: 'class' in attribs ? { ...attribs, class: classList(attribs.class) } : attribs }) },
    // A copy: sanitize-html goes on to remove attributes from the object it passes.
    onOpenTag: (name, attributes) => opened.push({ name, attributes: { ...attributes } }),
  });
  return { canonical, opened };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The classes a diagram defines for itself. An editor's classDef (or
 * `class`, `:::`) names a class of the editor's choosing: mermaid writes its
 * rules into the diagram's <style>, scoped to the svg (`#<id> .done
 * rect{…}`), and puts the class on the nodes' <g>s. Those names cannot be
 * listed, so a <g> may carry a class that a diagram's <style> on the page
 * styles this way; its rules pass check 3 like every other. Read from the
 * browser's tree, as check 3 reads sheets.
 */
function diagramOwnClasses(elements: readonly BrowserElement[]): string[] {
  const names = new Set<string>();
  for (const { element, svg } of elements) {
    const id = svgIdOf(svg);
    if (nameOf(element) !== 'style' || !id) continue;
    for (const match of sheetText(element).matchAll(new RegExp(`#${escapeRegExp(id)}\\s+\\.(-?[_a-zA-Z][-\\w]*)`, 'g'))) names.add(match[1]);
  }
  return [...names];
}

/** Where two outputs first differ, as found and as the allowlist keeps it. */
function removal(canonical: string, strict: string): string {
  let i = 0;
  while (i < canonical.length && canonical[i] === strict[i]) i += 1;
  const start = Math.max(0, canonical.lastIndexOf('<', i));
  const cut = (text: string) => {
    const end = text.indexOf('>', i);
    const element = text.slice(start, end < 0 ? undefined : end + 1);
    // A long element (a diagram's path): its start, then where the two differ.
    return element.length <= 160 || i - start <= 100 ? element.slice(0, 160) : `${element.slice(0, 40)}…${element.slice(i - start - 50, i - start + 68)}`;
  };
  return `markup outside the allowlist (${ALLOWLIST}): found ${quote(cut(canonical), 160)}, the allowlist keeps ${quote(cut(strict), 160)}`;
}

/** Check 1: what the allowlist would remove from the HTML, at the first place it would, or null when it removes nothing. */
export function allowlistProblem(html: string, canonical: string, elements: readonly BrowserElement[]): string | null {
  const strict = sanitizeHtml(html, strictOptions(diagramOwnClasses(elements)));
  return strict === canonical ? null : removal(canonical, strict);
}

/**
 * A site path: '/static/images/…', not '//host/…' (a browser reads that as
 * another site), not a URL with a scheme, no backslash (read as a slash).
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** The addresses of a srcset: each candidate's URL, its descriptor after it. */
const srcsetUrls = (value: string): string[] =>
  value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url) => url !== '');

/**
 * Part of check 1: every image is the site's own. An <img>'s src and srcset
 * and a <source>'s srcset name site paths only, read from the browser's
 * tree; sanitize-html checks src's scheme, but neither a protocol-relative
 * address nor srcset. The build writes only its own images
 * (features/images/remark-images), so anything else came from elsewhere.
 */
export function imageAddressProblems(elements: readonly BrowserElement[]): string[] {
  const problems: string[] = [];
  for (const { element } of elements) {
    const name = nameOf(element);
    if (name !== 'img' && name !== 'source') continue;
    const attributes = (element.attrs ?? []).map(({ name: attribute, value }): [string, string] => [attribute, value]);
    const urls = attributes.flatMap(([attribute, value]) => (attribute === 'src' ? [value] : attribute === 'srcset' ? srcsetUrls(value) : []));
    const foreign = urls.find((url) => !SITE_PATH.test(url));
    if (foreign !== undefined) {
      problems.push(`an image from outside the site (${ALLOWLIST}: images are the site's own): found ${quote(foreign, 80)} in ${quote(elementView(name, attributes), 160)}`);
    }
  }
  return problems;
}

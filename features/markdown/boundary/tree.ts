/**
 * The tree a browser builds from a markdown body's HTML, parsed once by
 * parse5 (the HTML standard's algorithm, as browsers run it) inside the
 * elements the site's pages set the body in, and the helpers every check of
 * the markup boundary (features/markdown/markupBoundary.ts) reads it with.
 */
import { parse } from 'parse5';

// parse5's default tree, as far as the boundary reads it.
export interface P5Attribute {
  name: string;
  value: string;
  prefix?: string;
}
export interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: P5Attribute[];
  childNodes?: P5Node[];
  content?: P5Node;
  value?: string;
  data?: string;
}

/** An element a browser builds, with the nearest <svg> around it. */
export interface BrowserElement {
  element: P5Node;
  svg: P5Node | undefined;
}

/** What the checks read: every element a browser builds, in document order, and each comment's text; null when the body does not stay inside the page's elements. */
export interface BrowserTree {
  elements: BrowserElement[];
  comments: string[];
}

/** Where the allowlist is, for messages that send the reader there. */
export const ALLOWLIST = 'features/markdown/boundary/allowlist.ts';

/** At most `max` characters, on one line, quoted; whitespace a browser does not treat as such (a no-break space) named. */
export const quote = (text: string, max = 100): string => {
  const line = text.replace(/[\t\n\f\r ]+/g, ' ').replace(/[^\S ]/g, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`);
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line);
};

/** An element written out for a message. */
export const elementView = (name: string, attributes: [string, string][]): string => `<${name}${attributes.map(([attribute, value]) => ` ${attribute}="${value}"`).join('')}>`;

/**
 * The elements the markdown is set in on the site's pages (sections and
 * articles in divs inside <main>), and a marker after it: an end tag for
 * any of them in the markdown would close it early and move the rest of
 * the page out of place, and an element left open would swallow the marker.
 */
const FRAME_OPEN = '<!DOCTYPE html><html><head></head><body><main><section><article><div>';
const END_MARKER = 'markup-boundary-end';
const FRAME_CLOSE = `<b id="${END_MARKER}"></b></div></article></section></main></body></html>`;
const FRAME = ['main', 'section', 'article', 'div'];

export const childrenOf = (node: P5Node): P5Node[] => (node.nodeName === 'template' && node.content ? node.content.childNodes : node.childNodes) ?? [];

/** What a browser's tree of a body that does not stay inside the page's elements is refused as. */
export const FRAME_PROBLEM = 'elements that do not close where they open: an end tag closes the elements the page sets the markdown in, or an element is left open';

/**
 * The element holding the markdown's nodes as a browser parses the page
 * around them (the end marker removed), or null when they do not stay
 * inside it.
 */
function bodyNode(html: string): P5Node | null {
  const document = parse(`${FRAME_OPEN}${html}${FRAME_CLOSE}`) as unknown as P5Node;
  // Each frame element must hold exactly the next one; the last holds the markdown, then the marker.
  let node = childrenOf(document).find((c) => c.nodeName === 'html');
  node = node && childrenOf(node).find((c) => c.nodeName === 'body');
  for (const name of FRAME) {
    const children: P5Node[] = node ? childrenOf(node) : [];
    node = children.length === 1 && children[0].nodeName === name ? children[0] : undefined;
  }
  const marker = node?.childNodes?.[node.childNodes.length - 1];
  if (!node || !marker || marker.attrs?.[0]?.value !== END_MARKER) return null;
  node.childNodes = node.childNodes?.slice(0, -1);
  return node;
}

/** Each element under `node` in document order, and each comment's text. */
function walk(node: P5Node, found: BrowserTree, svg?: P5Node): void {
  for (const c of childrenOf(node)) {
    if (c.nodeName === '#comment') found.comments.push(c.data ?? '');
    if (c.tagName === undefined) continue;
    found.elements.push({ element: c, svg });
    walk(c, found, c.tagName === 'svg' ? c : svg);
  }
}

/** The body's elements and comments as a browser builds them, or null when they do not stay inside the page's elements (FRAME_PROBLEM). */
export function browserTree(html: string): BrowserTree | null {
  const node = bodyNode(html);
  if (!node) return null;
  const found: BrowserTree = { elements: [], comments: [] };
  walk(node, found);
  return found;
}

/** An attribute's name as htmlparser2 reports it: lower case, with its prefix (xlink:href). */
export const attributeName = (attribute: P5Attribute): string => {
  const name = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
  return /[A-Z]/.test(name) ? name.toLowerCase() : name;
};

export const nameOf = (element: P5Node): string => (element.tagName ?? '').toLowerCase();

/** The id of the <svg> an element is in ('' when none or without one). */
export const svgIdOf = (svg: P5Node | undefined): string => svg?.attrs?.find((a) => attributeName(a) === 'id')?.value ?? '';

/** The text of a <style> element as a browser reads it. */
export const sheetText = (style: P5Node): string =>
  childrenOf(style)
    .map((c) => c.value ?? '')
    .join('');

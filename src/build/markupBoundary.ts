/**
 * The markup boundary: the HTML that a markdown body became, after every
 * remark plugin (Prism, KaTeX, mermaid, emoji, heading ids, links), is held
 * to the allowlist of ./markupAllowlist.ts before any page, feed or
 * fetched README carries it (gatsby/createResolvers.ts; the tests' remark
 * pipeline runs it too). Anything outside the list fails the build, naming
 * the file (or the README's URL) and quoting what was refused: the
 * markdown check (plugins/stockpay-remark-safe-markdown) keeps editors'
 * HTML out, this keeps out whatever a plugin, a crafted diagram or a
 * formula might still produce.
 *
 * The checks, each on the HTML as given:
 * 1. sanitize-html (configured from the allowlist) removes nothing: its
 *    output equals a canonical re-serialisation of the input (the same
 *    library with everything allowed). Elements, attributes, classes,
 *    attribute values and URL schemes are checked here; besides the listed
 *    classes, a diagram's <g>s may carry those the diagram defines itself
 *    (an editor's classDef, scoped to it in its <style>).
 * 2. The checker and a browser see the same elements: the elements and
 *    attributes sanitize-html's parser (htmlparser2) meets, in order, are
 *    those of the tree parse5 (the HTML standard's algorithm, as browsers
 *    run it) builds. This catches the parser differentials that turn
 *    checked text into markup: a <style> or <title> inside <svg> or <math>
 *    is raw text to htmlparser2 but markup to a browser, a comment may end
 *    elsewhere ("--!>"), a character reference without ";" decodes
 *    differently in an attribute. With it: no markup declarations at all
 *    (comments, CDATA, doctypes, processing instructions; the markdown
 *    check removes editors' comments), and no end tag that closes the
 *    page's elements around the body or element left open.
 * 3. CSS only as the site writes it: style attributes set the properties
 *    listed for their element; a <style> sits in an <svg> and every rule
 *    is scoped to that svg's id; no url() but url(#id), no function,
 *    at-rule or property outside the lists, no backslash escapes, no "<",
 *    no position that lifts content over the page, and for the diagram's
 *    <svg> itself nothing but its font and fill, so it stays in flow and
 *    clips what it draws. This is checked on the
 *    text a browser sees (entities decoded where a browser decodes them,
 *    as inside SVG).
 * 4. No id that a script could find instead of its global, or that the
 *    site's own markup uses (plugins/stockpay-remark-heading-ids/rules.js).
 *
 * Pages carry the original bytes, not sanitize-html's output. What was
 * checked is the tree a browser builds from those bytes (check 2 makes
 * both parsers agree on it, 1 and 3 check it), and today's pages stay byte
 * for byte the same. Re-serialised output would be new bytes the
 * browser parses again, which is where mutation XSS lives: sanitize-html
 * writes a <style>'s text back raw, and inside <svg> the browser decodes
 * what it wrote. After the boundary, the pages only fill in {{product}},
 * escaped (src/lib/markdown.ts).
 *
 * sanitize-html rather than rehype-sanitize: the boundary works on the
 * HTML string the transformer resolves, which is what pages get, and
 * sanitize-html takes a string; it is CommonJS, which Jest here needs
 * (rehype-sanitize 6 and hast-util-sanitize 5 are ESM-only); and it
 * allowlists classes per element and URL schemes per element directly.
 */
import sanitizeHtml, { type AllowedAttribute, type IOptions } from 'sanitize-html';
import { parse } from 'parse5';
import postcss, { type ChildNode, type Container } from 'postcss';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ATTRIBUTE_VALUES,
  ALLOWED_CLASSES,
  ALLOWED_CSS_FUNCTIONS,
  ALLOWED_DIAGRAM_SVG_PROPERTIES,
  ALLOWED_KEYFRAMES,
  ALLOWED_SHEET_KEYWORDS,
  ALLOWED_SHEET_PROPERTIES,
  ALLOWED_STYLE_KEYWORDS,
  ALLOWED_STYLE_PROPERTIES,
  ALLOWED_URL_SCHEMES,
  CSS_VALUED_ATTRIBUTES,
} from './markupAllowlist';
import { bodyIdProblem } from '../../plugins/stockpay-remark-heading-ids/rules';

const ALLOWLIST = 'src/build/markupAllowlist.ts';

/** Attributes whose value is a space-separated list, each token checked against ALLOWED_ATTRIBUTE_VALUES. */
const TOKEN_LISTS = new Set(['rel']);

/** What both sanitize-html runs share: everything that is not the allowlist. */
const COMMON: IOptions = {
  disallowedTagsMode: 'discard',
  // A diagram's <style> is allowed, its text checked here (check 3); without this, sanitize-html warns.
  allowVulnerableTags: true,
  // Style attributes are checked here (check 3), on the browser's reading; sanitize-html passes them as they are.
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

/** An element written out for a message. */
const elementView = (name: string, attributes: [string, string][]): string => `<${name}${attributes.map(([attribute, value]) => ` ${attribute}="${value}"`).join('')}>`;

/** At most `max` characters, on one line, quoted; whitespace a browser does not treat as such (a no-break space) named. */
const quote = (text: string, max = 100): string => {
  const line = text.replace(/[\t\n\f\r ]+/g, ' ').replace(/[^\S ]/g, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`);
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line);
};

// parse5's default tree, as far as the boundary reads it.
interface P5Attribute {
  name: string;
  value: string;
  prefix?: string;
}
interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: P5Attribute[];
  childNodes?: P5Node[];
  content?: P5Node;
  value?: string;
  data?: string;
}

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

const childrenOf = (node: P5Node): P5Node[] => (node.nodeName === 'template' && node.content ? node.content.childNodes : node.childNodes) ?? [];

/**
 * The element holding the markdown's nodes as a browser parses the page
 * around them (the end marker removed), or null when they do not stay
 * inside it.
 */
function browserTree(html: string, problems: string[]): P5Node | null {
  const document = parse(`${FRAME_OPEN}${html}${FRAME_CLOSE}`) as unknown as P5Node;
  // Each frame element must hold exactly the next one; the last holds the markdown, then the marker.
  let node = childrenOf(document).find((c) => c.nodeName === 'html');
  node = node && childrenOf(node).find((c) => c.nodeName === 'body');
  for (const name of FRAME) {
    const children: P5Node[] = node ? childrenOf(node) : [];
    node = children.length === 1 && children[0].nodeName === name ? children[0] : undefined;
  }
  const marker = node?.childNodes?.[node.childNodes.length - 1];
  if (!node || !marker || marker.attrs?.[0]?.value !== END_MARKER) {
    problems.push('elements that do not close where they open: an end tag closes the elements the page sets the markdown in, or an element is left open');
    return null;
  }
  node.childNodes = node.childNodes?.slice(0, -1);
  return node;
}

/** Comments, CDATA sections, doctypes and processing instructions, quoted: markup declarations no body needs. */
function declarationProblems(html: string): string[] {
  return [...html.matchAll(/<[!?][^>]{0,40}>?/g)].slice(0, 3).map(([found]) => `a markup declaration (comment, CDATA, doctype) ${quote(found)}`);
}

/** An element a browser builds, with the nearest <svg> around it. */
interface BrowserElement {
  element: P5Node;
  svg: P5Node | undefined;
}

/** Each element under `node` in document order, and each comment's text. */
function walk(node: P5Node, found: { elements: BrowserElement[]; comments: string[] }, svg?: P5Node): void {
  for (const c of childrenOf(node)) {
    if (c.nodeName === '#comment') found.comments.push(c.data ?? '');
    if (c.tagName === undefined) continue;
    found.elements.push({ element: c, svg });
    walk(c, found, c.tagName === 'svg' ? c : svg);
  }
}

/** An attribute's name as htmlparser2 reports it: lower case, with its prefix (xlink:href). */
const attributeName = (attribute: P5Attribute): string => {
  const name = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
  return /[A-Z]/.test(name) ? name.toLowerCase() : name;
};

const nameOf = (element: P5Node): string => (element.tagName ?? '').toLowerCase();

/** Whether htmlparser2 read the element parse5 built: its name, attribute names and values. */
function sameElement(element: P5Node | undefined, name: string, attributes: Record<string, string>): boolean {
  if (!element || nameOf(element) !== name) return false;
  const read = element.attrs ?? [];
  let count = 0;
  for (const key in attributes) if (Object.prototype.hasOwnProperty.call(attributes, key)) count += 1;
  return read.length === count && read.every((attribute) => attributes[attributeName(attribute)] === attribute.value);
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

/** Why a CSS value is refused, or null. */
export function cssValueProblem(value: string): string | null {
  if (!/[\\<>@{}(]/.test(value)) return null; // most values: numbers, lengths, colours, names
  if (/[\\<>@{}]/.test(value)) return 'a \\, <, >, @ or brace';
  for (const match of value.matchAll(/([-\w]*)\s*\(/g)) {
    const name = match[1].toLowerCase();
    if (!ALLOWED_CSS_FUNCTIONS.includes(name)) return `the function ${name || '(…)'}(); allowed: ${ALLOWED_CSS_FUNCTIONS.join(', ')}`;
  }
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^)]*?)\1\s*\)/gi)) {
    if (!/^#[\w-]+$/.test(match[2])) return `url(${match[2]}): only url(#id), a reference inside the page`;
  }
  if (/url\s*\(/i.test(value.replace(/url\s*\(\s*(['"]?)#[\w-]+\1\s*\)/gi, ''))) return 'a url() that is not url(#id)';
  return null;
}

/** Why a property's value is not one of its allowed keywords, or null. */
function keywordProblem(keywords: Readonly<Record<string, readonly string[]>>, property: string, value: string): string | null {
  const allowed = keywords[property];
  const keyword = value
    .replace(/!important/i, '')
    .trim()
    .toLowerCase();
  return allowed && !allowed.includes(keyword) ? `${property} may only be ${allowed.join(', ')} here` : null;
}

const STYLE_PROPERTIES = new Map(Object.entries(ALLOWED_STYLE_PROPERTIES).map(([element, properties]) => [element, new Set(properties)]));

/** The problems of one style attribute on `element`. */
function styleAttributeProblems(element: string, style: string): string[] {
  const allowed = STYLE_PROPERTIES.get(element) ?? new Set<string>();
  return style
    .split(';')
    .filter((declaration) => declaration.trim() !== '')
    .flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      const property = (colon < 0 ? declaration : declaration.slice(0, colon)).trim().toLowerCase();
      const found = `style ${quote(declaration.trim(), 60)} on <${element}>`;
      if (!allowed.has(property)) {
        return [`${found}: <${element}> may set ${allowed.size > 0 ? `only ${[...allowed].join(', ')}` : 'no style'} (${ALLOWLIST})`];
      }
      const problem = cssValueProblem(declaration.slice(colon + 1)) ?? keywordProblem(ALLOWED_STYLE_KEYWORDS, property, declaration.slice(colon + 1));
      return problem ? [`${found}: ${problem}`] : [];
    });
}

/** A selector without its strings, attribute tests and arguments: what is left are names and combinators. */
const selectorOutline = (selector: string): string => selector.replace(/"[^"]*"|'[^']*'|\[[^\]]*\]|\([^)]*\)/g, '');

/** Top-level selectors must start with the svg's own id, and select nothing beside or after it. */
function selectorProblem(selector: string, svgId: string): string | null {
  const scoped = selector.startsWith(`#${svgId}`) && /^($|[\s>.:[])/.test(selector.slice(svgId.length + 1));
  if (!scoped) return `the selector ${quote(selector, 60)} is not scoped to its diagram (#${svgId || '…'})`;
  if (/[~+]/.test(selectorOutline(selector))) return `the selector ${quote(selector, 60)} reaches beside its diagram (~ or +)`;
  return null;
}

/** Whether a scoped selector selects the diagram's <svg> itself (`#id`, `#id:hover`), not something inside it. */
const selectsDiagramItself = (selector: string, svgId: string): boolean => !/[\s>]/.test(selectorOutline(selector.slice(svgId.length + 1)));

/**
 * The problems of a rule for the diagram's <svg> itself. Its box is what
 * keeps a drawing in its place on the page: in flow (no position), its own
 * size, and clipping what it draws (overflow), so nothing inside it,
 * transformed or not, can paint over the page. A rule there may set only
 * ALLOWED_DIAGRAM_SVG_PROPERTIES.
 */
function diagramItselfProblems(rule: Container<ChildNode>, svgId: string): string[] {
  return (rule.nodes ?? []).flatMap((node) =>
    node.type === 'decl' && !ALLOWED_DIAGRAM_SVG_PROPERTIES.includes(node.prop.toLowerCase())
      ? [
          `the CSS ${quote(`${node.prop}:${node.value}`, 60)} for the diagram's own <svg> (#${svgId}): there a style may set only ${ALLOWED_DIAGRAM_SVG_PROPERTIES.join(', ')}, so the diagram keeps its place and its box on the page`,
        ]
      : [],
  );
}

/** The problems of a <style> element's text, in an svg with the given id. */
function styleSheetProblems(css: string, svgId: string): string[] {
  if (/[<\\]/.test(css)) return ['a <style> with "<" or "\\" in it'];
  let root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    return [`a <style> that is not plain CSS (${(error as Error).message})`];
  }
  const problems: string[] = [];
  const walk = (container: Container<ChildNode>, inKeyframes: boolean) => {
    for (const node of container.nodes ?? []) {
      if (node.type === 'decl') {
        const property = node.prop.toLowerCase();
        if (!ALLOWED_SHEET_PROPERTIES.includes(property)) problems.push(`the CSS property ${quote(property)} (${ALLOWLIST})`);
        const problem = cssValueProblem(node.value) ?? keywordProblem(ALLOWED_SHEET_KEYWORDS, property, node.value);
        if (problem) problems.push(`the CSS ${quote(`${node.prop}:${node.value}`, 60)}: ${problem}`);
      } else if (node.type === 'rule') {
        for (const selector of node.selectors) {
          const problem = inKeyframes ? (/^(from|to|\d+(\.\d+)?%)$/.test(selector) ? null : `the keyframe ${quote(selector)}`) : selectorProblem(selector, svgId);
          if (problem) problems.push(problem);
          else if (!inKeyframes && selectsDiagramItself(selector, svgId)) problems.push(...diagramItselfProblems(node, svgId));
        }
        walk(node, false);
      } else if (node.type === 'atrule' && node.name.toLowerCase() === 'keyframes' && !inKeyframes && ALLOWED_KEYFRAMES.includes(node.params)) {
        walk(node, true);
      } else {
        problems.push(`the CSS ${quote(node.toString(), 60)}: a diagram's style holds only rules scoped to it and the @keyframes ${ALLOWED_KEYFRAMES.join(', ')}`);
      }
    }
  };
  walk(root, false);
  return problems;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The id of the <svg> an element is in ('' when none or without one). */
const svgIdOf = (svg: P5Node | undefined): string => svg?.attrs?.find((a) => attributeName(a) === 'id')?.value ?? '';

/** The text of a <style> element as a browser reads it. */
const sheetText = (style: P5Node): string =>
  childrenOf(style)
    .map((c) => c.value ?? '')
    .join('');

/**
 * The classes a diagram defines for itself. An editor's classDef (or
 * `class`, `:::`) names a class of the editor's choosing: mermaid writes its
 * rules into the diagram's <style>, scoped to the svg (`#<id> .done
 * rect{…}`), and puts the class on the nodes' <g>s. Those names cannot be
 * listed, so a <g> may carry a class that a diagram's <style> on the page
 * styles this way; its rules pass check 3 like every other. Read from the
 * browser's tree, as check 3 reads sheets.
 */
function diagramOwnClasses(elements: BrowserElement[]): string[] {
  const names = new Set<string>();
  for (const { element, svg } of elements) {
    const id = svgIdOf(svg);
    if (nameOf(element) !== 'style' || !id) continue;
    for (const match of sheetText(element).matchAll(new RegExp(`#${escapeRegExp(id)}\\s+\\.(-?[_a-zA-Z][-\\w]*)`, 'g'))) names.add(match[1]);
  }
  return [...names];
}

/** Check 3, on the browser's tree. */
function cssProblems(elements: BrowserElement[]): string[] {
  const problems: string[] = [];
  for (const { element, svg } of elements) {
    const name = nameOf(element);
    for (const attribute of element.attrs ?? []) {
      const attr = attributeName(attribute);
      if (attr === 'style') problems.push(...styleAttributeProblems(name, attribute.value));
      else if (CSS_VALUED_ATTRIBUTES.includes(attr) || /url\s*\(/i.test(attribute.value)) {
        const problem = attr === 'href' || attr === 'src' ? null : cssValueProblem(attribute.value);
        if (problem) problems.push(`${attr}=${quote(attribute.value, 60)} on <${name}>: ${problem}`);
      }
    }
    if (name !== 'style') continue;
    if (!svg) problems.push("a <style> outside a diagram's <svg>");
    else if (childrenOf(element).some((c) => c.nodeName !== '#text')) problems.push('a <style> with markup in it');
    else problems.push(...styleSheetProblems(sheetText(element), svgIdOf(svg)));
  }
  return problems;
}

/**
 * Check 4, on the browser's tree: every id is one a markdown body may give
 * (plugins/stockpay-remark-heading-ids/rules.js), so that no element
 * shadows a global of the page's scripts or an id of the site's own markup,
 * whichever plugin wrote it.
 */
function idProblems(elements: BrowserElement[]): string[] {
  return elements.flatMap(({ element, svg }) => {
    const id = element.attrs?.find((a) => attributeName(a) === 'id')?.value;
    const problem = id === undefined ? null : bodyIdProblem(id, svgIdOf(svg));
    return problem ? [`the id ${quote(id ?? '', 60)} on <${nameOf(element)}>: ${problem}`] : [];
  });
}

/**
 * Every reason the HTML would be refused, for the message; none means the
 * boundary lets it through.
 */
export function markupProblems(html: string): string[] {
  const problems: string[] = declarationProblems(html);
  const tree = browserTree(html, problems);
  const { elements, comments } = { elements: [] as BrowserElement[], comments: [] as string[] };
  if (tree) walk(tree, { elements, comments });

  // Check 2 runs in the canonical pass: each element htmlparser2 opens is compared with the browser's, in order.
  let opened = 0;
  let differs = -1;
  let seen = '';
  const canonical = sanitizeHtml(html, {
    ...COMMON,
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    // The strict pass writes an element's classes back one space apart; so does this one, so spacing alone is no difference.
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: 'class' in attribs ? { ...attribs, class: classList(attribs.class) } : attribs }) },
    onOpenTag: (name, attributes) => {
      if (differs < 0 && tree && !sameElement(elements[opened]?.element, name, attributes)) {
        differs = opened;
        seen = elementView(name, Object.entries(attributes));
      }
      opened += 1;
    },
  });
  const strict = sanitizeHtml(html, strictOptions(diagramOwnClasses(elements)));
  if (strict !== canonical) problems.push(removal(canonical, strict));

  if (tree) {
    if (differs < 0 && opened !== elements.length) differs = Math.min(opened, elements.length);
    if (differs >= 0) {
      const read = elements[differs]?.element;
      problems.push(
        `HTML that browsers read differently from the check: element ${differs + 1} is ${quote(seen || '(none)', 80)} to the check and ` +
          `${quote(
            read
              ? elementView(
                  nameOf(read),
                  (read.attrs ?? []).map((a) => [attributeName(a), a.value]),
                )
              : '(none)',
            80,
          )} to a browser`,
      );
    }
    for (const comment of comments) problems.push(`an HTML comment (${quote(`<!--${comment}-->`, 60)})`);
    problems.push(...cssProblems(elements));
    problems.push(...idProblems(elements));
  }
  // A diagram repeats its rules (one per node of a class): each problem once.
  return [...new Set(problems)];
}

/**
 * The HTML, unchanged, when the boundary lets it through; otherwise an
 * error naming `source` (content/… or a README's URL) and each problem.
 */
export function checkMarkup(html: string, source: string): string {
  const problems = markupProblems(html);
  if (problems.length > 0) {
    throw new Error(`${source}: the HTML this markdown became is refused by the markup boundary:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return html;
}

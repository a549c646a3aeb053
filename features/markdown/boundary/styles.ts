/**
 * Check 3 of the markup boundary (features/markdown/markupBoundary.ts): CSS only as
 * the site writes it. Style attributes set the properties listed for their
 * element; a <style> sits in an <svg> and every rule is scoped to that
 * svg's id; no url() but url(#id), no function, at-rule or property outside
 * the lists (allowlist.ts), no backslash escapes, no "<", no
 * position that lifts content over the page, and for the diagram's <svg>
 * itself nothing but its font and fill, so it stays in flow and clips what
 * it draws. Checked on the text a browser sees (entities decoded where a
 * browser decodes them, as inside SVG), from the browser's tree.
 */
import postcss, { type ChildNode, type Container } from 'postcss';
import {
  ALLOWED_CSS_FUNCTIONS,
  ALLOWED_DIAGRAM_SVG_PROPERTIES,
  ALLOWED_KEYFRAMES,
  ALLOWED_SHEET_KEYWORDS,
  ALLOWED_SHEET_PROPERTIES,
  ALLOWED_STYLE_KEYWORDS,
  ALLOWED_STYLE_PROPERTIES,
  CSS_VALUED_ATTRIBUTES,
} from './allowlist';
import { ALLOWLIST, attributeName, childrenOf, nameOf, quote, sheetText, svgIdOf, type BrowserElement } from './tree';

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

/** Check 3, on the browser's tree: every style attribute, CSS-valued attribute and <style>. */
export function cssProblems(elements: readonly BrowserElement[]): string[] {
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

// @ts-check
/**
 * Renders $inline$ and $$display$$ math with KaTeX, into the
 * markup gatsby-remark-katex made (KaTeX's HTML, parsed into the element
 * the math node becomes), but bounded and naming the file:
 *
 * - A formula is at most MAX_FORMULA_LENGTH characters, and may define no
 *   macros (\def, \gdef, \edef, \xdef, \global, \let, \futurelet,
 *   \newcommand, \renewcommand, \providecommand) nor write to the build's
 *   log (\message, \show). KaTeX's maxExpand caps how many expansions a
 *   formula makes, not what each one produces: a macro whose body is a long
 *   run of text, expanded a few hundred times, takes KaTeX minutes
 *   (measured: 99 expansions of an 800-character body, 8 s). Built-in
 *   macros have short bodies, so with user macros refused the expansion
 *   cap also caps the work.
 * - maxExpand and maxSize (KATEX_OPTIONS) bound what is left; trust is off
 *   (\href, \url, \includegraphics, \html… stay text), strict is 'ignore'
 *   as before. maxSize caps sizes from above only: a size more than maxSize
 *   below zero (\kern{-1000em}, \raisebox{-100em}{…}), or sizes below zero
 *   that add up to more (ten \kern{-19em}), are refused (./sizes.js).
 * - A formula KaTeX refuses fails the build with the file, the line and
 *   the formula's start.
 *
 * Pure (the build's ./index.js, which caches what it renders, and the CMS
 * preview run it).
 */
const katex = require('katex');
const parse5 = require('parse5');
const fromParse5 = require('hast-util-from-parse5');
const visit = require('unist-util-visit');
const { sizeProblem } = require('./sizes');

/**
 * The site's formulas need at most 6 expansions today (\sum's limits, the
 * thin spaces); a 2x2 pmatrix with \cdots, \ldots, \iff and \varinjlim
 * needs 23. 200 leaves that room many times over and still fails a
 * runaway formula within milliseconds. maxSize caps sizes written in a
 * formula (\rule, \kern, \hspace) at 20em, wider than any column; ./sizes.js
 * holds them to -20em from below, each and all together.
 */
const KATEX_OPTIONS = Object.freeze({ maxExpand: 200, maxSize: 20, trust: false, strict: 'ignore', throwOnError: true });

/** Today's longest formula has 60 characters; 2,000 render in well under a second. */
const MAX_FORMULA_LENGTH = 2000;

/** Control words that define macros or print to the build's log. */
const REFUSED_COMMANDS = new Set([
  'def',
  'gdef',
  'edef',
  'xdef',
  'global',
  'long',
  'let',
  'futurelet',
  'newcommand',
  'renewcommand',
  'providecommand',
  'message',
  'errmessage',
  'show',
]);
const REFUSED_LIST = '\\def, \\gdef, \\edef, \\xdef, \\global, \\long, \\let, \\futurelet, \\newcommand, \\renewcommand, \\providecommand, \\message, \\errmessage, \\show';

/**
 * The first refused control word in a formula, read as KaTeX's lexer reads
 * them: a backslash then a run of letters (and at signs), or one other character
 * (so `\\def` is a line break followed by the text "def").
 * @param {string} tex
 * @returns {string | undefined}
 */
function refusedCommand(tex) {
  for (let i = 0; i < tex.length; i += 1) {
    if (tex[i] !== '\\') continue;
    const word = /^[a-zA-Z@]+/.exec(tex.slice(i + 1, i + 40))?.[0];
    if (word === undefined) {
      i += 1; // a control symbol: skip the character it takes
      continue;
    }
    if (REFUSED_COMMANDS.has(word)) return `\\${word}`;
    i += word.length;
  }
  return undefined;
}

/**
 * KaTeX's parse tree of a formula: katex.__parse, which renderToString runs
 * first, exported for tools and left out of KaTeX's type declarations.
 */
const parseFormula = /** @type {{ __parse(tex: string, options: object): unknown }} */ (/** @type {unknown} */ (katex)).__parse;

/**
 * What else decides whether a formula renders, beside KaTeX's version and
 * options: a cached rendering (./index.js) is keyed by these too, so a
 * formula rendered before a rule existed is checked again.
 */
const FORMULA_RULES = Object.freeze({ maxLength: MAX_FORMULA_LENGTH, refused: REFUSED_LIST, smallestSize: -KATEX_OPTIONS.maxSize, smallestTotal: -KATEX_OPTIONS.maxSize });

/** At most 40 characters of a formula, on one line, for messages. */
const formulaStart = (/** @type {string} */ tex) => {
  const line = tex.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 39)}…` : line);
};

/**
 * KaTeX's HTML for a formula, or why it is refused.
 * @param {string} tex
 * @param {boolean} displayMode
 * @returns {{ html: string } | { error: string }}
 */
function renderFormula(tex, displayMode) {
  if (tex.length > MAX_FORMULA_LENGTH) return { error: `it has ${tex.length} characters; a formula may have at most ${MAX_FORMULA_LENGTH}` };
  const command = refusedCommand(tex);
  if (command) return { error: `${command} is not allowed: formulas may not define macros or write to the log (${REFUSED_LIST})` };
  try {
    const options = { ...KATEX_OPTIONS, displayMode };
    const tooSmall = sizeProblem(parseFormula(tex, options), KATEX_OPTIONS.maxSize);
    if (tooSmall) return { error: tooSmall };
    return { html: katex.renderToString(tex, options) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * KaTeX's HTML as the hast children of the math element, parsed as
 * rehype-parse (fragment, no positions) parsed it for gatsby-remark-katex.
 * @param {string} html
 * @returns {unknown[]}
 */
function toHast(html) {
  const root = /** @type {{ children: unknown[] }} */ (/** @type {unknown} */ (fromParse5(parse5.parseFragment(html, { sourceCodeLocationInfo: false, scriptingEnabled: false }))));
  return root.children;
}

/** @typedef {import('../markup').MdastNode & { position?: { start: { line: number } } }} MathNode */

/** @param {import('../markup').MdastNode} markdownAST @returns {MathNode[]} every math node, inline and display */
function mathNodes(markdownAST) {
  /** @type {MathNode[]} */
  const nodes = [];
  visit(markdownAST, ['inlineMath', 'math'], (/** @type {MathNode} */ node) => {
    nodes.push(node);
  });
  return nodes;
}

/**
 * The refusal of one formula, as the build reports it.
 * @param {MathNode} node @param {string} error @param {string} name @param {number} lineOffset
 */
const formulaProblem = (node, error, name, lineOffset) =>
  `${name}:${(node.position?.start.line ?? 0) + lineOffset}: the formula ${formulaStart(node.value ?? '')} cannot be rendered: ${error}`;

/** KaTeX's markup becomes the children of the element the math node becomes. @param {MathNode} node @param {string} html */
const setFormula = (node, html) => {
  node.data = { ...(node.data ?? {}), hChildren: toHast(html) };
};

/**
 * Renders every formula of a tree (no cache), throwing every refusal at once.
 * @param {import('../markup').MdastNode} markdownAST
 * @param {string} name how refusals name the markdown
 * @param {number} lineOffset lines of frontmatter before the body
 */
function renderMath(markdownAST, name, lineOffset) {
  const problems = mathNodes(markdownAST).flatMap((node) => {
    const rendered = renderFormula(node.value ?? '', node.type === 'math');
    if ('error' in rendered) return [formulaProblem(node, rendered.error, name, lineOffset)];
    setFormula(node, rendered.html);
    return [];
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return markdownAST;
}

module.exports = { KATEX_OPTIONS, MAX_FORMULA_LENGTH, FORMULA_RULES, renderFormula, mathNodes, formulaProblem, setFormula, renderMath };

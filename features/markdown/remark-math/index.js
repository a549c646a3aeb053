// @ts-check
/**
 * Renders math with KaTeX at build time (./transform.js holds the rules),
 * naming the file and line of a refused formula. Rendered formulas are
 * cached in Gatsby's cache by KaTeX's version, the options, the plugin's own
 * rules, the display mode and the source, so a rebuild does not render them
 * again.
 */
const { createHash } = require('node:crypto');
const remarkMath = require('remark-math');
const { describeSource } = require('../markdownSource.node');
const { KATEX_OPTIONS, MAX_FORMULA_LENGTH, FORMULA_RULES, renderFormula, mathNodes, formulaProblem, setFormula } = require('./transform');

const KATEX_VERSION = require('katex/package.json').version;

/** @param {string} tex @param {boolean} displayMode */
const cacheKey = (tex, displayMode) =>
  `katex-${createHash('sha256')
    .update(JSON.stringify([KATEX_VERSION, KATEX_OPTIONS, FORMULA_RULES, displayMode, tex]))
    .digest('hex')}`;

/** @typedef {{ get(key: string): Promise<unknown>, set(key: string, value: unknown): Promise<unknown> }} Cache */

/**
 * @param {{ markdownAST: import('../markdownSource.node').MdastNode, markdownNode?: import('../markdownSource.node').SourceNode,
 *   getNode?: import('../markdownSource.node').GetNode, cache?: Cache }} args
 */
module.exports = async function remarkMath({ markdownAST, markdownNode, getNode, cache }) {
  /** @type {string[]} */
  const problems = [];
  for (const node of mathNodes(markdownAST)) {
    const tex = node.value ?? '';
    const displayMode = node.type === 'math';
    const key = cacheKey(tex, displayMode);
    let html = cache ? await cache.get(key) : undefined;
    if (typeof html !== 'string') {
      const rendered = renderFormula(tex, displayMode);
      if ('error' in rendered) {
        const { name, lineOffset } = describeSource(markdownNode, getNode);
        problems.push(formulaProblem(node, rendered.error, name, lineOffset));
        continue;
      }
      html = rendered.html;
      if (cache) await cache.set(key, html);
    }
    setFormula(node, /** @type {string} */ (html));
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return markdownAST;
};

module.exports.setParserPlugins = () => [remarkMath];
module.exports.KATEX_OPTIONS = KATEX_OPTIONS;
module.exports.MAX_FORMULA_LENGTH = MAX_FORMULA_LENGTH;

// @ts-check
/**
 * Renders ```mermaid blocks to inline SVG at build time, so no diagram
 * JavaScript reaches the browser. Mermaid needs a real browser to measure
 * text, so this drives Debian's Chromium through playwright-core. Rendered
 * SVG is cached by the diagram's source.
 *
 * Without a browser, the `withoutChromium` option decides: 'fail' (the
 * default, and what a production build passes) fails the build naming the
 * file; 'source' (a local build, gatsby-config.ts) shows each diagram as its
 * source in an ordinary code block, without a word: the build's one warning
 * about the missing browser comes from gatsby/onPreBootstrap.ts.
 */
const { createHash } = require('node:crypto');
const visit = require('unist-util-visit');
const { contentPath } = require('../helpers');
const { findChromium, CHROMIUM_ARGS, MISSING_BROWSER_MESSAGE } = require('../../scripts/chromium.js');

const MERMAID_SCRIPT = require.resolve('mermaid/dist/mermaid.min.js');
const MERMAID_VERSION = require('mermaid/package.json').version;

/** The site's palette and type (shared/VISUAL.md), so diagrams look like the rest of the page. */
const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'base',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  themeVariables: {
    fontSize: '15px',
    primaryColor: '#dcfce7',
    primaryBorderColor: '#15803d',
    primaryTextColor: '#0f172a',
    lineColor: '#475569',
    secondaryColor: '#f8fafc',
    tertiaryColor: '#ffffff',
  },
  flowchart: { htmlLabels: false, useMaxWidth: true, padding: 12 },
};

/** @typedef {{ get(key: string): Promise<unknown>, set(key: string, value: unknown): Promise<unknown> }} Cache */

/**
 * @param {string} code
 * @returns {string}
 */
function diagramId(code) {
  return `diagram-${createHash('sha256').update(`${MERMAID_VERSION}\n${JSON.stringify(MERMAID_CONFIG)}\n${code}`).digest('hex').slice(0, 12)}`;
}

/**
 * Renders every diagram in one browser session.
 * @param {{ id: string, code: string }[]} diagrams
 * @param {string} file
 * @returns {Promise<string[]>}
 */
async function renderAll(diagrams, file) {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(`${file}: its mermaid diagram is rendered at build time and needs a browser. ${MISSING_BROWSER_MESSAGE}`);
  }
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_SCRIPT });
    const results = [];
    for (const diagram of diagrams) {
      const result = await page.evaluate(
        async ({ id, code, config }) => {
          const { mermaid } = /** @type {{ mermaid: { initialize(c: unknown): void, render(id: string, code: string): Promise<{ svg: string }> } }} */ (
            /** @type {unknown} */ (window)
          );
          mermaid.initialize(config);
          try {
            return { svg: (await mermaid.render(id, code)).svg };
          } catch (error) {
            return { error: String(error instanceof Error ? error.message : error) };
          }
        },
        { id: diagram.id, code: diagram.code, config: MERMAID_CONFIG },
      );
      if ('error' in result) throw new Error(`${file}: the mermaid diagram could not be drawn: ${result.error}`);
      results.push(result.svg);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * Turns a code node into the drawn diagram.
 * @param {import('../helpers').MdastNode} node
 * @param {string} svg
 */
function toFigure(node, svg) {
  node.type = 'html';
  node.value = `<figure class="diagram">${svg}</figure>`;
  delete node.lang;
}

/**
 * The language a diagram shown as source gets. The plugins after this one
 * leave `mermaid` blocks alone (they expect them drawn); under this name the
 * block is framed, given a copy button and a scroll region like any code, its
 * label says what it is, and Prism, which lower-cases the name, highlights it.
 */
const SOURCE_LANGUAGE = 'Mermaid';

/** @typedef {{ withoutChromium?: 'fail' | 'source' }} MermaidOptions */

/**
 * @param {{ markdownAST: import('../helpers').MdastNode, markdownNode?: import('../helpers').MarkdownNode, cache?: Cache }} args
 * @param {MermaidOptions} [options]
 */
module.exports = async function remarkMermaid({ markdownAST, markdownNode, cache }, options = {}) {
  /** @type {import('../helpers').MdastNode[]} */
  const nodes = [];
  visit(markdownAST, 'code', (/** @type {import('../helpers').MdastNode} */ node) => {
    if (node.lang === 'mermaid') nodes.push(node);
  });
  if (nodes.length === 0) return markdownAST;

  const diagrams = nodes.map((node) => ({ id: diagramId(node.value ?? ''), code: node.value ?? '' }));
  /** @type {(string | undefined)[]} */
  const svgs = cache ? await Promise.all(diagrams.map((d) => /** @type {Promise<string | undefined>} */ (cache.get(d.id)))) : [];
  const missing = diagrams.filter((_, i) => !svgs[i]);
  if (missing.length > 0 && options.withoutChromium === 'source' && !findChromium()) {
    // Diagrams drawn before (in the cache) are still shown drawn.
    nodes.forEach((node, i) => {
      const svg = svgs[i];
      if (svg) toFigure(node, svg);
      else node.lang = SOURCE_LANGUAGE;
    });
    return markdownAST;
  }
  if (missing.length > 0) {
    const rendered = await renderAll(missing, contentPath(markdownNode));
    for (const [i, diagram] of missing.entries()) {
      svgs[diagrams.indexOf(diagram)] = rendered[i];
      if (cache) await cache.set(diagram.id, rendered[i]);
    }
  }
  nodes.forEach((node, i) => toFigure(node, /** @type {string} */ (svgs[i])));
  return markdownAST;
};

module.exports.SOURCE_LANGUAGE = SOURCE_LANGUAGE;

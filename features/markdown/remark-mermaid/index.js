// @ts-check
/**
 * Renders ```mermaid blocks to inline SVG at build time, so no diagram
 * JavaScript reaches the browser. Mermaid needs a real browser to measure
 * text, so this drives Debian's Chromium through playwright-core: one
 * offline page per process, shared by every file (renderer.js).
 *
 * A diagram's source is untrusted: rules.js refuses settings (directives,
 * frontmatter), links and anything that loads before it is drawn, and the
 * drawing is refused when it would load, link or run anything (page.js) or
 * when drawing it asked the network for anything. Every refusal fails the
 * build naming the file and the line. Drawings are cached by a key covering
 * the source and everything that draws it (cacheKey.js), in Gatsby's cache
 * and in a kept cache `gatsby clean` leaves alone (diskCache.js).
 *
 * Without a browser, the `withoutChromium` option decides: 'fail' (the
 * default, and what a production build passes) fails the build naming the
 * file; 'source' (a local build, gatsby-config.ts) shows each diagram as its
 * source in an ordinary code block, without a word: the build's one warning
 * about the missing browser comes from gatsby/onPreBootstrap.ts.
 */
const { createHash } = require('node:crypto');
const visit = require('unist-util-visit');
const { describeSource } = require('../markdownSource.node');
const { findChromium, MISSING_BROWSER_MESSAGE } = require('../../../system/chromium.js');
const { MERMAID_CONFIG, RENDER_CONFIG, DRAW_TIME_LIMIT_MS } = require('./config');
const { diagramProblems, drawingProblem, listed, ALLOWED } = require('./rules');
const { drawDiagram, closeRenderer, DrawTimeLimitError } = require('./renderer.node');
const { drawingKey } = require('./cacheKey.node');
const { createDiskCache, DEFAULT_DIRECTORY } = require('./diskCache.node');

const MERMAID_VERSION = require('mermaid/package.json').version;

/** @typedef {{ get(key: string): Promise<unknown>, set(key: string, value: unknown): Promise<unknown> }} Cache */

/**
 * The drawing's id: its elements' ids and CSS are scoped by it. Unchanged
 * since the first release, so today's drawings keep their ids.
 * @param {string} code
 * @returns {string}
 */
function diagramId(code) {
  return `diagram-${createHash('sha256')
    .update(`${MERMAID_VERSION}\n${JSON.stringify(MERMAID_CONFIG)}\n${code}`)
    .digest('hex')
    .slice(0, 12)}`;
}

/**
 * Turns a code node into the drawn diagram.
 * @param {import('../markdownSource.node').MdastNode} node
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

/**
 * @typedef {{
 *   withoutChromium?: 'fail' | 'source',
 *   cacheDirectory?: string | false,
 *   drawTimeLimitMs?: number,
 * }} MermaidOptions
 * cacheDirectory: where drawings are kept across clean builds (false: nowhere;
 * the tests use their own); drawTimeLimitMs: config.js's DRAW_TIME_LIMIT_MS
 * unless a test lowers it.
 */

/** @param {string | false | undefined} directory */
const diskCacheAt = (directory) => (directory === false ? undefined : createDiskCache(directory ?? DEFAULT_DIRECTORY));

/**
 * @param {{ markdownAST: import('../markdownSource.node').MdastNode, markdownNode?: import('../markdownSource.node').SourceNode,
 *   getNode?: (id: string) => import('../markdownSource.node').ParentNode | undefined, cache?: Cache }} args
 * @param {MermaidOptions} [options]
 */
module.exports = async function remarkMermaid({ markdownAST, markdownNode, getNode, cache }, options = {}) {
  /** @type {import('../markdownSource.node').MdastNode[]} */
  const nodes = [];
  visit(markdownAST, 'code', (/** @type {import('../markdownSource.node').MdastNode} */ node) => {
    if (node.lang === 'mermaid') nodes.push(node);
  });
  if (nodes.length === 0) return markdownAST;

  const { name, lineOffset } = describeSource(markdownNode, getNode);
  /** "file:line" for a diagram: its opening fence. @param {import('../markdownSource.node').MdastNode} node */
  const where = (node) => {
    const fence = node.position?.start.line;
    return fence === undefined ? name : `${name}:${fence + lineOffset}`;
  };

  const problems = nodes.flatMap((node) => diagramProblems(node.value ?? '', node.position?.start.line, name, lineOffset));
  if (problems.length > 0) throw new Error(problems.join('\n'));

  const executablePath = findChromium();
  const disk = diskCacheAt(options.cacheDirectory);
  const diagrams = nodes.map((node) => {
    const code = node.value ?? '';
    return { node, code, id: diagramId(code), key: drawingKey(code, executablePath) };
  });
  /** @type {(string | undefined)[]} */
  const svgs = await Promise.all(
    diagrams.map(async ({ key }) => {
      const known = cache ? /** @type {string | undefined} */ (await cache.get(key)) : undefined;
      if (known) return known;
      const kept = disk?.get(key);
      if (kept && cache) await cache.set(key, kept);
      return kept;
    }),
  );
  // The kept drawings this file shows stay another 30 days, wherever they were found this time.
  const recordUse = () => disk?.recordUse(diagrams.filter((_, i) => svgs[i]).map(({ key }) => key));
  const missing = diagrams.filter((_, i) => !svgs[i]);
  if (missing.length > 0 && !executablePath) {
    if (options.withoutChromium === 'source') {
      // Diagrams drawn before (in a cache) are still shown drawn.
      nodes.forEach((node, i) => {
        const svg = svgs[i];
        if (svg) toFigure(node, svg);
        else node.lang = SOURCE_LANGUAGE;
      });
      recordUse();
      return markdownAST;
    }
    throw new Error(`${where(missing[0].node)}: its mermaid diagram is rendered at build time and needs a browser. ${MISSING_BROWSER_MESSAGE}`);
  }
  const timeLimitMs = options.drawTimeLimitMs ?? DRAW_TIME_LIMIT_MS;
  for (const diagram of missing) {
    const at = where(diagram.node);
    /** @type {import('./renderer.node').Drawn} */
    let drawn;
    try {
      drawn = await drawDiagram(/** @type {string} */ (executablePath), { id: diagram.id, code: diagram.code, config: RENDER_CONFIG }, timeLimitMs);
    } catch (error) {
      if (error instanceof DrawTimeLimitError) {
        throw new Error(`${at}: the mermaid diagram took longer than ${timeLimitMs / 1000} s to draw, the most one diagram may take: split it into smaller diagrams`);
      }
      throw new Error(`${at}: the mermaid diagram could not be drawn: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (drawn.requests.length > 0) {
      throw new Error(`${at}: drawing the diagram asked for ${listed(drawn.requests.map((url) => url.slice(0, 120)))}, and a diagram loads nothing; ${ALLOWED}`);
    }
    const problem = drawingProblem(at, drawn);
    if (problem || 'error' in drawn) throw new Error(problem);
    svgs[diagrams.indexOf(diagram)] = drawn.svg;
    if (cache) await cache.set(diagram.key, drawn.svg);
    disk?.set(diagram.key, drawn.svg);
  }
  nodes.forEach((node, i) => toFigure(node, /** @type {string} */ (svgs[i])));
  recordUse();
  return markdownAST;
};

module.exports.SOURCE_LANGUAGE = SOURCE_LANGUAGE;
/** Closes the drawing browser now (tests; a build leaves it to the idle timer and process exit). */
module.exports.closeRenderer = closeRenderer;

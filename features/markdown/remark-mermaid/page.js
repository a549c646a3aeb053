// @ts-check
/**
 * Runs inside the page that draws diagrams, never in Node: renderer.js
 * injects this file's text, with mermaid's and this file's text as strings,
 * and calls `drawFresh` once per diagram. Each diagram is drawn in a new
 * frame that runs mermaid afresh (about 45 ms: the browser keeps mermaid
 * compiled), because mermaid keeps counters between drawings (a sequence
 * diagram's actor ids), so a shared mermaid would make a drawing depend on
 * what the process happened to draw before it. `draw` draws under the site's
 * settings and lists what the drawing would make a browser load, follow or
 * run, so the build can refuse it. The file is also a CommonJS module, so
 * Jest tests inspectSvg directly.
 *
 * Self-contained on purpose: it is injected as text, so it may not require
 * anything, and renderer.js calls it by a string expression (a function
 * passed to page.evaluate would be serialised after Jest's coverage
 * instrumentation, which the page cannot run).
 */

/** Elements that load, link, embed, animate an attribute, or hold HTML. */
const REFUSED_ELEMENTS = new Set([
  'a',
  'image',
  'img',
  'picture',
  'source',
  'track',
  'video',
  'audio',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'script',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'template',
  'foreignobject',
  'feimage',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'discard',
  'handler',
  'listener',
  'font-face',
  'font-face-uri',
  'font-face-src',
]);

/** Attributes that hold a URL; only a reference inside the drawing (#id) is allowed. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'background', 'ping', 'lowsrc', 'longdesc', 'cite', 'codebase', 'archive', 'usemap']);

/** Attributes that carry text or names, never CSS, so a label such as "image(1)" is not taken for one. */
const isTextAttribute = (/** @type {string} */ name) => /^(aria-|data-|xmlns)/.test(name) || ['id', 'class', 'role', 'name', 'lang'].includes(name);

/**
 * CSS with its escapes decoded (`\75 rl(` is `url(`), as the CSS tokenizer
 * reads an identifier, lower-cased. Comments are left in: a comment cannot
 * join a function's name to its parenthesis, and stripping one naively would
 * hide what follows a "/*" written inside a string.
 * @param {string} css
 */
function decodeCss(css) {
  return css
    .replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\r\n|([\s\S]))/g, (_match, /** @type {string | undefined} */ hex, /** @type {string | undefined} */ other) => {
      if (hex === undefined) return other === undefined || other === '\n' || other === '\r' || other === '\f' ? '' : other;
      const code = parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
    })
    .toLowerCase();
}

/**
 * What a piece of CSS would load: url() other than a reference inside the
 * drawing (url(#marker)), image-set(), image(), src(), cross-fade(),
 * element(), and the at-rules import and font-face.
 * @param {string} css
 * @returns {string[]}
 */
function cssLoads(css) {
  const text = decodeCss(css);
  /** @type {string[]} */
  const found = [];
  for (const match of text.matchAll(/(?<![\w-])url\(\s*(["']?)\s*([^"')]*)/g)) {
    if (!match[2].startsWith('#')) found.push(`url(${match[2].slice(0, 80)})`);
  }
  for (const match of text.matchAll(/(?<![\w-])(-webkit-image-set|image-set|image|src|cross-fade|element)\(|@import|@font-face/g)) {
    found.push(match[1] ? `${match[1]}()` : match[0]);
  }
  return found;
}

/**
 * Everything in a drawn diagram that would make a browser load, follow or
 * run something: refused elements, event handler attributes, URL attributes
 * that leave the drawing, and CSS (in <style>, style attributes and
 * presentation attributes) that loads a file. Parsed as an HTML page parses
 * it, so entities and SVG-in-HTML rules apply as they will for visitors.
 * @param {string} svg
 * @returns {string[]} what was found, each once, in document order
 */
function inspectSvg(svg) {
  const document = new DOMParser().parseFromString(`<!doctype html><html><body>${svg}</body></html>`, 'text/html');
  /** @type {Set<string>} */
  const found = new Set();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const name = element.localName.toLowerCase();
    if (REFUSED_ELEMENTS.has(name)) found.add(`<${element.localName}>`);
    for (const attribute of Array.from(element.attributes)) {
      const attributeName = attribute.localName.toLowerCase();
      if (attributeName.startsWith('on')) found.add(`an ${attribute.name} attribute`);
      else if (URL_ATTRIBUTES.has(attributeName)) {
        if (!attribute.value.trim().startsWith('#')) found.add(`${attribute.name}="${attribute.value.slice(0, 80)}"`);
      } else if (!isTextAttribute(attributeName)) {
        for (const load of cssLoads(attribute.value)) found.add(load);
      }
    }
    if (name === 'style') for (const load of cssLoads(element.textContent ?? '')) found.add(load);
  }
  return [...found];
}

/**
 * @typedef {{ initialize(config: object): void, render(id: string, code: string): Promise<{ svg: string }>,
 *   mermaidAPI: { getSiteConfig(): Record<string, unknown> } }} Mermaid
 * @typedef {{ id: string, code: string, config: Record<string, unknown> }} DrawRequest
 * @typedef {{ svg: string, loads: string[] } | { error: string }} DrawResult
 * @typedef {{ draw(request: DrawRequest): Promise<DrawResult>, drawFresh(request: DrawRequest): Promise<DrawResult>, warm(): Promise<boolean> }} PageApi
 * @typedef {{ mermaid?: Mermaid, stockpayMermaid?: PageApi, stockpayMermaidSources?: { mermaid: string, page: string } }} PageGlobals
 */

const pageGlobals = /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis));

/**
 * Draws one diagram with this frame's mermaid. Every key of mermaid's
 * configuration is made `secure`, which mermaid removes from any directive
 * or frontmatter config, so a diagram's source cannot change a setting
 * (rules.js refuses those first).
 * @param {DrawRequest} request
 * @returns {Promise<DrawResult>}
 */
async function draw({ id, code, config }) {
  const mermaid = /** @type {Mermaid} */ (pageGlobals.mermaid);
  const configKeys = Object.keys(mermaid.mermaidAPI.getSiteConfig());
  mermaid.initialize({ ...config, secure: [...new Set([...configKeys, ...Object.keys(config)])] });
  try {
    const { svg } = await mermaid.render(id, code);
    return { svg, loads: inspectSvg(svg) };
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error) };
  }
}

/**
 * Runs `use` with a new frame the size of the page, in which mermaid and
 * this file run from the sources renderer.js left in the page, and removes
 * the frame.
 * @template T
 * @param {(api: PageApi | undefined) => Promise<T>} use
 * @returns {Promise<T>}
 */
async function inFreshFrame(use) {
  const sources = /** @type {{ mermaid: string, page: string }} */ (pageGlobals.stockpayMermaidSources);
  const frame = document.createElement('iframe');
  frame.style.cssText = `position:absolute;top:0;left:0;border:0;width:${innerWidth}px;height:${innerHeight}px`;
  document.body.append(frame);
  try {
    const frameDocument = /** @type {Document} */ (frame.contentDocument);
    frameDocument.open();
    frameDocument.write('<!doctype html><html><head></head><body></body></html>');
    frameDocument.close();
    for (const source of [sources.mermaid, sources.page]) {
      const script = frameDocument.createElement('script');
      script.textContent = source;
      frameDocument.head.append(script);
    }
    return await use(/** @type {PageGlobals} */ (/** @type {unknown} */ (frame.contentWindow)).stockpayMermaid);
  } finally {
    frame.remove();
  }
}

/**
 * Draws one diagram in a fresh frame.
 * @param {DrawRequest} request
 * @returns {Promise<DrawResult>}
 */
function drawFresh(request) {
  return inFreshFrame(async (api) => (api ? api.draw(request) : { error: 'the drawing page did not start' }));
}

/**
 * Runs mermaid once in a frame, so the browser has it compiled before the
 * first diagram's time limit starts (the first run takes about half a second).
 * @returns {Promise<boolean>} whether mermaid started
 */
function warm() {
  return inFreshFrame(async (api) => api !== undefined);
}

if (typeof module === 'object' && module.exports) module.exports = { inspectSvg, cssLoads, decodeCss };
else pageGlobals.stockpayMermaid = { draw, drawFresh, warm };

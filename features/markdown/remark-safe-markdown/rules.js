// @ts-check
/**
 * Markdown is data, not code: the rules that keep an editor's file (or a
 * fetched README) from putting script into the site. Pure functions over
 * the markdown tree of gatsby-transformer-remark (remark 13 / mdast), used
 * by ./index.js, which fails the build with what they find.
 *
 * Raw HTML: only <br>, <kbd>, <sub>, <sup> and <abbr title="…">, with no
 * other attribute. HTML comments are allowed and removed from the page
 * (notes for editors, common in READMEs); a comment the browser could end
 * elsewhere than we do (unclosed, "<!-->", "--!>") is refused.
 * Links, images and link definitions: http, https, mailto, tel or a
 * relative URL, checked the way a browser reads the URL.
 * Code fences: a language of letters, digits and + # . - _ only, and
 * nothing after it. The language becomes a class and a label
 * (features/markdown/remark-code, -block-frames); what follows it (the
 * "meta": `title="…"`, `{1,3}`, `{promptUser: …}`) has no meaning on this
 * site, and the highlighter it was written for put it into the page raw.
 */

/** Tags editors may write, and the attributes each may carry. */
const ALLOWED_TAGS = /** @type {Record<string, readonly string[]>} */ ({
  br: [],
  kbd: [],
  sub: [],
  sup: [],
  abbr: ['title'],
});

const ALLOWED_HTML = '<br>, <kbd>, <sub>, <sup> and <abbr title="…">';
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const ALLOWED_URLS = 'http, https, mailto, tel or a relative URL';
const CODE_LANGUAGE = /^[\w+#.-]+$/;
const ALLOWED_CODE_LANGUAGE = 'letters, digits and + # . - _ only (bash, json, c++, c#, mermaid)';
const ALLOWED_CODE_FENCE = 'a fence takes one word, its language (```bash), and nothing after it';

/**
 * What is wrong at `offset` in an html node's value; `tag` names a refused
 * element, so its closing tag is not reported a second time.
 * @typedef {{ offset: number, message: string, tag?: string, closing?: boolean }} HtmlProblem
 */

const isAlpha = (/** @type {string | undefined} */ c) => c !== undefined && /[A-Za-z]/.test(c);
const isSpace = (/** @type {string | undefined} */ c) => c !== undefined && /[\t\n\f\r ]/.test(c);

/** At most `max` characters of what was found. */
const shorten = (/** @type {string} */ text, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A short, one-line quote of the HTML found. */
const quote = (/** @type {string} */ text, max = 80) => shorten(text.replace(/\s+/g, ' '), max);

/**
 * Reads one tag the way the HTML tokenizer does, from the "<" at `start`.
 * @param {string} html
 * @param {number} start
 * @returns {{ end: number, name: string, closing: boolean, attributes: string[] } | null} null when the tag never ends
 */
function readTag(html, start) {
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  let name = '';
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') name += html[i++];
  /** @type {string[]} */
  const attributes = [];
  while (i < html.length) {
    const c = html[i];
    if (isSpace(c) || c === '/') {
      i += 1;
      continue;
    }
    if (c === '>') return { end: i + 1, name: name.toLowerCase(), closing, attributes };
    // An attribute name: its first character may be anything, even "=".
    let attribute = c;
    i += 1;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') attribute += html[i++];
    attributes.push(attribute.toLowerCase());
    while (isSpace(html[i])) i += 1;
    if (html[i] !== '=') continue;
    i += 1;
    while (isSpace(html[i])) i += 1;
    const q = html[i];
    if (q === '"' || q === "'") {
      const close = html.indexOf(q, i + 1);
      if (close < 0) return null;
      i = close + 1;
    } else {
      while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i += 1;
    }
  }
  return null;
}

/**
 * Checks the value of one mdast `html` node (an inline tag, or a whole
 * block of raw HTML) and returns it with its comments removed.
 * @param {string} html
 * @returns {{ problems: HtmlProblem[], html: string }}
 */
function checkHtml(html) {
  /** @type {HtmlProblem[]} */
  const problems = [];
  let kept = '';
  let from = 0;
  let i = 0;
  while ((i = html.indexOf('<', i)) >= 0) {
    const next = html[i + 1];
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      const bang = html.indexOf('--!>', i + 4);
      const abrupt = html.startsWith('>', i + 4) || html.startsWith('->', i + 4);
      if (close < 0 || abrupt || (bang >= 0 && bang < close)) {
        problems.push({ offset: i, message: `an HTML comment that is not closed with "-->" (${JSON.stringify(quote(html.slice(i), 40))})` });
        break;
      }
      kept += html.slice(from, i);
      i = close + 3;
      from = i;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !isAlpha(html[i + 2]))) {
      const end = html.indexOf('>', i);
      problems.push({ offset: i, message: `raw HTML ${JSON.stringify(quote(html.slice(i, end < 0 ? undefined : end + 1)))} is not allowed; use only ${ALLOWED_HTML}` });
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (!isAlpha(next) && next !== '/') {
      i += 1; // "<" followed by anything else is text.
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      problems.push({ offset: i, message: `an HTML tag that is not closed with ">" (${JSON.stringify(quote(html.slice(i), 40))})` });
      break;
    }
    const found = JSON.stringify(quote(html.slice(i, tag.end)));
    const allowed = Object.prototype.hasOwnProperty.call(ALLOWED_TAGS, tag.name) ? ALLOWED_TAGS[tag.name] : undefined;
    if (!allowed || (tag.closing && tag.name === 'br')) {
      const message = `raw HTML ${found} is not allowed; use only ${ALLOWED_HTML}`;
      problems.push({ offset: i, message, tag: tag.name, closing: tag.closing });
    } else if (tag.closing && tag.attributes.length > 0) {
      problems.push({ offset: i, message: `the closing tag ${found} cannot carry attributes` });
    } else {
      const extra = tag.attributes.filter((name, index) => !allowed.includes(name) || tag.attributes.indexOf(name) !== index);
      if (extra.length > 0) {
        const may = allowed.length > 0 ? `may carry only ${allowed.join(', ')}` : 'takes no attributes';
        problems.push({ offset: i, message: `${found} has an attribute that is not allowed (${extra.join(', ')}); <${tag.name}> ${may}` });
      }
    }
    i = tag.end;
  }
  return { problems, html: kept + html.slice(from) };
}

/**
 * Character references a URL might still hide after markdown decoded it once.
 * @param {string} text
 */
function decodeReferences(text) {
  const named = /** @type {Record<string, string>} */ ({ colon: ':', tab: '\t', newline: '\n' });
  /** @type {(match: string, dec?: string, hex?: string, name?: string) => string} */
  const decode = (match, dec, hex, name) => {
    if (dec || hex) {
      const code = dec ? parseInt(dec, 10) : parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return named[(name ?? '').toLowerCase()] ?? match;
  };
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, decode);
}

/**
 * The scheme a browser would take from this URL, lowercased, or null for a
 * relative URL. Like the URL standard: leading and trailing controls and
 * spaces are dropped, tabs and newlines inside are ignored.
 * @param {string} url
 */
function schemeOf(url) {
  // eslint-disable-next-line no-control-regex -- WHATWG URL trims exactly "C0 control or space", U+0000 to U+0020
  const cleaned = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? match[1].toLowerCase() : null;
}

/**
 * Why a link or image URL is refused, or null when it is fine.
 * @param {string} url the URL as markdown decoded it (entities and escapes resolved)
 */
function checkUrl(url) {
  for (const form of new Set([url, decodeReferences(url)])) {
    const scheme = schemeOf(form);
    if (scheme !== null && !ALLOWED_SCHEMES.includes(scheme)) return `the scheme "${scheme}:" is not allowed; use ${ALLOWED_URLS}`;
  }
  return null;
}

/** @typedef {{ line: number, message: string }} Problem */
/**
 * @typedef {{ type: string, value?: string, url?: string, lang?: string | null, meta?: string | null, children?: MarkdownNode[],
 *   position?: { start: { line: number } } }} MarkdownNode
 */

const URL_KINDS = /** @type {Record<string, string>} */ ({ link: 'link', image: 'image', definition: 'link definition' });

/**
 * Every broken rule in a markdown tree, with the line (of the tree's own
 * text) it is on. Removes HTML comments from the tree as it goes.
 * @param {MarkdownNode} tree
 * @returns {Problem[]}
 */
function checkMarkdownTree(tree) {
  /** @type {Problem[]} */
  const problems = [];
  /** Refused elements already reported by their opening tag. */
  const refused = new Set();
  /** @param {MarkdownNode} node */
  const visit = (node) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'html' && typeof node.value === 'string') {
      const value = node.value;
      const checked = checkHtml(value);
      for (const problem of checked.problems) {
        if (problem.tag !== undefined) {
          if (problem.closing && refused.has(problem.tag)) continue;
          refused.add(problem.tag);
        }
        problems.push({ line: line + (value.slice(0, problem.offset).match(/\n/g)?.length ?? 0), message: problem.message });
      }
      node.value = checked.html;
    }
    const kind = URL_KINDS[node.type];
    if (kind && typeof node.url === 'string') {
      const reason = checkUrl(node.url);
      if (reason) problems.push({ line, message: `${kind} ${JSON.stringify(shorten(node.url))}: ${reason}` });
    }
    if (node.type === 'code' && typeof node.lang === 'string' && !CODE_LANGUAGE.test(node.lang)) {
      problems.push({ line, message: `code block language ${JSON.stringify(shorten(node.lang))}: ${ALLOWED_CODE_LANGUAGE}` });
    }
    if (node.type === 'code' && typeof node.meta === 'string' && node.meta.trim() !== '') {
      const info = `${node.lang ?? ''} ${node.meta}`;
      problems.push({
        line,
        message: `code block ${JSON.stringify(shorten(info))} has text after its language (${JSON.stringify(shorten(node.meta, 40))}); ${ALLOWED_CODE_FENCE}`,
      });
    }
    (node.children ?? []).forEach(visit);
  };
  visit(tree);
  return problems.sort((a, b) => a.line - b.line);
}

module.exports = { checkHtml, checkUrl, checkMarkdownTree, ALLOWED_HTML, ALLOWED_URLS, ALLOWED_CODE_FENCE };

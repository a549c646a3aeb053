// @ts-check
/**
 * Highlights code blocks with Prism, as gatsby-remark-prismjs
 * did, into the same markup:
 *   <div class="gatsby-highlight" data-language="x"><pre class="language-x"><code class="language-x">…</code></pre></div>
 * It replaced that plugin because that one wrote into the page, unescaped,
 * the body of a `none` block, the text after a fence's language and its
 * `{…}` options (prompt user and host). Here the language comes from the
 * fence's first word only (safe-markdown refuses anything after it), every
 * byte of the block reaches the page through Prism, which escapes what it
 * does not mark up, or escaped, and the language is escaped wherever it
 * is written. A block without a language is `text`.
 *
 * No line highlighting, line numbers, prompts or `// highlight-line`
 * directives: the site never used them.
 *
 * Pure (the build's ./index.js and the CMS preview run it): Prism's grammars
 * load through ./components.js, which a browser bundle swaps for
 * ./components.browser.js (package.json's "browser" field).
 */
/** @typedef {import('prismjs').Grammar} Grammar */
const Prism = require('prismjs');
const visit = require('unist-util-visit');
const { escapeAttribute, escapeHtml } = require('../markup');
const { requireComponent } = require('./components');

/** @typedef {{ title?: string, alias?: string | string[], require?: string | string[] }} PrismComponent */
const COMPONENTS = /** @type {{ languages: Record<string, PrismComponent> }} */ (require('prismjs/components.json'));

/** @param {object} object @param {string} key */
const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** @param {string | string[] | undefined} value @returns {string[]} */
const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The Prism component that defines `name`, itself or as an alias, or
 * undefined: only names in Prism's own list are ever loaded.
 * @param {string} name
 * @returns {string | undefined}
 */
function componentOf(name) {
  if (name === 'meta') return undefined;
  if (own(COMPONENTS.languages, name)) return name;
  return Object.keys(COMPONENTS.languages).find((id) => id !== 'meta' && asList(COMPONENTS.languages[id].alias).includes(name));
}

/**
 * Loads a Prism component and what it requires, as gatsby-remark-prismjs
 * did, so grammars (and so the highlighted markup) stay the same.
 * @param {string} id
 */
function loadComponent(id) {
  if (own(Prism.languages, id)) return;
  asList(COMPONENTS.languages[id].require).forEach((required) => {
    const component = componentOf(required);
    if (component) loadComponent(component);
  });
  requireComponent(id);
}

/**
 * Prism's grammar for a lower-cased language name, or undefined for a
 * language Prism does not know (`text`, `none`, `mermaid` source is known).
 * @param {string} language
 * @returns {Grammar | undefined}
 */
function grammarFor(language) {
  if (!own(Prism.languages, language)) {
    const component = componentOf(language);
    if (!component) return undefined;
    loadComponent(component);
  }
  // Prism.languages also holds helpers (extend, insertBefore, DFS): a grammar is an object.
  const grammar = own(Prism.languages, language) ? Prism.languages[language] : undefined;
  return grammar && typeof grammar === 'object' ? /** @type {Grammar} */ (grammar) : undefined;
}

/**
 * The markup of one code block.
 * @param {string | null | undefined} lang the fence's language, as written
 * @param {string} code
 */
function highlight(lang, code) {
  const language = lang ? lang.toLowerCase() : 'text';
  const grammar = grammarFor(language);
  const body = grammar ? Prism.highlight(code, grammar, language) : escapeHtml(code);
  const className = escapeAttribute(`language-${language}`);
  return `<div class="gatsby-highlight" data-language="${escapeAttribute(language)}">` + `<pre class="${className}"><code class="${className}">${body}</code></pre></div>`;
}

/** @param {import('../markup').MdastNode} markdownAST */
function highlightCode(markdownAST) {
  visit(markdownAST, 'code', (/** @type {import('../markup').MdastNode} */ node) => {
    node.value = highlight(node.lang, node.value ?? '');
    node.type = 'html';
  });
  return markdownAST;
}

module.exports = { highlight, highlightCode };

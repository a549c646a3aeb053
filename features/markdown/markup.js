// @ts-check
/**
 * What the remark transforms share that touches neither Node nor Gatsby, so
 * the CMS preview (features/cms/preview/) bundles the very same code:
 * setting a node's HTML properties, escaping text into HTML, and writing a
 * refusal as the build reports it ("file:line: message").
 */

/**
 * @typedef {{ type: string, value?: string, lang?: string | null, url?: string, depth?: number,
 *   children?: MdastNode[], data?: Record<string, unknown> & { hProperties?: Record<string, unknown> },
 *   position?: import('unist').Position }} MdastNode
 */

/**
 * Adds HTML properties to the element a node becomes.
 * @param {MdastNode} node
 * @param {Record<string, unknown>} properties
 */
function setHtmlProperties(node, properties) {
  const data = node.data ?? {};
  node.data = { ...data, hProperties: { ...(data.hProperties ?? {}), ...properties } };
}

/*
 * Escaping, for plugins that write HTML strings (html nodes) themselves.
 * Text from anywhere but the plugin's own code (UI strings from locales/,
 * which the CMS edits; a code block's language or body) goes through one of
 * these, chosen by where it lands.
 */

/**
 * Text made safe for a double-quoted HTML attribute.
 * @param {string} text
 */
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Text made safe for element content (between tags): it can open no tag,
 * comment or character reference.
 * @param {string} text
 */
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ENTITIES = /** @type {Record<string, string>} */ ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });

/**
 * Text made safe for element content and any quoted attribute alike, the
 * five characters spelled as gatsby-remark-prismjs spelled them (so code
 * that Prism does not highlight keeps the bytes it had).
 * @param {string} text
 */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * Refusals as the build reports them, one a line: "<name>:<line>: <message>",
 * the line counted in the file (`lineOffset` lines of frontmatter come
 * before the body the tree was parsed from).
 * @param {readonly { line: number, message: string }[]} problems
 * @param {string} name
 * @param {number} lineOffset
 */
const sourceProblems = (problems, name, lineOffset) => problems.map(({ line, message }) => `${name}:${line + lineOffset}: ${message}`).join('\n');

module.exports = { setHtmlProperties, escapeAttribute, escapeText, escapeHtml, sourceProblems };

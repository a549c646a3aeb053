// @ts-check
/**
 * The few helpers our remark plugins share. Walking the tree and reading a
 * node's text are unist-util-visit and mdast-util-to-string, at the versions
 * gatsby-transformer-remark (remark 13) uses: their later majors are ESM-only.
 */
const fs = require('node:fs');

/**
 * The MarkdownRemark node gatsby-transformer-remark hands each plugin, with
 * the fields gatsby/onCreateNode.ts gives it.
 * @typedef {{ fileAbsolutePath?: string, fields?: { language?: string } }} MarkdownNode
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

/**
 * content/<section>/<lang>/<name>.md for messages.
 * @param {MarkdownNode | undefined} markdownNode
 */
function contentPath(markdownNode) {
  const file = markdownNode && markdownNode.fileAbsolutePath;
  if (!file) return 'a markdown file';
  const index = file.lastIndexOf('/content/');
  return index >= 0 ? file.slice(index + 1) : file;
}

/**
 * @typedef {{ parent?: string | null, fileAbsolutePath?: string, rawMarkdownBody?: string,
 *   internal?: { content?: string } }} SourceNode
 * @typedef {{ url?: unknown, internal?: { content?: string } }} ParentNode
 * @typedef {(id: string) => ParentNode | null | undefined} GetNode
 */

/**
 * The README that gatsby/sourceNodes.ts fetched for this markdown, if it is one.
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function fetchedParent(markdownNode, getNode) {
  const parent = markdownNode?.parent && getNode ? getNode(markdownNode.parent) : undefined;
  return parent && typeof parent.url === 'string' ? { url: parent.url, text: parent.internal?.content } : undefined;
}

/**
 * How messages name a markdown body: content/<section>/<lang>/<name>.md, or
 * the URL of a fetched README.
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function sourceName(markdownNode, getNode) {
  return fetchedParent(markdownNode, getNode)?.url ?? contentPath(markdownNode);
}

/** @param {string} path */
function readText(path) {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * How messages name the markdown, and how many lines of frontmatter come
 * before the body the tree was parsed from (tree lines + lineOffset = file lines).
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function describeSource(markdownNode, getNode) {
  const fetched = fetchedParent(markdownNode, getNode);
  const name = fetched?.url ?? contentPath(markdownNode);
  const whole = fetched ? fetched.text : markdownNode?.fileAbsolutePath ? readText(markdownNode.fileAbsolutePath) : undefined;
  const body = markdownNode?.rawMarkdownBody ?? markdownNode?.internal?.content;
  const lineOffset = typeof whole === 'string' && typeof body === 'string' && whole.endsWith(body) ? (whole.slice(0, whole.length - body.length).match(/\n/g)?.length ?? 0) : 0;
  return { name, lineOffset };
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

module.exports = { setHtmlProperties, contentPath, sourceName, describeSource, escapeAttribute, escapeText, escapeHtml };

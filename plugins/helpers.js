// @ts-check
/**
 * The few helpers our remark plugins share. Walking the tree and reading a
 * node's text are unist-util-visit and mdast-util-to-string, at the versions
 * gatsby-transformer-remark (remark 13) uses: their later majors are ESM-only.
 */

/**
 * The MarkdownRemark node gatsby-transformer-remark hands each plugin, with
 * the fields gatsby/onCreateNode.ts gives it.
 * @typedef {{ fileAbsolutePath?: string, fields?: { language?: string } }} MarkdownNode
 */

/**
 * @typedef {{ type: string, value?: string, lang?: string | null, url?: string, depth?: number,
 *   children?: MdastNode[], data?: Record<string, unknown> & { hProperties?: Record<string, unknown> } }} MdastNode
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
 * Text made safe for a double-quoted HTML attribute.
 * @param {string} text
 */
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

module.exports = { setHtmlProperties, contentPath, escapeAttribute };

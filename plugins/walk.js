// @ts-check
/**
 * The few mdast helpers our remark plugins share. gatsby-transformer-remark
 * runs remark 13, whose ecosystem has moved to ESM-only packages, so these
 * stay small and CommonJS.
 */

/**
 * @typedef {{ type: string, value?: string, lang?: string | null, url?: string, depth?: number,
 *   children?: MdastNode[], data?: Record<string, unknown> & { hProperties?: Record<string, unknown> } }} MdastNode
 */

/**
 * Calls `visit` for every node of `type`, depth first, with its parent and index.
 * @param {MdastNode} tree
 * @param {string} type
 * @param {(node: MdastNode, parent: MdastNode | null, index: number) => void} visit
 */
function walk(tree, type, visit) {
  /** @param {MdastNode} node @param {MdastNode | null} parent @param {number} index */
  const step = (node, parent, index) => {
    if (node.type === type) visit(node, parent, index);
    if (node.children) node.children.forEach((child, i) => step(child, node, i));
  };
  step(tree, null, -1);
}

/**
 * The plain text of a node.
 * @param {MdastNode} node
 * @returns {string}
 */
function textOf(node) {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

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
 * content/<section>/<lang>/<name>.md for messages, from the node gatsby-transformer-remark passes.
 * @param {{ fileAbsolutePath?: string } | undefined} markdownNode
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

module.exports = { walk, textOf, setHtmlProperties, contentPath, escapeAttribute };

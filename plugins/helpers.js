// @ts-check
const fs = require('node:fs');

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
 *   children?: MdastNode[], data?: Record<string, unknown> & { hProperties?: Record<string, unknown> },
 *   position?: import('unist').Position }} MdastNode
 */

/**
 * What describeSource reads from the MarkdownRemark node and from its
 * parent (a file, or the node of a fetched README, which has a url).
 * @typedef {{ parent?: string | null, fileAbsolutePath?: string, rawMarkdownBody?: string,
 *   internal?: { content?: string } }} SourceNode
 * @typedef {{ url?: string, internal?: { content?: string } }} ParentNode
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

/** @param {string} path */
function readText(path) {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * How messages name the markdown (its content path, or the URL of a fetched
 * README), and how many lines of frontmatter come before the body the tree
 * was parsed from: a node's line plus lineOffset is its line in the file.
 * @param {SourceNode | undefined} markdownNode
 * @param {((id: string) => ParentNode | undefined) | undefined} getNode
 */
function describeSource(markdownNode, getNode) {
  const parent = markdownNode?.parent && getNode ? getNode(markdownNode.parent) : undefined;
  const remote = parent && typeof parent.url === 'string';
  const name = remote ? String(parent.url) : contentPath(markdownNode);
  const whole = remote ? parent.internal?.content : markdownNode?.fileAbsolutePath ? readText(markdownNode.fileAbsolutePath) : undefined;
  const body = markdownNode?.rawMarkdownBody ?? markdownNode?.internal?.content;
  const lineOffset =
    typeof whole === 'string' && typeof body === 'string' && whole.endsWith(body)
      ? (whole.slice(0, whole.length - body.length).match(/\n/g)?.length ?? 0)
      : 0;
  return { name, lineOffset };
}

/**
 * Text made safe for a double-quoted HTML attribute.
 * @param {string} text
 */
const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

module.exports = { setHtmlProperties, contentPath, describeSource, escapeAttribute };

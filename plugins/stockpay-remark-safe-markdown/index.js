// @ts-check
/**
 * Fails the build when a markdown file carries raw HTML or a link or image
 * URL that could run script (./rules.js says what is allowed), naming the
 * file, or the URL of a fetched README, the line and what was found.
 * Listed first in gatsby-config, so it sees the editor's markdown before
 * the other plugins add their own HTML; it checks the very tree that
 * becomes the page, parsed by gatsby-transformer-remark with every parser
 * plugin (math, footnotes, GFM), and removes HTML comments from it.
 */
const fs = require('node:fs');
const { contentPath } = require('../helpers');
const { checkMarkdownTree } = require('./rules');

/**
 * @typedef {{ parent?: string | null, fileAbsolutePath?: string, rawMarkdownBody?: string,
 *   internal?: { content?: string } }} MarkdownNode
 * @typedef {{ url?: string, internal?: { content?: string } }} ParentNode
 */

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
 * before the body the tree was parsed from.
 * @param {MarkdownNode | undefined} markdownNode
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
 * @param {{ markdownAST: import('./rules').MarkdownNode, markdownNode?: MarkdownNode,
 *   getNode?: (id: string) => ParentNode | undefined }} args
 */
module.exports = function remarkSafeMarkdown({ markdownAST, markdownNode, getNode }) {
  const problems = checkMarkdownTree(markdownAST);
  if (problems.length > 0) {
    const { name, lineOffset } = describeSource(markdownNode, getNode);
    throw new Error(problems.map(({ line, message }) => `${name}:${line + lineOffset}: ${message}`).join('\n'));
  }
  return markdownAST;
};

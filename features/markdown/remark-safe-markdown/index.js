// @ts-check
/**
 * Fails the build when a markdown file carries raw HTML, a link or image
 * URL that could run script, or a code fence with more than a language
 * (./rules.js says what is allowed), naming the file, or the URL of a
 * fetched README, the line and what was found.
 * Listed first in gatsby-config, so it sees the editor's markdown before
 * the other plugins add their own HTML; it checks the very tree that
 * becomes the page, parsed by gatsby-transformer-remark with every parser
 * plugin (math, footnotes, GFM), and removes HTML comments from it.
 */
const { describeSource } = require('../markdownSource.node');
const { sourceProblems } = require('../markup');
const { checkMarkdownTree } = require('./rules');

/**
 * @param {{ markdownAST: import('./rules').MarkdownNode, markdownNode?: import('../markdownSource.node').SourceNode,
 *   getNode?: import('../markdownSource.node').GetNode }} args
 */
module.exports = function remarkSafeMarkdown({ markdownAST, markdownNode, getNode }) {
  const problems = checkMarkdownTree(markdownAST);
  if (problems.length > 0) {
    const { name, lineOffset } = describeSource(markdownNode, getNode);
    throw new Error(sourceProblems(problems, name, lineOffset));
  }
  return markdownAST;
};

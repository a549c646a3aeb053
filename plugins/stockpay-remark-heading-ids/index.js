// @ts-check
/** Stable ids and self-links for headings (./transform.js); a refusal names the file. */
const { contentPath } = require('../helpers');
const { headingIds } = require('./transform');

/** @param {{ markdownAST: import('../helpers').MdastNode, markdownNode?: import('../helpers').MarkdownNode }} args */
module.exports = function remarkHeadingIds({ markdownAST, markdownNode }) {
  return headingIds(markdownAST, contentPath(markdownNode));
};

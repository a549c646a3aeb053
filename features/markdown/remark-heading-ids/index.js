// @ts-check
/** Stable ids and self-links for headings (./transform.js); a refusal names the file (or a fetched README's URL) and the line. */
const { describeSource, sourceName } = require('../markdownSource.node');
const { headingIds } = require('./transform');

/**
 * @param {{ markdownAST: import('../markdownSource.node').MdastNode, markdownNode?: import('../markdownSource.node').SourceNode,
 *   getNode?: import('../markdownSource.node').GetNode }} args
 */
module.exports = function remarkHeadingIds({ markdownAST, markdownNode, getNode }) {
  return headingIds(markdownAST, sourceName(markdownNode, getNode), () => describeSource(markdownNode, getNode).lineOffset);
};

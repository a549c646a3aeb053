// @ts-check
/** Stable ids and self-links for headings (./transform.js); a refusal names the file (or a fetched README's URL) and the line. */
const { describeSource, sourceName } = require('../../node/markdownSource');
const { headingIds } = require('./transform');

/**
 * @param {{ markdownAST: import('../../node/markdownSource').MdastNode, markdownNode?: import('../../node/markdownSource').SourceNode,
 *   getNode?: import('../../node/markdownSource').GetNode }} args
 */
module.exports = function remarkHeadingIds({ markdownAST, markdownNode, getNode }) {
  return headingIds(markdownAST, sourceName(markdownNode, getNode), () => describeSource(markdownNode, getNode).lineOffset);
};

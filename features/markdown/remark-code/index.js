// @ts-check
/** Highlights code blocks at build time with Prism (./transform.js). */
const { highlight, highlightCode } = require('./transform');

/** @param {{ markdownAST: import('../markdownSource.node').MdastNode }} args */
module.exports = function remarkCode({ markdownAST }) {
  return highlightCode(markdownAST);
};

module.exports.highlight = highlight;

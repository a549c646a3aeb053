// @ts-check
/** External links open in a new tab and say so (./transform.js), in the markdown file's language. */
const { localeText, markdownLanguage } = require('../locales');
const { markExternalLinks } = require('./transform');

/** @param {{ markdownAST: import('../helpers').MdastNode, markdownNode?: import('../helpers').MarkdownNode }} args */
module.exports = function remarkExternalLinks({ markdownAST, markdownNode }) {
  return markExternalLinks(markdownAST, localeText(markdownLanguage(markdownNode), 'common', 'newTab'));
};

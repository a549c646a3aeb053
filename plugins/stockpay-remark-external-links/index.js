// @ts-check
/** External links open in a new tab and say so (./transform.js), in the markdown file's language. */
const { localeText, markdownLanguage } = require('../../node/locales');
const { markExternalLinks } = require('./transform');

/** @param {{ markdownAST: import('../../node/markdownSource').MdastNode, markdownNode?: import('../../node/markdownSource').MarkdownNode }} args */
module.exports = function remarkExternalLinks({ markdownAST, markdownNode }) {
  return markExternalLinks(markdownAST, localeText(markdownLanguage(markdownNode), 'common', 'newTab'));
};

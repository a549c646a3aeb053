// @ts-check
/** External links open in a new tab and say so (./transform.js), in the markdown file's language. */
const { localeText } = require('../../i18n/locales.node');
const { markdownLanguage } = require('../markdownSource.node');
const { markExternalLinks } = require('./transform');

/** @param {{ markdownAST: import('../markdownSource.node').MdastNode, markdownNode?: import('../markdownSource.node').MarkdownNode }} args */
module.exports = function remarkExternalLinks({ markdownAST, markdownNode }) {
  return markExternalLinks(markdownAST, localeText(markdownLanguage(markdownNode), 'common', 'newTab'));
};

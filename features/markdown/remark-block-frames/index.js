// @ts-check
/**
 * Frames code blocks and tables in focusable scroll regions (./transform.js),
 * labelled in the markdown file's language.
 */
const { markdownLabels } = require('../labels');
const { localeText } = require('../../i18n/locales.node');
const { markdownLanguage } = require('../markdownSource.node');
const { frameBlocks } = require('./transform');

/** @param {{ markdownAST: import('../markdownSource.node').MdastNode, markdownNode?: import('../markdownSource.node').MarkdownNode }} args */
module.exports = function remarkBlockFrames({ markdownAST, markdownNode }) {
  const language = markdownLanguage(markdownNode);
  return frameBlocks(
    markdownAST,
    markdownLabels((namespace, key, field) => localeText(language, namespace, key, field)),
  );
};

// @ts-check
/**
 * Frames code blocks and tables in focusable scroll regions (./transform.js),
 * labelled in the markdown file's language.
 */
const { markdownLabels } = require('../labels');
const { localeText, markdownLanguage } = require('../../node/locales');
const { frameBlocks } = require('./transform');

/** @param {{ markdownAST: import('../../node/markdownSource').MdastNode, markdownNode?: import('../../node/markdownSource').MarkdownNode }} args */
module.exports = function remarkBlockFrames({ markdownAST, markdownNode }) {
  const language = markdownLanguage(markdownNode);
  return frameBlocks(
    markdownAST,
    markdownLabels((namespace, key, field) => localeText(language, namespace, key, field)),
  );
};

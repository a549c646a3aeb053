// @ts-check
/** Emoji shortcodes become emoji at build time (./transform.js). */
const { emojifyText } = require('./transform');

/** @param {{ markdownAST: import('../markdownSource.node').MdastNode }} args */
module.exports = function remarkEmoji({ markdownAST }) {
  return emojifyText(markdownAST);
};

// @ts-check
/**
 * Turns GitHub emoji shortcodes (:rocket:) into emoji, in prose only: code
 * spans, code blocks, math and raw HTML are other node types and stay as
 * written. Unknown shortcodes stay as typed. Pure (the build's ./index.js
 * and the CMS preview run it).
 */
const { emojify } = require('node-emoji');
const visit = require('unist-util-visit');

/** @param {import('../markup').MdastNode} markdownAST */
function emojifyText(markdownAST) {
  visit(markdownAST, 'text', (/** @type {import('../markup').MdastNode} */ node) => {
    if (node.value && node.value.includes(':')) node.value = emojify(node.value);
  });
  return markdownAST;
}

module.exports = { emojifyText };

// @ts-check
/**
 * Turns GitHub emoji shortcodes (:rocket:) into emoji at build time, in
 * prose only: code spans, code blocks, math and raw HTML are other node
 * types and stay as written. Unknown shortcodes stay as typed.
 */
const { emojify } = require('node-emoji');
const visit = require('unist-util-visit');

/** @param {{ markdownAST: import('../helpers').MdastNode }} args */
module.exports = function remarkEmoji({ markdownAST }) {
  visit(markdownAST, 'text', (/** @type {import('../helpers').MdastNode} */ node) => {
    if (node.value && node.value.includes(':')) node.value = emojify(node.value);
  });
  return markdownAST;
};

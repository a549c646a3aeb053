// @ts-check
/**
 * Links to other sites open in a new tab, without handing them our window
 * (rel="noopener noreferrer"), and say so to screen readers in the file's
 * language. Links inside the site stay as they are: the catch-links plugin
 * turns their clicks into client-side navigation. Pure (the build's
 * ./index.js and the CMS preview run it).
 */
const visit = require('unist-util-visit');
const { setHtmlProperties, escapeText } = require('../markup');

/**
 * @param {import('../markup').MdastNode} markdownAST
 * @param {string} newTab the note, a UI string the CMS edits: it goes in as text
 */
function markExternalLinks(markdownAST, newTab) {
  const note = escapeText(newTab);
  visit(markdownAST, 'link', (/** @type {import('../markup').MdastNode} */ node) => {
    if (!node.url || !/^https?:\/\//i.test(node.url)) return;
    setHtmlProperties(node, { target: '_blank', rel: 'noopener noreferrer' });
    (node.children ?? []).push({ type: 'html', value: `<span class="visually-hidden"> ${note}</span>` });
  });
  return markdownAST;
}

module.exports = { markExternalLinks };

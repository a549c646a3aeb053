// @ts-check
/**
 * Links to other sites open in a new tab, without handing them our window
 * (rel="noopener noreferrer"), and say so to screen readers in the file's
 * language. Links inside the site stay as they are: the catch-links plugin
 * turns their clicks into client-side navigation. The note is a UI string
 * the CMS edits, so it goes in as text.
 */
const visit = require('unist-util-visit');
const { setHtmlProperties, escapeText } = require('../helpers');
const { localeText, markdownLanguage } = require('../locales');

/** @param {{ markdownAST: import('../helpers').MdastNode, markdownNode?: import('../helpers').MarkdownNode }} args */
module.exports = function remarkExternalLinks({ markdownAST, markdownNode }) {
  const note = escapeText(localeText(markdownLanguage(markdownNode), 'common', 'newTab'));
  visit(markdownAST, 'link', (/** @type {import('../helpers').MdastNode} */ node) => {
    if (!node.url || !/^https?:\/\//i.test(node.url)) return;
    setHtmlProperties(node, { target: '_blank', rel: 'noopener noreferrer' });
    (node.children ?? []).push({ type: 'html', value: `<span class="visually-hidden"> ${note}</span>` });
  });
  return markdownAST;
};

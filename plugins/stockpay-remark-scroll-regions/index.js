// @ts-check
/**
 * Code blocks and tables can be wider than a phone and then scroll sideways.
 * A keyboard can only scroll what it can focus (WCAG 2.1.1; axe's
 * scrollable-region-focusable), so each is wrapped in a focusable element
 * that does the scrolling: a group named in the file's language (a group,
 * not a region: a landmark per table would crowd the landmark list, and
 * landmarks need unique names). Runs after
 * stockpay-remark-code-blocks (the region sits inside its frame, beside the
 * copy button) and before gatsby-remark-prismjs, which highlights the code
 * inside the region.
 */
const { walk, escapeAttribute } = require('../walk');
const { localeValue, markdownLanguage } = require('../locales');

/** @param {string} className @param {string} label */
const open = (className, label) => `<div class="${className}" role="group" aria-label="${escapeAttribute(label)}" tabindex="0">`;

/** @param {{ markdownAST: import('../walk').MdastNode, markdownNode?: { fields?: { language?: string } } }} args */
module.exports = function remarkScrollRegions({ markdownAST, markdownNode }) {
  const labels = /** @type {{ code: string, codeIn: string, table: string }} */ (localeValue(markdownLanguage(markdownNode), 'content', 'scrollRegion'));
  /** @type {{ parent: import('../walk').MdastNode, node: import('../walk').MdastNode, html: string }[]} */
  const blocks = [];
  walk(markdownAST, 'code', (node, parent) => {
    if (!parent || node.lang === 'mermaid') return;
    const label = node.lang ? labels.codeIn.replace('{{language}}', node.lang) : labels.code;
    blocks.push({ parent, node, html: open('scroll-region', label) });
  });
  walk(markdownAST, 'table', (node, parent) => {
    if (parent) blocks.push({ parent, node, html: open('scroll-region table-region', labels.table) });
  });
  for (const { parent, node, html } of blocks) {
    const children = parent.children ?? [];
    children.splice(children.indexOf(node), 1, { type: 'html', value: html }, node, { type: 'html', value: '</div>' });
  }
  return markdownAST;
};

// @ts-check
/**
 * Frames the blocks that can be wider than a phone: code blocks and tables.
 *
 * A keyboard can only scroll what it can focus (WCAG 2.1.1; axe's
 * scrollable-region-focusable), so each sits in a focusable element that
 * does the scrolling: a group named in the file's language (a group, not a
 * region: a landmark per table would crowd the landmark list, and landmarks
 * need unique names).
 *
 * A code block's scroll region sits in a frame beside an empty toolbar, where
 * the page renders its copy button once JavaScript runs
 * (src/components/markdown/MarkdownBody.tsx); without JavaScript there is
 * nothing to click that would not work. Runs before gatsby-remark-prismjs,
 * which highlights the code in place.
 */
const { walk, escapeAttribute } = require('../walk');
const { localeValue, markdownLanguage } = require('../locales');

/** @param {string} className @param {string} label */
const scrollRegion = (className, label) => `<div class="${className}" role="group" aria-label="${escapeAttribute(label)}" tabindex="0">`;

/** @param {string} value @returns {import('../walk').MdastNode} */
const html = (value) => ({ type: 'html', value });

/** @param {{ markdownAST: import('../walk').MdastNode, markdownNode?: { fields?: { language?: string } } }} args */
module.exports = function remarkBlockFrames({ markdownAST, markdownNode }) {
  const labels = /** @type {{ code: string, codeIn: string, table: string }} */ (localeValue(markdownLanguage(markdownNode), 'content', 'scrollRegion'));
  /**
   * Each block with the tags that open around it, outermost first, closed by
   * as many `</div>`. Each tag is an html node of its own, so each stands on
   * a line of its own in the page.
   * @type {{ parent: import('../walk').MdastNode, node: import('../walk').MdastNode, opening: string[] }[]}
   */
  const blocks = [];
  walk(markdownAST, 'code', (node, parent) => {
    // A `mermaid` block left here was meant to be drawn (plugins/stockpay-remark-mermaid/index.js).
    if (!parent || node.lang === 'mermaid') return;
    const language = node.lang ? ` data-language="${escapeAttribute(node.lang)}"` : '';
    const label = node.lang ? labels.codeIn.replace('{{language}}', node.lang) : labels.code;
    const frame = `<div class="code-block"><div class="code-block-toolbar"${language} data-copy-slot></div>`;
    blocks.push({ parent, node, opening: [frame, scrollRegion('scroll-region', label)] });
  });
  walk(markdownAST, 'table', (node, parent) => {
    if (parent) blocks.push({ parent, node, opening: [scrollRegion('scroll-region table-region', labels.table)] });
  });
  for (const { parent, node, opening } of blocks) {
    const children = parent.children ?? [];
    children.splice(children.indexOf(node), 1, ...opening.map(html), node, ...opening.map(() => html('</div>')));
  }
  return markdownAST;
};

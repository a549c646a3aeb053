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
 * nothing to click that would not work. Runs before stockpay-remark-code,
 * which highlights the code in place.
 *
 * Pure (the build's ./index.js and the CMS preview run it): the labels come
 * in, read from the file's language (../labels.js).
 */
const visit = require('unist-util-visit');
const { escapeAttribute } = require('../markup');

/** @param {string} className @param {string} label */
const scrollRegion = (className, label) => `<div class="${className}" role="group" aria-label="${escapeAttribute(label)}" tabindex="0">`;

/** @param {string} value @returns {import('../markup').MdastNode} */
const html = (value) => ({ type: 'html', value });

/**
 * @param {import('../markup').MdastNode} markdownAST
 * @param {Pick<import('../labels').MarkdownLabels, 'code' | 'codeIn' | 'table'>} labels UI strings the CMS edits: each goes in through escapeAttribute (scrollRegion)
 */
function frameBlocks(markdownAST, labels) {
  /** The tags that open around a block, outermost first, or none to leave it alone. @param {import('../markup').MdastNode} node */
  const openingTags = (node) => {
    if (node.type === 'table') return [scrollRegion('scroll-region table-region', labels.table)];
    // A `mermaid` block left here was meant to be drawn (features/markdown/remark-mermaid/index.js).
    if (node.lang === 'mermaid') return [];
    const language = node.lang ? ` data-language="${escapeAttribute(node.lang)}"` : '';
    const lang = node.lang;
    // A function, so no "$&" in the language or the string can mean anything to replace().
    const label = lang ? labels.codeIn.replace('{{language}}', () => lang) : labels.code;
    return [`<div class="code-block"><div class="code-block-toolbar"${language} data-copy-slot></div>`, scrollRegion('scroll-region', label)];
  };
  visit(markdownAST, ['code', 'table'], (/** @type {import('../markup').MdastNode} */ node, index, parent) => {
    const opening = openingTags(node);
    if (!parent || opening.length === 0) return undefined;
    // Each tag is an html node of its own, so each stands on a line of its own in the page.
    const wrapped = [...opening.map(html), node, ...opening.map(() => html('</div>'))];
    parent.children.splice(index, 1, ...wrapped);
    // Go on after the closing tags: the block itself has moved along.
    return index + wrapped.length;
  });
  return markdownAST;
}

module.exports = { frameBlocks };

// @ts-check
/**
 * Frames each code block for the copy button. Runs before
 * gatsby-remark-prismjs, which then highlights the block in place. The empty
 * toolbar is where the page renders its copy button once JavaScript runs
 * (src/components/markdown/MarkdownBody.tsx); without JavaScript there is
 * nothing to click that would not work.
 */
const { walk, escapeAttribute } = require('../walk');

/** @param {{ markdownAST: import('../walk').MdastNode }} args */
module.exports = function remarkCodeBlocks({ markdownAST }) {
  /** @type {{ parent: import('../walk').MdastNode, node: import('../walk').MdastNode }[]} */
  const blocks = [];
  walk(markdownAST, 'code', (node, parent) => {
    if (parent && node.lang !== 'mermaid') blocks.push({ parent, node });
  });
  for (const { parent, node } of blocks) {
    const children = parent.children ?? [];
    const index = children.indexOf(node);
    const language = node.lang ? ` data-language="${escapeAttribute(node.lang)}"` : '';
    children.splice(
      index,
      1,
      { type: 'html', value: `<div class="code-block"><div class="code-block-toolbar"${language} data-copy-slot></div>` },
      node,
      { type: 'html', value: '</div>' },
    );
  }
  return markdownAST;
};

// @ts-check
/**
 * The site's remark plugins (plugins/stockpay-remark-*), in the order they
 * run: gatsby-config.ts hands them to gatsby-transformer-remark in it, and
 * the CMS preview (src/browser/preview/markdown.ts) runs their transforms in
 * it. Order matters: the editor's markdown is checked for raw HTML, unsafe
 * URLs and fence text before any plugin adds HTML of its own; images
 * become pictures last, once headings have taken their ids from the text
 * (an image's part of it is its alt text); diagrams
 * become SVG before code blocks are framed (with their scroll regions) and
 * highlighted.
 */
const REMARK_PLUGINS = /** @type {const} */ ([
  'stockpay-remark-safe-markdown',
  'stockpay-remark-mermaid',
  'stockpay-remark-block-frames',
  'stockpay-remark-code',
  'stockpay-remark-math',
  'stockpay-remark-emoji',
  'stockpay-remark-heading-ids',
  'stockpay-remark-external-links',
  'stockpay-remark-images',
]);

module.exports = { REMARK_PLUGINS };

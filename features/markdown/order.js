// @ts-check
/**
 * The site's remark plugins, by their package names, in the order they
 * run: gatsby-config.ts hands them to gatsby-transformer-remark in it, and
 * the CMS preview runs their transforms in it. Order matters: the editor's markdown is checked for raw HTML, unsafe
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

/**
 * Where each plugin is, from the project's folder: the markdown feature's
 * own, and the image step's, which the images feature holds. Gatsby finds a
 * local plugin by its folder.
 */
const REMARK_PLUGIN_FOLDERS = /** @type {const} */ ({
  'stockpay-remark-safe-markdown': 'features/markdown/remark-safe-markdown',
  'stockpay-remark-mermaid': 'features/markdown/remark-mermaid',
  'stockpay-remark-block-frames': 'features/markdown/remark-block-frames',
  'stockpay-remark-code': 'features/markdown/remark-code',
  'stockpay-remark-math': 'features/markdown/remark-math',
  'stockpay-remark-emoji': 'features/markdown/remark-emoji',
  'stockpay-remark-heading-ids': 'features/markdown/remark-heading-ids',
  'stockpay-remark-external-links': 'features/markdown/remark-external-links',
  'stockpay-remark-images': 'features/images/remark-images',
});

/** gatsby-transformer-remark as the site runs it, with the option it hands gray-matter declared. */
const TRANSFORMER_FOLDER = 'features/markdown/transformer';

module.exports = { REMARK_PLUGINS, REMARK_PLUGIN_FOLDERS, TRANSFORMER_FOLDER };

// @ts-check
/**
 * The UI strings the remark transforms write into a page: the names of the
 * scroll regions around code and tables (stockpay-remark-block-frames) and
 * the note that a link opens a new tab (stockpay-remark-external-links),
 * what an image's link leads to (stockpay-remark-images).
 * One list, read by the build from locales/<language>/ (./locales.js) and
 * handed to the CMS preview by features/cms/admin.node.ts for every language.
 */

/** @typedef {{ code: string, codeIn: string, table: string, newTab: string, fullSize: string }} MarkdownLabels */

/**
 * The labels of one language, read through `text` (namespace, key, field).
 * @param {(namespace: string, key: string, field?: string) => string} text
 * @returns {MarkdownLabels}
 */
const markdownLabels = (text) => ({
  code: text('content', 'scrollRegion', 'code'),
  codeIn: text('content', 'scrollRegion', 'codeIn'),
  table: text('content', 'scrollRegion', 'table'),
  newTab: text('common', 'newTab'),
  fullSize: text('content', 'image', 'fullSize'),
});

module.exports = { markdownLabels };

// @ts-check
/**
 * A PostCSS plugin that writes the layout's custom media queries and values
 * (layout.js) into a stylesheet, as plain CSS, so every browser reads them
 * and the built CSS says the numbers themselves. A `(--name)` in a media
 * query that the layout does not declare stops the build, naming it.
 * Gatsby's webpack runs it (gatsby/onCreateWebpackConfig.ts), and so does
 * the CMS preview's bundle.
 */
const { LAYOUT_MEDIA, LAYOUT_VALUES } = require('./layout');

const MEDIA_NAME = /\((--[\w-]+)\)/g;
const VALUE_NAME = new RegExp(`var\\((${Object.keys(LAYOUT_VALUES).join('|')})\\)`, 'g');

/** @type {import('postcss').PluginCreator<void>} */
const layoutCss = () => ({
  postcssPlugin: 'stockpay-layout',
  AtRule: {
    media(rule) {
      rule.params = rule.params.replace(MEDIA_NAME, (_match, /** @type {string} */ name) => {
        const query = /** @type {Record<string, string>} */ (LAYOUT_MEDIA)[name];
        if (!query) throw rule.error(`${name} is no media query of the layout (features/site/layout.js): ${Object.keys(LAYOUT_MEDIA).join(', ')}`);
        return query;
      });
    },
  },
  Declaration(declaration) {
    declaration.value = declaration.value.replace(VALUE_NAME, (_match, /** @type {string} */ name) => /** @type {Record<string, string>} */ (LAYOUT_VALUES)[name]);
  },
});
layoutCss.postcss = true;

module.exports = { layoutCss };

// @ts-check
/**
 * ./components.js for a browser bundle (the CMS preview): esbuild bundles
 * every file this pattern matches and picks one at run time, so any
 * language the build highlights, the preview highlights the same way.
 */

/** @param {string} id a key of prismjs/components.json's languages */
function requireComponent(id) {
  require(`../../node_modules/prismjs/components/prism-${id}.min.js`);
}

module.exports = { requireComponent };

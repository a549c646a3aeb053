// @ts-check
/** Loads one of Prism's language components by its id (in Node: from prismjs/components/). */

/** @param {string} id a key of prismjs/components.json's languages */
function requireComponent(id) {
  require(`prismjs/components/prism-${id}.js`);
}

module.exports = { requireComponent };

// @ts-check
/**
 * Stable ids and self-links for headings. `## Questions {#faq}` takes the id
 * `faq` in every language (the footer links to /docs/#faq); other headings
 * get a GitHub-style slug of their text as mdast-util-to-string reads it (an
 * image counts by its alt text, a link with a title by its title). The heading's text becomes a link to itself, so
 * the anchor is reachable by keyboard and named by the heading.
 * The page owns the only h1: a document that has its own h1 (a README
 * fetched from a source host, say) has every heading moved one level down.
 * Pure (the build's ./index.js and the CMS preview run it).
 */
const GithubSlugger = require('github-slugger');
const visit = require('unist-util-visit');
const mdastToString = require('mdast-util-to-string');
const { setHtmlProperties } = require('../markup');

const CUSTOM_ID = /\s*\{#([A-Za-z][\w-]*)\}\s*$/;

/**
 * @param {import('../markup').MdastNode} markdownAST
 * @param {string} name how a refusal names the markdown (content/<section>/<lang>/<name>.md)
 */
function headingIds(markdownAST, name) {
  let hasH1 = false;
  visit(markdownAST, 'heading', (/** @type {import('../markup').MdastNode} */ node) => {
    if (node.depth === 1) hasH1 = true;
  });
  const slugger = new GithubSlugger();
  /** @type {Set<string>} */
  const seen = new Set();
  visit(markdownAST, 'heading', (/** @type {import('../markup').MdastNode} */ node) => {
    if (hasH1) node.depth = Math.min((node.depth ?? 1) + 1, 6);
    const children = node.children ?? [];
    const last = children[children.length - 1];
    let id = '';
    if (last && last.type === 'text' && last.value) {
      const match = CUSTOM_ID.exec(last.value);
      if (match) {
        id = match[1];
        last.value = last.value.replace(CUSTOM_ID, '');
      }
    }
    if (!id) id = slugger.slug(mdastToString(node));
    if (seen.has(id)) throw new Error(`${name}: the heading id "${id}" is used twice`);
    seen.add(id);
    node.data = { ...(node.data ?? {}), id };
    setHtmlProperties(node, { id });
    node.children = [{ type: 'link', url: `#${id}`, children, data: { hProperties: { className: ['heading-link'] } } }];
  });
  return markdownAST;
}

module.exports = { headingIds };

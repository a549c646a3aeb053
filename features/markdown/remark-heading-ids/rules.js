// @ts-check
/**
 * Which ids a markdown body may give its elements. Browsers make every
 * element id a name on `window` ("named access"), and such a name is what a
 * script reads for a global it has not set yet: a heading with the id
 * `___loader` or `pageData` is what Gatsby's runtime then finds in
 * `window.___loader` or `window.pageData`, and the page's JavaScript stops
 * (DOM clobbering). An id the site's own markup uses, taken by content,
 * sends its links, labels and scripts to the wrong element.
 *
 * Ids in a body come from its headings (./transform.js: `{#custom}` or a
 * slug of the text) and its footnotes (`fn-<label>`, `fnref-<label>`); a
 * diagram's come from mermaid, each beginning with the diagram's own id
 * (`diagram-<hash>-…`) or a counter of mermaid's (`actor0`, `root-1`).
 * Editors' raw HTML carries no id (features/markdown/remark-safe-markdown)
 * and KaTeX writes none with trust off (features/markdown/remark-math). The
 * heading plugin refuses a heading or footnote id naming file and line;
 * the markup boundary (features/markdown/markupBoundary.ts) holds every id of the
 * finished HTML to the same rule, whatever wrote it.
 *
 * The rule refuses, rather than prefixing every id, so that today's anchors
 * (/blog/stock-control-habits/#match-locations, /docs/#faq) keep working.
 * Pure: the build and the CMS preview run it.
 */

/**
 * Every id the site's own markup gives an element, outside markdown bodies:
 * Gatsby's shell, the layout (the skip link's target, the header's and the
 * phone menu's search boxes), each page's labelled sections and form
 * fields, and the empty element the first paint waits for (gatsby-ssr.tsx).
 * An entry ending in "*" stands for every id that begins with what comes
 * before it: the home page's banner headings are `banner-<file name>`.
 * __tests__/markdown/headingIdRules.test.ts holds the list to the source and
 * to a built site.
 */
const SITE_IDS = Object.freeze([
  '___gatsby',
  'gatsby-announcer',
  'gatsby-chunk-mapping',
  'gatsby-focus-wrapper',
  'page-end',
  'top',
  'main',
  'header-search',
  'menu-search',
  'footer-product',
  'footer-resources',
  'hero-title',
  'demo-note',
  'topics-title',
  'banner-*',
  'closing-title',
  'plans-title',
  'plan-card-*',
  'onboarding-title-*',
  'custom-plan-title',
  'contact-aside-title',
  'contact-name',
  'contact-name-error',
  'contact-email',
  'contact-email-error',
  'contact-business',
  'contact-business-error',
  'contact-message',
  'contact-message-error',
  'contact-message-count',
  'contact-website',
  'search-query',
  'search-hint',
  'search-results-title',
  'not-found-title',
]);

/**
 * Globals in lower case that the site's scripts read without setting them
 * first: lodash, in the contact form's engine, asks `typeof global`,
 * `typeof exports` and `typeof module` to find its environment. Every other
 * global the pages' scripts read and could find shadowed is camelCase or
 * begins with "_" (window.___loader, ___emitter, ___chunkMapping,
 * ___webpackCompilationHash, ___navigate, ___push, ___replace, ___swUpdated,
 * ___failedResources, pageData, pagePath, asyncRequires,
 * webpackChunkstockpay_website, __SERVER_CONTEXT…), which the first two
 * parts of the rule refuse whatever their name. Read from src/browser/,
 * features/runtime/runtimeMarkup.node.ts and a built site's scripts.
 */
const SCRIPT_GLOBALS = Object.freeze(['exports', 'global', 'module']);

/** @param {string} id */
const isSiteId = (id) => SITE_IDS.some((entry) => (entry.endsWith('*') ? id.startsWith(entry.slice(0, -1)) : id === entry));

/**
 * Why `id` may not be an id in a markdown body, or null when it may. The
 * reason reads after "the id … is refused:".
 * @param {string} id
 * @returns {string | null}
 */
function contentIdProblem(id) {
  if (id.startsWith('_') || id.startsWith('$'))
    return `it starts with "${id[0]}", as the names of script globals do (Gatsby's window.___loader), which an element's id would shadow`;
  if (/[A-Z]/.test(id)) return "it has an upper-case letter, as the globals the page's scripts read do (window.pageData), which an element's id would shadow";
  if (isSiteId(id)) return `the site's own page markup has an element with the id "${id}", whose links, labels and scripts would find this one instead`;
  if (SCRIPT_GLOBALS.includes(id)) return `the page's scripts read a global named "${id}", which an element's id would shadow`;
  return null;
}

/**
 * An id like `id` that passes contentIdProblem and that a heading can
 * carry as `{#…}` (a letter, then letters, digits and hyphens), for
 * messages to suggest: lower case, hyphens between words (pageData →
 * page-data), no leading "_" or "$", and "section" added when what is left
 * is empty or still refused (main → main-section).
 * @param {string} id
 */
function suggestedId(id) {
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[-0-9]+|-+$/g, '');
  if (words === '') return 'section';
  return [words, `${words}-section`, `section-${words}`].find((candidate) => contentIdProblem(candidate) === null) ?? 'section';
}

/**
 * Why an id in a body's finished HTML is refused, or null. An id inside a
 * diagram that begins with the diagram's own id (mermaid scopes node, edge
 * and marker ids so: `diagram-<hash>-flowchart-Pay-0`) names nothing
 * outside it, whatever case the editor wrote the node's name in; every
 * other id is held to contentIdProblem.
 * @param {string} id
 * @param {string} diagramId the id of the <svg> the element is in, '' when none
 */
function bodyIdProblem(id, diagramId) {
  if (diagramId !== '' && (id.startsWith(`${diagramId}-`) || id.startsWith(`${diagramId}_`))) return null;
  return contentIdProblem(id);
}

module.exports = { SITE_IDS, SCRIPT_GLOBALS, isSiteId, contentIdProblem, suggestedId, bodyIdProblem };

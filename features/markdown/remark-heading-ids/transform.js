// @ts-check
/**
 * Stable ids and self-links for headings. `## Questions {#faq}` takes the id
 * `faq` in every language (the footer links to /docs/#faq); other headings
 * get a GitHub-style slug of their text as mdast-util-to-string reads it (an
 * image counts by its alt text, a link with a title by its title). The heading's text becomes a link to itself, so
 * the anchor is reachable by keyboard and named by the heading.
 * The page owns the only h1: a document that has its own h1 (a README
 * fetched from a source host, say) has every heading moved one level down.
 * An id that could shadow a global of the page's scripts or an id of the
 * site's own markup (./rules.js) fails the build naming the file and line,
 * whether the heading's text made it or the editor wrote it; so do the ids
 * a footnote gives its note and its reference.
 * Pure (the build's ./index.js and the CMS preview run it).
 */
const GithubSlugger = require('github-slugger');
const visit = require('unist-util-visit');
const mdastToString = require('mdast-util-to-string');
const { setHtmlProperties, sourceProblems } = require('../markup');
const { contentIdProblem, suggestedId } = require('./rules');

/**
 * `{#id}` at the end of a heading: a letter, then letters, digits, "_" and
 * "-". One that starts with "_" or "$" is read as an id too, so that it is
 * refused by name instead of shown as text.
 */
const CUSTOM_ID = /\s*\{#([A-Za-z_$][\w-]*)\}\s*$/;

/** What every heading refusal ends with. @param {string} id */
const WRITE_ANOTHER = (id) => `end the heading with an id of your own in lower-case letters, digits and hyphens, such as {#${suggestedId(id)}}`;

/** At most 60 characters of a heading's text, for messages. @param {string} text */
const shorten = (text) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * The ids a footnote becomes, as mdast-util-to-hast 10 (remark 13's) spells
 * them: `fn-<identifier>` on the note, `fnref-<identifier>` on the
 * reference, the identifier being the label in lower case.
 * @param {import('../markup').MdastNode & { identifier?: string }} node
 */
const footnoteIds = (node) => (node.type === 'footnoteDefinition' ? [`fn-${node.identifier}`] : [`fnref-${node.identifier}`]);

/**
 * @param {import('../markup').MdastNode} markdownAST
 * @param {string} name how a refusal names the markdown (content/<section>/<lang>/<name>.md)
 * @param {number | (() => number)} [lineOffset] lines of frontmatter before the body, so refusals count
 *   lines in the file (a function when finding them costs a read, asked only for a refusal)
 */
function headingIds(markdownAST, name, lineOffset = 0) {
  /** @type {{ line: number, message: string }[]} */
  const problems = [];
  /** @param {import('../markup').MdastNode} node */
  const lineOf = (node) => node.position?.start.line ?? 0;
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
    const written = id !== '';
    if (!written) id = slugger.slug(mdastToString(node));
    const problem = contentIdProblem(id);
    if (problem) {
      const heading = written ? `the heading id {#${id}}` : `the heading ${JSON.stringify(shorten(mdastToString(node)))} gets the id "${id}", which`;
      problems.push({ line: lineOf(node), message: `${heading} is refused: ${problem}; ${WRITE_ANOTHER(id)}` });
    }
    if (seen.has(id)) throw new Error(`${name}: the heading id "${id}" is used twice`);
    seen.add(id);
    node.data = { ...(node.data ?? {}), id };
    setHtmlProperties(node, { id });
    node.children = [{ type: 'link', url: `#${id}`, children, data: { hProperties: { className: ['heading-link'] } } }];
  });
  visit(markdownAST, ['footnoteDefinition', 'footnoteReference'], (/** @type {import('../markup').MdastNode & { identifier?: string, label?: string }} */ node) => {
    for (const id of footnoteIds(node)) {
      const problem = contentIdProblem(id);
      if (problem) {
        const label = JSON.stringify(`[^${node.label ?? node.identifier}]`);
        problems.push({ line: lineOf(node), message: `the footnote ${label} gets the id "${id}", which is refused: ${problem}; give the footnote another label` });
      }
    }
  });
  if (problems.length > 0) {
    const unique = [...new Map(problems.map((problem) => [`${problem.line} ${problem.message}`, problem])).values()].sort((a, b) => a.line - b.line);
    throw new Error(sourceProblems(unique, name, typeof lineOffset === 'function' ? lineOffset() : lineOffset));
  }
  return markdownAST;
}

module.exports = { headingIds };

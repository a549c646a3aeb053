/**
 * The markup boundary: the HTML that a markdown body became, after every
 * remark plugin (Prism, KaTeX, mermaid, emoji, heading ids, links), is held
 * to the allowlist of ./markupAllowlist.ts before any page, feed or
 * fetched README carries it (gatsby/createResolvers.ts; the tests' remark
 * pipeline runs it too). Anything outside the list fails the build, naming
 * the file (or the README's URL) and quoting what was refused: the
 * markdown check (features/markdown/remark-safe-markdown) keeps editors'
 * HTML out, this keeps out whatever a plugin, a crafted diagram or a
 * formula might still produce.
 *
 * The checks, each on the HTML as given and in a module of its own, all
 * reading one parse of it (features/markdown/boundary/tree.ts: the tree a
 * browser builds, inside the elements the pages set a body in):
 * 1. The allowlist: sanitize-html,
 *    configured from it, removes nothing: elements, attributes, classes,
 *    attribute values and URL schemes; and every image address is a path
 *    of the site.
 * 2. The checker and a browser see the same elements
 *   : what sanitize-html's parser
 *    meets is what parse5 builds, as browsers do; no markup declarations,
 *    no end tag that closes the page's elements around the body.
 * 3. CSS only as the site writes it:
 *    style attributes, CSS-valued attributes and a diagram's <style>.
 * 4. No id that a script could find instead of its global, or that the
 *    site's own markup uses.
 *
 * Pages carry the original bytes, not sanitize-html's output. What was
 * checked is the tree a browser builds from those bytes (check 2 makes
 * both parsers agree on it, 1 and 3 check it), and today's pages stay byte
 * for byte the same. Re-serialised output would be new bytes the
 * browser parses again, which is where mutation XSS lives: sanitize-html
 * writes a <style>'s text back raw, and inside <svg> the browser decodes
 * what it wrote. After the boundary, the pages only fill in {{product}},
 * escaped (features/markdown/rendered.ts).
 *
 * sanitize-html rather than rehype-sanitize: the boundary works on the
 * HTML string the transformer resolves, which is what pages get, and
 * sanitize-html takes a string; it is CommonJS, which Jest here needs
 * (rehype-sanitize 6 and hast-util-sanitize 5 are ESM-only); and it
 * allowlists classes per element and URL schemes per element directly.
 */
import { allowlistProblem, checkerReading, imageAddressProblems } from './boundary/elements';
import { idProblems } from './boundary/ids';
import { commentProblems, declarationProblems, differentialProblem } from './boundary/parsers';
import { cssProblems } from './boundary/styles';
import { FRAME_PROBLEM, browserTree } from './boundary/tree';

export { cssValueProblem } from './boundary/styles';

/**
 * Every reason the HTML would be refused, for the message; none means the
 * boundary lets it through. Without a browser's tree of the body inside
 * the page (an end tag closes the page's elements), checks 2 to 4 have
 * nothing to read: the markup declarations and the allowlist are still
 * reported.
 */
export function markupProblems(html: string): string[] {
  const problems: string[] = declarationProblems(html);
  const tree = browserTree(html);
  if (!tree) problems.push(FRAME_PROBLEM);
  const elements = tree?.elements ?? [];
  const reading = checkerReading(html);
  const removed = allowlistProblem(html, reading.canonical, elements);
  if (removed) problems.push(removed);
  if (tree) {
    const differs = differentialProblem(reading.opened, elements);
    if (differs) problems.push(differs);
    // What the allowlist and the parsers let through, its image addresses too: one refusal of an element is enough.
    if (!removed && !differs) problems.push(...imageAddressProblems(elements));
    problems.push(...commentProblems(tree.comments));
    problems.push(...cssProblems(elements));
    problems.push(...idProblems(elements));
  }
  // A diagram repeats its rules (one per node of a class): each problem once.
  return [...new Set(problems)];
}

/**
 * The HTML, unchanged, when the boundary lets it through; otherwise an
 * error naming `source` (content/… or a README's URL) and each problem.
 */
export function checkMarkup(html: string, source: string): string {
  const problems = markupProblems(html);
  if (problems.length > 0) {
    throw new Error(`${source}: the HTML this markdown became is refused by the markup boundary:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return html;
}

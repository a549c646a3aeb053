/**
 * Check 4 of the markup boundary (features/markdown/markupBoundary.ts): every id of
 * a body's HTML is one a markdown body may give,
 * so that no element
 * shadows a global of the page's scripts or an id of the site's own markup,
 * whichever plugin wrote it. An id inside a diagram that begins with the
 * diagram's own id is scoped to it.
 */
import { bodyIdProblem } from '../remark-heading-ids/rules';
import { attributeName, nameOf, quote, svgIdOf, type BrowserElement } from './tree';

/** Check 4, on the browser's tree: each id refused, with the element that carries it. */
export function idProblems(elements: readonly BrowserElement[]): string[] {
  return elements.flatMap(({ element, svg }) => {
    const id = element.attrs?.find((a) => attributeName(a) === 'id')?.value;
    const problem = id === undefined ? null : bodyIdProblem(id, svgIdOf(svg));
    return problem ? [`the id ${quote(id ?? '', 60)} on <${nameOf(element)}>: ${problem}`] : [];
  });
}

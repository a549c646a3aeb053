/**
 * Check 2 of the markup boundary (features/markdown/markupBoundary.ts): the checker
 * and a browser see the same elements. The elements and attributes
 * sanitize-html's parser (htmlparser2) meets, in order, are those of the
 * tree parse5 (the HTML standard's algorithm, as browsers run it) builds.
 * This catches the parser differentials that turn checked text into markup:
 * a <style> or <title> inside <svg> or <math> is raw text to htmlparser2
 * but markup to a browser, a comment may end elsewhere ("--!>"), a
 * character reference without ";" decodes differently in an attribute.
 * With it: no markup declarations at all (comments, CDATA, doctypes,
 * processing instructions; the markdown check removes editors' comments),
 * and no end tag that closes the page's elements around the body or
 * element left open (./tree.ts, FRAME_PROBLEM).
 */
import type { CheckerElement } from './elements';
import { attributeName, elementView, nameOf, quote, type BrowserElement, type P5Node } from './tree';

/** Comments, CDATA sections, doctypes and processing instructions, quoted: markup declarations no body needs. */
export function declarationProblems(html: string): string[] {
  return [...html.matchAll(/<[!?][^>]{0,40}>?/g)].slice(0, 3).map(([found]) => `a markup declaration (comment, CDATA, doctype) ${quote(found)}`);
}

/** Whether htmlparser2 read the element parse5 built: its name, attribute names and values. */
function sameElement(element: P5Node | undefined, name: string, attributes: Record<string, string>): boolean {
  if (!element || nameOf(element) !== name) return false;
  const read = element.attrs ?? [];
  let count = 0;
  for (const key in attributes) if (Object.prototype.hasOwnProperty.call(attributes, key)) count += 1;
  return read.length === count && read.every((attribute) => attributes[attributeName(attribute)] === attribute.value);
}

/** The first element the checker (`opened`) and a browser (`elements`) read differently, quoted both ways; null when they read the same. */
export function differentialProblem(opened: readonly CheckerElement[], elements: readonly BrowserElement[]): string | null {
  let differs = opened.findIndex(({ name, attributes }, index) => !sameElement(elements[index]?.element, name, attributes));
  const seen = differs < 0 ? '' : elementView(opened[differs].name, Object.entries(opened[differs].attributes));
  if (differs < 0 && opened.length !== elements.length) differs = Math.min(opened.length, elements.length);
  if (differs < 0) return null;
  const read = elements[differs]?.element;
  return (
    `HTML that browsers read differently from the check: element ${differs + 1} is ${quote(seen || '(none)', 80)} to the check and ` +
    `${quote(
      read
        ? elementView(
            nameOf(read),
            (read.attrs ?? []).map((a) => [attributeName(a), a.value]),
          )
        : '(none)',
      80,
    )} to a browser`
  );
}

/** Each HTML comment a browser sees in the body, quoted. */
export function commentProblems(comments: readonly string[]): string[] {
  return comments.map((comment) => `an HTML comment (${quote(`<!--${comment}-->`, 60)})`);
}

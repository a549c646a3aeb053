/** @jest-environment node */
import { markupProblems } from '../../features/markdown/markupBoundary';
import { allowlistProblem, checkerReading } from '../../features/markdown/boundary/elements';
import { idProblems } from '../../features/markdown/boundary/ids';
import { commentProblems, declarationProblems, differentialProblem } from '../../features/markdown/boundary/parsers';
import { cssProblems } from '../../features/markdown/boundary/styles';
import { FRAME_PROBLEM, browserTree, type BrowserTree } from '../../features/markdown/boundary/tree';

/**
 * The boundary's checks, each in its module, read the same parse; the entry
 * runs them in order. Each module alone finds
 * what it is for, and only that, and the entry reports exactly what they do.
 */
const treeOf = (html: string): BrowserTree => {
  const tree = browserTree(html);
  if (!tree) throw new Error(`no tree for ${html}`);
  return tree;
};
const allowlist = (html: string) => allowlistProblem(html, checkerReading(html).canonical, treeOf(html).elements);
const differential = (html: string) => differentialProblem(checkerReading(html).opened, treeOf(html).elements);

const CLEAN = '<h2 id="plans">Plans</h2><p>Text with <a href="https://example.com/" rel="noopener noreferrer">a link</a>.</p>';

describe('the checks of the markup boundary, one module each', () => {
  it('find nothing in markup the site writes', () => {
    expect(declarationProblems(CLEAN)).toEqual([]);
    expect(allowlist(CLEAN)).toBeNull();
    expect(differential(CLEAN)).toBeNull();
    expect(commentProblems(treeOf(CLEAN).comments)).toEqual([]);
    expect(cssProblems(treeOf(CLEAN).elements)).toEqual([]);
    expect(idProblems(treeOf(CLEAN).elements)).toEqual([]);
    expect(markupProblems(CLEAN)).toEqual([]);
  });

  it('each refuse what they are for, and the entry reports just that', () => {
    const script = '<p>a</p><script>alert(1)</script>';
    expect(allowlist(script)).toMatch(/^markup outside the allowlist/);
    expect(cssProblems(treeOf(script).elements)).toEqual([]);
    expect(markupProblems(script)).toEqual([allowlist(script)]);

    const styled = '<span style="margin:url(https://x.example/a.png)">a</span>';
    expect(cssProblems(treeOf(styled).elements)).toEqual([
      'style "margin:url(https://x.example/a.png)" on <span>: url(https://x.example/a.png): only url(#id), a reference inside the page',
    ]);
    expect(idProblems(treeOf(styled).elements)).toEqual([]);
    expect(markupProblems(styled)).toEqual(cssProblems(treeOf(styled).elements));

    const clobbering = '<h2 id="___gatsby">a</h2>';
    expect(idProblems(treeOf(clobbering).elements)).toEqual([expect.stringMatching(/^the id "___gatsby" on <h2>/)]);
    expect(allowlist(clobbering)).toBeNull();
    expect(markupProblems(clobbering)).toEqual(idProblems(treeOf(clobbering).elements));

    const differs = '<svg><style><img src=x></style></svg>';
    expect(differential(differs)).toMatch(/^HTML that browsers read differently from the check: element 3 is/);
    expect(markupProblems(differs)).toContain(differential(differs));
  });

  it('read one tree, in which an end tag of the page leaves nothing to check but the declarations and the allowlist', () => {
    expect(browserTree('<p>a</p></div></article>')).toBeNull();
    expect(markupProblems('<!-- a --></div>')).toEqual([declarationProblems('<!-- a -->')[0], FRAME_PROBLEM]);
  });
});

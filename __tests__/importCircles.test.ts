/** @jest-environment node */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CODE, ROOT, codeFiles, importsOf } from './support/imports';
import { CODE_FOLDERS } from './support/layout';

/**
 * No import circle: no module imports itself through others. A
 * circle makes the order of loading decide what a module sees, and means two
 * files are one concept. Every import, require and dynamic import of the
 * project's own code counts, type-only imports too.
 */
const FOLDERS = [...CODE_FOLDERS, 'e2e'];

/** Every circle of the graph, each once, as the files in import order, the first one repeated at the end. */
function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles = new Map<string, string[]>();
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      const circle = trail.slice(at);
      // One key per circle whichever file it was entered from.
      const key = [...circle].sort().join('\n');
      if (!circles.has(key)) circles.set(key, [...circle, file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file, []);
  return [...circles.values()];
}

describe('imports', () => {
  it('finds imports, requires and dynamic imports, and follows them round a circle', () => {
    const a = path.join(ROOT, 'bench', 'a.ts');
    expect(importsOf(a, "import { run } from '../system/processes';\nconst t = require('./table');\nimport('../e2e/checks/sitePages');\nimport ts from 'typescript';")).toEqual(
      ['system/processes.ts', 'bench/table.ts', 'e2e/checks/sitePages.ts'].map((file) => path.join(ROOT, file)),
    );
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCircles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(
      findCircles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('form no circle in the project', () => {
    const files = [
      ...FOLDERS.flatMap((folder) => codeFiles(path.join(ROOT, folder))),
      ...readdirSync(ROOT)
        .filter((name) => CODE.test(name))
        .map((name) => path.join(ROOT, name)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const circles = findCircles(graph).map((circle) => circle.map((file) => path.relative(ROOT, file)).join(' -> '));
    expect(circles).toEqual([]);
  });
});

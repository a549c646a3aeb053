/** @jest-environment node */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_DIR } from '../system/paths.js';

/**
 * The tooling around the site stays in proportion to it: the commands
 * (scripts/), the bench and the site checks they run (bench/, e2e/checks/) hold at most
 * 2,000 lines in all, every file counted. A new study's figures go to
 * docs/performance.md, not a new script kept forever.
 */
const ROOT = PROJECT_DIR;
const LIMIT = 2000;

function lines(folder: string): { file: string; count: number }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return lines(file);
    const text = readFileSync(file, 'utf8');
    return [{ file: path.relative(ROOT, file), count: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }];
  });
}

describe('scripts/, bench/ and e2e/checks/', () => {
  it(`hold at most ${LIMIT} lines`, () => {
    const files = ['scripts', 'bench', 'e2e/checks'].flatMap((folder) => lines(path.join(ROOT, folder)));
    const total = files.reduce((sum, { count }) => sum + count, 0);
    const largest = [...files]
      .sort((a, b) => b.count - a.count)
      .slice(0, 5)
      .map(({ file, count }) => `${file} ${count}`);
    if (total > LIMIT) throw new Error(`scripts/, bench/ and e2e/checks/ hold ${total} lines, over ${LIMIT}; the largest files: ${largest.join(', ')}`);
    expect(total).toBeLessThanOrEqual(LIMIT);
    expect(files.length).toBeGreaterThan(10);
  });
});

/**
 * The variable tables of docs/configuration.md, read as the tests that hold
 * them to features/site/settings.ts need them: each row whose first cell is a
 * `NAME`, in the section that starts at a heading and ends at the next
 * `## ` heading.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const GUIDE = path.join(__dirname, '..', '..', 'docs', 'configuration.md');

/** The cells of each variable row of the section under `heading` ("### The editors' CMS"), trimmed; none when the heading is missing. */
export function variableRows(heading: string): string[][] {
  const guide = readFileSync(GUIDE, 'utf8');
  const start = guide.indexOf(heading);
  if (start === -1) return [];
  const end = guide.indexOf('\n## ', start + 1);
  return guide
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/**
 * The [name, what it is when unset] of each row, and what config.ts says
 * it is: its `local` value in backticks, or "unset" / "none" when it has
 * none; for `expect(actual).toEqual(expected)`.
 */
export function unsetColumn(rows: readonly string[][], specs: Readonly<Record<string, object>>): { actual: string[][]; expected: unknown[][] } {
  const actual = rows.map(([cell, , unset]) => [cell, unset]);
  const expected = rows.map(([cell]) => {
    const spec: object = specs[cell.replace(/`/g, '')] ?? {};
    const local = 'local' in spec && typeof spec.local === 'string' ? spec.local : undefined;
    return [cell, local === undefined ? expect.stringMatching(/^(unset|none)$/) : `\`${local}\``];
  });
  return { actual, expected };
}

/** @jest-environment node */
import { rebuildGoalLine, rebuildTable, type Rebuild } from '../../scripts/rebuildTimes';

const record = (kind: 'clean' | 'incremental', buildSeconds: number, pagesWritten: number, changed: number) => ({
  commit: 'a'.repeat(40),
  kind,
  builtAt: '2026-11-25T16:00:00.000Z',
  buildSeconds,
  pagesWritten,
  changed,
  deleted: 0,
  copy: { files: 500, linked: 480, copiedBytes: 1024 },
});
const rebuilds: Rebuild[] = [
  { what: 'from clean', record: record('clean', 120, 35, 35) },
  { what: 'one markdown file', record: record('incremental', 50, 3, 1) },
  { what: 'one UI string', record: record('incremental', 70, 35, 14) },
];

describe('the publishing bench', () => {
  it('tabulates each run: its kind of build, its time, the pages Gatsby wrote and the pages that changed', () => {
    const lines = rebuildTable(rebuilds).split('\n');
    expect(lines[0]).toMatch(/npm run publish after\s+build\s+time\s+pages Gatsby wrote\s+pages changed/);
    expect(lines.find((line) => line.startsWith('one markdown file'))).toMatch(/incremental\s+50\.0 s\s+3\s+1/);
  });

  it('holds the one-file rebuild to half the clean build', () => {
    expect(rebuildGoalLine(rebuilds)).toBe('Goal (one-file rebuild at most half the clean build): met, 42 % of the clean build');
    expect(rebuildGoalLine([rebuilds[0], { ...rebuilds[1], record: record('incremental', 61, 3, 1) }])).toBe(
      'Goal (one-file rebuild at most half the clean build): MISSED, 51 % of the clean build',
    );
    expect(rebuildGoalLine([])).toBe('Goal (one-file rebuild at most half the clean build): not measured');
  });
});

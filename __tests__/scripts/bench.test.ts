/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageTable, representativeRuns, type Report } from '../../scripts/bench';
import { kib } from '../../scripts/table';

const report = (url: string, lcp: number): Report => ({
  requestedUrl: url,
  lighthouseVersion: '12.6.1',
  environment: { benchmarkIndex: 2700 },
  categories: { performance: { score: 0.98 }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: null } },
  audits: { 'largest-contentful-paint': { numericValue: lcp }, 'total-blocking-time': { numericValue: 12.2 }, 'cumulative-layout-shift': { numericValue: 0 } },
});

describe('representativeRuns', () => {
  it("reads the run lhci reports for each URL from the manifest of `lhci upload --target=filesystem`", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reports-'));
    try {
      mkdirSync(dir, { recursive: true });
      const runs = [report('http://x/', 900), report('http://x/', 1500), report('http://x/bg/', 950)];
      const manifest = runs.map((run, index) => {
        const jsonPath = path.join(dir, `${index}.json`);
        writeFileSync(jsonPath, JSON.stringify(run));
        return { url: run.requestedUrl, isRepresentativeRun: index !== 1, jsonPath, htmlPath: '', summary: {} };
      });
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      expect(representativeRuns(dir).map((run) => [run.requestedUrl, run.audits['largest-contentful-paint'].numericValue])).toEqual([
        ['http://x/', 900],
        ['http://x/bg/', 950],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pageTable', () => {
  const weight = { html: 13_824, htmlRaw: 78_029, js: 110_694, css: 6656, data: 2150 };

  it('has one aligned line per page with its weights, scores out of 100 and timings, with units; a page without a report keeps its weights', () => {
    const [header, first, second] = pageTable([
      { path: '/', weight, report: report('http://x/', 1803.4) },
      { path: '/bg/', weight },
    ]).split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['page', 'JS (gz)', 'CSS (gz)', 'HTML (gz)', 'HTML (raw)', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS']);
    expect(first.split(/\s{2,}/)).toEqual(['/', '108.1 KiB', '6.5 KiB', '13.5 KiB', '76.2 KiB', '98', '100', '100', '–', '1803 ms', '12 ms', '0.000']);
    expect(second.split(/\s{2,}/)).toEqual(['/bg/', '108.1 KiB', '6.5 KiB', '13.5 KiB', '76.2 KiB', '–', '–', '–', '–', '–', '–', '–']);
    expect(new Set([header, first, second].map((line) => line.length)).size).toBe(1);
    expect(kib(0)).toBe('0.0 KiB');
  });
});

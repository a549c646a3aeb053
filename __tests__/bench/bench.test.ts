/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lcpElement, pageTable, representativeRuns, selectPages, type Report } from '../../bench/bench';
import type { SitePage } from '../../e2e/checks/sitePages';
import { kib } from '../../bench/table';

const report = (url: string, lcp: number, fcp = 800): Report => ({
  requestedUrl: url,
  lighthouseVersion: '12.6.1',
  environment: { benchmarkIndex: 2700 },
  categories: { performance: { score: 0.98 }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: null } },
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: 12.2 },
    'cumulative-layout-shift': { numericValue: 0 },
    'first-contentful-paint': { numericValue: fcp },
    interactive: { numericValue: fcp },
  },
});

describe('representativeRuns', () => {
  it('reads the run lhci reports for each URL, its median, from what `lhci upload --target=filesystem` writes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reports-'));
    try {
      mkdirSync(path.join(dir, '.lighthouseci'));
      // lhci picks the run nearest the medians of first paint and time to interactive.
      const runs = [report('http://x/', 900, 300), report('http://x/', 1500, 100), report('http://x/', 1000, 200), report('http://x/bg/', 950, 100)];
      runs.forEach((run, index) =>
        writeFileSync(
          path.join(dir, '.lighthouseci', `lhr-${1000 + index}.json`),
          JSON.stringify({ ...run, finalUrl: run.requestedUrl, fetchTime: `2026-11-26T00:00:0${index}Z` }),
        ),
      );
      writeFileSync(path.join(dir, 'lighthouserc.json'), '{"ci": {}}');
      const lhci = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'lhci');
      expect(spawnSync(lhci, ['upload', '--target=filesystem', '--outputDir=reports', '--config=lighthouserc.json'], { cwd: dir }).status).toBe(0);
      const found = representativeRuns(path.join(dir, 'reports')).map((run) => [run.requestedUrl, run.audits['largest-contentful-paint'].numericValue]);
      expect(found.sort()).toEqual([
        ['http://x/', 1000],
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

describe('selectPages', () => {
  const page = (pagePath: string): SitePage => ({
    route: pagePath.replace(/^\/bg/, ''),
    language: pagePath.startsWith('/bg/') ? 'bg' : 'en',
    path: pagePath,
    notFound: false,
    math: false,
    showsHome: false,
    noindex: false,
  });
  const pages = ['/', '/pricing/', '/bg/', '/bg/pricing/'].map(page);

  it('keeps every page without --pages, and those it names in its order', () => {
    expect(selectPages(pages, undefined)).toEqual(pages);
    expect(selectPages(pages, '/bg/pricing/, /pricing/').map((found) => found.path)).toEqual(['/bg/pricing/', '/pricing/']);
  });

  it('refuses a page it does not measure, naming it and the choices', () => {
    expect(() => selectPages(pages, '/pricing/,/prices/')).toThrow('--pages names "/prices/", which is not a measured page; choose from /, /pricing/, /bg/, /bg/pricing/');
  });
});

describe('lcpElement', () => {
  const withElement = (details: unknown): Report => ({
    ...report('http://x/', 900),
    audits: { ...report('http://x/', 900).audits, 'largest-contentful-paint-element': { details } },
  });

  it("names the element from Lighthouse's list of tables: its label and selector", () => {
    const details = {
      type: 'list',
      items: [
        { type: 'table', headings: [], items: [{ node: { type: 'node', selector: 'main > section > h1', nodeLabel: 'Plans for every business', snippet: '<h1>' } }] },
        { type: 'table', headings: [], items: [{ phase: 'TTFB', timing: 300 }] },
      ],
    };
    expect(lcpElement(withElement(details))).toBe('Plans for every business (main > section > h1)');
    expect(lcpElement(withElement({ type: 'list', items: [{ type: 'table', items: [{ node: { type: 'node', selector: 'div.spinner' } }] }] }))).toBe('div.spinner');
  });

  it('is undefined without a report, the audit or a node in it', () => {
    expect(lcpElement(undefined)).toBeUndefined();
    expect(lcpElement(report('http://x/', 900))).toBeUndefined();
    expect(lcpElement(withElement({ type: 'list', items: [{ type: 'table', items: [] }] }))).toBeUndefined();
  });
});

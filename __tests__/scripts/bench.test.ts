/** @jest-environment node */
import { buildTable, machineHeader, pageTable, goalsLine, seconds, LIGHTHOUSE_RUNS, type PageResult } from '../../scripts/bench';
import type { LighthouseRun } from '../../scripts/lighthouse';
import { sitePages } from '../../scripts/sitePages';
import { kib } from '../../scripts/table';

describe('units', () => {
  it('writes bytes as KiB and milliseconds as seconds, one decimal', () => {
    expect(kib(0)).toBe('0.0 KiB');
    expect(kib(110_694)).toBe('108.1 KiB');
    expect(seconds(52_340)).toBe('52.3 s');
  });
});

describe('pageTable', () => {
  const [home, , , , , , , bulgarianHome] = sitePages();
  const weight = { html: 13_824, htmlRaw: 78_029, js: 110_694, css: 6656, data: 2150 };
  const lighthouse: LighthouseRun = {
    url: 'http://127.0.0.1:9000/',
    scores: { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 0.92 },
    largestContentfulPaintMs: 1803.4,
    totalBlockingTimeMs: 12.2,
    cumulativeLayoutShift: 0,
    firstContentfulPaintMs: 1200,
    lcpElement: 'img',
    lcpPhases: {},
    cpuSlowdown: 4,
    hostBenchmarkIndex: 2700,
  };

  it('has one line per page with its route, language, weights and Lighthouse medians, with units', () => {
    const results: PageResult[] = [
      { page: home, weight, lighthouse },
      { page: bulgarianHome, weight },
    ];
    const [header, first, second] = pageTable(results).split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['route', 'lang', 'JS (gz)', 'CSS (gz)', 'HTML (gz)', 'HTML (raw)', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS']);
    expect(first.split(/\s{2,}/)).toEqual(['/', 'en', '108.1 KiB', '6.5 KiB', '13.5 KiB', '76.2 KiB', '98', '100', '100', '92', '1803 ms', '12 ms', '0.000']);
    // A page Lighthouse returned nothing for still shows its weight.
    expect(second.split(/\s{2,}/)).toEqual(['/', 'bg', '108.1 KiB', '6.5 KiB', '13.5 KiB', '76.2 KiB', '–', '–', '–', '–', '–', '–', '–']);
    expect(new Set([header, first, second].map((line) => line.length)).size).toBe(1);
  });
});

describe('goalsLine', () => {
  const [home, docs, blog] = sitePages();
  const weight = { html: 1, htmlRaw: 1, js: 1, css: 1, data: 1 };
  const run = (performance: number, tbt: number): LighthouseRun => ({
    url: 'http://x/',
    scores: { performance, accessibility: 1, 'best-practices': 1, seo: 1 },
    largestContentfulPaintMs: 900,
    totalBlockingTimeMs: tbt,
    cpuSlowdown: 4,
    hostBenchmarkIndex: 2700,
    cumulativeLayoutShift: 0,
    firstContentfulPaintMs: 800,
    lcpElement: 'h1',
    lcpPhases: {},
  });

  it('counts the pages that reach performance 100 and blocking time under 50 ms, of those measured', () => {
    expect(
      goalsLine([
        { page: home, weight, lighthouse: run(1, 49) },
        { page: docs, weight, lighthouse: run(0.99, 50) },
        { page: blog, weight },
      ]),
    ).toBe('Goals: performance 100 on 1 of 2 pages; total blocking time under 50 ms on 1 of 2 pages');
  });
});

describe('buildTable', () => {
  it('shows cold and warm build times with the HTML files each wrote', () => {
    const table = buildTable({ cold: { ms: 100_000, htmlFiles: 28 }, warm: { ms: 40_500, htmlFiles: 28 } });
    const lines = table.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(lines).toEqual([
      ['build (wall clock)', 'time', 'HTML files'],
      ['cold: gatsby build right after gatsby clean', '100.0 s', '28'],
      ['warm: gatsby build again, with the cache', '40.5 s', '28'],
    ]);
  });
});

describe('machineHeader', () => {
  it('names the machine, the Lighthouse version and the number of runs, and warns that the figures depend on them', () => {
    const header = machineHeader({
      cpuModel: 'Intel(R) Xeon(R) Processor ',
      cores: 2,
      memoryBytes: 24 * 1024 ** 3,
      platform: 'Linux 6.1.0 x64',
      node: 'v20.19.0',
      loadAverage: 0.5,
      lighthouse: '12.6.1',
      lhci: '0.15.1',
      date: '2025-06-01 10:00:00 UTC',
      host: { benchmarkIndex: 1250, cpuSlowdown: 2 },
    });
    expect(header).toContain('Machine: Intel(R) Xeon(R) Processor, 2 cores, 24.0 GiB RAM, Linux 6.1.0 x64, Node v20.19.0; load average 0.50');
    expect(header).toContain(`Lighthouse 12.6.1 (@lhci/cli 0.15.1): mobile defaults`);
    expect(header).toContain(`median of ${LIGHTHOUSE_RUNS} runs per page`);
    expect(header).toMatch(/idle machine/);
    expect(header).toContain('CPU: host BenchmarkIndex 1250, so a 2x CPU slowdown');
  });

  it('says when the host speed was not measured', () => {
    expect(
      machineHeader({ cpuModel: 'x', cores: 2, memoryBytes: 1, platform: 'p', node: 'n', loadAverage: 0, lighthouse: 'l', lhci: 'c', date: 'd' }),
    ).toContain('CPU: not measured');
  });
});

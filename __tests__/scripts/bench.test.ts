/** @jest-environment node */
import GithubSlugger from 'github-slugger';
import { emojify } from 'node-emoji';
import { checkBenchFile } from '../../gatsby/benchContent';
import {
  buildTable,
  grownBuildProblems,
  growthCost,
  machineHeader,
  pageTable,
  goalsLine,
  seconds,
  EXTRA_PAGES,
  LIGHTHOUSE_RUNS,
  type PageResult,
} from '../../scripts/bench';
import { benchMarkdown, benchMarkdownFiles, benchPageName } from '../../scripts/benchMarkdown';
import type { LighthouseRun } from '../../scripts/lighthouse';
import { sitePages } from '../../scripts/sitePages';
import { kib } from '../../scripts/table';

/** The frontmatter the generator writes: one `key: value` a line, strings as JSON. */
function frontmatterOf(markdown: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) throw new Error('no frontmatter');
  return Object.fromEntries(
    match[1].split('\n').map((line) => {
      const [, key, value] = /^(\w+): (.*)$/.exec(line) ?? [];
      return [key, value.startsWith('"') ? (JSON.parse(value) as string) : value];
    }),
  );
}

const bodyOf = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
const headingsOf = (markdown: string) => [...bodyOf(markdown).matchAll(/^(#{2,6}) (.+)$/gm)].map((m) => ({ depth: m[1].length, text: m[2] }));
/** The ids stockpay-remark-heading-ids gives the headings: a custom {#id}, or a GitHub slug. */
function headingIds(markdown: string): string[] {
  const slugger = new GithubSlugger();
  return headingsOf(markdown).map(({ text }) => /\{#([\w-]+)\}$/.exec(text)?.[1] ?? slugger.slug(text));
}
/** Prose only: no frontmatter, code blocks, math or link targets. */
const proseOf = (markdown: string) =>
  bodyOf(markdown)
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\$\$[\s\S]*?\$\$/g, '')
    .replace(/\$[^$\n]+\$/g, '')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{#[\w-]+\}|\{\{product\}\}|SKU-[\d-]+|:[a-z_]+:/g, '');

describe('benchMarkdown', () => {
  const english = benchMarkdown(3, 'en');
  const bulgarian = benchMarkdown(3, 'bg');

  it('writes frontmatter that passes the checks content files go through', () => {
    for (const markdown of [english, bulgarian]) {
      const result = checkBenchFile('bench/en/page-003.md', 'en/page-003.md', frontmatterOf(markdown));
      expect(result).toEqual({ language: 'en', name: 'page-003' });
    }
    expect(frontmatterOf(english).title).toBe('Partial deliveries (benchmark page 003)');
    expect(frontmatterOf(bulgarian).title).toBe('Частични доставки (тестова страница 003)');
  });

  it("is shaped like the site's markdown: headings with and without {#id}, lists, a table, code, math, emoji, {{product}}", () => {
    for (const markdown of [english, bulgarian]) {
      expect(headingsOf(markdown).filter((h) => h.text.includes('{#'))).toHaveLength(6);
      expect(headingsOf(markdown).filter((h) => !h.text.includes('{#')).length).toBeGreaterThanOrEqual(3);
      expect(markdown).toMatch(/^- .+;$/m);
      expect(markdown).toMatch(/^1\. /m);
      expect(markdown).toMatch(/^\| --- \| --- \| ---: \| ---: \|$/m);
      expect(markdown).toMatch(/^```(json|bash)\n[\s\S]+?\n```$/m);
      expect(markdown).toMatch(/\$T = \\sum_\{i=1\}\^\{n\} q_i \\cdot p_i\$/);
      expect(markdown).toContain('{{product}}');
      expect(markdown).toMatch(/\]\(\/(bg\/)?(pricing|docs|contact)\//);
    }
    // Page 3 has display math too; page 4 does not.
    expect(english).toMatch(/^\$\$$/m);
    expect(benchMarkdown(4, 'en')).not.toMatch(/^\$\$$/m);
  });

  it('uses only emoji shortcodes the emoji plugin knows', () => {
    const shortcodes = [...bodyOf(english).replace(/```[\s\S]*?```/g, '').matchAll(/:[a-z_]+:/g)].map((m) => m[0]);
    expect(shortcodes.length).toBeGreaterThanOrEqual(3);
    for (const shortcode of shortcodes) expect(emojify(shortcode)).not.toBe(shortcode);
  });

  it('has no mermaid diagrams, which would need a browser per diagram', () => {
    for (let index = 1; index <= 30; index += 1) {
      expect(benchMarkdown(index, 'en')).not.toContain('```mermaid');
      expect(benchMarkdown(index, 'bg')).not.toContain('```mermaid');
    }
  });

  it('gives every heading of a page a different id', () => {
    for (let index = 1; index <= 50; index += 1) {
      for (const language of ['en', 'bg'] as const) {
        const ids = headingIds(benchMarkdown(index, language));
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });

  it('writes Bulgarian prose in Cyrillic and English prose without it', () => {
    const cyrillic = (text: string) => (text.match(/[\u0400-\u04FF]/g) ?? []).length;
    const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;
    expect(cyrillic(proseOf(bulgarian)) / letters(proseOf(bulgarian))).toBeGreaterThan(0.9);
    expect(cyrillic(english)).toBe(0);
  });

  it('is deterministic, and page n is the same page in both languages', () => {
    expect(benchMarkdown(3, 'bg')).toBe(bulgarian);
    expect(headingsOf(english).map((h) => h.depth)).toEqual(headingsOf(bulgarian).map((h) => h.depth));
    expect(english.split('\n')).toHaveLength(bulgarian.split('\n').length);
    expect(benchMarkdown(4, 'en')).not.toBe(english);
  });

  it('is a page of a realistic size', () => {
    expect(Buffer.byteLength(english)).toBeGreaterThan(2500);
    expect(Buffer.byteLength(bulgarian)).toBeGreaterThan(4000);
  });
});

describe('benchMarkdownFiles', () => {
  it('splits the pages evenly between English and Bulgarian, numbered from 001 in each', () => {
    const files = benchMarkdownFiles(EXTRA_PAGES);
    expect(files).toHaveLength(500);
    expect(files.filter((f) => f.language === 'en')).toHaveLength(250);
    expect(files.filter((f) => f.language === 'bg')).toHaveLength(250);
    expect(files[0]).toMatchObject({ relativePath: 'en/page-001.md', language: 'en', name: 'page-001' });
    expect(files[249].relativePath).toBe('en/page-250.md');
    expect(files[250].relativePath).toBe('bg/page-001.md');
    expect(new Set(files.map((f) => f.relativePath)).size).toBe(500);
    expect(files[250].content).toBe(benchMarkdown(1, 'bg'));
  });

  it('gives an odd page to English and widens the numbers past 999', () => {
    expect(benchMarkdownFiles(3).map((f) => f.relativePath)).toEqual(['en/page-001.md', 'en/page-002.md', 'bg/page-001.md']);
    expect(benchMarkdownFiles(0)).toEqual([]);
    const many = benchMarkdownFiles(2000);
    expect(many[0].name).toBe('page-0001');
    expect(many[999].name).toBe('page-1000');
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => benchMarkdownFiles(-1)).toThrow(/whole number/);
    expect(() => benchMarkdownFiles(2.5)).toThrow(/whole number/);
  });

  it('names pages with at least three digits', () => {
    expect(benchPageName(7)).toBe('page-007');
    expect(benchPageName(42, 4)).toBe('page-0042');
  });
});

describe('units', () => {
  it('writes bytes as KiB and milliseconds as seconds, one decimal', () => {
    expect(kib(0)).toBe('0.0 KiB');
    expect(kib(110_694)).toBe('108.1 KiB');
    expect(seconds(52_340)).toBe('52.3 s');
  });
});

describe('growthCost', () => {
  it('is the extra build time in total and per generated page', () => {
    expect(growthCost(100_000, 150_000, 500)).toEqual({ differenceMs: 50_000, perPageMs: 100 });
  });

  it('shows noise as it is: a faster grown build gives a negative cost', () => {
    expect(growthCost(100_000, 99_000, 500)).toEqual({ differenceMs: -1000, perPageMs: -2 });
  });

  it('refuses a number of pages it cannot divide by', () => {
    expect(() => growthCost(1, 2, 0)).toThrow(/positive whole number/);
    expect(() => growthCost(1, 2, 1.5)).toThrow(/positive whole number/);
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
  it('shows cold, warm and grown build times, what the pages added, and the cost per page', () => {
    const table = buildTable({
      cold: { ms: 100_000, htmlFiles: 28 },
      warm: { ms: 40_000, htmlFiles: 28 },
      grown: { ms: 150_500, htmlFiles: 528, extraPages: 500 },
    });
    const lines = table.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(lines).toEqual([
      ['build (wall clock)', 'time', 'HTML files'],
      ['cold: gatsby build right after gatsby clean', '100.0 s', '28'],
      ['warm: gatsby build again, with the cache', '40.0 s', '28'],
      ['cold with 500 generated markdown pages', '150.5 s', '528'],
      ['difference to the cold build', '+50.5 s', '+500'],
      ['per generated page', '+101.0 ms'],
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

describe('grownBuildProblems', () => {
  const files = benchMarkdownFiles(4);

  it('is happy when every generated file became its page and nothing else appeared', () => {
    const built = new Set(['/bench/page-001/', '/bench/page-002/', '/bg/bench/page-001/', '/bg/bench/page-002/']);
    expect(grownBuildProblems({ files, htmlFilesBefore: 28, htmlFilesAfter: 32, exists: (p) => built.has(p) })).toEqual([]);
  });

  it('names pages that were not built, and a count that does not add up', () => {
    const built = new Set(['/bench/page-001/', '/bench/page-002/']);
    expect(grownBuildProblems({ files, htmlFilesBefore: 28, htmlFilesAfter: 30, exists: (p) => built.has(p) })).toEqual([
      '2 generated pages were not built, e.g. /bg/bench/page-001/, /bg/bench/page-002/',
      'expected 4 more HTML files than the cold build (28), found 2',
    ]);
  });
});

/** @jest-environment node */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LighthouseRun } from '../../scripts/lighthouse';
import { lcpBreakdown, summarizeLhr } from '../../scripts/lighthouse';
import { dominantPhase, lcpRatio, paintGoalLine, paintTable, referenceTable, stripScripts, writeScriptFreeCopy } from '../../scripts/scriptFree';

describe('stripScripts', () => {
  it('removes every script element, inline, external and JSON-LD, and nothing else', () => {
    const html =
      '<head><script>document.documentElement.classList.add("js")</script><script type="application/ld+json">{"a":"<b>"}</script>' +
      '<link rel="stylesheet" href="/a.css"/></head><body><main><p>Текст</p></main><script src="/app.js" async></script>' +
      '<SCRIPT id="x">\nwindow.pagePath="/";\n</SCRIPT ></body>';
    expect(stripScripts(html)).toBe('<head><link rel="stylesheet" href="/a.css"/></head><body><main><p>Текст</p></main></body>');
  });

  it("removes the scripts' preloads too, and leaves other preloads and links", () => {
    const html =
      '<head><link rel="preload" as="script" href="/app.js" fetchpriority="low"/><link rel=modulepreload href="/m.js">' +
      '<link rel="preload" as="image" href="/hero.svg"/><link rel="stylesheet" href="/a.css"/></head>';
    expect(stripScripts(html)).toBe('<head><link rel="preload" as="image" href="/hero.svg"/><link rel="stylesheet" href="/a.css"/></head>');
  });

  it('leaves a page without scripts as it is', () => {
    expect(stripScripts('<p>no scripts</p>')).toBe('<p>no scripts</p>');
  });
});

describe('writeScriptFreeCopy', () => {
  it('copies public/ with script-free pages and fresh compressed copies, and removes the copy when done', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'public-'));
    try {
      mkdirSync(path.join(dir, 'bg'));
      const page = `<p>${'страница '.repeat(200)}</p><script>${'x;'.repeat(500)}</script>`;
      writeFileSync(path.join(dir, 'bg', 'index.html'), page);
      writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
      const copy = await writeScriptFreeCopy(dir);
      expect(readFileSync(path.join(copy.dir, 'bg', 'index.html'), 'utf8')).toBe(stripScripts(page));
      expect(readFileSync(path.join(dir, 'bg', 'index.html'), 'utf8')).toBe(page);
      expect(existsSync(path.join(copy.dir, 'bg', 'index.html.br'))).toBe(true);
      expect(readFileSync(path.join(copy.dir, 'app.js'), 'utf8')).toBe('console.log(1)');
      copy.dispose();
      expect(existsSync(copy.dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const run = (lcp: number, extra: Partial<LighthouseRun> = {}): LighthouseRun => ({
  url: 'http://x/',
  scores: { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 },
  largestContentfulPaintMs: lcp,
  totalBlockingTimeMs: 100,
  cumulativeLayoutShift: 0,
  firstContentfulPaintMs: 700,
  lcpElement: 'img.hero',
  lcpPhases: { TTFB: 300, 'Load Delay': 100, 'Load Time': 140, 'Render Delay': 500 },
  cpuSlowdown: 4,
  hostBenchmarkIndex: 2600,
  ...extra,
});

describe('the paint comparison', () => {
  const rows = [
    { page: '/', real: run(1786), scriptFree: run(910, { totalBlockingTimeMs: 0, lcpPhases: {} }) },
    { page: '/bg/', real: run(1100), scriptFree: run(1000) },
  ];

  it('gives each page its ratio, and the longest phase of its largest paint with its share', () => {
    expect(lcpRatio(rows[0])).toBeCloseTo(1.963, 3);
    expect(dominantPhase(rows[0].real.lcpPhases)).toBe('Render Delay 48%');
    expect(dominantPhase({})).toBe('–');
    const [header, first] = paintTable(rows).split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['page', 'LCP', 'LCP no JS', 'ratio', 'FCP', 'FCP no JS', 'TBT', 'TBT no JS', 'LCP element', 'longest phase']);
    expect(first.split(/\s{2,}/)).toEqual(['/', '1786 ms', '910 ms', '1.96', '700 ms', '700 ms', '100 ms', '0 ms', 'img.hero', 'Render Delay 48%']);
  });

  it('counts the pages within 1.25 times their copy', () => {
    expect(paintGoalLine(rows)).toBe("Goal: LCP at most 1.25x the script-free copy's on 1 of 2 pages");
  });

  const references = { emptyGatsby: run(1210, { lcpElement: 'main > p', totalBlockingTimeMs: 117 }), plainHtml: run(766, { totalBlockingTimeMs: 0, lcpElement: 'p' }) };

  it('with the references, sets each page against the empty Gatsby page too', () => {
    const [header, first, second] = paintTable(rows, references).split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['page', 'LCP', 'LCP no JS', 'ratio', '/ empty Gatsby', 'FCP', 'FCP no JS', 'TBT', 'TBT no JS', 'LCP element', 'longest phase']);
    expect(first.split(/\s{2,}/).slice(0, 5)).toEqual(['/', '1786 ms', '910 ms', '1.96', '1.48']);
    expect(second.split(/\s{2,}/).slice(0, 5)).toEqual(['/bg/', '1100 ms', '1000 ms', '1.10', '0.91']);
  });

  it('counts the pages no slower than the empty Gatsby page', () => {
    expect(paintGoalLine(rows, references)).toBe(
      "Goal: LCP at most 1.25x the script-free copy's on 1 of 2 pages; no slower than the empty Gatsby page (1210 ms) on 1 of 2",
    );
  });

  it('lists the references with their paints and what they painted', () => {
    const lines = referenceTable(references).split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['reference', 'LCP', 'FCP', 'TBT', 'LCP element']);
    expect(lines[1].split(/\s{2,}/)).toEqual(['plain HTML page (the empty Gatsby page, script-free)', '766 ms', '700 ms', '0 ms', 'p']);
    expect(lines[2].split(/\s{2,}/)).toEqual(['empty Gatsby 5 page (bench/empty-gatsby/)', '1210 ms', '700 ms', '117 ms', 'p']);
  });
});

describe('lcpBreakdown', () => {
  it("reads the element and the phases from Lighthouse's largest-contentful-paint-element audit", () => {
    const lhr = {
      categories: {},
      audits: {
        'largest-contentful-paint-element': {
          details: {
            type: 'list',
            items: [
              { type: 'table', items: [{ node: { selector: 'div.hero > img', nodeLabel: 'Dashboard' } }] },
              {
                type: 'table',
                items: [
                  { phase: 'TTFB', timing: 600 },
                  { phase: 'Load Delay', timing: 20 },
                  { phase: 'Render Delay', timing: 1100 },
                ],
              },
            ],
          },
        },
        'first-contentful-paint': { numericValue: 900 },
      },
    };
    expect(lcpBreakdown(lhr)).toEqual({ element: 'div.hero > img', phases: { TTFB: 600, 'Load Delay': 20, 'Render Delay': 1100 } });
    expect(summarizeLhr(lhr)).toMatchObject({ firstContentfulPaintMs: 900, lcpElement: 'div.hero > img' });
    expect(lcpBreakdown({ categories: {}, audits: {} })).toEqual({ element: '', phases: {} });
  });
});

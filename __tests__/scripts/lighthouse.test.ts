import {
  BUDGET,
  RUNS_FOR_A_MISS,
  TOTAL_BLOCKING_TIME_TARGET_MS,
  describeMisses,
  expectedFailures,
  formatRuns,
  lhciConfig,
  median,
  medianByUrl,
  pageAssertions,
  pageUrl,
  runsInOrder,
  summarizeLhr,
  type LighthouseRun,
} from '../../scripts/lighthouse';
import { getAllAssertionResults } from '@lhci/utils/src/assertions.js';
import { sitePages, type SitePage } from '../../scripts/sitePages';
import { LANGUAGES, localizedPath, type Language } from '../../src/lib/languages';
import { ROUTES } from '../../src/lib/routes';

const page = (route: string, language: Language = 'en'): SitePage => {
  const found = sitePages().find((p) => p.route === route && p.language === language);
  if (!found) throw new Error(`no page ${route} ${language}`);
  return found;
};

describe('sitePages', () => {
  it('lists every route and the not-found page in every language, English unprefixed', () => {
    expect(sitePages()).toHaveLength(LANGUAGES.length * (ROUTES.length + 1));
    expect(sitePages().map((p) => p.path)).toEqual(expect.arrayContaining([
      '/',
      '/docs/',
      '/blog/',
      '/pricing/',
      '/contact/',
      '/privacy-policy/',
      '/404/',
      '/bg/',
      '/bg/docs/',
      '/bg/blog/',
      '/bg/pricing/',
      '/bg/contact/',
      '/bg/privacy-policy/',
      '/bg/404/',
    ]));
    expect(sitePages().filter((p) => p.notFound).map((p) => p.path)).toEqual(LANGUAGES.map((language) => localizedPath(language, '/404/', false)));
  });
});

describe('pageAssertions', () => {
  it('holds an ordinary page to every category score, zero layout shift and the blocking-time gate', () => {
    expect(pageAssertions(page('/pricing/', 'bg'))).toEqual({
      'categories:performance': ['error', { minScore: 0.95 }],
      'categories:accessibility': ['error', { minScore: 1 }],
      'categories:best-practices': ['error', { minScore: 1 }],
      'categories:seo': ['error', { minScore: 1 }],
      'cumulative-layout-shift': ['error', { maxNumericValue: 0 }],
      'total-blocking-time': ['error', { maxNumericValue: BUDGET.maxTotalBlockingTimeMs }],
    });
    expect(BUDGET.maxTotalBlockingTimeMs).toBe(300);
    expect(TOTAL_BLOCKING_TIME_TARGET_MS).toBe(50);
  });

  it('checks the not-found page SEO audit by audit, except the noindex it asks for', () => {
    const assertions = pageAssertions(page('404', 'bg'));
    expect(assertions['categories:seo']).toBeUndefined();
    expect(assertions['is-crawlable']).toBeUndefined();
    for (const audit of ['document-title', 'meta-description', 'http-status-code', 'link-text', 'crawlable-anchors', 'hreflang', 'canonical']) {
      expect(assertions[audit]).toEqual(['error', { minScore: 1 }]);
    }
    expect(assertions['categories:performance']).toEqual(['error', { minScore: 0.95 }]);
    expect(assertions['categories:best-practices']).toEqual(['error', { minScore: 1 }]);
  });

  it('lets /blog/ name the home page canonical and holds it to every other SEO audit', () => {
    const assertions = pageAssertions(page('/blog/'));
    expect(assertions.canonical).toBeUndefined();
    expect(assertions['is-crawlable']).toEqual(['error', { minScore: 1 }]);
    expect(assertions['categories:seo']).toBeUndefined();
    expect(expectedFailures(page('/blog/')).seo?.why).toMatch(/canonical/);
  });

  it('makes no exception for any other page', () => {
    const exempt = sitePages().filter((p) => Object.keys(expectedFailures(p)).length > 0);
    expect(exempt.map((p) => p.path)).toEqual(LANGUAGES.flatMap((language) => ['/blog/', '/404/'].map((route) => localizedPath(language, route, false))));
  });
});

describe('lhciConfig', () => {
  const config = lhciConfig({ siteUrl: 'http://127.0.0.1:4000/', chromePath: '/usr/bin/chromium', runs: 3 });

  it('collects every page the given number of times in headless Chromium without background networking', () => {
    expect(config.ci.collect.url[0]).toBe('http://127.0.0.1:4000/');
    expect(config.ci.collect.url).toContain('http://127.0.0.1:4000/bg/privacy-policy/');
    expect(config.ci.collect.url).toHaveLength(sitePages().length);
    expect(config.ci.collect.numberOfRuns).toBe(3);
    expect(config.ci.collect.chromePath).toBe('/usr/bin/chromium');
    expect(config.ci.collect.settings.chromeFlags.split(' ')).toEqual(
      expect.arrayContaining(['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']),
    );
  });

  it("uses Lighthouse's 4x CPU slowdown unless given the one fitted to the host", () => {
    expect(config.ci.collect.settings.throttling).toEqual({ cpuSlowdownMultiplier: 4 });
    const fitted = lhciConfig({ siteUrl: 'http://127.0.0.1:4000/', chromePath: '/usr/bin/chromium', runs: 1, cpuSlowdown: 1.7 });
    expect(fitted.ci.collect.settings.throttling).toEqual({ cpuSlowdownMultiplier: 1.7 });
  });

  it('matches each assertion set to exactly one URL', () => {
    for (const url of config.ci.collect.url) {
      const matching = config.ci.assert.assertMatrix.filter((entry) => new RegExp(entry.matchingUrlPattern).test(url));
      expect(matching).toHaveLength(1);
    }
    expect(new RegExp(config.ci.assert.assertMatrix[0].matchingUrlPattern).test('http://127.0.0.1:4000/docs/')).toBe(false);
  });
});

describe('results', () => {
  const lhr = (url: string, performance: number, tbt: number) => ({
    requestedUrl: url,
    categories: { performance: { score: performance }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: null } },
    audits: {
      'largest-contentful-paint': { numericValue: 1200 + tbt },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0 },
    },
  });

  it('summarises a report', () => {
    expect(summarizeLhr(lhr('http://x/', 0.99, 20))).toEqual({
      url: 'http://x/',
      scores: { performance: 0.99, accessibility: 1, 'best-practices': 1, seo: null },
      largestContentfulPaintMs: 1220,
      totalBlockingTimeMs: 20,
      cumulativeLayoutShift: 0,
      cpuSlowdown: Number.NaN,
      hostBenchmarkIndex: Number.NaN,
    });
  });

  it('keeps the CPU slowdown a run used and the host speed Lighthouse measured', () => {
    const run = summarizeLhr({ ...lhr('http://x/', 1, 0), configSettings: { throttling: { cpuSlowdownMultiplier: 2.1 } }, environment: { benchmarkIndex: 1312.5 } });
    expect([run.cpuSlowdown, run.hostBenchmarkIndex]).toEqual([2.1, 1312.5]);
    expect(formatRuns([run], 'http://x/').split('\n')[1]).toMatch(/\s2\.1x\s+1313$/);
  });

  it('takes medians per URL in the order given', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
    const runs: LighthouseRun[] = [lhr('http://x/a', 0.9, 30), lhr('http://x/b', 1, 0), lhr('http://x/a', 1, 10), lhr('http://x/a', 0.95, 20)].map(summarizeLhr);
    const medians = medianByUrl(runs, ['http://x/b', 'http://x/a', 'http://x/missing']);
    expect(medians.map((m) => [m.url, m.scores.performance, m.totalBlockingTimeMs, m.scores.seo])).toEqual([
      ['http://x/b', 1, 0, null],
      ['http://x/a', 0.95, 20, null],
    ]);
  });

  it('prints one aligned line per page with scores out of 100', () => {
    const text = formatRuns([summarizeLhr(lhr('http://x/bg/docs/', 0.987, 12.4))], 'http://x/');
    const [header, row] = text.split('\n');
    expect(header).toMatch(/^page\s+perf\s+a11y\s+best\s+seo\s+LCP\s+TBT\s+CLS\s+CPU\s+host$/);
    expect(row).toMatch(/^\/bg\/docs\/\s+99\s+100\s+100\s+–\s+1212 ms\s+12 ms\s+0\.000\s+–\s+–$/);
    expect(pageUrl('http://x/', page('/docs/', 'bg'))).toBe('http://x/bg/docs/');
  });
});

describe('a page judged on several runs', () => {
  const siteUrl = 'http://127.0.0.1:4000/';
  const config = lhciConfig({ siteUrl, chromePath: '/usr/bin/chromium', runs: 1, pages: [page('/contact/', 'bg'), page('/')] });
  const contact = 'http://127.0.0.1:4000/bg/contact/';
  const home = 'http://127.0.0.1:4000/';
  // The parts of a Lighthouse report that lhci's assertion engine reads.
  const report = (url: string, { tbt = 120, performance = 0.98, cls = 0 } = {}) => ({
    finalUrl: url,
    categories: {
      performance: { id: 'performance', score: performance },
      accessibility: { id: 'accessibility', score: 1 },
      'best-practices': { id: 'best-practices', score: 1 },
      seo: { id: 'seo', score: 1 },
    },
    audits: {
      'total-blocking-time': { id: 'total-blocking-time', score: 0.9, numericValue: tbt },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', score: 1, numericValue: cls },
    },
  });
  const misses = (reports: unknown[]) => getAllAssertionResults(config.ci.assert, reports).filter((result) => !result.passed);

  it('asks lhci to judge every page on the median of its runs', () => {
    expect(config.ci.assert.assertMatrix.map((entry) => entry.aggregationMethod)).toEqual(['median', 'median']);
    expect(RUNS_FOR_A_MISS).toBe(3);
  });

  it('lets one slow run pass when the other two are within budget', () => {
    const slowOnce = [report(contact, { tbt: 430, performance: 0.9 }), report(contact, { tbt: 150 }), report(contact, { tbt: 140 }), report(home)];
    expect(misses(slowOnce)).toEqual([]);
  });

  it('fails a real regression, which misses in every run, and names what it missed', () => {
    const regressed = [
      report(contact, { tbt: 1_591, performance: 0.8 }),
      report(contact, { tbt: 1_887, performance: 0.78 }),
      report(contact, { tbt: 1_700, performance: 0.79 }),
      report(home, { cls: 0.0107 }),
    ];
    const found = misses(regressed);
    expect(found.map((miss) => [miss.url, miss.auditId, miss.actual])).toEqual(
      expect.arrayContaining([
        [contact, 'total-blocking-time', 1_700],
        [contact, 'categories', 0.79],
        [home, 'cumulative-layout-shift', 0.0107],
      ]),
    );
    expect(describeMisses(found, contact)).toEqual(
      expect.arrayContaining(['total-blocking-time 1591, 1887, 1700 (maxNumericValue 300)', 'categories.performance 0.8, 0.78, 0.79 (minScore 0.95)']),
    );
    expect(describeMisses(found, 'http://127.0.0.1:4000/docs/')).toEqual([]);
  });

  it('lists the runs of the pages that needed more, page by page', () => {
    const runs = [report(contact, { tbt: 430 }), report(home), report(contact, { tbt: 150 })].map((lhr) => summarizeLhr({ ...lhr, requestedUrl: lhr.finalUrl }));
    expect(runsInOrder(runs, [contact]).map((run) => [run.url, run.totalBlockingTimeMs])).toEqual([
      [contact, 430],
      [contact, 150],
    ]);
  });
});

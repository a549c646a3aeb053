import {
  BUDGET,
  RUNS_FOR_A_MISS,
  TARGETS,
  TOTAL_BLOCKING_TIME_TARGET_MS,
  describeMisses,
  describeTargets,
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
import { hasMath, sitePages, type BlogSource, type SitePage } from '../../scripts/sitePages';
import { LANGUAGES, localizedPath, type Language } from '../../src/lib/languages';
import { ROUTES } from '../../src/lib/routes';

/** One post in each language but the last, which has none. */
const POSTS: BlogSource[] = LANGUAGES.slice(0, -1).flatMap((language) => [
  { slug: 'short', language, title: 'Short', date: '2026-01-01', bytes: 100, math: false },
  { slug: 'long-with-math', language, title: 'Long', date: '2026-01-02', bytes: 900, math: true },
]);
const NO_POSTS_IN = LANGUAGES[LANGUAGES.length - 1];

const page = (route: string, language: Language = 'en', posts: readonly BlogSource[] = POSTS): SitePage => {
  const found = sitePages(posts).find((p) => p.route === route && p.language === language);
  if (!found) throw new Error(`no page ${route} ${language}`);
  return found;
};

describe('sitePages', () => {
  it('lists every route and the not-found page in every language, English unprefixed', () => {
    expect(sitePages([])).toHaveLength(LANGUAGES.length * (ROUTES.length + 1));
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

  it("adds each language's longest post, after every route", () => {
    const pages = sitePages(POSTS);
    expect(pages.slice(LANGUAGES.length * (ROUTES.length + 1))).toEqual(
      LANGUAGES.slice(0, -1).map((language) => ({
        route: '/blog/long-with-math/',
        language,
        path: localizedPath(language, '/blog/long-with-math/', false),
        notFound: false,
        math: true,
        showsHome: false,
      })),
    );
  });

  it('reads the published posts of content/blog/: every language has one', () => {
    const pages = sitePages();
    for (const language of LANGUAGES) expect(pages.filter((p) => p.language === language && /^\/blog\/.+/.test(p.route))).toHaveLength(1);
  });

  it('tells math from prices', () => {
    expect(hasMath('$$\nR = d \\times L\n$$')).toBe(true);
    expect(hasMath('at $P_{\\text{month}}$ a month')).toBe(true);
    expect(hasMath('costs $5 and $6 today')).toBe(false);
    expect(hasMath('no math here')).toBe(false);
  });
});

describe('pageAssertions', () => {
  it('holds an ordinary page to what the build decides, and its timings to the line of poor on its best run', () => {
    const best = { aggregationMethod: 'optimistic' };
    expect(pageAssertions(page('/pricing/', 'bg'))).toEqual({
      'categories:accessibility': ['error', { minScore: 1 }],
      'categories:best-practices': ['error', { minScore: 1 }],
      'categories:seo': ['error', { minScore: 1 }],
      'cumulative-layout-shift': ['error', { maxNumericValue: 0 }],
      'resource-summary:script:size': ['error', { maxNumericValue: 135 * 1024 }],
      'resource-summary:total:size': ['error', { maxNumericValue: 240 * 1024 }],
      'render-blocking-resources': ['error', { maxLength: 0 }],
      'uses-text-compression': ['error', { maxLength: 0 }],
      'uses-long-cache-ttl': ['error', { maxLength: 0 }],
      'unsized-images': ['error', { maxLength: 0 }],
      'unminified-javascript': ['error', { maxLength: 0 }],
      'unminified-css': ['error', { maxLength: 0 }],
      'lcp-lazy-loaded': ['error', { minScore: 1 }],
      'total-blocking-time': ['error', { maxNumericValue: 1200, ...best }],
      'categories:performance': ['error', { minScore: 0.5, ...best }],
    });
    expect(TARGETS).toEqual({ performance: 0.95, totalBlockingTimeMs: 300 });
    expect(TOTAL_BLOCKING_TIME_TARGET_MS).toBe(50);
  });

  it('checks the not-found page SEO audit by audit, except the noindex it asks for', () => {
    const assertions = pageAssertions(page('404', 'bg'));
    expect(assertions['categories:seo']).toBeUndefined();
    expect(assertions['is-crawlable']).toBeUndefined();
    for (const audit of ['document-title', 'meta-description', 'http-status-code', 'link-text', 'crawlable-anchors', 'hreflang', 'canonical']) {
      expect(assertions[audit]).toEqual(['error', { minScore: 1 }]);
    }
    expect(assertions['categories:performance']).toEqual(['error', { minScore: 0.5, aggregationMethod: 'optimistic' }]);
    expect(assertions['categories:best-practices']).toEqual(['error', { minScore: 1 }]);
  });

  it('lets /blog/ of a language without posts name the home page canonical and holds it to every other SEO audit', () => {
    const assertions = pageAssertions(page('/blog/', NO_POSTS_IN));
    expect(assertions.canonical).toBeUndefined();
    expect(assertions['is-crawlable']).toEqual(['error', { minScore: 1 }]);
    expect(assertions['categories:seo']).toBeUndefined();
    expect(expectedFailures(page('/blog/', NO_POSTS_IN)).seo?.why).toMatch(/canonical/);
    expect(pageAssertions(page('/blog/', 'en'))['categories:seo']).toEqual(['error', { minScore: 1 }]);
  });

  it("lets the pages with math block their first paint on KaTeX's stylesheet, and nothing else", () => {
    for (const language of LANGUAGES) {
      expect(pageAssertions(page('/docs/', language))['render-blocking-resources']).toEqual(['error', { maxLength: 1 }]);
      expect(expectedFailures(page('/docs/', language)).renderBlocking?.why).toMatch(/KaTeX/);
    }
    expect(pageAssertions(page('/blog/long-with-math/'))['render-blocking-resources']).toEqual(['error', { maxLength: 1 }]);
  });

  it('makes no exception for any other page', () => {
    const exempt = sitePages(POSTS).filter((p) => Object.keys(expectedFailures(p)).length > 0);
    expect(exempt.map((p) => p.path).sort()).toEqual(
      [
        ...LANGUAGES.flatMap((language) => ['/404/', '/docs/'].map((route) => localizedPath(language, route, false))),
        localizedPath(NO_POSTS_IN, '/blog/', false),
        ...LANGUAGES.slice(0, -1).map((language) => localizedPath(language, '/blog/long-with-math/', false)),
      ].sort(),
    );
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

  it("starts each run on a page of the site's own (not a file: files are sandboxed), so that the pages' opener policy moves no page into a new process", () => {
    expect(config.ci.collect.settings.blankPage).toBe('http://127.0.0.1:4000/404.html');
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
      firstContentfulPaintMs: Number.NaN,
      lcpElement: '',
      lcpPhases: {},
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
  const report = (url: string, { tbt = 120, performance = 0.98, cls = 0, scriptBytes = 116_000, blocking = [] as { url: string }[] } = {}) => ({
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
      'resource-summary': {
        id: 'resource-summary',
        score: null,
        details: { items: [{ resourceType: 'total', transferSize: scriptBytes + 27_000 }, { resourceType: 'script', transferSize: scriptBytes }] },
      },
      ...Object.fromEntries(BUDGET.nothingFound.map((id) => [id, { id, score: 1, details: { items: id === 'render-blocking-resources' ? blocking : [] } }])),
      'lcp-lazy-loaded': { id: 'lcp-lazy-loaded', score: 1 },
    },
  });
  const misses = (reports: unknown[]) => getAllAssertionResults(config.ci.assert, reports).filter((result) => !result.passed);

  it('asks lhci to judge every page on the median of its runs, its timings on the best', () => {
    expect(config.ci.assert.assertMatrix.map((entry) => entry.aggregationMethod)).toEqual(['median', 'median']);
    expect(RUNS_FOR_A_MISS).toBe(3);
    expect(misses([report(contact), report(home)])).toEqual([]);
  });

  it('passes the runs of an unchanged build on a slow, busy machine (2026-11-25)', () => {
    const busy = [
      report(contact, { tbt: 1_006, performance: 0.77 }),
      report(contact, { tbt: 716, performance: 0.81 }),
      report(contact, { tbt: 803, performance: 0.81 }),
      report(home, { tbt: 955, performance: 0.66 }),
    ];
    expect(misses(busy)).toEqual([]);
  });

  it('fails a real regression, which misses in every run, and names what it missed', () => {
    const regressed = [
      report(contact, { tbt: 1_591, performance: 0.45 }),
      report(contact, { tbt: 1_887, performance: 0.41 }),
      report(contact, { tbt: 1_700, performance: 0.43 }),
      report(home, { cls: 0.0107 }),
    ];
    const found = misses(regressed);
    expect(found.map((miss) => [miss.url, miss.auditId, miss.actual])).toEqual(
      expect.arrayContaining([
        [contact, 'total-blocking-time', 1_591],
        [contact, 'categories', 0.45],
        [home, 'cumulative-layout-shift', 0.0107],
      ]),
    );
    expect(describeMisses(found, contact)).toEqual(
      expect.arrayContaining(['total-blocking-time 1591, 1887, 1700 (maxNumericValue 1200)', 'categories.performance 0.45, 0.41, 0.43 (minScore 0.5)']),
    );
    expect(describeMisses(found, 'http://127.0.0.1:4000/docs/')).toEqual([]);
  });

  it('fails what the build decides on any machine: a render-blocking file, a heavier script', () => {
    const stylesheet = { url: 'http://127.0.0.1:4000/katex.css' };
    const found = misses([report(contact, { blocking: [stylesheet] }), report(home, { scriptBytes: 140 * 1024 })]);
    expect(found.map((miss) => [miss.url, miss.auditId, miss.auditProperty ?? null, miss.actual])).toEqual([
      [contact, 'render-blocking-resources', null, 1],
      [home, 'resource-summary', 'script.size', 140 * 1024],
    ]);
  });

  it('reports the pages short of the targets without failing them', () => {
    const runs = [report(contact, { tbt: 320, performance: 0.97 }), report(home, { tbt: 120, performance: 0.93 })].map((lhr) =>
      summarizeLhr({ ...lhr, requestedUrl: lhr.finalUrl, environment: { benchmarkIndex: 1754.2 } }),
    );
    expect(describeTargets(runs, siteUrl)).toEqual([
      '  /bg/contact/: performance 97, blocking time 320 ms, on a host of BenchmarkIndex 1754',
      '  /: performance 93, blocking time 120 ms, on a host of BenchmarkIndex 1754',
    ]);
    expect(describeTargets([summarizeLhr({ ...report(home), requestedUrl: home })], siteUrl)).toEqual([]);
  });

  it('lists the runs of the pages that needed more, page by page', () => {
    const runs = [report(contact, { tbt: 430 }), report(home), report(contact, { tbt: 150 })].map((lhr) => summarizeLhr({ ...lhr, requestedUrl: lhr.finalUrl }));
    expect(runsInOrder(runs, [contact]).map((run) => [run.url, run.totalBlockingTimeMs])).toEqual([
      [contact, 430],
      [contact, 150],
    ]);
  });
});

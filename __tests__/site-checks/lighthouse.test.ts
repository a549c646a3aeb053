/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import rc from '../../lighthouserc.json';
import { lhciConfig, pageAssertions, pageUrl, startPage } from '../../e2e/checks/lighthouse';
import { sitePages, type BlogSource, type SitePage } from '../../e2e/checks/sitePages';
import { LANGUAGES, localizedPath, type Language } from '../../features/site/languages';

/** One post in each language but the last, which has none. */
const POSTS: BlogSource[] = LANGUAGES.slice(0, -1).flatMap((language) => [
  { slug: 'short', language, title: 'Short', date: '2026-01-01', bytes: 100, math: false },
  { slug: 'long-with-math', language, title: 'Long', date: '2026-01-02', bytes: 900, math: true },
]);
const NO_POSTS_IN = LANGUAGES[LANGUAGES.length - 1];
const PAGES = sitePages(POSTS);
const page = (route: string, language: Language = 'en'): SitePage => {
  const found = PAGES.find((p) => p.route === route && p.language === language);
  if (!found) throw new Error(`no page ${route} ${language}`);
  return found;
};
const EVERY_PAGE = rc.ci.assert.assertions;
const SITE = 'http://127.0.0.1:4000/';

describe('pageAssertions', () => {
  it('holds an ordinary page to every budget of lighthouserc.json, and no timing', () => {
    expect(pageAssertions(page('/pricing/', 'bg'))).toEqual(EVERY_PAGE);
    expect(EVERY_PAGE).toMatchObject({
      'categories:accessibility': ['error', { minScore: 1 }],
      'resource-summary:script:size': ['error', { maxNumericValue: 135 * 1024 }],
      'resource-summary:total:size': ['error', { maxNumericValue: 240 * 1024 }],
      'cumulative-layout-shift': ['error', { maxNumericValue: 0 }],
    });
    expect(Object.keys(EVERY_PAGE).filter((id) => /performance|blocking-time|paint|interactive/.test(id))).toEqual([]);
  });

  it("lets the pages with math block their first paint on KaTeX's stylesheet, and nothing else", () => {
    for (const language of LANGUAGES) expect(pageAssertions(page('/docs/', language))['render-blocking-resources']).toEqual(['error', { maxLength: 1 }]);
    expect(pageAssertions(page('/blog/long-with-math/'))['render-blocking-resources']).toEqual(['error', { maxLength: 1 }]);
    expect(pageAssertions(page('/blog/long-with-math/'))['categories:seo']).toEqual(['error', { minScore: 1 }]);
  });

  it('checks the not-found page and /blog/ without posts SEO audit by audit, except the one each fails on purpose', () => {
    const notFound = pageAssertions(page('404', 'bg'));
    expect([notFound['categories:seo'], notFound['is-crawlable'], notFound.canonical]).toEqual(['off', 'off', ['error', { minScore: 1 }]]);
    const showsHome = pageAssertions(page('/blog/', NO_POSTS_IN));
    expect([showsHome['categories:seo'], showsHome.canonical, showsHome['is-crawlable']]).toEqual(['off', 'off', ['error', { minScore: 1 }]]);
  });

  it('lets the search page be noindex, and checks every other SEO audit on it', () => {
    for (const language of LANGUAGES) {
      const search = pageAssertions(page('/search/', language));
      expect([search['categories:seo'], search['is-crawlable'], search.canonical, search['meta-description']]).toEqual([
        'off',
        'off',
        ['error', { minScore: 1 }],
        ['error', { minScore: 1 }],
      ]);
    }
  });

  it('makes no exception for any other page', () => {
    const exempt = PAGES.filter((p) => JSON.stringify(pageAssertions(p)) !== JSON.stringify(EVERY_PAGE)).map((p) => p.path);
    expect(exempt.sort()).toEqual(
      [
        ...LANGUAGES.flatMap((language) => ['/404/', '/docs/', '/search/'].map((route) => localizedPath(language, route, false))),
        localizedPath(NO_POSTS_IN, '/blog/', false),
        ...LANGUAGES.slice(0, -1).map((language) => localizedPath(language, '/blog/long-with-math/', false)),
      ].sort(),
    );
  });
});

describe('lhciConfig', () => {
  const config = lhciConfig(SITE, '/usr/bin/chromium', 3);

  it('collects every page the given number of times in headless Chromium without background networking', () => {
    expect(config.ci.collect.url).toHaveLength(sitePages().length);
    expect(config.ci.collect.url).toEqual(expect.arrayContaining(['http://127.0.0.1:4000/', 'http://127.0.0.1:4000/bg/privacy-policy/']));
    expect([config.ci.collect.numberOfRuns, config.ci.collect.chromePath]).toEqual([3, '/usr/bin/chromium']);
    expect(config.ci.collect.settings.chromeFlags.split(' ')).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-background-networking', '--disable-component-update']));
  });

  it("starts each run on a page of the site's own origin (not a file: files are sandboxed)", () => {
    expect(config.ci.collect.settings.blankPage).toBe('http://127.0.0.1:4000/404.html');
    expect(startPage('http://x')).toBe('http://x/404.html');
  });

  it('matches each assertion set to exactly one URL', () => {
    for (const url of config.ci.collect.url) {
      expect(config.ci.assert.assertMatrix.filter((entry) => new RegExp(entry.matchingUrlPattern).test(url))).toHaveLength(1);
    }
    expect(pageUrl(SITE, page('/docs/', 'bg'))).toBe('http://127.0.0.1:4000/bg/docs/');
  });
});

/**
 * The budgets as lhci itself judges them: `lhci assert` over reports written
 * as Lighthouse writes them (the parts lhci reads), its exit code and its
 * JSON results. An lhci that reads the configuration otherwise fails here.
 */
describe('lhci assert with lighthouserc.json', () => {
  const pages = [page('/contact/', 'bg'), page('/docs/'), page('404')];
  const [contact, docs, notFound] = pages.map((p) => pageUrl(SITE, p));
  const report = (url: string, change: { scriptBytes?: number; blocking?: number; seo?: number; crawlable?: number; failing?: string } = {}) => {
    const audits: Record<string, object> = {};
    for (const id of Object.keys(EVERY_PAGE).filter((key) => !key.includes(':'))) audits[id] = { id, score: 1, numericValue: 0, details: { items: [] } };
    const blocking = Array.from({ length: change.blocking ?? 0 }, (_, index) => ({ url: `${SITE}${index}.css` }));
    audits['render-blocking-resources'] = { id: 'render-blocking-resources', score: blocking.length ? 0.5 : 1, details: { items: blocking } };
    audits['is-crawlable'] = { id: 'is-crawlable', score: change.crawlable ?? 1 };
    if (change.failing) audits[change.failing] = { id: change.failing, score: 0 };
    const scriptBytes = change.scriptBytes ?? 116_000;
    audits['resource-summary'] = {
      id: 'resource-summary',
      score: null,
      details: {
        items: [
          { resourceType: 'total', transferSize: scriptBytes + 30_000 },
          { resourceType: 'script', transferSize: scriptBytes },
        ],
      },
    };
    const categories = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [id, { id, score: id === 'seo' ? (change.seo ?? 1) : 1 }]));
    return { finalUrl: url, requestedUrl: url, categories, audits };
  };
  const assert = (reports: object[]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lhci-test-'));
    try {
      mkdirSync(path.join(dir, '.lighthouseci'));
      reports.forEach((lhr, index) => writeFileSync(path.join(dir, '.lighthouseci', `lhr-${1000 + index}.json`), JSON.stringify(lhr)));
      writeFileSync(path.join(dir, 'lighthouserc.json'), JSON.stringify(lhciConfig(SITE, '/usr/bin/chromium', 1, pages)));
      const lhciBin = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'lhci');
      const { status, stderr } = spawnSync(lhciBin, ['assert', '--config=lighthouserc.json'], { cwd: dir, encoding: 'utf8' });
      const results = JSON.parse(readFileSync(path.join(dir, '.lighthouseci', 'assertion-results.json'), 'utf8')) as {
        url: string;
        auditId: string;
        auditProperty?: string;
        passed: boolean;
      }[];
      const failed = results
        .filter((result) => !result.passed)
        .map((result) => [result.url, [result.auditId, result.auditProperty].filter(Boolean).join('.')])
        .sort();
      return { status, stderr, failed };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("passes today's pages: KaTeX's stylesheet on the docs, the not-found page's noindex", () => {
    const { status, failed } = assert([report(contact), report(docs, { blocking: 1 }), report(notFound, { seo: 0.66, crawlable: 0 })]);
    expect(failed).toEqual([]);
    expect(status).toBe(0);
  });

  it("fails a heavier script, a render-blocking file, a second one on the docs, the not-found page's title, and names page and budget", () => {
    const { status, stderr, failed } = assert([
      report(contact, { scriptBytes: 140 * 1024, blocking: 1 }),
      report(docs, { blocking: 2 }),
      report(notFound, { seo: 0.5, crawlable: 0, failing: 'document-title' }),
    ]);
    expect(failed).toEqual(
      [
        [contact, 'render-blocking-resources'],
        [contact, 'resource-summary.script.size'],
        [docs, 'render-blocking-resources'],
        [notFound, 'document-title'],
      ].sort(),
    );
    expect(status).toBe(1);
    expect(stderr).toContain(contact);
  });
});

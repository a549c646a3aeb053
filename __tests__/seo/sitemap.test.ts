import { LANGUAGES, type Language } from '../../features/site/languages';
import { SITEMAP_INDEX_PATH } from '../../features/site/routes';
import { buildRobots, resolveSitemapPages, sitemapEntry, sitemapPages, type SitePageNode } from '../../features/seo/sitemap';

const SITE = 'https://www.example.com';

/** A page as gatsby-plugin-react-i18next creates it for `originalPath` in `language`. */
function page(language: string, originalPath: string, routed: boolean, path?: string): SitePageNode {
  const prefix = routed ? `/${language}` : '';
  return { path: path ?? `${prefix}${originalPath}`, pageContext: { language, i18n: { language, routed, originalPath } } };
}

/** Every page of one route, as the build makes them: unprefixed English, /en/ and /bg/ copies. */
const route = (originalPath: string) => [page('en', originalPath, false), page('en', originalPath, true), page('bg', originalPath, true)];

describe('sitemapPages', () => {
  it('keeps the unprefixed English page and the Bulgarian page of a route, not the /en/ copy', () => {
    expect(sitemapPages(route('/pricing/'))).toEqual([
      { path: '/bg/pricing/', language: 'bg', originalPath: '/pricing/', languages: [...LANGUAGES] },
      { path: '/pricing/', language: 'en', originalPath: '/pricing/', languages: [...LANGUAGES] },
    ]);
  });

  it('leaves out /blog/ showing the home page (canonical elsewhere), the search page (noindex) and every 404 page in every language', () => {
    const nodes = [...route('/blog/'), ...route('/404/'), ...route('/404.html'), ...route('/search/'), page('en', '/dev-404-page/', false), ...route('/')];
    expect(sitemapPages(nodes).map((p) => p.path)).toEqual(['/', '/bg/']);
  });

  it('ignores pages without a usable i18n context', () => {
    const nodes: SitePageNode[] = [
      { path: '/plain/' },
      { path: '/null/', pageContext: null },
      { path: '/string/', pageContext: 'x' },
      { path: '/no-i18n/', pageContext: { language: 'en' } },
      { path: '/null-i18n/', pageContext: { i18n: null } },
      { path: '/fr/', pageContext: { i18n: { language: 'fr', routed: true, originalPath: '/' } } },
      { path: '/no-original/', pageContext: { i18n: { language: 'en', routed: false } } },
      // An unprefixed Bulgarian page would claim a URL its head does not name.
      page('bg', '/odd/', false),
    ];
    expect(sitemapPages(nodes)).toEqual([]);
  });

  it('lists a page once, sorted by path', () => {
    const nodes = [...route('/docs/'), ...route('/contact/'), page('en', '/contact/', false)];
    expect(sitemapPages(nodes).map((p) => p.path)).toEqual(['/bg/contact/', '/bg/docs/', '/contact/', '/docs/']);
  });
});

describe('resolveSitemapPages', () => {
  it('reads the nodes of the query result', () => {
    expect(resolveSitemapPages({ allSitePage: { nodes: route('/') } }).map((p) => p.path)).toEqual(['/', '/bg/']);
  });

  it('fails loudly when the query returned no pages', () => {
    expect(() => resolveSitemapPages({})).toThrow('allSitePage.nodes');
    expect(() => resolveSitemapPages({ allSitePage: null })).toThrow('allSitePage.nodes');
    expect(() => resolveSitemapPages({ allSitePage: { nodes: null } })).toThrow('allSitePage.nodes');
  });
});

describe('sitemapEntry', () => {
  it('gives an English page its unprefixed URL, an alternate per language and x-default', () => {
    const entry = sitemapEntry(SITE, { path: '/pricing/', language: 'en', originalPath: '/pricing/', languages: [...LANGUAGES] });
    expect(entry.url).toBe('https://www.example.com/pricing/');
    expect(entry.links.map((link) => link.lang)).toEqual([...LANGUAGES, 'x-default']);
    expect(entry.links).toEqual(
      expect.arrayContaining([
        { lang: 'en', url: 'https://www.example.com/pricing/' },
        { lang: 'bg', url: 'https://www.example.com/bg/pricing/' },
        { lang: 'x-default', url: 'https://www.example.com/pricing/' },
      ]),
    );
  });

  it('gives a Bulgarian page its /bg/ URL and the same alternates', () => {
    const entry = sitemapEntry(`${SITE}/`, { path: '/bg/', language: 'bg', originalPath: '/', languages: [...LANGUAGES] });
    expect(entry.url).toBe('https://www.example.com/bg/');
    expect(entry.links).toEqual(sitemapEntry(SITE, { path: '/', language: 'en', originalPath: '/', languages: [...LANGUAGES] }).links);
    expect(entry.links).toEqual(expect.arrayContaining([{ lang: 'bg', url: 'https://www.example.com/bg/' }]));
  });

  it('names the path the page is served at', () => {
    for (const p of sitemapPages([...route('/'), ...route('/privacy-policy/')])) {
      expect(new URL(sitemapEntry(SITE, p).url).pathname).toBe(p.path);
    }
  });
});

describe('buildRobots', () => {
  it('allows everything and points at the sitemap index the plugin writes', () => {
    expect(SITEMAP_INDEX_PATH).toBe('/sitemap-index.xml');
    expect(buildRobots('https://www.example.com/')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap-index.xml\n');
    expect(buildRobots('https://www.example.com')).toContain('Sitemap: https://www.example.com/sitemap-index.xml\n');
  });
});

describe('the blog in the sitemap', () => {
  const page = (path: string, language: Language, originalPath: string, languages: Language[], extra: Record<string, unknown> = {}) => ({
    path,
    pageContext: { ...extra, i18n: { language, languages, routed: language !== 'en', originalPath } },
  });

  it('lists /blog/ when it is the list of posts, and leaves it out when it shows the home page', () => {
    const pages = sitemapPages([page('/blog/', 'en', '/blog/', ['en'], { pageCount: 1 }), page('/bg/blog/', 'bg', '/blog/', [...LANGUAGES])]);
    expect(pages.map((p) => p.path)).toEqual(['/blog/']);
  });

  it('gives a post in one language only its own alternate and x-default', () => {
    const [post] = sitemapPages([page('/bg/blog/only-bg/', 'bg', '/blog/only-bg/', ['bg'], { slug: 'only-bg' })]);
    expect(sitemapEntry(SITE, post).links).toEqual([
      { lang: 'bg', url: 'https://www.example.com/bg/blog/only-bg/' },
      { lang: 'x-default', url: 'https://www.example.com/bg/blog/only-bg/' },
    ]);
  });

  it('gives a translated post every language it exists in', () => {
    const [post] = sitemapPages([page('/blog/both/', 'en', '/blog/both/', [...LANGUAGES])]);
    expect(sitemapEntry(SITE, post).links.map((link) => link.lang)).toEqual([...LANGUAGES, 'x-default']);
  });
});

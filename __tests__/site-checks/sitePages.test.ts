import { hasMath, sitePages, type BlogSource } from '../../e2e/checks/sitePages';
import { LANGUAGES, localizedPath } from '../../features/site/languages';
import { ROUTES } from '../../features/site/routes';

/** One post in each language but the last, which has none. */
const POSTS: BlogSource[] = LANGUAGES.slice(0, -1).flatMap((language) => [
  { slug: 'short', language, title: 'Short', date: '2026-01-01', bytes: 100, math: false },
  { slug: 'long-with-math', language, title: 'Long', date: '2026-01-02', bytes: 900, math: true },
]);
const NO_POSTS_IN = LANGUAGES[LANGUAGES.length - 1];

describe('sitePages', () => {
  it('lists every route and the not-found page in every language, English unprefixed', () => {
    expect(sitePages([])).toHaveLength(LANGUAGES.length * (ROUTES.length + 1));
    expect(sitePages().map((p) => p.path)).toEqual(
      expect.arrayContaining([
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
      ]),
    );
    expect(
      sitePages()
        .filter((p) => p.notFound)
        .map((p) => p.path),
    ).toEqual(LANGUAGES.map((language) => localizedPath(language, '/404/', false)));
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
        noindex: false,
      })),
    );
  });

  it('marks the pages with math, and /blog/ of a language without posts, which shows the home page', () => {
    const pages = sitePages(POSTS);
    expect(pages.filter((p) => p.math).map((p) => p.route)).toEqual([...LANGUAGES.map(() => '/docs/'), ...LANGUAGES.slice(0, -1).map(() => '/blog/long-with-math/')]);
    expect(pages.filter((p) => p.showsHome).map((p) => [p.route, p.language])).toEqual([['/blog/', NO_POSTS_IN]]);
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

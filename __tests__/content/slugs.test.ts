import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PATH, NOT_FOUND_PATH, ROUTES, PAGEFIND_PATH, SEARCH_PATH, SITEMAP_INDEX_PATH, GATSBY_FOLDERS } from '../../features/site/routes';
import { PAGE_SEGMENT, feedPath, listPath } from '../../features/blog/blog';
import { LANGUAGES } from '../../features/site/languages';
import { RESERVED_SLUGS, SLUG_PATTERN, isSlug, reservedSlug } from '../../features/content/slugs';

const ROOT = path.join(__dirname, '..', '..');

describe('the names a post may not take', () => {
  it('are the site’s own, read from where each is defined', () => {
    expect([...RESERVED_SLUGS.keys()].sort()).toEqual(
      [
        'page',
        'search',
        '404',
        '404.html',
        'blog',
        'docs',
        'pricing',
        'contact',
        'privacy-policy',
        'index.html',
        'index',
        'admin',
        'pagefind',
        'page-data',
        'static',
        '_gatsby',
        '~partytown',
        'rss.xml',
        'rss',
        'sitemap-index.xml',
        'sitemap-index',
        'sitemap',
        'en',
        'bg',
      ].sort(),
    );
  });

  it('follow their homes: every route, the pagination folder, search, the CMS, Pagefind, the not-found page, the feed, the sitemap, Gatsby’s folders, every language', () => {
    const firstSegment = (address: string) => address.split('/').filter(Boolean)[0];
    const expected = [
      ...ROUTES.filter((route) => route !== '/').map(firstSegment),
      listPath(2).split('/')[2],
      PAGE_SEGMENT,
      firstSegment(SEARCH_PATH),
      firstSegment(ADMIN_PATH),
      firstSegment(PAGEFIND_PATH),
      firstSegment(NOT_FOUND_PATH),
      feedPath('en').slice(1),
      SITEMAP_INDEX_PATH.slice(1),
      ...GATSBY_FOLDERS,
      ...LANGUAGES,
    ];
    for (const name of expected) expect([name, RESERVED_SLUGS.has(name)]).toEqual([name, true]);
  });

  it('each say what the name is, with its address', () => {
    expect(reservedSlug('page')).toBe("the folder of the blog's later list pages (/blog/page/2/)");
    expect(reservedSlug('search')).toBe('the search page (/search/), whose policy a host may give to any address ending in /search/');
    expect(reservedSlug('docs')).toBe('a page of the site (/docs/)');
    expect(reservedSlug('404')).toBe('the not-found page (/404/)');
    expect(reservedSlug('404.html')).toBe("the not-found page's file (/404.html)");
    expect(reservedSlug('index')).toBe('the name of the file each page is written to (index.html)');
    expect(reservedSlug('admin')).toBe("the editors' CMS (/admin/)");
    expect(reservedSlug('pagefind')).toBe("site search's index (/pagefind/)");
    expect(reservedSlug('page-data')).toBe('a folder Gatsby writes for itself (/page-data/)');
    expect(reservedSlug('rss')).toBe('the feed (/rss.xml)');
    expect(reservedSlug('sitemap')).toBe("the sitemap's files (/sitemap-index.xml, /sitemap-0.xml)");
    expect(reservedSlug('bg')).toBe("a language's prefix (/bg/)");
    // Every reason names an address or file of the site, in brackets.
    for (const [name, what] of RESERVED_SLUGS) expect([name, what]).toEqual([name, expect.stringMatching(/\((\/|index\.html)[^)]*\)/)]);
  });

  it('are found in any case, and nothing else is', () => {
    expect(reservedSlug('PAGE')).toBe(reservedSlug('page'));
    expect(reservedSlug('Rss.Xml')).toBe(reservedSlug('rss.xml'));
    for (const name of ['page-2', 'pages', 'paging', 'search-tips', 'blogging', 'english', 'constructor', '__proto__', 'hasOwnProperty', '', 'stock-control-habits'])
      expect([name, reservedSlug(name)]).toEqual([name, undefined]);
  });
});

describe('a slug', () => {
  it('is lower-case ASCII letters and digits in runs joined by single hyphens', () => {
    expect(SLUG_PATTERN.source).toBe('^[a-z0-9]+(?:-[a-z0-9]+)*$');
    expect(['a', '1', 'a-b', '2026-review', 'godishna-inventarizatsiya', 'x1-y2-z3'].every(isSlug)).toBe(true);
  });

  it('is never a dot segment, a path, hidden, escaped, spaced, or in another script', () => {
    for (const name of [
      '',
      '.',
      '..',
      '.page',
      'page.',
      'a.b',
      'a/b',
      '/a',
      'a\\b',
      '%2e%2e',
      'page%2F2',
      'a b',
      ' a',
      'a\t',
      'A',
      'Page',
      'a--b',
      '-a',
      'a-',
      'a_b',
      '~a',
      'é',
      'раge',
      'ｐａｇｅ',
      'page\u200b',
      'a\0',
    ])
      expect([name, isSlug(name)]).toEqual([name, false]);
  });

  it('fits every post of the real content, none of them reserved', () => {
    const posts = LANGUAGES.flatMap((language) =>
      fs
        .readdirSync(path.join(ROOT, 'content', 'blog', language))
        .filter((file) => file.endsWith('.md'))
        .map((file) => file.slice(0, -3)),
    );
    expect(posts).toContain('godishna-inventarizatsiya');
    for (const slug of posts) expect([slug, isSlug(slug), reservedSlug(slug)]).toEqual([slug, true, undefined]);
  });
});

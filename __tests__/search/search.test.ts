import { blogSources } from '../../e2e/checks/sitePages';
import { listPath, postPath } from '../../features/blog/blog';
import { LANGUAGES } from '../../features/site/languages';
import { NOT_FOUND_PATH, ROUTES } from '../../features/site/routes';
import { PAGEFIND_FINGERPRINTED, isIndexedPage } from '../../features/search/search';

describe('isIndexedPage', () => {
  it('indexes the home page, the documentation, the privacy policy and the blog (list pages and every post) of each language, at their canonical address', () => {
    const posts = blogSources();
    const paths = [...ROUTES, NOT_FOUND_PATH, '/404.html', listPath(2), ...posts.map((post) => postPath(post.slug))];
    const indexed = (language: (typeof LANGUAGES)[number], routed: boolean) =>
      [...new Set(paths)].filter((originalPath) => isIndexedPage({ language, originalPath, routed })).sort();
    const expected = ['/', '/blog/', '/blog/page/2/', '/docs/', '/privacy-policy/', ...posts.map((post) => postPath(post.slug))];
    expect(indexed('en', false)).toEqual([...new Set(expected)].sort());
    expect(indexed('bg', true)).toEqual([...new Set(expected)].sort());
    // The Bulgarian-only post is among them.
    expect(indexed('bg', true)).toContain('/blog/godishna-inventarizatsiya/');
  });

  it('leaves out the pricing page (plans come from the API), the contact form, the search page, the 404 pages and the /en/ copies', () => {
    for (const originalPath of ['/pricing/', '/contact/', '/search/', NOT_FOUND_PATH, '/404.html', '/dev-404-page/']) {
      for (const language of LANGUAGES)
        expect([originalPath, language, isIndexedPage({ language, originalPath, routed: language !== 'en' })]).toEqual([originalPath, language, false]);
    }
    for (const originalPath of ['/', '/docs/', '/blog/', '/blog/a-post/'])
      expect([originalPath, isIndexedPage({ language: 'en', originalPath, routed: true })]).toEqual([originalPath, false]);
  });
});

describe('PAGEFIND_FINGERPRINTED', () => {
  it("names Pagefind's hashed index chunks, fragments and filters, not its entry files", () => {
    for (const path of ['/pagefind/index/en_5e2a1f0.pf_index', '/pagefind/fragment/bg_1034ae1.pf_fragment', '/pagefind/filter/en_0a1b2c3.pf_filter']) {
      expect([path, PAGEFIND_FINGERPRINTED.test(path)]).toEqual([path, true]);
    }
    for (const path of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.en.pagefind', '/pagefind/pagefind.en_b336f49f18.pf_meta', '/index/x.pf_index']) {
      expect([path, PAGEFIND_FINGERPRINTED.test(path)]).toEqual([path, false]);
    }
  });
});

/** @jest-environment node */
import {
  FILE_POLICY,
  IMMUTABLE,
  REVALIDATE,
  cacheControl,
  headersFor,
  inlineScripts,
  notFoundPage,
  originsOf,
  pagePolicy,
  policyFor,
  searchPolicy,
  servedKind,
} from '../../features/hosting/rules';
import { SECURITY_HEADERS } from '../../features/site/policies';

describe('cacheControl', () => {
  it('keeps fingerprinted files for a year and revalidates everything else', () => {
    for (const path of [
      '/app-91e8ba46fd3c0f4735c1.js',
      '/styles.0123456789abcdef0123.css',
      '/static/katex-0.16.47/katex.min.css',
      '/static/fonts/x.woff2',
      '/454-9b17d9e91c6ed2fe394c.js',
      '/runtime-0123456789abcdef0123.js',
      '/pagefind/fragment/en_1bf3c76.pf_fragment',
      '/pagefind/index/bg_5e2a1f0.pf_index',
      '/pagefind/filter/en_0a1b2c3.pf_filter',
    ]) {
      expect([path, cacheControl(path)]).toEqual([path, IMMUTABLE]);
    }
    for (const path of [
      '/index.html',
      '/docs/',
      '/docs/index.html',
      '/page-data/app-data.json',
      '/page-data/index/page-data.json',
      '/sitemap-index.xml',
      '/robots.txt',
      '/manifest.webmanifest',
      '/share/en.png',
      '/favicon.ico',
      '/illustrations/dashboard.svg',
      '/app.js',
      '/chunk-map.json',
      '/webpack-runtime-abc.js',
      '/admin/decap-cms.js',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-entry.json',
      '/pagefind/wasm.en.pagefind',
      '/pagefind/pagefind.en_b336f49f18.pf_meta',
      '/fragment/en_1bf3c76.pf_fragment',
      '/search/',
    ]) {
      expect([path, cacheControl(path)]).toEqual([path, REVALIDATE]);
    }
  });
});

describe('servedKind', () => {
  it('tells pages, the CMS page and every other file apart, by the path served or the file', () => {
    for (const path of ['/', '/docs/', '/bg/blog/a-post/', '/404.html', '/bg/404.html', '/docs/index.html', '/index.html'])
      expect([path, servedKind(path)]).toEqual([path, 'page']);
    for (const path of ['/admin/', '/admin/index.html']) expect([path, servedKind(path)]).toEqual([path, 'admin']);
    for (const path of ['/search/', '/search/index.html', '/bg/search/', '/en/search/index.html']) expect([path, servedKind(path)]).toEqual([path, 'search']);
    for (const path of ['/blog/search/', '/searches/', '/bg/search/more/', '/xx/search/']) expect([path, servedKind(path)]).toEqual([path, 'page']);
    for (const path of [
      '/_gatsby/slices/_gatsby-scripts-1.html',
      '/bg/rss.xml',
      '/media/logo.svg',
      '/app-91e8ba46fd3c0f4735c1.js',
      '/admin/config.yml',
      '/robots.txt',
      '/static/x.png',
      '/pagefind/pagefind.js',
      '/search/results.json',
    ]) {
      expect([path, servedKind(path)]).toEqual([path, 'file']);
    }
  });
});

describe('inlineScripts', () => {
  it('finds every inline script a browser runs, and skips external scripts and data blocks', () => {
    const html = [
      '<script>a()</script>',
      '<script id="gatsby-chunk-mapping">window.x={}</script>',
      '<script type="text/javascript">b()</script>',
      '<script type="module">c()</script>',
      '<script src="/app.js"></script>',
      '<script async src="/x.js">ignored()</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script type="application/json" id="data">{"a":1}</script>',
      '<SCRIPT>d()</SCRIPT >',
      `<script>${'e();'.repeat(40)}</script>`,
    ].join('');
    expect(inlineScripts(html)).toEqual([
      '<script>a()</script>',
      '<script id="gatsby-chunk-mapping">window.x={}</script>',
      '<script type="text/javascript">b()</script>',
      '<script type="module">c()</script>',
      '<SCRIPT>d()</SCRIPT >',
      expect.stringMatching(/^<script>e\(\);e\(\);.*…$/),
    ]);
    expect(inlineScripts('<p>no scripts</p><script src="/runtime-0123456789abcdef0123.js" data-page-path="/" async=""></script>')).toEqual([]);
  });
});

describe('the policies', () => {
  const origins = originsOf(['https://pay.example.com/v1/', 'https://api.example.com/api', 'https://pay.example.com/other']);
  const policies = { page: pagePolicy(origins), search: searchPolicy(origins), admin: "default-src 'self'", file: FILE_POLICY };
  const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

  it('lets every page run scripts from the site only: no hash, no unsafe-inline, no unsafe-eval', () => {
    expect(directives(policies.page)['script-src']).toEqual(["'self'"]);
    expect(policies.page).not.toMatch(/sha256|unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("lets the search pages compile WebAssembly (Pagefind's) and nothing else the page policy forbids: no eval, no worker of their own", () => {
    const { 'script-src': scripts, ...rest } = directives(policies.search);
    expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    const { 'script-src': pageScripts, ...pageRest } = directives(policies.page);
    expect([pageScripts, rest]).toEqual([["'self'"], pageRest]);
    expect(policies.search).not.toMatch(/'unsafe-eval'|worker-src/);
    expect(policyFor('/bg/search/', policies)).toBe(policies.search);
    expect(policyFor('/bg/docs/', policies)).toBe(policies.page);
  });

  it('lets the pages call the APIs of the build, each origin once', () => {
    expect(directives(policies.page)['connect-src']).toEqual(["'self'", 'https://pay.example.com', 'https://api.example.com']);
  });

  it('holds every other directive of the page policy', () => {
    expect(directives(policies.page)).toMatchObject({
      'default-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('sandboxes every file that is not a page, which may load nothing', () => {
    expect(directives(FILE_POLICY)).toEqual({ 'default-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"], 'frame-ancestors': ["'none'"], sandbox: [] });
    for (const path of ['/media/upload.svg', '/bg/rss.xml', '/page-data/docs/page-data.json']) expect(policyFor(path, policies)).toBe(FILE_POLICY);
    expect(policyFor('/admin/', policies)).toBe(policies.admin);
    expect(policyFor('/bg/docs/', policies)).toBe(policies.page);
  });
});

describe('headersFor', () => {
  const policies = { page: 'page policy', search: 'search policy', admin: 'admin policy', file: FILE_POLICY };
  it('gives every path its cache policy, the security headers and its policy', () => {
    expect(headersFor('/app-91e8ba46fd3c0f4735c1.js', policies)).toEqual({ 'Cache-Control': IMMUTABLE, ...SECURITY_HEADERS, 'Content-Security-Policy': FILE_POLICY });
    expect(headersFor('/docs/', policies)).toEqual({ 'Cache-Control': REVALIDATE, ...SECURITY_HEADERS, 'Content-Security-Policy': 'page policy' });
    expect(SECURITY_HEADERS).toEqual({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });
});

describe('notFoundPage', () => {
  it('answers an unknown path with the 404 page of its language', () => {
    expect(notFoundPage('/bg/nonsense/')).toBe('/bg/404.html');
    expect(notFoundPage('/bg')).toBe('/bg/404.html');
    expect(notFoundPage('/en/nonsense/')).toBe('/en/404.html');
    expect(notFoundPage('/nonsense/')).toBe('/404.html');
    expect(notFoundPage('/bgx/')).toBe('/404.html');
    expect(notFoundPage('/fr/page/')).toBe('/404.html');
  });
});

/** @jest-environment node */
import { createHash } from 'node:crypto';
import {
  IMMUTABLE,
  REVALIDATE,
  SECURITY_HEADERS,
  cacheControl,
  contentSecurityPolicy,
  headersFor,
  inlineScriptHashes,
  notFoundPage,
  originsOf,
  pagePath,
  trailingSlashRedirects,
} from '../../src/lib/hosting';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('cacheControl', () => {
  it('keeps fingerprinted files for a year and revalidates everything else', () => {
    for (const path of ['/app-91e8ba46fd3c0f4735c1.js', '/styles.0123456789abcdef0123.css', '/static/katex-0.13.24/katex.min.css', '/static/fonts/x.woff2', '/454-9b17d9e91c6ed2fe394c.js']) {
      expect([path, cacheControl(path)]).toEqual([path, IMMUTABLE]);
    }
    for (const path of ['/index.html', '/docs/index.html', '/page-data/app-data.json', '/page-data/index/page-data.json', '/sitemap-index.xml', '/robots.txt', '/manifest.webmanifest', '/share/en.png', '/favicon.ico', '/illustrations/dashboard.svg', '/app.js', '/chunk-map.json', '/webpack-runtime-abc.js']) {
      expect([path, cacheControl(path)]).toEqual([path, REVALIDATE]);
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes every inline script a browser runs, once each, and skips external scripts and data blocks', () => {
    const html = [
      '<script>a()</script>',
      '<script id="gatsby-chunk-mapping">window.x={}</script>',
      '<script type="text/javascript">b()</script>',
      '<script type="module">c()</script>',
      '<script src="/app.js"></script>',
      '<script async src="/x.js">ignored()</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<SCRIPT>a()</SCRIPT >',
      '<script>\n  multi\n  line\n</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('window.x={}'), hash('b()'), hash('c()'), hash('\n  multi\n  line\n')]);
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy([hash('a()')], originsOf(['https://pay.example.com/v1/', 'https://api.example.com/api', 'https://pay.example.com/other']));
  const directives = Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

  it('allows our scripts by hash only: no unsafe-inline or unsafe-eval for scripts', () => {
    expect(directives['script-src']).toEqual(["'self'", hash('a()')]);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('lets the pages call the APIs of the build, each origin once', () => {
    expect(directives['connect-src']).toEqual(["'self'", 'https://pay.example.com', 'https://api.example.com']);
  });

  it('holds every other directive the hosting rules name', () => {
    expect(directives).toMatchObject({
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
});

describe('headersFor', () => {
  it('gives every file its cache policy and the security headers, and a page its policy', () => {
    expect(headersFor('/app-91e8ba46fd3c0f4735c1.js')).toEqual({ 'Cache-Control': IMMUTABLE, ...SECURITY_HEADERS });
    expect(headersFor('/docs/index.html', "default-src 'self'")).toEqual({ 'Cache-Control': REVALIDATE, ...SECURITY_HEADERS, 'Content-Security-Policy': "default-src 'self'" });
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

describe('trailingSlashRedirects and pagePath', () => {
  it('redirects each page but the root from its path without the slash', () => {
    expect(trailingSlashRedirects(['/index.html', '/docs/index.html', '/bg/index.html', '/404.html', '/bg/pricing/index.html'])).toEqual([
      { from: '/docs', to: '/docs/' },
      { from: '/bg', to: '/bg/' },
      { from: '/bg/pricing', to: '/bg/pricing/' },
    ]);
  });
  it('serves a page at its folder', () => {
    expect(pagePath('/docs/index.html')).toBe('/docs/');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/404.html')).toBe('/404.html');
  });
});

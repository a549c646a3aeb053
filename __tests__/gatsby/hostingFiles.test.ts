/** @jest-environment node */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CLOUDFLARE_PAGES_HEADER_RULES, brotliQuality, headerRules, precompress, redirectsFile, writeCdnFiles } from '../../gatsby/hostingFiles';
import { readPublicRules, type PublicRules } from '../../gatsby/publicRules';
import { formatHeadersFile, headersForPath, parseHeadersFile } from '../../src/lib/headersFile';
import { headersFor, pagePath } from '../../src/lib/hosting';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const big = (text: string) => text.repeat(Math.ceil(2000 / text.length));

/** A public/ shaped like the site's: pages in two languages, bundles, page data, static files, images. */
function site(): PublicRules {
  for (const page of ['index.html', 'docs/index.html', 'bg/index.html', 'bg/docs/index.html', '404.html', 'bg/404.html', 'en/404.html']) {
    write(page, big(`<script>window.pagePath="/${page}"</script><p>${page}</p>`));
  }
  write('app-0123456789abcdef0123.js', big('console.log(1);'));
  write('styles.0123456789abcdef0123.css', 'a{}');
  write('static/katex-0.13.24/katex.min.css', 'b{}');
  write('page-data/index/page-data.json', big('{"a":1}'));
  write('page-data/app-data.json', '{}');
  write('share/en.png', 'png');
  write('robots.txt', 'User-agent: *');
  write('sitemap-index.xml', big('<sitemap/>'));
  return readPublicRules(dir, ['https://api.example.com']);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hosting-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('_headers', () => {
  it('gives every file, read back as a CDN reads it, exactly the headers of the hosting rules', () => {
    const rules = site();
    const parsed = parseHeadersFile(formatHeadersFile(headerRules(rules), 'test'));
    const csp = new Map(rules.pages.map((page) => [page.file, page.csp]));
    for (const file of rules.files) {
      const served = csp.has(file) ? pagePath(file) : file;
      expect([served, headersForPath(parsed, served)]).toEqual([served, headersFor(file, csp.get(file))]);
    }
  });

  it('gives each page its own policy', () => {
    const parsed = parseHeadersFile(formatHeadersFile(headerRules(site()), 'test'));
    expect(headersForPath(parsed, '/docs/')['Content-Security-Policy']).not.toBe(headersForPath(parsed, '/bg/docs/')['Content-Security-Policy']);
  });

  it('groups a folder of plain files into one rule', () => {
    expect(headerRules(site()).map((rule) => rule.pattern)).toEqual(expect.arrayContaining(['/page-data/*', '/share/*', '/static/*', '/robots.txt']));
  });

  it('refuses two matching rules that set one header, as a CDN would send it twice', () => {
    const rules = parseHeadersFile('/*\n  Cache-Control: a\n/x\n  cache-control: b\n');
    expect(() => headersForPath(rules, '/x')).toThrow('/x: "cache-control" is set by both /* and /x');
    expect(() => parseHeadersFile('  X: y\n')).toThrow('_headers line 1');
  });
});

describe('_redirects and the written files', () => {
  it('redirects pages to their trailing slash and answers unknown paths with their language\'s 404 page', () => {
    expect(redirectsFile(site()).split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      '/bg/docs  /bg/docs/  301',
      '/bg  /bg/  301',
      '/docs  /docs/  301',
      '/en/*  /en/404.html  404',
      '/bg/*  /bg/404.html  404',
      '/*  /404.html  404',
    ]);
  });

  it('says when _headers holds more rules than Cloudflare Pages reads: one a page', () => {
    expect(writeCdnFiles(dir, site())).toBeUndefined();
    for (let i = 0; i < CLOUDFLARE_PAGES_HEADER_RULES; i += 1) write(`blog/post-${i}/index.html`, `<script>window.pagePath="/blog/post-${i}/"</script>`);
    const rules = readPublicRules(dir, []);
    const warning = writeCdnFiles(dir, rules);
    expect(warning).toMatch(new RegExp(`^public/_headers has ${headerRules(rules).length} rules \\(${rules.pages.length} pages, each with its own policy\\); Cloudflare Pages reads only the first 100\\.`));
    expect(headerRules(rules).length).toBeGreaterThan(CLOUDFLARE_PAGES_HEADER_RULES);
  });

  it('writes both files into public/, and leaves them out of the rules of the next build', () => {
    writeCdnFiles(dir, site());
    expect(readFileSync(path.join(dir, '_headers'), 'utf8')).toMatch(/^# Written by/);
    expect(existsSync(path.join(dir, '_redirects'))).toBe(true);
    expect(readPublicRules(dir, []).files).not.toEqual(expect.arrayContaining(['/_headers']));
  });
});

describe('precompress', () => {
  it('writes brotli and gzip copies of every text file over 1 KB that decode to the original', () => {
    site();
    expect(precompress(dir)).toBe(10);
    for (const file of ['index.html', 'app-0123456789abcdef0123.js', 'page-data/index/page-data.json', 'sitemap-index.xml']) {
      const original = readFileSync(path.join(dir, file));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original)).toBe(true);
    }
    for (const file of ['robots.txt', 'styles.0123456789abcdef0123.css', 'share/en.png']) expect(existsSync(path.join(dir, `${file}.br`))).toBe(false);
  });

  it('compresses the CMS\'s scripts at a faster brotli quality, the site\'s at the best', () => {
    expect(brotliQuality('/admin/decap-cms.js')).toBe(5);
    expect(brotliQuality('/app-0123456789abcdef0123.js')).toBe(11);
    expect(brotliQuality('/docs/admin/index.html')).toBe(11);
  });

  it('removes copies an earlier build left', () => {
    site();
    precompress(dir);
    rmSync(path.join(dir, 'docs/index.html'));
    write('robots.txt', 'short');
    write('gone.js.br', 'stale');
    precompress(dir);
    expect(existsSync(path.join(dir, 'docs/index.html.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'gone.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  });
});

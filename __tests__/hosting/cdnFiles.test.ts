/** @jest-environment node */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOUDFLARE_PAGES_HEADER_RULES, SEARCH_PAGES, headerRules, redirectsFile, writeCdnFiles } from '../../features/hosting/cdnFiles.node';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { type PublicRules } from '../../features/hosting/publicFiles';
import { BUILD_RECORD_PATH, buildRecord } from '../../features/hosting/buildRecord';
import { cloudflareHeaders, formatHeadersFile, netlifyHeaders, parseHeadersFile } from '../../features/hosting/headersFile';
import { FILE_POLICY, IMMUTABLE, REVALIDATE, SEARCH_PAGE, headersFor, policyFor } from '../../features/hosting/rules';
import { pagePath } from '../../features/site/routes';
import { LANGUAGES } from '../../features/site/languages';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const big = (text: string) => text.repeat(Math.ceil(2000 / text.length));

const PAGES = [
  'index.html',
  'docs/index.html',
  'pricing/index.html',
  'privacy-policy/index.html',
  '404.html',
  '404/index.html',
  'blog/index.html',
  'blog/a-post/index.html',
  'search/index.html',
];
const LANGUAGE_PAGES = ['index.html', 'docs/index.html', '404.html', 'blog/a-post/index.html', 'search/index.html'];
/** Pagefind's bundle as features/search/searchIndex.node.ts leaves it: entry files by name, index chunks and fragments by hash. */
const PAGEFIND = [
  'pagefind/pagefind.js',
  'pagefind/pagefind-entry.json',
  'pagefind/wasm.en.pagefind',
  'pagefind/wasm.unknown.pagefind',
  'pagefind/pagefind.en_b336f49f18.pf_meta',
  'pagefind/pagefind.bg_e616388cd2.pf_meta',
  'pagefind/index/en_5e2a1f0.pf_index',
  'pagefind/index/bg_77c0d1e.pf_index',
  'pagefind/fragment/en_1bf3c76.pf_fragment',
  'pagefind/fragment/bg_1034ae1.pf_fragment',
];

/** A public/ shaped like the site's: pages in three prefixes, bundles, page data, static files, images, a feed, the CMS, the build record. */
function site(posts = 1): PublicRules {
  const pages = [...PAGES, ...['en', 'bg'].flatMap((language) => LANGUAGE_PAGES.map((page) => `${language}/${page}`))];
  for (let i = 1; i < posts; i += 1) pages.push(`blog/post-${i}/index.html`, `bg/blog/post-${i}/index.html`, `en/blog/post-${i}/index.html`);
  for (const page of pages) write(page, big(`<p>${page}</p>`));
  write('app-0123456789abcdef0123.js', big('console.log(1);'));
  write('runtime-0123456789abcdef0123.js', 'run()');
  write('styles.0123456789abcdef0123.css', 'a{}');
  write('static/katex-0.16.47/katex.min.css', 'b{}');
  write('page-data/index/page-data.json', big('{"a":1}'));
  write('page-data/app-data.json', '{}');
  write('share/en.png', 'png');
  write('illustrations/features.svg', '<svg/>');
  write('robots.txt', 'User-agent: *');
  write('sitemap-index.xml', big('<sitemap/>'));
  write('rss.xml', '<rss/>');
  write('bg/rss.xml', '<rss/>');
  write('_gatsby/slices/_gatsby-scripts-1.html', '<script>x()</script>');
  write('admin/index.html', '<p>CMS</p>');
  write('admin/decap-cms.js', 'cms()');
  write('admin/config.yml', 'backend: {}');
  write('~partytown/partytown.js', 'pt()');
  for (const file of PAGEFIND) write(file, big('pagefind'));
  const record = buildRecord(
    { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com/v1', apiUrl: 'https://api.example.com' },
    { name: 'git-gateway', branch: 'main' },
    { file: '/runtime-0123456789abcdef0123.js', scripts: ['/app-0123456789abcdef0123.js'] },
    ADMIN_SCRIPTS_EXAMPLE,
  );
  write(BUILD_RECORD_PATH, JSON.stringify(record));
  return readPublicRules(dir);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hosting-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('_headers', () => {
  const readBack = (rules: PublicRules) => parseHeadersFile(formatHeadersFile(headerRules(rules), 'test'));

  it('gives every file and page, read back as Cloudflare Pages and as Netlify read it, exactly the headers of the hosting rules', () => {
    const rules = site();
    const parsed = readBack(rules);
    for (const served of rules.files.map(pagePath)) {
      const wanted = headersFor(served, rules.policies);
      expect(['cloudflare', served, cloudflareHeaders(parsed, served)]).toEqual(['cloudflare', served, wanted]);
      expect(['netlify', served, netlifyHeaders(parsed, served)]).toEqual(['netlify', served, wanted]);
    }
  });

  it('gives every page one policy, the search pages and the CMS their own, and a file inside a folder of pages (the Bulgarian feed) the file policy', () => {
    const rules = site();
    const parsed = readBack(rules);
    for (const served of ['/search/', '/bg/search/', '/en/search/']) {
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy'], netlifyHeaders(parsed, served)['Content-Security-Policy']]).toEqual([
        served,
        rules.policies.search,
        rules.policies.search,
      ]);
    }
    for (const served of ['/', '/docs/', '/bg/docs/', '/en/blog/a-post/', '/404.html', '/bg/404.html', '/404/']) {
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy']]).toEqual([served, rules.policies.page]);
    }
    expect(cloudflareHeaders(parsed, '/admin/')['Content-Security-Policy']).toBe(rules.policies.admin);
    for (const served of ['/bg/rss.xml', '/rss.xml', '/illustrations/features.svg', '/_gatsby/slices/_gatsby-scripts-1.html', '/admin/config.yml']) {
      expect([served, netlifyHeaders(parsed, served)['Content-Security-Policy']]).toEqual([served, FILE_POLICY]);
    }
  });

  it('holds the same number of rules at one post and at three hundred, and no more than twenty', () => {
    const few = headerRules(site()).length;
    const many = headerRules(site(300));
    expect(many.length).toBe(few);
    expect(many.length).toBeLessThanOrEqual(20);
    expect(many.map((rule) => rule.pattern)).toEqual([
      '/*',
      '/*.js',
      '/*.css',
      '/*.txt',
      '/*.xml',
      '/static/*',
      '/admin/*',
      '/pagefind/*',
      '/~partytown/*',
      '/pagefind/:part/:file',
      '/_gatsby/*',
      '/illustrations/*',
      '/page-data/*',
      '/share/*',
      '/search/',
      '/en/search/',
      '/bg/search/',
      '/admin/',
    ]);
  });

  it("gives 'wasm-unsafe-eval' to the search pages of every language alone, never to a post or folder called search, as nginx's SEARCH_PAGE does", () => {
    const rules = site();
    const named = ['blog/search/index.html', 'bg/blog/search/index.html', 'en/blog/search/index.html', 'docs/search/index.html', 'blog/page/search/index.html'];
    for (const page of named) write(page, big(`<p>${page}</p>`));
    const withPosts = readPublicRules(dir);
    const parsed = readBack(withPosts);
    expect(SEARCH_PAGES).toEqual(['/search/', ...LANGUAGES.map((language) => `/${language}/search/`)]);
    const paths = [...withPosts.files.map(pagePath), '/x/search/', '/search/search/', '/bg/search/search/', '/searches/', '/bg/research/'];
    for (const served of paths) {
      const wanted = policyFor(served, rules.policies);
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy'], netlifyHeaders(parsed, served)['Content-Security-Policy']]).toEqual([served, wanted, wanted]);
    }
    for (const page of named) expect([page, netlifyHeaders(parsed, pagePath(`/${page}`))['Content-Security-Policy']]).toEqual([page, rules.policies.page]);
    expect(paths.filter((served) => SEARCH_PAGE.test(served)).sort()).toEqual([...SEARCH_PAGES].sort());
    expect(headerRules(withPosts).length).toBe(headerRules(rules).length);
  });

  it('names only the search pages the build wrote', () => {
    const rules = site();
    const withoutBulgarian = headerRules({ ...rules, files: rules.files.filter((file) => file !== '/bg/search/index.html') });
    expect(withoutBulgarian.map((rule) => rule.pattern).filter((pattern) => pattern.endsWith('/search/'))).toEqual(['/search/', '/en/search/']);
  });

  it('refuses a public/ holding a file or folder whose name starts with a dot, which a CDN would serve (nginx answers 404), naming it', () => {
    const rules = site();
    for (const file of ['/.env', '/.git/config', '/media/.x.png', '/bg/.hidden-note.txt', '/.well-known/security.txt']) {
      expect(() => headerRules({ ...rules, files: [...rules.files, file].sort() })).toThrow(`public${file}: a CDN would serve it to anyone`);
    }
    write('.hidden-note.txt', 'a note');
    expect(() => writeCdnFiles(dir, readPublicRules(dir))).toThrow('public/.hidden-note.txt: a CDN would serve it to anyone');
    expect(existsSync(path.join(dir, '_headers'))).toBe(false);
  });

  it("keeps Pagefind's fingerprinted index chunks and fragments for a year and revalidates its entry files, on both CDNs", () => {
    const parsed = readBack(site());
    for (const served of ['/pagefind/fragment/bg_1034ae1.pf_fragment', '/pagefind/index/en_5e2a1f0.pf_index']) {
      expect([served, cloudflareHeaders(parsed, served)['Cache-Control'], netlifyHeaders(parsed, served)['Cache-Control']]).toEqual([served, IMMUTABLE, IMMUTABLE]);
    }
    for (const served of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.unknown.pagefind', '/pagefind/pagefind.en_b336f49f18.pf_meta']) {
      expect([served, cloudflareHeaders(parsed, served)['Cache-Control'], netlifyHeaders(parsed, served)['Cache-Control']]).toEqual([served, REVALIDATE, REVALIDATE]);
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy']]).toEqual([served, FILE_POLICY]);
    }
  });

  it("refuses what one rule for a revalidated folder's fingerprinted subfolders would get wrong", () => {
    const rules = site();
    expect(() => headerRules({ ...rules, files: [...rules.files, '/pagefind/fragment/notes.txt'] })).not.toThrow();
    expect(() => headerRules({ ...rules, files: [...rules.files, '/pagefind/playground/index.js'] })).toThrow(
      'public/pagefind/playground/index.js: a CDN rule cannot tell it apart from the fingerprinted files beside it',
    );
    expect(() => headerRules({ ...rules, files: [...rules.files, '/pagefind/fragment/deeper/en_1.pf_fragment'] })).toThrow(
      'public/pagefind/fragment/deeper/en_1.pf_fragment: a CDN rule cannot tell it apart from the revalidated files beside it',
    );
    expect(() => headerRules({ ...rules, files: [...rules.files, '/admin/decap-0123456789abcdef0123.js'] })).toThrow(
      'public/admin/decap-0123456789abcdef0123.js: a CDN rule cannot tell it apart from the revalidated files beside it',
    );
  });

  it('gives an unknown path the page policy, since a CDN answers it with its 404 page, unless it names a kind of file the site serves', () => {
    const rules = site();
    const parsed = readBack(rules);
    for (const served of ['/nothing', '/docs/nothing', '/blog/nothing/', '/bg/nothing', '/a.b/c/']) {
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy'], netlifyHeaders(parsed, served)['Content-Security-Policy']]).toEqual([
        served,
        rules.policies.page,
        rules.policies.page,
      ]);
    }
    for (const served of ['/nothing.txt', '/bg/nothing.xml', '/_gatsby/nothing']) {
      expect([served, cloudflareHeaders(parsed, served)['Content-Security-Policy']]).toEqual([served, FILE_POLICY]);
    }
  });

  it('covers a folder without pages by one rule, and refuses a file among pages that no pattern can name', () => {
    const rules = site();
    const withUploads = headerRules({ ...rules, files: [...rules.files, '/media/a.jpg', '/media/b.webp', '/media/c.avif'] });
    expect(withUploads.map((rule) => rule.pattern)).toContain('/media/*');
    expect(withUploads.map((rule) => rule.pattern)).not.toContain('/*.jpg');
    expect(() => headerRules({ ...rules, files: [...rules.files, '/bg/LICENSE'] })).toThrow('public/bg/LICENSE is neither a page nor a file a CDN rule can name');
  });

  it('refuses a script at the root without a hash in its name, which the rules would make immutable', () => {
    const rules = site();
    expect(() => headerRules({ ...rules, files: [...rules.files, '/app.js'] })).toThrow('public/app.js has no hash in its name');
  });

  it('never puts two "*" into a pattern, which Cloudflare Pages would ignore, and detaches every header a rule after the first sets', () => {
    const rules = headerRules(site());
    for (const rule of rules) expect([rule.pattern, (rule.pattern.match(/\*/g) ?? []).length <= 1]).toEqual([rule.pattern, true]);
    for (const rule of rules.slice(1)) expect([rule.pattern, rule.detach]).toEqual([rule.pattern, Object.keys(rule.headers)]);
  });

  it('reads a written file back, detach lines included, and names a line it cannot read', () => {
    const rules = headerRules(site());
    expect(parseHeadersFile(formatHeadersFile(rules, 'a\nb'))).toEqual(rules.map((rule) => ({ ...rule, detach: rule.detach ?? [] })));
    expect(() => parseHeadersFile('  X: y\n')).toThrow('_headers line 1');
    expect(() => parseHeadersFile('/x\n  nonsense\n')).toThrow('_headers line 2');
  });
});

describe('cloudflareHeaders and netlifyHeaders', () => {
  const rules = parseHeadersFile(['/*', '  A: 1', '  B: 1', '/x/*', '  ! A', '  A: 2', '  B: 2', '/x/*.xml', '  C: 3'].join('\n'));

  it('join a header two rules set on Cloudflare unless the later detaches it; Netlify keeps the last', () => {
    expect(cloudflareHeaders(rules, '/x/y')).toEqual({ A: '2', B: '1, 2' });
    expect(netlifyHeaders(rules, '/x/y')).toEqual({ A: '2', B: '2' });
  });

  it('match as each CDN does: a trailing slash is optional on Netlify only, and no pattern holds two "*" on Cloudflare', () => {
    const slash = parseHeadersFile('/docs/\n  A: 1\n');
    expect(cloudflareHeaders(slash, '/docs')).toEqual({});
    expect(netlifyHeaders(slash, '/docs')).toEqual({ A: '1' });
    expect(cloudflareHeaders(rules, '/x/feed.xml')).toMatchObject({ C: '3' });
    expect(() => cloudflareHeaders(parseHeadersFile('/*/*\n  A: 1\n'), '/a/b')).toThrow('more than one "*"');
  });
});

describe('_redirects and the written files', () => {
  it("answers unknown paths with their language's 404 page, and lists no page (the CDNs add a folder's slash themselves)", () => {
    expect(
      redirectsFile()
        .split('\n')
        .filter((line) => line && !line.startsWith('#')),
    ).toEqual(['/en/*  /en/404.html  404', '/bg/*  /bg/404.html  404', '/*  /404.html  404']);
  });

  it('writes both files into public/, and leaves them and the build record out of the rules of the next build', () => {
    expect(writeCdnFiles(dir, site())).toBeLessThanOrEqual(20);
    expect(readFileSync(path.join(dir, '_headers'), 'utf8')).toMatch(/^# Written by/);
    expect(existsSync(path.join(dir, '_redirects'))).toBe(true);
    expect(readPublicRules(dir).files).not.toEqual(expect.arrayContaining(['/_headers', '/_redirects', BUILD_RECORD_PATH]));
    expect(CLOUDFLARE_PAGES_HEADER_RULES).toBe(100);
  });
});

/**
 * HTTP tests of the site as nginx serves it with the generated config
 * (scripts/e2e.ts starts it): the headers of each kind of file, the status
 * and body of 404s and redirects, the precompressed copies, and each page's
 * policy against the scripts it really carries. Every response is checked
 * for the security headers, which an add_header in any location of the
 * config would silently drop there.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Parser } from 'htmlparser2';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readPublicRules } from '../gatsby/publicRules';
import { ADMIN_PATH, adminContentSecurityPolicy } from '../src/lib/adminPage';
import { headersForPath, parseHeadersFile } from '../src/lib/headersFile';
import { IMMUTABLE, REVALIDATE, SECURITY_HEADERS, cacheControl, notFoundPage, pagePath } from '../src/lib/hosting';
import { LANGUAGES } from '../src/lib/languages';
import { PUBLIC_DIR, SANDBOX_URL, SITE_URL } from './support';

const SANDBOX_ORIGIN = new URL(SANDBOX_URL).origin;
const rules = readPublicRules(PUBLIC_DIR, [SANDBOX_ORIGIN]);
const fileBytes = (file: string) => readFileSync(path.join(PUBLIC_DIR, file));
const hasCopies = (file: string) => existsSync(path.join(PUBLIC_DIR, `${file}.br`)) && existsSync(path.join(PUBLIC_DIR, `${file}.gz`));

/** Every value of a header, however many times nginx sent it. */
const values = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name.toLowerCase())
    .map((header) => header.value);

/** The security headers, each exactly once with its value, and Cache-Control once. */
function expectSecurityHeaders(response: APIResponse, label: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect([label, name, values(response, name)]).toEqual([label, name, [value]]);
  expect([label, values(response, 'Cache-Control').length]).toEqual([label, 1]);
}

const get = (request: APIRequestContext, url: string, headers: Record<string, string> = {}) => request.get(url, { maxRedirects: 0, headers });

/** The sha256 sources of the inline scripts a browser runs in `html`, read with an HTML parser (not hosting.ts's expression). */
function inlineScriptSources(html: string): string[] {
  const found: string[] = [];
  let current: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const type = (attributes.type ?? '').toLowerCase();
      const runs = ['', 'text/javascript', 'application/javascript', 'module'].includes(type);
      current = name === 'script' && attributes.src === undefined && runs ? '' : null;
    },
    ontext(text) {
      if (current !== null) current += text;
    },
    onclosetag(name) {
      if (name === 'script' && current !== null) found.push(`'sha256-${createHash('sha256').update(current, 'utf8').digest('base64')}'`);
      current = null;
    },
  });
  parser.write(html);
  parser.end();
  return [...new Set(found)];
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

const fingerprintedJs = rules.files.find((file) => /^\/app-[0-9a-f]{20}\.js$/.test(file)) as string;
const staticFile = rules.files.find((file) => file.startsWith('/static/')) as string;

test.describe('headers per kind of file', () => {
  const kinds = [
    { kind: 'HTML page', file: '/docs/index.html', type: /^text\/html; charset=utf-8$/, cache: REVALIDATE },
    { kind: 'hashed JS', file: fingerprintedJs, type: /^application\/javascript/, cache: IMMUTABLE },
    { kind: '/static/ file', file: staticFile, type: /./, cache: IMMUTABLE },
    { kind: 'page data', file: '/page-data/docs/page-data.json', type: /^application\/json/, cache: REVALIDATE },
    { kind: 'share image', file: '/share/en.png', type: /^image\/png$/, cache: REVALIDATE },
    { kind: 'sitemap', file: '/sitemap-index.xml', type: /^text\/xml/, cache: REVALIDATE },
    { kind: 'web app manifest', file: '/manifest.webmanifest', type: /^application\/manifest\+json/, cache: REVALIDATE },
    { kind: "editors' CMS page", file: '/admin/index.html', type: /^text\/html; charset=utf-8$/, cache: REVALIDATE },
    { kind: "CMS's bundle", file: '/admin/decap-cms.js', type: /^application\/javascript/, cache: REVALIDATE },
  ];
  for (const { kind, file, type, cache } of kinds) {
    test(`${kind}: ${file}`, async ({ request }) => {
      expect(rules.files).toContain(file);
      const response = await get(request, pagePath(file));
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(type);
      expect(values(response, 'Cache-Control')).toEqual([cache]);
      expectSecurityHeaders(response, file);
      const page = rules.pages.find((candidate) => candidate.file === file);
      expect(values(response, 'Content-Security-Policy')).toEqual(page ? [page.csp] : []);
      expect(values(response, 'ETag')).toHaveLength(1);
      // One Vary where precompressed copies exist (both modules send it through gzip_vary), none elsewhere.
      expect(values(response, 'Vary')).toEqual(hasCopies(file) ? ['Accept-Encoding'] : []);
    });
  }

  test('every file of public/ gets the Cache-Control, security headers and policy of the hosting rules', async ({ request }) => {
    test.setTimeout(120_000);
    const policies = new Map(rules.pages.map((page) => [page.file, page.csp]));
    const mismatches: string[] = [];
    for (const file of rules.files) {
      const response = await get(request, pagePath(file));
      const seen = {
        status: response.status(),
        cache: values(response, 'Cache-Control'),
        security: Object.keys(SECURITY_HEADERS).map((name) => values(response, name)),
        csp: values(response, 'Content-Security-Policy'),
      };
      const wanted = {
        status: 200,
        cache: [cacheControl(file)],
        security: Object.values(SECURITY_HEADERS).map((value) => [value]),
        csp: policies.has(file) ? [policies.get(file)] : [],
      };
      if (JSON.stringify(seen) !== JSON.stringify(wanted)) mismatches.push(`${file}: ${JSON.stringify(seen)}`);
    }
    expect(mismatches).toEqual([]);
    expect(rules.files.length).toBeGreaterThan(50);
  });
});

test.describe('status and body', () => {
  for (const [url, language] of [['/nonsense/', 'en'], ...LANGUAGES.map((lang) => [`/${lang}/nonsense/`, lang])]) {
    test(`${url} is a 404 with the ${language} not-found page`, async ({ request }) => {
      const response = await get(request, url, { 'Accept-Encoding': 'identity' });
      expect(response.status()).toBe(404);
      const page = notFoundPage(url);
      expect((await response.body()).equals(fileBytes(page))).toBe(true);
      expect(await response.text()).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
      expectSecurityHeaders(response, url);
      expect(values(response, 'Content-Security-Policy')).toEqual([rules.pages.find((candidate) => candidate.file === page)?.csp]);
    });
  }

  test('a folder without index.html, the CDN files and the copies asked for by name are 404s, in their language', async ({ request }) => {
    const compressed = rules.files.find((file) => file.startsWith('/bg/') && hasCopies(file)) as string;
    for (const [url, page] of [
      ['/static/', '/404.html'],
      ['/page-data/', '/404.html'],
      ['/static', '/404.html'],
      ['/_headers', '/404.html'],
      ['/_redirects', '/404.html'],
      [`${fingerprintedJs}.br`, '/404.html'],
      [`${fingerprintedJs}.gz`, '/404.html'],
      [`${compressed}.br`, '/bg/404.html'],
    ]) {
      const response = await get(request, url, { 'Accept-Encoding': 'identity' });
      expect([url, response.status()]).toEqual([url, 404]);
      expect([url, (await response.body()).equals(fileBytes(page))]).toEqual([url, true]);
      expectSecurityHeaders(response, url);
    }
  });

  test('every page without its trailing slash redirects to it: 301, relative Location, query kept', async ({ request }) => {
    expect(rules.redirects.map(({ from }) => from)).toEqual(expect.arrayContaining(['/docs', ...LANGUAGES.map((lang) => `/${lang}`)]));
    for (const { from, to } of rules.redirects) {
      const response = await get(request, from);
      expect([from, response.status(), values(response, 'Location')]).toEqual([from, 301, [to]]);
      expectSecurityHeaders(response, from);
    }
    const withQuery = await get(request, '/docs?utm_source=test');
    expect(values(withQuery, 'Location')).toEqual(['/docs/?utm_source=test']);
  });

  test('a revalidated page answers 304 with the same headers', async ({ request }) => {
    const first = await get(request, '/pricing/');
    const etag = values(first, 'ETag')[0];
    const second = await get(request, '/pricing/', { 'If-None-Match': etag });
    expect(second.status()).toBe(304);
    expectSecurityHeaders(second, '304');
    expect(values(second, 'Cache-Control')).toEqual([REVALIDATE]);
    expect(values(second, 'Content-Security-Policy')).toEqual(values(first, 'Content-Security-Policy'));
  });
});

/** A GET whose body comes back as sent, still encoded (Playwright's request decodes it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.once('error', reject);
    req.end();
  });
}

test.describe('precompressed copies', () => {
  const files = ['/docs/index.html', '/bg/index.html', fingerprintedJs, '/page-data/docs/page-data.json'];
  for (const file of files) {
    test(`${file}: br, gzip or identity as asked, each decoding to the same bytes`, async () => {
      expect(hasCopies(file)).toBe(true);
      const original = fileBytes(file);
      const cases = [
        { accept: 'br', encoding: 'br', decode: brotliDecompressSync },
        { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
        { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
        { accept: 'identity', encoding: undefined, decode: (bytes: Buffer) => bytes },
        { accept: '', encoding: undefined, decode: (bytes: Buffer) => bytes },
      ];
      const etags = new Set<string>();
      for (const { accept, encoding, decode } of cases) {
        const response = await rawGet(`${SITE_URL}${pagePath(file)}`, accept ? { 'Accept-Encoding': accept } : {});
        expect([accept, response.status, response.headers['content-encoding']]).toEqual([accept, 200, encoding]);
        expect([accept, decode(response.body).equals(original)]).toEqual([accept, true]);
        if (encoding) expect(response.body.equals(fileBytes(`${file}.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(true);
        expect(response.headers.vary).toBe('Accept-Encoding');
        etags.add(String(response.headers.etag));
      }
      // A cache must not hand one encoding's ETag to a request for another.
      expect(etags.size).toBe(3);
    });
  }
});

test.describe('pages as written', () => {
  test('no page holds a NUL byte (React 18.3 stream writer, repaired by gatsby/streamedHtml.ts)', () => {
    const broken = rules.pages.map((page) => page.file).filter((file) => fileBytes(file).includes(0));
    expect(broken).toEqual([]);
  });
});

test.describe('Content-Security-Policy', () => {
  test('every inline script of every built page has its hash in that page\'s policy, and no other hash is there', async ({ request }) => {
    test.setTimeout(120_000);
    expect(rules.pages.length).toBeGreaterThan(20);
    for (const page of rules.pages) {
      const response = await get(request, page.path);
      const policy = values(response, 'Content-Security-Policy');
      expect([page.path, policy.length]).toEqual([page.path, 1]);
      if (page.path === ADMIN_PATH) {
        // The CMS's own policy (src/lib/adminPage.ts), for the backend the checks build with (scripts/processes.ts).
        expect(policy[0]).toBe(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }));
        continue;
      }
      const scripts = inlineScriptSources(await response.text());
      const hashes = directive(policy[0], 'script-src').filter((source) => source.startsWith("'sha256-"));
      expect([page.path, [...hashes].sort()]).toEqual([page.path, [...scripts].sort()]);
      expect(directive(policy[0], 'script-src').filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
      expect(directive(policy[0], 'connect-src')).toEqual(["'self'", SANDBOX_ORIGIN]);
      expect(directive(policy[0], 'frame-ancestors')).toEqual(["'none'"]);
    }
  });
});

test.describe('one rule source, two outputs', () => {
  test("public/_headers, read back as a CDN reads it, gives the headers nginx sends, path by path", async ({ request }) => {
    const cdnRules = parseHeadersFile(readFileSync(path.join(PUBLIC_DIR, '_headers'), 'utf8'));
    const named = [...Object.keys(SECURITY_HEADERS), 'Cache-Control', 'Content-Security-Policy'];
    const sample = [
      '/',
      '/docs/',
      '/bg/pricing/',
      '/404.html',
      '/bg/404.html',
      fingerprintedJs,
      staticFile,
      '/page-data/docs/page-data.json',
      '/page-data/app-data.json',
      '/share/bg.png',
      '/sitemap-index.xml',
      '/robots.txt',
      '/manifest.webmanifest',
      ...rules.files.filter((file) => file.startsWith('/illustrations/')).slice(0, 1),
    ];
    for (const url of sample) {
      expect(rules.files.includes(url) || rules.pages.some((page) => page.path === url)).toBe(true);
      const fromNginx = await get(request, url);
      expect([url, fromNginx.status()]).toEqual([url, 200]);
      const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      const cdn = lower(headersForPath(cdnRules, url));
      const nginx = Object.fromEntries(named.flatMap((name) => values(fromNginx, name).map((value) => [name.toLowerCase(), value])));
      expect([url, cdn]).toEqual([url, nginx]);
    }
  });
});

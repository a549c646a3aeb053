/**
 * HTTP tests of the site as nginx serves it with the generated config
 * (scripts/e2e.ts starts it): the headers of each kind of file, the status
 * and body of 404s and redirects, the precompressed copies, the one policy
 * every page gets and the scripts the pages really carry, and the CDN's
 * `_headers` read as each CDN reads it. Every response is checked for the
 * security headers, which an add_header in any location of the config
 * would silently drop there.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { runnableInlineScripts } from '../__tests__/support/runnableScripts';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readPublicRules } from '../features/hosting/publicFiles.node';
import { adminContentSecurityPolicy } from '../features/cms/adminPage';
import { readAdminIntegrity } from '../features/cms/admin.node';
import { cloudflareHeaders, netlifyHeaders, parseHeadersFile } from '../features/hosting/headersFile';
import { CMS_PAGE_OPENER_POLICY, FILE_POLICY, IMMUTABLE, REVALIDATE, headersFor, notFoundPage, openerPolicy, servedKind } from '../features/hosting/rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../features/site/policies';
import { pagePath } from '../features/site/routes';
import { LANGUAGES } from '../features/site/languages';
import { PUBLIC_DIR, SANDBOX_URL, SITE_URL } from './support';

const SANDBOX_ORIGIN = new URL(SANDBOX_URL).origin;
const rules = readPublicRules(PUBLIC_DIR);
const pages = rules.files.filter((file) => servedKind(file) === 'page' || servedKind(file) === 'search');
const fileBytes = (file: string) => readFileSync(path.join(PUBLIC_DIR, file));
const hasCopies = (file: string) => existsSync(path.join(PUBLIC_DIR, `${file}.br`)) && existsSync(path.join(PUBLIC_DIR, `${file}.gz`));

/** Every value of a header, however many times nginx sent it. */
const values = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name.toLowerCase())
    .map((header) => header.value);

/** The security headers, each exactly once with its value (the opener policy the one of the file served, `served`), and Cache-Control and the policy once. */
function expectSecurityHeaders(response: APIResponse, label: string, served = label): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect([label, name, values(response, name)]).toEqual([label, name, [name === OPENER_POLICY_HEADER ? openerPolicy(served) : value]]);
  }
  expect([label, values(response, 'Cache-Control').length, values(response, 'Content-Security-Policy').length]).toEqual([label, 1, 1]);
}

const get = (request: APIRequestContext, url: string, headers: Record<string, string> = {}) => request.get(url, { maxRedirects: 0, headers });

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

const fingerprintedJs = rules.files.find((file) => /^\/app-[0-9a-f]{20}\.js$/.test(file)) as string;
const staticFile = rules.files.find((file) => file.startsWith('/static/')) as string;
const pagefindFragment = rules.files.find((file) => file.startsWith('/pagefind/fragment/')) as string;

test.describe('headers per kind of file', () => {
  const kinds = [
    { kind: 'HTML page', file: '/docs/index.html', type: /^text\/html; charset=utf-8$/, cache: REVALIDATE, policy: rules.policies.page },
    { kind: 'hashed JS', file: fingerprintedJs, type: /^application\/javascript/, cache: IMMUTABLE, policy: FILE_POLICY },
    { kind: 'runtime file', file: rules.record.runtime.file, type: /^application\/javascript/, cache: IMMUTABLE, policy: FILE_POLICY },
    { kind: '/static/ file', file: staticFile, type: /./, cache: IMMUTABLE, policy: FILE_POLICY },
    { kind: 'page data', file: '/page-data/docs/page-data.json', type: /^application\/json/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'share image', file: '/share/en.png', type: /^image\/png$/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'drawing (SVG)', file: '/illustrations/features.svg', type: /^image\/svg\+xml/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'sitemap', file: '/sitemap-index.xml', type: /^text\/xml/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'feed inside a folder of pages', file: '/bg/rss.xml', type: /xml/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'web app manifest', file: '/manifest.webmanifest', type: /^application\/manifest\+json/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: "editors' CMS page", file: '/admin/index.html', type: /^text\/html; charset=utf-8$/, cache: REVALIDATE, policy: rules.policies.admin },
    { kind: "CMS's bundle", file: '/admin/decap-cms.js', type: /^application\/javascript/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: 'search page', file: '/bg/search/index.html', type: /^text\/html; charset=utf-8$/, cache: REVALIDATE, policy: rules.policies.search },
    { kind: "Pagefind's script", file: '/pagefind/pagefind.js', type: /^application\/javascript/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: "Pagefind's entry", file: '/pagefind/pagefind-entry.json', type: /^application\/json/, cache: REVALIDATE, policy: FILE_POLICY },
    { kind: "Pagefind's fragment (hashed)", file: pagefindFragment, type: /./, cache: IMMUTABLE, policy: FILE_POLICY },
  ];
  for (const { kind, file, type, cache, policy } of kinds) {
    test(`${kind}: ${file}`, async ({ request }) => {
      expect(rules.files).toContain(file);
      const response = await get(request, pagePath(file));
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(type);
      expect(values(response, 'Cache-Control')).toEqual([cache]);
      expectSecurityHeaders(response, file);
      expect(values(response, 'Content-Security-Policy')).toEqual([policy]);
      expect(values(response, 'ETag')).toHaveLength(1);
      // One Vary where precompressed copies exist (both modules send it through gzip_vary), none elsewhere.
      expect(values(response, 'Vary')).toEqual(hasCopies(file) ? ['Accept-Encoding'] : []);
    });
  }

  test('every file of public/ gets the Cache-Control, security headers and policy of the hosting rules', async ({ request }) => {
    test.setTimeout(120_000);
    const mismatches: string[] = [];
    for (const file of rules.files) {
      const served = pagePath(file);
      const response = await get(request, served);
      const seen = { status: response.status(), headers: Object.fromEntries(Object.keys(headersFor(served, rules.policies)).map((name) => [name, values(response, name)])) };
      const wanted = { status: 200, headers: Object.fromEntries(Object.entries(headersFor(served, rules.policies)).map(([name, value]) => [name, [value]])) };
      if (JSON.stringify(seen) !== JSON.stringify(wanted)) mismatches.push(`${served}: ${JSON.stringify(seen)}`);
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
      expect(values(response, 'Content-Security-Policy')).toEqual([rules.policies.page]);
    });
  }

  test("a folder without index.html, the hosting's own files and the copies asked for by name are 404s, in their language", async ({ request }) => {
    const compressed = rules.files.find((file) => file.startsWith('/bg/') && hasCopies(file)) as string;
    for (const [url, page] of [
      ['/static/', '/404.html'],
      ['/page-data/', '/404.html'],
      ['/static', '/404.html'],
      ['/_headers', '/404.html'],
      ['/_redirects', '/404.html'],
      ['/_build.json', '/404.html'],
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
    const folders = pages.filter((file) => file.endsWith('/index.html') && file !== '/index.html').map((file) => file.slice(0, -'/index.html'.length));
    expect(folders).toEqual(expect.arrayContaining(['/docs', ...LANGUAGES.map((lang) => `/${lang}`)]));
    for (const from of folders) {
      const response = await get(request, from);
      expect([from, response.status(), values(response, 'Location')]).toEqual([from, 301, [`${from}/`]]);
      expectSecurityHeaders(response, from);
    }
    const withQuery = await get(request, '/docs?utm_source=test');
    expect(values(withQuery, 'Location')).toEqual(['/docs/?utm_source=test']);
    // The Location echoes the request line as written: an encoded line break stays encoded.
    const injected = await get(request, '/bg%0d%0aX-Injected:%20yes');
    expect(values(injected, 'X-Injected')).toEqual([]);
    const spelled = await get(request, '/b%67');
    expect([spelled.status(), values(spelled, 'Location')]).toEqual([301, ['/b%67/']]);
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
  test('no page holds a NUL byte (React 18.3 stream writer, repaired by features/runtime/streamedHtml.node.ts)', () => {
    const broken = pages.filter((file) => fileBytes(file).includes(0));
    expect(broken).toEqual([]);
  });
});

test.describe('Content-Security-Policy', () => {
  test('no page carries an inline script, and every page gets the one page policy: scripts from the site only; the search pages the same with WebAssembly', async ({ request }) => {
    test.setTimeout(120_000);
    expect(pages.length).toBeGreaterThan(20);
    const policies = new Set<string>();
    for (const file of pages) {
      const response = await get(request, pagePath(file));
      const policy = values(response, 'Content-Security-Policy');
      const wanted = servedKind(file) === 'search' ? rules.policies.search : rules.policies.page;
      expect([file, policy]).toEqual([file, [wanted]]);
      policies.add(policy[0]);
      expect([file, runnableInlineScripts(await response.text())]).toEqual([file, []]);
    }
    expect(policies.size).toBe(2);
    expect(pages.filter((file) => servedKind(file) === 'search').map(pagePath)).toEqual(['/bg/search/', '/en/search/', '/search/']);
    for (const policy of policies) {
      expect(directive(policy, 'script-src')).toEqual(policy === rules.policies.search ? ["'self'", "'wasm-unsafe-eval'"] : ["'self'"]);
      expect(directive(policy, 'connect-src')).toEqual(["'self'", SANDBOX_ORIGIN]);
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    }
  });

  test('the CMS page gets its own policy, for the backend the checks build with (system/processes.ts)', async ({ request }) => {
    const response = await get(request, '/admin/');
    // Its scripts by their hashes, as the page loads them: the served policy trusts exactly the three the build wrote.
    const integrity = readAdminIntegrity(path.join(PUBLIC_DIR, 'admin'));
    if (!integrity) throw new Error(`${PUBLIC_DIR}/admin has no CMS scripts`);
    expect(values(response, 'Content-Security-Policy')).toEqual([adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }, integrity)]);
    // Its sign-in popup must be able to answer it: same-origin would cut the popup off.
    expect(values(response, OPENER_POLICY_HEADER)).toEqual([CMS_PAGE_OPENER_POLICY]);
    expect(runnableInlineScripts(await response.text())).toEqual([]);
  });
});

test.describe('one rule source, two outputs', () => {
  const cdnRules = parseHeadersFile(readFileSync(path.join(PUBLIC_DIR, '_headers'), 'utf8'));
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(headers)
        .map(([name, value]) => [name.toLowerCase(), value])
        .sort(([a], [b]) => a.localeCompare(b)),
    );

  test('public/_headers holds a handful of rules, whatever the number of pages', () => {
    // 21 for this site: a rule per kind of file, and one per search page, each language its own (features/hosting/cdnFiles.node.ts SEARCH_PAGES).
    expect(cdnRules.length).toBeLessThanOrEqual(25);
    expect(cdnRules.length).toBeLessThan(pages.length);
  });

  test('public/_headers, read as Cloudflare Pages and as Netlify read it, gives every path the headers nginx sends', async ({ request }) => {
    test.setTimeout(120_000);
    const named = [...Object.keys(SECURITY_HEADERS), 'Cache-Control', 'Content-Security-Policy'];
    const mismatches: string[] = [];
    for (const url of [...rules.files.map(pagePath), '/nonsense/', '/bg/nonsense/']) {
      const fromNginx = await get(request, url);
      const nginx = lower(Object.fromEntries(named.flatMap((name) => values(fromNginx, name).map((value) => [name, value]))));
      const cdn = { cloudflare: lower(cloudflareHeaders(cdnRules, url)), netlify: lower(netlifyHeaders(cdnRules, url)) };
      // A CDN answers an unknown path with the headers of that path; nginx with those of the 404 page.
      const expected = url.endsWith('nonsense/') ? lower({ ...nginx, 'content-security-policy': cdn.cloudflare['content-security-policy'] }) : nginx;
      for (const [name, headers] of Object.entries(cdn)) {
        if (JSON.stringify(headers) !== JSON.stringify(expected)) mismatches.push(`${name} ${url}: ${JSON.stringify(headers)} vs nginx ${JSON.stringify(nginx)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

test.describe('served as built', () => {
  test('npm run serve:nginx under another GATSBY_PAYMENTS_API_URL serves the policy the build recorded, and says so', async ({ request }) => {
    test.setTimeout(60_000);
    const env = { ...process.env, PORT: '0', GATSBY_PAYMENTS_API_URL: 'https://payments.other.example' };
    const server = spawn(path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'), [path.join(__dirname, '..', 'scripts', 'serveNginx.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited: number | null | undefined;
    server.once('exit', (code) => (exited = code));
    try {
      // A command that cannot start says why at once, instead of letting the poll time out in silence.
      await expect
        .poll(
          () => {
            if (exited !== undefined) throw new Error(`npm run serve:nginx exited with ${exited}:\n${output}`);
            return /serves public\/ at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
          },
          { timeout: 30_000 },
        )
        .toBeTruthy();
      const url = /serves public\/ at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1] as string;
      expect(output).toContain('GATSBY_PAYMENTS_API_URL is https://payments.other.example');
      const response = await get(request, `${url}/pricing/`);
      expect(directive(values(response, 'Content-Security-Policy')[0], 'connect-src')).toEqual(["'self'", SANDBOX_ORIGIN]);
    } finally {
      if (exited === undefined) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    }
  });
});

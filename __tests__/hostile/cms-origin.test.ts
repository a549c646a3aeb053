/** @jest-environment node */
/**
 * Hostile class "CMS origin": at /admin/ of the site, the CMS keeps an
 * editor's token in the site's own origin, where any script that reaches a
 * public page could read it. With the CMS on an origin of its own
 * (CMS_ORIGIN; docs/deploy.md, "The CMS on its own origin"), the site's
 * /admin/ always leaves for that origin, and that origin serves the CMS's
 * folder and nothing of the site. The real path: a public/ with the CMS
 * written by the real writeAdmin (github backend) and a build record with
 * a CMS origin, the CDN files written by the real writeCdnFiles, and the
 * brotli and gzip copies a published release has,
 * served by nginx with the generated config (both server blocks on one
 * port, told apart by Host), asked over a raw socket so that no client
 * tidies a path first; the CDN files read as each CDN reads them; and
 * Chromium, which finds both hosts on this machine, starting the CMS from
 * its own origin.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { readAdminIntegrity, writeAdmin } from '../../features/cms/admin.node';
import { BUILD_RECORD_PATH, buildRecord, sitePolicies, type BuildRecord } from '../../features/hosting/buildRecord';
import { CMS_HEADERS_PATH, writeCdnFiles } from '../../features/hosting/cdnFiles.node';
import { cloudflareHeaders, netlifyHeaders, parseHeadersFile } from '../../features/hosting/headersFile';
import { freePort, startNginx, type RunningNginx } from '../../features/hosting/nginxServer.node';
import { isCompressedCopy, readPublicRules } from '../../features/hosting/publicFiles.node';
import { filesUnder } from '../../system/folderTree';
import { precompress } from '../../features/hosting/precompress.node';
import { cloudflareRedirect, netlifyRedirect } from '../../features/hosting/redirectsFile';
import { CMS_PAGE_OPENER_POLICY, FILE_POLICY, REVALIDATE } from '../../features/hosting/rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../../features/site/policies';
import { ADMIN_PATH } from '../../features/site/routes';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { fixture, fixtureLines, scratch } from '../support/hostile';
import { rawGet, rawRequest, type RawResponse } from '../support/rawHttp';

const CLASS = 'cms-origin';
const ROOT = path.join(__dirname, '..', '..');
/** In every file of the public site the test writes, so a body that holds it leaked the site. */
const SITE_MARKER = 'STOCKPAY-PUBLIC-SITE';
/** In the files hidden in the CMS's folder (the fixture). */
const HIDDEN_MARKER = 'STOCKPAY-HIDDEN';
const SITE_HOST = 'www.example.test';
const CMS_HOST = 'cms.example.test';
const BACKEND = { name: 'github', repo: 'acme/site', branch: 'main' } as const;

const requestPaths = (name: string): string[] => fixtureLines(CLASS, name);

/** The headers the hosting rules name, each once, as nginx sent them. */
const ruledHeaders = (response: RawResponse): Record<string, string> =>
  Object.fromEntries(
    [...Object.keys(SECURITY_HEADERS), 'Cache-Control', 'Content-Security-Policy'].map((name) => {
      const values = response.headers[name.toLowerCase()] ?? [];
      expect([name, values.length]).toEqual([name, 1]);
      return [name, values[0]];
    }),
  );

/** Whether a request path, as nginx decodes it, climbs above the root ('/..', '/katex/%2e%2e/%2e%2e/x'). */
function climbsAboveRoot(target: string): boolean {
  let depth = 0;
  for (const segment of decodeURIComponent(target.split('?')[0]).split('/')) {
    if (segment === '..') depth -= 1;
    else if (segment !== '' && segment !== '.') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/** Headers by their lower-case names, in one order: a CDN rule that replaces a header moves it to the end. */
const lower = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .map(([name, value]) => [name.toLowerCase(), value])
      .sort(([a], [b]) => a.localeCompare(b)),
  );

let dir: string;
let port: number;
let site: string;
let cms: string;
let record: BuildRecord;
let nginx: RunningNginx;
const admin = () => path.join(dir, ADMIN_PATH);
/** Every file the CMS's folder serves, as its origin's paths ('/admin.js'), the CDN's rules, the compressed copies and the planted hidden files left out. */
const cmsFiles = () =>
  filesUnder(admin())
    .map((file) => `/${file}`)
    .filter((file) => file !== CMS_HEADERS_PATH.slice(ADMIN_PATH.length - 1) && !/\/\./.test(file) && !isCompressedCopy(file));
/** Every file under public/admin/, whatever it is: what the site's host must never serve. */
const everyCmsFile = () => filesUnder(admin());
/** The site's files, their compressed copies included. */
const siteFiles = () => filesUnder(dir).filter((file) => !file.startsWith('admin/'));

beforeAll(async () => {
  dir = scratch(CLASS);
  // One port for both server blocks, known before the record is written: it is part of the CMS's origin.
  port = await freePort();
  site = `http://${SITE_HOST}:${port}`;
  cms = `http://${CMS_HOST}:${port}`;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  writeAdmin(ROOT, admin(), BACKEND, 'StockPay', site);
  for (const page of ['index.html', '404.html', 'bg/index.html', 'bg/404.html', 'en/404.html']) {
    write(page, `<!DOCTYPE html><html lang="${page.startsWith('bg/') ? 'bg' : 'en'}"><p>${SITE_MARKER} ${page}</p></html>`);
  }
  write('page-data/app-data.json', `{"marker":"${SITE_MARKER}"}`);
  // Over 1 KB, so that it has compressed copies, as the site's scripts do.
  write('app-0123456789abcdef0123.js', `console.log("${SITE_MARKER}");\n${'// padding\n'.repeat(120)}`);
  record = buildRecord(
    { siteUrl: site, paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
    BACKEND,
    { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
    readAdminIntegrity(admin()),
    cms,
  );
  write(BUILD_RECORD_PATH, JSON.stringify(record));
  writeCdnFiles(dir, readPublicRules(dir));
  // What npm run publish gives a release nginx serves: the text files' brotli and gzip copies, the CMS's scripts' too.
  await precompress(dir);
  // Planted after the CDN files, which refuse a public/ with a dotfile (a CDN would serve it).
  for (const hidden of ['.env', 'katex/.secret']) write(path.join(ADMIN_PATH, hidden), fixture(CLASS, 'hidden.env'));
  nginx = await startNginx({ publicDir: dir, port });
}, 300_000);

afterAll(async () => {
  await nginx?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the CMS's own host", () => {
  it('serves the CMS page at / and /index.html under the CMS policy, revalidated, with the security headers', async () => {
    const page = fs.readFileSync(path.join(admin(), 'index.html'));
    for (const target of ['/', '/index.html']) {
      const response = await rawGet(port, target, CMS_HOST);
      expect([target, response.status]).toEqual([target, 200]);
      expect(response.body.equals(page)).toBe(true);
      // Its opener policy lets its sign-in popup answer it.
      expect(ruledHeaders(response)).toEqual({
        ...SECURITY_HEADERS,
        [OPENER_POLICY_HEADER]: CMS_PAGE_OPENER_POLICY,
        'Cache-Control': REVALIDATE,
        'Content-Security-Policy': sitePolicies(record).admin,
      });
    }
    expect(sitePolicies(record).admin).toContain("'strict-dynamic'");
  });

  it("serves every other file of the folder as a file (the sandboxing policy), and as the CMS origin's _headers says on either CDN", async () => {
    const cdnRules = parseHeadersFile(fs.readFileSync(path.join(dir, CMS_HEADERS_PATH), 'utf8'));
    const files = cmsFiles();
    expect(files).toEqual(expect.arrayContaining(['/admin.js', '/decap-cms.js', '/preview.js', '/config.yml', '/katex/katex.min.css']));
    const mismatches: string[] = [];
    for (const file of [...files, '/']) {
      const response = await rawGet(port, file, CMS_HOST);
      const served = ruledHeaders(response);
      if (file !== '/') {
        expect([file, response.status, response.body.equals(fs.readFileSync(path.join(admin(), file)))]).toEqual([file, 200, true]);
        expect([file, served['Content-Security-Policy']]).toEqual([file, file === '/index.html' ? sitePolicies(record).admin : FILE_POLICY]);
      }
      for (const [cdn, headers] of [
        ['cloudflare', cloudflareHeaders(cdnRules, file)],
        ['netlify', netlifyHeaders(cdnRules, file)],
      ] as const) {
        if (JSON.stringify(lower(headers)) !== JSON.stringify(lower(served))) mismatches.push(`${cdn} ${file}: ${JSON.stringify(headers)} vs nginx ${JSON.stringify(served)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(requestPaths('cms-host-paths.txt'))('%s reaches nothing of the public site and no hidden file', async (target) => {
    const response = await rawGet(port, target, CMS_HOST);
    const body = response.body.toString('latin1');
    // 404 from the CMS's server block; 400 where nginx refuses a path that climbs above the root, before any location.
    expect([target, response.status, body.includes(SITE_MARKER), body.includes(HIDDEN_MARKER)]).toEqual([target, climbsAboveRoot(target) ? 400 : 404, false, false]);
    for (const file of siteFiles()) expect([target, file, response.body.equals(fs.readFileSync(path.join(dir, file)))]).toEqual([target, file, false]);
    expect(response.headers['x-content-type-options']).toEqual(['nosniff']);
    if (response.status === 404) expect([target, response.headers['content-security-policy']]).toEqual([target, [FILE_POLICY]]);
  });

  it('holds the hidden files it refuses, so a 404 is nginx refusing them, not a file missing', () => {
    for (const hidden of ['.env', 'katex/.secret']) expect(fs.readFileSync(path.join(admin(), hidden), 'utf8')).toContain(HIDDEN_MARKER);
  });

  it('holds the compressed copies it refuses by name, and sends them only as the encoding of their own file', async () => {
    const script = fs.readFileSync(path.join(admin(), 'decap-cms.js'));
    for (const copy of ['decap-cms.js.br', 'decap-cms.js.gz', 'admin.js.br']) expect([copy, fs.existsSync(path.join(admin(), copy))]).toEqual([copy, true]);
    for (const copy of ['/decap-cms.js.br', '/decap-cms.js.gz', '/admin.js.br']) expect([copy, (await rawGet(port, copy, CMS_HOST)).status]).toEqual([copy, 404]);
    const brotli = await rawRequest(port, 'GET /decap-cms.js HTTP/1.1', { Host: CMS_HOST, 'Accept-Encoding': 'br, gzip' });
    expect([brotli.status, brotli.headers['content-encoding']]).toEqual([200, ['br']]);
    expect(zlib.brotliDecompressSync(brotli.body).equals(script)).toBe(true);
  });

  it('answers every file of the public site, by its path, as it is or compressed, with nothing of the site', async () => {
    const site = siteFiles().map((file) => fs.readFileSync(path.join(dir, file)));
    const served: string[] = [];
    for (const file of siteFiles()) {
      const response = await rawRequest(port, `GET /${file} HTTP/1.1`, { Host: CMS_HOST, 'Accept-Encoding': 'br, gzip' });
      // The CMS page is the folder's own index.html; every other path of the site is nothing here.
      const own = file === 'index.html';
      expect([file, response.status]).toEqual([file, own ? 200 : 404]);
      if (site.some((bytes) => bytes.equals(response.body)) || response.body.includes(SITE_MARKER)) served.push(file);
    }
    expect(siteFiles()).toEqual(expect.arrayContaining(['404.html', 'bg/index.html', '_build.json', '_redirects', 'app-0123456789abcdef0123.js.br']));
    expect(served).toEqual([]);
  });

  it.each([
    ['another host', 'GET', 'HTTP/1.1', 'other.example.test'],
    ["this machine's address", 'GET', 'HTTP/1.1', '127.0.0.1'],
    ["the site's host", 'GET', 'HTTP/1.1', SITE_HOST],
    ['no Host at all (HTTP/1.0)', 'GET', 'HTTP/1.0', undefined],
  ])('is never served to %s: no CMS page, script or file, no CMS policy', async (_what, method, version, host) => {
    const cmsBytes = everyCmsFile().map((file) => fs.readFileSync(path.join(admin(), file)));
    for (const target of ['/', '/index.html', '/decap-cms.js', '/admin.js', '/preview.js', '/config.yml', '/katex/katex.min.css']) {
      const response = await rawRequest(port, `${method} ${target} ${version}`, host === undefined ? {} : { Host: host });
      expect([target, cmsBytes.some((bytes) => bytes.equals(response.body))]).toEqual([target, false]);
      expect([target, response.headers['content-security-policy']]).not.toEqual([target, [sitePolicies(record).admin]]);
    }
  });
});

describe("the site's host", () => {
  const hasFile = (pathname: string) => {
    const files = filesUnder(dir).map((file) => `/${file}`);
    return files.includes(pathname) || files.includes(`${pathname.replace(/\/$/, '')}/index.html`);
  };
  const redirectsText = () => fs.readFileSync(path.join(dir, '_redirects'), 'utf8');
  /** The query a Location keeps: the request's. */
  const queryOf = (target: string) => (target.includes('?') ? target.slice(target.indexOf('?')) : '');

  it.each(requestPaths('site-admin-paths.txt'))('%s answers 301 to the CMS origin, on nginx and, from public/_redirects, on both CDNs', async (target) => {
    const response = await rawGet(port, target, SITE_HOST);
    const wanted = { status: 301, location: `${cms}/${queryOf(target)}` };
    expect([target, response.status, response.headers.location]).toEqual([target, 301, [wanted.location]]);
    expect(response.body.toString('latin1')).not.toContain('decap-cms.js');
    expect(response.headers['x-content-type-options']).toEqual(['nosniff']);
    // A CDN's Location must be https (Cloudflare drops any other); this record's origin is the test's http one.
    const text = redirectsText().replaceAll(cms, 'https://cms.example.com');
    const onCdn = { status: 301, location: `https://cms.example.com/${queryOf(target)}` };
    expect([target, cloudflareRedirect(text, target), netlifyRedirect(text, target, hasFile)]).toEqual([target, onCdn, onCdn]);
  });

  it("answers every file of the CMS's folder (its scripts, their compressed copies, its CDN rules, hidden files) with the 301 and not a byte of it, however asked, on nginx and on both CDNs", async () => {
    const cmsBytes = everyCmsFile().map((file) => fs.readFileSync(path.join(admin(), file)));
    const text = redirectsText().replaceAll(cms, 'https://cms.example.com');
    const onCdn = { status: 301, location: 'https://cms.example.com/' };
    const wrong: string[] = [];
    expect(everyCmsFile()).toEqual(expect.arrayContaining(['decap-cms.js', 'decap-cms.js.br', 'admin.js.gz', '_headers', '.env', 'katex/fonts/KaTeX_Main-Regular.woff2']));
    for (const file of everyCmsFile()) {
      const target = `${ADMIN_PATH}${file}`;
      const asked = [
        ['GET', { Host: SITE_HOST, 'Accept-Encoding': 'br, gzip' }],
        ['HEAD', { Host: SITE_HOST }],
        ['POST', { Host: SITE_HOST, 'Content-Length': '0' }],
      ] as const;
      for (const [method, headers] of asked) {
        const response = await rawRequest(port, `${method} ${target} HTTP/1.1`, headers);
        const answer = [response.status, response.headers.location, response.headers['content-encoding']];
        if (JSON.stringify(answer) !== JSON.stringify([301, [`${cms}/`], undefined]) || cmsBytes.some((bytes) => bytes.equals(response.body)) || response.body.length > 512) {
          wrong.push(`${method} ${target}: ${JSON.stringify(answer)}, ${response.body.length} bytes`);
        }
      }
      const hasFile = () => true;
      for (const [name, redirect] of [
        ['cloudflare', cloudflareRedirect(text, target)],
        ['netlify', netlifyRedirect(text, target, hasFile)],
      ] as const) {
        if (JSON.stringify(redirect) !== JSON.stringify(onCdn)) wrong.push(`${name} ${target}: ${JSON.stringify(redirect)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(requestPaths('site-admin-encoded-paths.txt'))(
    '%s answers 301 to the CMS origin on nginx; a CDN that does not redirect it serves it only under a policy the CMS cannot start under',
    async (target) => {
      const response = await rawGet(port, target, SITE_HOST);
      expect([target, response.status, response.headers.location]).toEqual([target, 301, [`${cms}/`]]);
      const text = redirectsText().replaceAll(cms, 'https://cms.example.com');
      const siteRules = parseHeadersFile(fs.readFileSync(path.join(dir, '_headers'), 'utf8'));
      const pathname = new URL(target, 'https://cdn.invalid').pathname;
      for (const [cdn, redirect, headers] of [
        ['cloudflare', cloudflareRedirect(text, target), cloudflareHeaders(siteRules, pathname)],
        ['netlify', netlifyRedirect(text, target, hasFile), netlifyHeaders(siteRules, pathname)],
      ] as const) {
        // Decap compiles its config's schemas with new Function: without 'unsafe-eval' it does not start, so no editor signs in there.
        const inert = !headers['Content-Security-Policy'].includes("'unsafe-eval'");
        expect([cdn, target, redirect !== null || inert]).toEqual([cdn, target, true]);
      }
    },
  );

  it('lets Cloudflare Pages serve /%61dmin/ (the difference docs/deploy.md names), Netlify and nginx redirect it', () => {
    const text = redirectsText();
    expect(cloudflareRedirect(text, '/%61dmin/')).toBeNull();
    expect(netlifyRedirect(text, '/%61dmin/', hasFile)).toEqual({ status: 301, location: `${cms}/` });
  });

  it.each(requestPaths('site-non-admin-paths.txt'))('%s stays on the site: its 404 page, no redirect', async (target) => {
    const response = await rawGet(port, target, SITE_HOST);
    expect([target, response.status, response.headers.location]).toEqual([target, 404, undefined]);
    expect(response.body.toString('latin1')).toContain(SITE_MARKER);
    expect([target, cloudflareRedirect(redirectsText(), target), netlifyRedirect(redirectsText(), target, hasFile)]).toEqual([target, null, null]);
  });
});

describe("the CMS origin's own deploy on a CDN (public/admin/ as its root)", () => {
  it('holds no file of the public site, and its _headers gives every path of the site the sandboxing file policy on both CDNs', () => {
    const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    const cmsHashes = new Set(everyCmsFile().map((file) => hash(path.join(admin(), file))));
    expect(siteFiles().filter((file) => cmsHashes.has(hash(path.join(dir, file))))).toEqual([]);
    // A Cloudflare project without a 404.html answers an unknown path with index.html: under these headers it runs nothing.
    const rules = parseHeadersFile(fs.readFileSync(path.join(dir, CMS_HEADERS_PATH), 'utf8'));
    const paths = [
      ...siteFiles()
        .filter((file) => file !== 'index.html')
        .map((file) => `/${file}`),
      '/bg/',
      '/en/',
      '/blog/',
    ];
    const policies = paths.flatMap((served) => [
      [served, 'cloudflare', cloudflareHeaders(rules, served)['Content-Security-Policy']],
      [served, 'netlify', netlifyHeaders(rules, served)['Content-Security-Policy']],
    ]);
    expect(policies.filter(([, , policy]) => policy !== FILE_POLICY)).toEqual([]);
    expect(FILE_POLICY).toContain('sandbox');
  });
});

describe('Chromium, the hosts mapped to this machine', () => {
  let browser: Browser;
  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('This test runs the CMS in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
    browser = await chromium.launch({
      executablePath,
      args: [
        ...CHROMIUM_ARGS,
        // Both hosts on this machine, every other name nowhere: nothing leaves it.
        `--host-resolver-rules=MAP ${CMS_HOST} 127.0.0.1, MAP ${SITE_HOST} 127.0.0.1, MAP * ~NOTFOUND`,
        // Decap needs a secure context (crypto.randomUUID), which the CMS's https origin is in production; here plain http stands in for it.
        `--unsafely-treat-insecure-origin-as-secure=${cms}`,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("follows the site's /admin/ to the CMS's own origin, where Decap starts from the folder alone and breaks no rule of its policy", async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to|integrity/i.test(message.text())) refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));
    // Every file the CMS asks its own origin for is there: the folder is whole in itself.
    page.on('response', (response) => {
      if (new URL(response.url()).origin === cms && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    try {
      const response = await page.goto(`${site}/admin/`);
      expect(new URL(page.url()).origin).toBe(cms);
      expect(response?.status()).toBe(200);
      await page.getByRole('button', { name: /Login/ }).waitFor({ state: 'visible', timeout: 30_000 });
      expect(refused).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

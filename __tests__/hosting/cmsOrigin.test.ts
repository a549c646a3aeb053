/** @jest-environment node */
/**
 * The CMS on an origin of its own (docs/deploy.md, "The CMS on its own
 * origin"): what the build records, the nginx config's redirect and second
 * server block, and the CDN files (the site's `_redirects`, the CMS
 * origin's `_headers`), each read as the CDN reads it. The real nginx and
 * Chromium: __tests__/hostile/cms-origin.test.ts.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_PATH } from '../../features/site/routes';
import { adminContentSecurityPolicy } from '../../features/cms/adminPage';
import { BUILD_RECORD_PATH, buildRecord, parseBuildRecord, sitePolicies } from '../../features/hosting/buildRecord';
import { environmentMismatches } from '../../features/hosting/buildRecord.node';
import { CMS_HEADERS_PATH, cmsCdnFiles, cmsHeaderRules, headerRules, redirectsFile, writeCdnFiles } from '../../features/hosting/cdnFiles.node';
import { cloudflareHeaders, netlifyHeaders, parseHeadersFile } from '../../features/hosting/headersFile';
import { nginxSiteConfig } from '../../features/hosting/nginxConfig';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { type PublicRules } from '../../features/hosting/publicFiles';
import { cloudflareRedirect, netlifyRedirect } from '../../features/hosting/redirectsFile';
import { CMS_PAGE_OPENER_POLICY, FILE_POLICY, REVALIDATE } from '../../features/hosting/rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../../features/site/policies';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

const CMS = 'https://cms.example.com';
const GITHUB = { name: 'github', repo: 'acme/site', branch: 'main' } as const;
const SETTINGS = { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' };
const RUNTIME = { file: '/runtime-0123456789abcdef0123.js', scripts: [] };
const record = buildRecord(SETTINGS, GITHUB, RUNTIME, ADMIN_SCRIPTS_EXAMPLE, CMS);
const withoutOrigin = buildRecord(SETTINGS, GITHUB, RUNTIME, ADMIN_SCRIPTS_EXAMPLE);

describe('the build record', () => {
  it('records the origin, and none by default', () => {
    expect(record.cmsOrigin).toBe(CMS);
    expect(withoutOrigin.cmsOrigin).toBeNull();
    expect(parseBuildRecord(JSON.stringify(record))).toEqual(record);
    expect(parseBuildRecord(JSON.stringify(withoutOrigin))).toEqual(withoutOrigin);
    // A record written before the CMS could have an origin of its own.
    const { cmsOrigin, ...older } = withoutOrigin;
    expect(cmsOrigin).toBeNull();
    expect(parseBuildRecord(JSON.stringify(older)).cmsOrigin).toBeNull();
    // The policies do not change: the CMS page's is the same on either origin.
    expect(sitePolicies(record)).toEqual(sitePolicies(withoutOrigin));
  });

  it('refuses an origin that is not one, or that the CMS cannot use', () => {
    const parse = (changes: Record<string, unknown>) => () => parseBuildRecord(JSON.stringify({ ...record, ...changes }));
    for (const cmsOrigin of ['https://cms.example.com/', 'https://cms.example.com/admin', 'cms.example.com', 'https://cms.example.com "unsafe"', 'https://CMS.example.com', 42, ''])
      expect(parse({ cmsOrigin })).toThrow('"cmsOrigin" must be null or an origin');
    expect(parse({ cms: { name: 'git-gateway', branch: 'main' } })).toThrow('"cmsOrigin" needs a CMS with the github or gitlab backend');
    expect(parse({ cms: null, adminScripts: null })).toThrow('"cmsOrigin" needs a CMS');
    expect(parse({ cmsOrigin: 'https://shop.example.com' })).toThrow('"cmsOrigin" must not be the site\'s own origin');
    expect(parseBuildRecord(JSON.stringify({ ...record, cms: { name: 'gitlab', repo: 'g/s', branch: 'main' } })).cmsOrigin).toBe(CMS);
  });

  it('names a CMS_ORIGIN the serving shell sets differently, and says where the build serves the CMS', () => {
    expect(environmentMismatches(record, { CMS_ORIGIN: 'https://cms.example.com/' })).toEqual([]);
    expect(environmentMismatches(record, { CMS_ORIGIN: ' ' })).toEqual([]);
    expect(environmentMismatches(record, { CMS_ORIGIN: 'https://editor.example.com' })).toEqual([
      'CMS_ORIGIN is https://editor.example.com; the build serves the CMS from https://cms.example.com',
    ]);
    expect(environmentMismatches(withoutOrigin, { CMS_ORIGIN: 'https://cms.example.com' })).toEqual([
      'CMS_ORIGIN is https://cms.example.com; the build serves the CMS at /admin/ of the site',
    ]);
    expect(environmentMismatches(record, { CMS_ORIGIN: 'cms' })).toEqual(['CMS_ORIGIN is not a URL (cms)']);
  });
});

/** The site's files, shaped like a build's: pages with their 404s, the CMS's folder. */
const FILES = [
  '/index.html',
  '/404.html',
  '/bg/index.html',
  '/bg/404.html',
  '/en/404.html',
  '/app-0123456789abcdef0123.js',
  '/page-data/index/page-data.json',
  '/admin/index.html',
  '/admin/decap-cms.js',
  '/admin/admin.js',
  '/admin/config.yml',
  '/admin/katex/katex.min.css',
  '/admin/katex/fonts/KaTeX_Main-Regular.woff2',
];
const rulesOf = (built = record): PublicRules => ({ files: FILES, record: built, policies: sitePolicies(built) });

interface Block {
  /** The directives directly inside, one a line. */
  lines: string[];
  /** Nested blocks, by their opening line. */
  blocks: Map<string, Block>;
}

/** A config as nginxConfig.ts writes it (one directive a line, a block's brace ending its line), as nested blocks; top-level blocks of the same opening get a #n. */
function parse(config: string): Block {
  const root: Block = { lines: [], blocks: new Map() };
  const stack = [root];
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    const current = stack[stack.length - 1];
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('{')) {
      let name = line.slice(0, -1).trim();
      for (let n = 2; current.blocks.has(name); n += 1) name = `${line.slice(0, -1).trim()} #${n}`;
      const block: Block = { lines: [], blocks: new Map() };
      current.blocks.set(name, block);
      stack.push(block);
    } else if (line === '}') stack.pop();
    else current.lines.push(line);
  }
  expect(stack).toHaveLength(1);
  return root;
}

describe('nginx', () => {
  const options = { root: '/srv/stockpay/releases/r1/', listen: ['443 ssl', '[::]:443 ssl'], serverName: 'shop.example.com', includes: ['/etc/nginx/snippets/tls.conf'] };
  const config = parse(nginxSiteConfig(rulesOf(), options));
  const site = config.blocks.get('server') as Block;
  const cms = config.blocks.get('server #2') as Block;

  it('adds nothing without a CMS origin', () => {
    const plain = parse(nginxSiteConfig(rulesOf(withoutOrigin), options));
    expect([...plain.blocks.keys()].filter((name) => name.startsWith('server'))).toEqual(['server']);
    expect([...(plain.blocks.get('server') as Block).blocks.keys()].filter((name) => name.includes('admin'))).toEqual([]);
  });

  it("answers /admin and everything under /admin/ on the site's host with 301 to the CMS origin's root, the query kept", () => {
    const redirect = `return 301 "${CMS}/$is_args$args";`;
    expect(site.blocks.get('location = /admin')?.lines).toEqual([redirect]);
    // ^~: no regular-expression location (hidden files, copies) is looked at under it.
    expect(site.blocks.get('location ^~ /admin/')?.lines).toEqual([redirect]);
    expect(site.lines).toContain('server_name shop.example.com;');
  });

  it('serves public/admin/ as the root of the CMS host, on the same addresses, with the same includes and headers', () => {
    expect(cms.lines.filter((line) => /^(listen|server_name|root|include) /.test(line))).toEqual([
      'listen 443 ssl;',
      'listen [::]:443 ssl;',
      'server_name cms.example.com;',
      'root /srv/stockpay/releases/r1/admin;',
      'include /etc/nginx/snippets/tls.conf;',
    ]);
    expect(cms.lines.filter((line) => line.startsWith('add_header'))).toEqual([
      `add_header Cache-Control "${REVALIDATE}" always;`,
      ...Object.entries(SECURITY_HEADERS).map(([name, value]) =>
        name === OPENER_POLICY_HEADER ? `add_header ${name} $stockpay_cms_coop always;` : `add_header ${name} ${/^[\w/.%:+,=@-]+$/.test(value) ? value : `"${value}"`} always;`,
      ),
      'add_header Content-Security-Policy $stockpay_cms_csp always;',
    ]);
    // Every header at server level: a location with an add_header would drop them all.
    const nested = (block: Block): string[] => [...block.blocks.values()].flatMap((inner) => [...inner.lines, ...nested(inner)]);
    expect(nested(cms).filter((line) => line.startsWith('add_header'))).toEqual([]);
    expect(cms.lines).not.toContain('error_page');
    expect(cms.lines).toEqual(expect.arrayContaining(['gzip off;', 'brotli_static on;', 'gzip_static on;', 'absolute_redirect off;', 'server_tokens off;']));
  });

  it('gives the CMS page its policy and every other path the file policy, by a map of its own', () => {
    const map = config.blocks.get('map $uri $stockpay_cms_csp') as Block;
    expect(map.lines).toEqual([`default "${FILE_POLICY}";`, `"~^\\/(?:index\\.html)?$" "${adminContentSecurityPolicy(GITHUB, ADMIN_SCRIPTS_EXAMPLE)}";`]);
    // Its opener policy too: the CMS page's lets its sign-in popup answer it.
    expect((config.blocks.get('map $uri $stockpay_cms_coop') as Block).lines).toEqual(['default same-origin;', `"~^\\/(?:index\\.html)?$" ${CMS_PAGE_OPENER_POLICY};`]);
    const pattern = /^\/(?:index\.html)?$/;
    expect(['/', '/index.html'].every((uri) => pattern.test(uri))).toBe(true);
    expect(['/admin.js', '/index.html.br', '/x/index.html', '/config.yml', '//index.html'].some((uri) => pattern.test(uri))).toBe(false);
  });

  it('serves only the files of the folder: its index for /, 404 for hidden files, the copies by name and the CDN files', () => {
    const root = cms.blocks.get('location /') as Block;
    expect(root.lines).toEqual(['try_files $stockpay_file =404;']);
    expect(root.blocks.get('location ~ "\\/\\."')?.lines).toEqual(['return 404;']);
    expect(root.blocks.get('location ~ \\.(br|gz)$')?.lines).toEqual(['return 404;']);
    for (const file of ['/_headers', '/_redirects']) expect(cms.blocks.get(`location = ${file}`)?.lines).toEqual(['return 404;']);
  });

  it("refuses a CMS host that is the site's, which nginx could not tell apart", () => {
    const sameHost = buildRecord(SETTINGS, GITHUB, RUNTIME, ADMIN_SCRIPTS_EXAMPLE, 'https://shop.example.com:8443');
    expect(() => nginxSiteConfig(rulesOf(sameHost), options)).toThrow("has the site's host name (shop.example.com)");
    expect(() => nginxSiteConfig(rulesOf(), { ...options, serverName: 'cms.example.com' })).toThrow("has the site's host name (cms.example.com)");
  });
});

describe('the CDN files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cms-origin-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text = 'x') => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const hasFile = (files: readonly string[]) => (pathname: string) =>
    files.includes(pathname) || files.includes(`${pathname.replace(/\/$/, '')}/index.html`) || files.includes(`${pathname}.html`);

  /** Paths a visitor (or an attacker) could ask the site for, and whether nginx's location sends each to the CMS. */
  const PROBES: [string, boolean][] = [
    ['/admin', true],
    ['/admin/', true],
    ['/admin/index.html', true],
    ['/admin/admin.js', true],
    ['/admin/katex/fonts/KaTeX_Main-Regular.woff2', true],
    ['/admin/_headers', true],
    ['/admin/no-such-file', true],
    ['/admin/?next=/x', true],
    ['/administrator', false],
    ['/admin.html', false],
    ['/bg/admin/', false],
    ['/Admin/', false],
    ['/', false],
    ['/app-0123456789abcdef0123.js', false],
  ];

  it("sends /admin and everything under /admin/ to the CMS's root on both CDNs, though the files exist, and nothing else", () => {
    const text = redirectsFile(CMS);
    for (const [url, redirected] of PROBES) {
      const wanted = redirected ? { status: 301, location: `${CMS}/${url.includes('?') ? url.slice(url.indexOf('?')) : ''}` } : null;
      expect(['cloudflare', url, cloudflareRedirect(text, url)]).toEqual(['cloudflare', url, wanted]);
      expect(['netlify', url, netlifyRedirect(text, url, hasFile(FILES))]).toEqual(['netlify', url, wanted]);
    }
  });

  it('needs both lines of each pair: Netlify serves the file over a plain 301, Cloudflare drops a 301!', () => {
    const lines = redirectsFile(CMS)
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines.slice(0, 4)).toEqual([`/admin  ${CMS}/  301!`, `/admin  ${CMS}/  301`, `/admin/*  ${CMS}/  301!`, `/admin/*  ${CMS}/  301`]);
    expect(lines.slice(4)).toEqual(redirectsFile().split('\n').slice(1, -1));
    const plain = lines.filter((line) => !line.endsWith('!')).join('\n');
    const forced = lines.filter((line) => !line.endsWith(' 301')).join('\n');
    expect(netlifyRedirect(plain, '/admin/', hasFile(FILES))).toBeNull();
    expect(netlifyRedirect(plain, '/admin/gone.js', hasFile(FILES))).toEqual({ status: 301, location: `${CMS}/` });
    expect(cloudflareRedirect(forced, '/admin/')).toBeNull();
    // Forced after plain, Netlify would still stop at the plain one.
    const reversed = [...lines.slice(0, 4)].reverse().join('\n');
    expect(netlifyRedirect(reversed, '/admin/admin.js', hasFile(FILES))).toBeNull();
    expect(redirectsFile()).not.toContain('/admin');
  });

  it("writes the CMS origin's _headers into public/admin/, read by both CDNs as nginx's server block answers", () => {
    for (const file of FILES) write(file);
    write(BUILD_RECORD_PATH, JSON.stringify(record));
    writeCdnFiles(dir, readPublicRules(dir));
    expect(cmsCdnFiles(record)).toEqual([CMS_HEADERS_PATH]);
    expect(CMS_HEADERS_PATH).toBe(`${ADMIN_PATH}_headers`);
    const text = readFileSync(path.join(dir, CMS_HEADERS_PATH), 'utf8');
    expect(text).toMatch(/^# The CMS's own origin \(https:\/\/cms\.example\.com\): deploy public\/admin\/ as the root/);
    const rules = parseHeadersFile(text);
    expect(rules).toEqual(cmsHeaderRules(sitePolicies(record)).map((rule) => ({ detach: [], ...rule })));
    const admin = adminContentSecurityPolicy(GITHUB, ADMIN_SCRIPTS_EXAMPLE);
    const paths = [...FILES.filter((file) => file.startsWith(ADMIN_PATH)).map((file) => file.slice(ADMIN_PATH.length - 1)), '/', '/nothing', '/katex/'];
    for (const served of paths) {
      const page = served === '/' || served === '/index.html';
      const wanted = {
        ...SECURITY_HEADERS,
        [OPENER_POLICY_HEADER]: page ? CMS_PAGE_OPENER_POLICY : SECURITY_HEADERS[OPENER_POLICY_HEADER],
        'Cache-Control': REVALIDATE,
        'Content-Security-Policy': page ? admin : FILE_POLICY,
      };
      expect(['cloudflare', served, cloudflareHeaders(rules, served)]).toEqual(['cloudflare', served, wanted]);
      expect(['netlify', served, netlifyHeaders(rules, served)]).toEqual(['netlify', served, wanted]);
    }
    expect(readFileSync(path.join(dir, '_redirects'), 'utf8')).toBe(redirectsFile(CMS));
    // The site's own _headers is what it was: /admin/ redirects before any of it matters.
    expect(parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'))).toEqual(headerRules(rulesOf()).map((rule) => ({ detach: [], ...rule })));
  });

  it('writes neither the redirect nor the CMS headers without a CMS origin', () => {
    for (const file of FILES) write(file);
    write(BUILD_RECORD_PATH, JSON.stringify(withoutOrigin));
    writeCdnFiles(dir, readPublicRules(dir));
    expect(existsSync(path.join(dir, CMS_HEADERS_PATH))).toBe(false);
    expect(cmsCdnFiles(withoutOrigin)).toEqual([]);
    expect(readFileSync(path.join(dir, '_redirects'), 'utf8')).toBe(redirectsFile());
  });
});

describe('cloudflareRedirect and netlifyRedirect', () => {
  it('read a file as each CDN does: static rules first and bad lines dropped on Cloudflare, the first match and shadowing on Netlify', () => {
    const text = ['/a/*  /dynamic  301', '/a/b  /static  302', '/c  https://x.example/  301!', '/c  http://x.example/  301', '/d  /e', '/f  /g  404'].join('\n');
    expect(cloudflareRedirect(text, '/a/b')).toEqual({ status: 301, location: '/dynamic' });
    expect(cloudflareRedirect('/a/b  /static  302\n/a/*  /dynamic  301', '/a/b')).toEqual({ status: 302, location: '/static' });
    expect(cloudflareRedirect(text, '/c')).toBeNull();
    expect(cloudflareRedirect(text, '/d?q=1')).toEqual({ status: 302, location: '/e?q=1' });
    expect(cloudflareRedirect(text, '/f')).toBeNull();
    expect(netlifyRedirect(text, '/c?q=1', () => true)).toEqual({ status: 301, location: 'https://x.example/?q=1' });
    expect(netlifyRedirect(text, '/d', () => false)).toEqual({ status: 301, location: '/e' });
    expect(netlifyRedirect(text, '/d', () => true)).toBeNull();
    expect(netlifyRedirect(text, '/a', () => false)).toEqual({ status: 301, location: '/dynamic' });
    expect(netlifyRedirect(text, '/ab', () => false)).toBeNull();
    expect(netlifyRedirect(text, '/f', () => false)).toBeNull();
  });
});

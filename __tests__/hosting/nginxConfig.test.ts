/** @jest-environment node */
import { BROTLI_STATIC_MODULE, REQUEST_PATH, nginxLocationRegExp, nginxRegExp, nginxSiteConfig, nginxStandaloneConfig, nginxString } from '../../features/hosting/nginxConfig';
import type { PublicRules } from '../../features/hosting/publicFiles';
import { buildRecord, sitePolicies } from '../../features/hosting/buildRecord';
import { LANGUAGES } from '../../features/site/languages';
import {
  FILE_POLICY,
  FINGERPRINTED,
  HIDDEN_PATH,
  IMMUTABLE,
  NOT_FOUND_SCOPES,
  REVALIDATE,
  SEARCH_PAGE,
  cacheControl,
  notFoundPage,
  openerPolicy,
  policyFor,
} from '../../features/hosting/rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../../features/site/policies';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

const PAGES = ['/index.html', '/docs/index.html', '/404.html', ...LANGUAGES.flatMap((lang) => [`/${lang}/index.html`, `/${lang}/docs/index.html`, `/${lang}/404.html`])];
const OTHER_FILES = [
  '/app-0123456789abcdef0123.js',
  '/component---src-pages-privacy-policy-tsx-caec5f3a4f08795c4631.js',
  '/styles.0123456789abcdef0123.css',
  '/static/katex-0.16.47/fonts/KaTeX_Main-Regular.woff2',
  '/page-data/index/page-data.json',
  '/page-data/app-data.json',
  '/share/en.png',
  '/sitemap-index.xml',
  '/manifest.webmanifest',
  '/manifest_bg.webmanifest',
  '/~partytown/partytown.js',
  '/bg/rss.xml',
  '/illustrations/features.svg',
  '/_gatsby/slices/_gatsby-scripts-1.html',
  '/admin/index.html',
  '/admin/decap-cms.js',
];

/** The rules of a public/ shaped like the site's, and the build record it was served with. */
function rules(pages = PAGES): PublicRules {
  const record = buildRecord(
    { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://api.example.com', apiUrl: 'https://api.example.com' },
    { name: 'github', repo: 'acme/site', branch: 'main' },
    { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
    ADMIN_SCRIPTS_EXAMPLE,
  );
  return { files: [...pages, ...OTHER_FILES].sort(), record, policies: sitePolicies(record) };
}

const OPTIONS = { root: '/srv/stockpay/public', listen: ['127.0.0.1:8080'] };

interface Directive {
  /** The blocks it is in, outermost first: ['server', 'location /bg/']. */
  blocks: string[];
  name: string;
  args: string;
}

/** The directives of a config as nginxConfig.ts writes it: one per line, a block's opening brace ending its line. */
function directives(config: string): Directive[] {
  const blocks: string[] = [];
  const found: Directive[] = [];
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('{')) blocks.push(line.slice(0, -1).trim());
    else if (line === '}') blocks.pop();
    else {
      const [, name, args] = /^(\S+)\s*(.*?);$/.exec(line) ?? [];
      if (!name) throw new Error(`Not a directive: ${line}`);
      found.push({ blocks: [...blocks], name, args });
    }
  }
  expect(blocks).toEqual([]);
  return found;
}

/** A token as nginx's reader takes it (ngx_conf_read_token): quotes off; \" \' and \\ one character; \t \r \n the characters; any other \ kept. */
const unquote = (text: string) => (text.startsWith('"') ? text.slice(1, -1) : text).replace(/\\(["'\\trn])/g, (_, next: string) => ({ t: '\t', r: '\r', n: '\n' })[next] ?? next);

/** The regular expression of a map key or location as nginx's PCRE gets it. */
const asNginxReadsIt = (token: string) => new RegExp(unquote(token.replace(/^~\s+/, '')).replace(/^~/, ''));

/** What a request's raw path (and query) gives $stockpay_path, by the map the config holds. */
function redirectPath(config: string, requestUri: string): string {
  const [entry] = directives(config).filter((d) => d.blocks.join() === 'map $request_uri $stockpay_path');
  const match = asNginxReadsIt(entry.name).exec(requestUri);
  return entry.args.replace(/\$(\w+)/g, (_, name: string) => match?.groups?.[name] ?? '');
}

/** What `map $uri <variable>` gives `uri`, as nginx reads it: exact entries (any case), then regular expressions, then the default. */
function mapValue(config: string, variable: string, uri: string): string {
  const entries = directives(config)
    .filter((d) => d.blocks.at(-1) === `map $uri ${variable}` && d.name !== 'volatile')
    .map((d) => {
      const [, key, value] = /^("(?:[^"\\]|\\.)*"|\S+)\s+(.*)$/.exec(`${d.name} ${d.args}`) ?? [];
      return { key: unquote(key), value: unquote(value) };
    });
  const exact = entries.find(({ key }) => key !== 'default' && !key.startsWith('~') && key.toLowerCase() === uri.toLowerCase());
  const regex = entries.find(({ key }) => key.startsWith('~') && new RegExp(key.slice(1)).test(uri));
  return (exact ?? regex ?? entries.find(({ key }) => key === 'default'))?.value ?? '';
}

describe('nginxSiteConfig', () => {
  const config = nginxSiteConfig(rules(), OPTIONS);
  const all = directives(config);
  const server = (name: string) => all.filter((d) => d.name === name && d.blocks.join() === 'server').map((d) => d.args);

  it('adds every header once, at server level, with always (200, 301, 304 and 404): no location has an add_header, which would drop them', () => {
    const added = all.filter((d) => d.name === 'add_header');
    expect(added.filter((d) => d.blocks.join() !== 'server')).toEqual([]);
    expect(added.every((d) => d.args.endsWith(' always'))).toBe(true);
    const names = added.map((d) => d.args.split(' ')[0]);
    expect(names).toEqual(['Cache-Control', ...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy']);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(server('add_header')).toContain(name === OPENER_POLICY_HEADER ? `${name} $stockpay_coop always` : `${name} ${nginxString(value)} always`);
    }
    expect(server('add_header')).toEqual(expect.arrayContaining(['Cache-Control $stockpay_cache_control always', 'Content-Security-Policy $stockpay_csp always']));
  });

  it('gives every page the one page policy, the CMS its own and every other file the sandboxing policy, by the file served', () => {
    const { files, policies } = rules();
    for (const file of files) expect([file, mapValue(config, '$stockpay_csp', file)]).toEqual([file, policyFor(file, policies)]);
    expect(mapValue(config, '$stockpay_csp', '/bg/blog/a-post/index.html')).toBe(policies.page);
    expect(mapValue(config, '$stockpay_csp', '/admin/index.html')).toBe(policies.admin);
    expect(mapValue(config, '$stockpay_csp', '/_gatsby/slices/_gatsby-scripts-1.html')).toBe(FILE_POLICY);
    expect(mapValue(config, '$stockpay_csp', '/media/upload.svg')).toBe(FILE_POLICY);
  });

  it("gives every response the site's opener policy but the CMS page's, whose sign-in popup must be able to answer it (features/hosting/rules.ts)", () => {
    const { files } = rules();
    for (const file of files) expect([file, mapValue(config, '$stockpay_coop', file)]).toEqual([file, openerPolicy(file)]);
    expect(mapValue(config, '$stockpay_coop', '/admin/index.html')).toBe('same-origin-allow-popups');
    expect(mapValue(config, '$stockpay_coop', '/docs/index.html')).toBe('same-origin');
    expect(mapValue(config, '$stockpay_coop', '/404.html')).toBe('same-origin');
  });

  it('does not grow with the pages', () => {
    const many = [...PAGES, ...Array.from({ length: 300 }, (_, i) => `/blog/post-${i}/index.html`)];
    expect(nginxSiteConfig(rules(many), OPTIONS)).toBe(config);
  });

  it("leaves out disable_symlinks, which breaks Debian's brotli static module (a release holds no symlink instead)", () => {
    expect(server('disable_symlinks')).toEqual([]);
  });

  it('gives every file the Cache-Control of the hosting rules', () => {
    const files = rules().files;
    for (const file of files) expect([file, mapValue(config, '$stockpay_cache_control', file)]).toEqual([file, cacheControl(file)]);
    expect(files.filter((file) => cacheControl(file) === IMMUTABLE).length).toBeGreaterThan(3);
    expect(mapValue(config, '$stockpay_cache_control', '/404.html')).toBe(REVALIDATE);
  });

  it('serves a path ending in / as its index.html and re-reads it after error_page (volatile)', () => {
    expect(mapValue(config, '$stockpay_file', '/docs/')).toBe('${uri}index.html');
    expect(mapValue(config, '$stockpay_file', '/app.js')).toBe('$uri');
    expect(all.some((d) => d.name === 'volatile' && d.blocks.join() === 'map $uri $stockpay_file')).toBe(true);
  });

  it('answers unknown paths with the 404 page of their language', () => {
    expect(server('error_page')).toEqual([`404 ${notFoundPage('/')}`]);
    for (const scope of NOT_FOUND_SCOPES) {
      const inScope = all.filter((d) => d.blocks.join() === `server,location ${scope}`);
      expect([scope, inScope.map((d) => `${d.name} ${d.args}`)]).toEqual([scope, [`error_page 404 ${notFoundPage(scope)}`, 'try_files $stockpay_file =404']]);
      const redirect = all.filter((d) => d.blocks.join() === `server,location ${scope},if (-f $stockpay_folder_index)`);
      expect([scope, redirect.map((d) => `${d.name} ${d.args}`)]).toEqual([scope, ['return 301 $stockpay_path/$is_args$args']]);
    }
    expect(notFoundPage('/bg/x')).toBe('/bg/404.html');
  });

  it('redirects a folder without its trailing slash to it, relatively, keeping the query, echoing the request line as written', () => {
    expect(server('absolute_redirect')).toEqual(['off']);
    expect(all.filter((d) => d.name === 'return' && d.args.startsWith('301')).map((d) => d.args)).toEqual(NOT_FOUND_SCOPES.map(() => '301 $stockpay_path/$is_args$args'));
    expect(redirectPath(config, '/docs?x=%0d%0a')).toBe('/docs');
    expect(redirectPath(config, '/b%67')).toBe('/b%67');
    expect(redirectPath(config, '/bg/blog/a-post')).toBe('/bg/blog/a-post');
    expect(redirectPath(config, '/x/../docs')).toBe('/x/../docs');
    // Only a path without its slash: /docs/ itself is served, not redirected again.
    expect(mapValue(config, '$stockpay_folder_index', '/docs/')).toBe('');
    expect(mapValue(config, '$stockpay_folder_index', '/docs')).toBe('$request_filename/index.html');
  });

  it('never redirects to "//…" or "/\\…", which a browser reads as another host: the leading slashes and backslashes become one', () => {
    const site = 'https://shop.example.com';
    const hostile = [
      '//evil.example/../blog',
      '/\\evil.example/../blog',
      '//evil.example',
      '///evil.example/blog',
      '\\\\evil.example/../docs',
      '/\\/evil.example/../docs',
      '//\\evil.example/../docs?x=1',
      '/\t/evil.example/../docs',
      '/\r\n/evil.example/../docs',
      '/%2F%2Fevil.example/../blog',
      '/%5Cevil.example/../blog',
      '//%2F/evil.example/../blog',
    ];
    for (const requestUri of hostile) {
      const location = `${redirectPath(config, requestUri)}/`;
      expect([requestUri, location.startsWith('/'), /^\/[\t\n\r]*[/\\]/.test(location)]).toEqual([requestUri, true, false]);
      // As a browser resolves the Location (WHATWG URL, which drops tabs and line breaks and reads "\\" as "/"): this site.
      expect([requestUri, new URL(location, `${site}/any`).origin]).toEqual([requestUri, site]);
    }
    expect(redirectPath(config, '//evil.example/../blog')).toBe('/evil.example/../blog');
    expect(redirectPath(config, '/\\evil.example/../blog')).toBe('/evil.example/../blog');
    expect(redirectPath(config, '/%2F%2Fevil.example/../blog')).toBe('/%2F%2Fevil.example/../blog');
    expect(REQUEST_PATH.exec('///docs?x')?.groups?.stockpay_raw_path).toBe('docs');
  });

  it('answers a path with a segment that starts with a dot with the 404 page of its language, whatever public/ holds', () => {
    for (const scope of NOT_FOUND_SCOPES) {
      const hidden = all.filter((d) => d.blocks.join() === `server,location ${scope},location ${nginxLocationRegExp(HIDDEN_PATH)}`);
      expect([scope, hidden.map((d) => `${d.name} ${d.args}`)]).toEqual([scope, ['return 404']]);
    }
    const [location] = [...new Set(all.map((d) => d.blocks.at(-1) ?? '').filter((block) => block.startsWith('location ~ "')))];
    const pattern = asNginxReadsIt(location.slice('location '.length));
    // The location sees $uri, which nginx decoded and normalised: /%2egit/config and //.env arrive as /.git/config and /.env.
    for (const uri of ['/.env', '/.git/config', '/.git/', '/media/.x.png', '/bg/.env', '/en/blog/.draft/index.html', '/.well-known/acme-challenge/x', '/..x']) {
      expect([uri, pattern.test(uri)]).toEqual([uri, true]);
    }
    for (const uri of [...rules().files, '/docs/', '/bg/', '/blog/a.b/', '/app-0123456789abcdef0123.js.br', '/~partytown/partytown.js']) {
      expect([uri, pattern.test(uri)]).toEqual([uri, false]);
    }
  });

  it("answers 404 for the hosting's own files and for the precompressed copies asked for by name, in every language's scope", () => {
    for (const file of ['/_headers', '/_redirects', '/_build.json'])
      expect(all.filter((d) => d.blocks.at(-1) === `location = ${file}`).map((d) => `${d.name} ${d.args}`)).toEqual(['return 404']);
    for (const scope of NOT_FOUND_SCOPES) {
      expect(all.filter((d) => d.blocks.join() === `server,location ${scope},location ~ \\.(br|gz)$`).map((d) => `${d.name} ${d.args}`)).toEqual(['return 404']);
    }
  });

  it('serves the precompressed copies with one Vary header and never compresses on the fly', () => {
    expect([server('gzip'), server('brotli_static'), server('gzip_static'), server('gzip_vary')]).toEqual([['off'], ['on'], ['on'], ['on']]);
    // Both modules send Vary through gzip_vary; an add_header Vary would send it twice.
    expect(all.filter((d) => d.name === 'add_header' && /^vary /i.test(d.args))).toEqual([]);
    expect(server('etag')).toEqual(['on']);
  });

  it('types the web app manifests, which Debian lacks, without a location that could drop the headers', () => {
    for (const file of ['/manifest.webmanifest', '/manifest_bg.webmanifest']) {
      expect(all.filter((d) => d.blocks.join() === `server,location = ${file},types`).map((d) => `${d.name} ${d.args}`)).toEqual(['application/manifest+json webmanifest']);
    }
  });

  it('serves the given root on the given addresses', () => {
    const config2 = nginxSiteConfig(rules(), {
      root: '/srv/my site/public',
      listen: ['443 ssl', '[::]:443 ssl'],
      serverName: 'www.example.com',
      includes: ['/etc/nginx/snippets/stockpay-tls.conf'],
    });
    const d2 = directives(config2).filter((d) => d.blocks.join() === 'server');
    expect(d2.filter((d) => ['listen', 'server_name', 'root', 'include'].includes(d.name)).map((d) => `${d.name} ${d.args}`)).toEqual([
      'listen 443 ssl',
      'listen [::]:443 ssl',
      'server_name www.example.com',
      'root "/srv/my site/public"',
      'include /etc/nginx/snippets/stockpay-tls.conf',
    ]);
    expect(server('server_name')).toEqual(['_']);
  });

  it('refuses what nginx would misread or what would leave a scope without its 404 page', () => {
    expect(() => nginxSiteConfig(rules(PAGES.filter((page) => page !== `/${LANGUAGES[0]}/404.html`)), OPTIONS)).toThrow(`public/ has no /${LANGUAGES[0]}/404.html`);
    expect(() => nginxSiteConfig(rules(), { ...OPTIONS, root: '/srv/$x' })).toThrow('no escape');
    expect(() => nginxSiteConfig(rules(), { ...OPTIONS, listen: [] })).toThrow('at least one listen');
    expect(() => nginxSiteConfig(rules(), { ...OPTIONS, listen: ['80; evil'] })).toThrow('Not a valid listen address');
    expect(() => nginxString('a\nb')).toThrow('no escape');
    expect(nginxString('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(nginxString('/docs/')).toBe('/docs/');
  });

  it('writes a JavaScript regular expression only when PCRE reads it the same way', () => {
    expect(nginxRegExp(/^\/static\/|\.js$/)).toBe('"~^\\/static\\/|\\.js$"');
    expect(nginxLocationRegExp(/\/\./)).toBe('~ "\\/\\."');
    expect(() => nginxRegExp(/a/i)).toThrow('PCRE');
    expect(() => nginxRegExp(/(?<=a)b/)).toThrow('PCRE');
    expect(() => nginxRegExp(/\p{L}/u)).toThrow('PCRE');
    // A named group becomes an nginx variable of every site of the http block.
    expect(() => nginxRegExp(/(?<name>a)/)).toThrow('name it stockpay_name');
    expect(nginxRegExp(/(?<stockpay_name>a)/)).toBe('"~(?<stockpay_name>a)"');
  });

  it("writes a backslash twice, since nginx's reader makes one of two, so that nginx's PCRE gets the expression as written", () => {
    expect(nginxRegExp(/^[/\\]x/)).toBe('"~^[/\\\\\\\\]x"');
    const samples = ['/\\evil', '//evil', '/evil', '\\', '/a\tb', '/.env', '/search/', '/bg/search/index.html', '/app-0123456789abcdef0123.js', '/static/x', 'x\\.y'];
    for (const pattern of [REQUEST_PATH, HIDDEN_PATH, SEARCH_PAGE, FINGERPRINTED, /^[/\\]x/, /\\\./, /a\\\\b/]) {
      for (const token of [nginxRegExp(pattern), nginxLocationRegExp(pattern)]) {
        const read = asNginxReadsIt(token);
        for (const sample of samples) expect([pattern.source, token, sample, read.exec(sample)?.[0]]).toEqual([pattern.source, token, sample, pattern.exec(sample)?.[0]]);
      }
    }
  });
});

describe('nginxStandaloneConfig', () => {
  const site = nginxSiteConfig(rules(), OPTIONS);
  const tempDir = '/tmp/stockpay-nginx-test';

  it('loads the brotli module and keeps everything nginx writes in the temporary folder', () => {
    const config = nginxStandaloneConfig({ site, tempDir });
    const all = directives(config);
    const top = (name: string) => all.filter((d) => d.blocks.length === 0 && d.name === name).map((d) => d.args);
    expect(top('load_module')).toEqual([BROTLI_STATIC_MODULE]);
    expect(top('daemon')).toEqual(['off']);
    expect(top('user')).toEqual([]);
    const paths = all.filter((d) => ['pid', 'error_log', 'access_log'].includes(d.name) || d.name.endsWith('_temp_path')).map((d) => d.args.split(' ')[0]);
    expect(paths).toHaveLength(8);
    for (const file of paths) expect(file.startsWith(`${tempDir}/`)).toBe(true);
  });

  it('holds the whole site inside its http block', () => {
    const config = nginxStandaloneConfig({ site, tempDir });
    const indented = site
      .trimEnd()
      .split('\n')
      .map((line) => (line ? `    ${line}` : ''))
      .join('\n');
    expect(config).toContain(`http {\n`);
    expect(config.slice(config.indexOf('http {\n'))).toContain(`${indented}\n}\n`);
    expect(
      directives(config)
        .filter((d) => d.name === 'listen')
        .map((d) => d.blocks),
    ).toEqual([['http', 'server']]);
  });

  it("names the workers' user only when asked (nginx starts as root)", () => {
    expect(
      directives(nginxStandaloneConfig({ site, tempDir, user: 'www-data' }))
        .filter((d) => d.name === 'user')
        .map((d) => [d.blocks, d.args]),
    ).toEqual([[[], 'www-data']]);
  });
});

describe('the sign-in exchange (npm run oauth) behind nginx', () => {
  const SITE = 'https://shop.example.com';
  const CMS = 'https://cms.example.com';
  /** The rules of the site in rules(), its CMS signing in through the exchange on `oauthOrigin`, the CMS on `cmsOrigin` if any. */
  const signingIn = (oauthOrigin: string, cmsOrigin: string | null = null): PublicRules => {
    const base = rules();
    const record = buildRecord(
      { siteUrl: SITE, paymentsApiUrl: 'https://api.example.com', apiUrl: 'https://api.example.com' },
      { name: 'github', repo: 'acme/site', branch: 'main', oauthOrigin },
      base.record.runtime,
      ADMIN_SCRIPTS_EXAMPLE,
      cmsOrigin,
    );
    return { files: base.files, record, policies: sitePolicies(record) };
  };
  /** `text` without the sign-in's lines: its maps' entries, its log format with the blank line before it, and its location with the blank line after it. */
  const withoutSignIn = (text: string): string => {
    const lines = text.split('\n');
    const format = lines.findIndex((line) => line.startsWith("# The sign-in exchange's access lines"));
    const start = lines.findIndex((line) => line.includes("# The editors' sign-in exchange"));
    const end = lines.indexOf('    }', start);
    return [...lines.slice(0, format - 1), ...lines.slice(format + 3, start), ...lines.slice(end + 2)].filter((line) => line !== '    "~^\\/oauth\\/" "";').join('\n');
  };
  const locations = (text: string) => directives(text).filter((d) => d.blocks.some((block) => block.startsWith('location ^~ "/oauth/"') || block === 'location ^~ /oauth/'));

  it("proxies the site's /oauth/ to it when it answers on the site's origin, and adds no header there: its answers carry their own, nginx's the rest once", () => {
    const text = nginxSiteConfig(signingIn(SITE), OPTIONS);
    const proxied = directives(text).filter((d) => d.blocks.join() === 'server,location ^~ /oauth/');
    expect(proxied.map((d) => `${d.name} ${d.args}`)).toEqual([
      'proxy_pass http://127.0.0.1:8787',
      'proxy_redirect off',
      'access_log /var/log/nginx/access.log stockpay_sign_in',
      'error_log /dev/null',
      ...Object.keys(SECURITY_HEADERS)
        .filter((name) => name !== OPENER_POLICY_HEADER)
        .map((name) => `proxy_hide_header ${name}`),
    ]);
    for (const variable of ['$stockpay_csp', '$stockpay_cache_control', '$stockpay_coop']) {
      for (const uri of ['/oauth/auth', '/oauth/callback', '/oauth/anything.html']) expect([variable, uri, mapValue(text, variable, uri)]).toEqual([variable, uri, '']);
    }
    // Every other path keeps what it had.
    const { files, policies } = rules();
    for (const file of files) {
      expect([file, mapValue(text, '$stockpay_csp', file), mapValue(text, '$stockpay_coop', file)]).toEqual([file, policyFor(file, policies), openerPolicy(file)]);
    }
    expect(withoutSignIn(text)).toBe(nginxSiteConfig(rules(), OPTIONS));
  });

  it('writes no query of the sign-in to a log: its access lines name the path, in a format of its own, to the access log it is given; its error lines go nowhere', () => {
    const text = nginxSiteConfig(signingIn(SITE), OPTIONS);
    const [format] = directives(text).filter((d) => d.name === 'log_format');
    expect(format.blocks).toEqual([]);
    expect(format.args).toBe(
      `stockpay_sign_in '$remote_addr - $remote_user [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent "-" "$http_user_agent"'`,
    );
    // Nothing that carries the query or the referrer (which may carry the state).
    for (const variable of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$is_args', '$arg_', '$http_referer'])
      expect([variable, format.args.includes(variable)]).toEqual([variable, false]);
    expect(locations(nginxSiteConfig(signingIn(SITE), { ...OPTIONS, accessLog: '/srv/logs/site access.log' })).find((d) => d.name === 'access_log')?.args).toBe(
      '"/srv/logs/site access.log" stockpay_sign_in',
    );
    // Once, beside the block that serves the sign-in: the CMS's when it is there.
    const cms = nginxSiteConfig(signingIn(CMS, CMS), OPTIONS);
    expect(directives(cms).filter((d) => d.name === 'log_format')).toHaveLength(1);
    expect(cms.indexOf('log_format')).toBeGreaterThan(cms.indexOf('server_name shop.example.com;'));
  });

  it('proxies to where npm run oauth listens when told, and refuses an address nginx would misread', () => {
    const text = nginxSiteConfig(signingIn(SITE), { ...OPTIONS, oauthUpstream: '127.0.0.1:9123' });
    expect(locations(text).find((d) => d.name === 'proxy_pass')?.args).toBe('http://127.0.0.1:9123');
    expect(locations(nginxSiteConfig(signingIn(SITE), { ...OPTIONS, oauthUpstream: '[::1]:8787' })).find((d) => d.name === 'proxy_pass')?.args).toBe('http://[::1]:8787');
    for (const upstream of ['127.0.0.1', 'http://127.0.0.1:1', '127.0.0.1:1; return 200', 'a b:1']) {
      expect(() => nginxSiteConfig(signingIn(SITE), { ...OPTIONS, oauthUpstream: upstream })).toThrow('Not a host:port for the sign-in exchange');
    }
  });

  it("serves it in the CMS's server block when it answers on the CMS's own origin, the site's block untouched", () => {
    const text = nginxSiteConfig(signingIn(CMS, CMS), OPTIONS);
    const all = directives(text);
    expect(all.filter((d) => d.blocks.join() === 'server,location ^~ /oauth/').map((d) => d.name)).toEqual([
      'proxy_pass',
      'proxy_redirect',
      'access_log',
      'error_log',
      'proxy_hide_header',
      'proxy_hide_header',
      'proxy_hide_header',
      'proxy_hide_header',
    ]);
    // Two server blocks: the location is in the second, the CMS's.
    const cmsStart = text.indexOf('server_name cms.example.com;');
    expect(text.indexOf('location ^~ /oauth/')).toBeGreaterThan(cmsStart);
    expect(text.indexOf('location ^~ /oauth/', text.indexOf('location ^~ /oauth/') + 1)).toBe(-1);
    for (const variable of ['$stockpay_cms_csp', '$stockpay_cms_cache_control', '$stockpay_cms_coop'])
      expect([variable, mapValue(text, variable, '/oauth/callback')]).toEqual([variable, '']);
    expect(mapValue(text, '$stockpay_cms_cache_control', '/index.html')).toBe(REVALIDATE);
    expect(all.filter((d) => d.name === 'add_header' && d.args.startsWith('Cache-Control $stockpay_cms_cache_control'))).toHaveLength(1);
    // The site's maps keep /oauth/ as any other path there.
    expect(mapValue(text, '$stockpay_csp', '/oauth/callback')).toBe(FILE_POLICY);
  });

  it('serves nothing of it when it answers on another origin (a CDN function, a host of its own)', () => {
    const text = nginxSiteConfig(signingIn('https://sign-in.example.com'), OPTIONS);
    expect(text).not.toContain('/oauth/');
    expect(text).toBe(nginxSiteConfig(rules(), OPTIONS));
  });
});

/**
 * The hosting rules of one built public/ as nginx
 * configuration, for Debian's nginx 1.22 with the brotli static module
 * (libnginx-mod-http-brotli-static). Pure: scripts/nginxConfig.ts writes the
 * deployable file (npm run nginx:config), features/hosting/nginxServer.node.ts runs
 * it for `npm run serve:nginx` and the site checks.
 *
 * Two outputs: `nginxSiteConfig`, the maps and the server block for a file
 * in /etc/nginx/sites-available/ (it sits inside Debian's http block), with
 * a second server block for the CMS when the build gives it an origin of
 * its own, and `nginxStandaloneConfig`, a whole nginx.conf around it that
 * runs from a temporary folder.
 *
 * nginx pitfall: a location holding any add_header inherits none of the
 * server's, so the headers are chosen by maps and added once, at server
 * level, and no location has an add_header (a unit test and the HTTP tests
 * in e2e/hosting.spec.ts hold it).
 */
import { ADMIN_PATH } from '../site/routes';
import { OAUTH_PATH } from '../cms/backends';
import { OAUTH_VARIABLES } from '../cms/signIn/settings';
import { PAGEFIND_FINGERPRINTED } from '../search/search';
import { CMS_PAGE_OPENER_POLICY, FINGERPRINTED, HIDDEN_PATH, IMMUTABLE, NOT_FOUND_SCOPES, REVALIDATE, SEARCH_PAGE, notFoundPage } from './rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../site/policies';
import { CDN_FILES, HOSTING_FILES, type PublicRules } from './publicFiles';
import type { BuildRecord } from './buildRecord';

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Where the site listens unless told otherwise: port 80 on IPv4 and IPv6. */
export const DEFAULT_LISTEN: readonly string[] = ['80', '[::]:80'];

/** Debian's MIME types file (package nginx-common). */
export const DEBIAN_MIME_TYPES = '/etc/nginx/mime.types';
/** Debian's access log (its nginx.conf's access_log), which the sign-in location names again with its own format. */
export const DEBIAN_ACCESS_LOG = '/var/log/nginx/access.log';

/** Variables of the maps; prefixed, since a site file shares Debian's http block with the other sites. */
const CSP = '$stockpay_csp';
const CACHE = '$stockpay_cache_control';
const FILE = '$stockpay_file';
/** The CMS's own server block chooses its policy by a map of its own: the same paths mean other files there. */
const CMS_CSP = '$stockpay_cms_csp';
/** The opener policy: the CMS page's differs (features/hosting/rules.ts CMS_PAGE_OPENER_POLICY). */
const COOP = '$stockpay_coop';
const CMS_COOP = '$stockpay_cms_coop';
/** The CMS's server block's cache rule, a map of its own only when the sign-in exchange is on its origin. */
const CMS_CACHE = '$stockpay_cms_cache_control';

/** Where `npm run oauth` listens unless told otherwise (features/site/settings.ts OAUTH_HOST, OAUTH_PORT): what the sign-in location proxies to. */
export const DEFAULT_OAUTH_UPSTREAM = `${OAUTH_VARIABLES.OAUTH_HOST.local}:${OAUTH_VARIABLES.OAUTH_PORT.local}`;

/** The paths of the sign-in exchange, as a map key and a location see them: everything under /oauth/. */
const SIGN_IN_PATHS = new RegExp(`^${OAUTH_PATH}`);

export interface NginxSiteOptions {
  /** The public/ folder on the server, absolute: 'root' of the server block. */
  root: string;
  /** One `listen` directive each: '127.0.0.1:8080', '80', '[::]:80', '443 ssl'. */
  listen: readonly string[];
  /** 'server_name'; '_' (none in particular) when unset. */
  serverName?: string;
  /**
   * Files included in the server block, such as the TLS certificate's
   * directives; in the CMS's server block too, when the build has one, so
   * the certificate must name both hosts.
   */
  includes?: readonly string[];
  /** Where the sign-in exchange (`npm run oauth`) listens, host:port: DEFAULT_OAUTH_UPSTREAM when unset. */
  oauthUpstream?: string;
  /**
   * The access log's file: the sign-in location writes its lines there in
   * a format without the query, and a location that names a format must
   * name its file too. DEBIAN_ACCESS_LOG when unset.
   */
  accessLog?: string;
}

/**
 * `value` escaped for a double-quoted nginx string. nginx reads `$` there as
 * a variable and has no escape for it, so a value with one is refused, as is
 * any control character (a line break would end the directive's text).
 */
function escaped(value: string): string {
  if (/[$\p{Cc}]/u.test(value)) throw new Error(`Cannot write ${JSON.stringify(value)} into the nginx config: "$" and control characters have no escape there`);
  return value.replace(/[\\"]/g, '\\$&');
}

/** A value as one nginx argument: as it is when plain, else double-quoted. */
export function nginxString(value: string): string {
  const text = escaped(value);
  return /^[A-Za-z0-9/._%:+,=@-]+$/.test(value) ? text : `"${text}"`;
}

/**
 * `pattern` as the text of a double-quoted nginx string. Only what PCRE
 * reads as JavaScript does is let through: no flags, no lookbehind, no
 * \k \p \P \u escapes. A named group becomes an nginx variable of the
 * whole http block, which a site file shares with Debian's other sites, so
 * its name must start with stockpay_. nginx's reader turns `\\` into one
 * backslash (and `\t`, `\r`, `\n` into the characters themselves, which
 * mean the same to PCRE), so an escaped backslash is written twice.
 */
function regExpText(pattern: RegExp): string {
  if (pattern.flags !== '' || /\(\?<[=!]|\\[kpPu]|"/.test(pattern.source)) throw new Error(`${pattern} may not mean the same to nginx's PCRE`);
  const names = [...pattern.source.matchAll(/\(\?<([^>]*)>/g)].map((match) => match[1]);
  const stray = names.find((name) => !name.startsWith('stockpay_'));
  if (stray !== undefined) throw new Error(`${pattern}: the group "${stray}" would become the nginx variable $${stray} of every site; name it stockpay_${stray}`);
  return pattern.source.replace(/\\[\s\S]/g, (pair) => (pair === '\\\\' ? '\\\\\\\\' : pair));
}

/**
 * A map key matching what `pattern` matches: hosting.ts's own expression,
 * rather than an entry per file, whose long names overflow nginx's default
 * map_hash_bucket_size (a setting of the http block, which a site file
 * cannot raise without clashing with other sites).
 */
export function nginxRegExp(pattern: RegExp): string {
  return `"~${regExpText(pattern)}"`;
}

/** A regular-expression location matching what `pattern` matches: `location ${nginxLocationRegExp(...)} {`. */
export function nginxLocationRegExp(pattern: RegExp): string {
  return `~ "${regExpText(pattern)}"`;
}

/**
 * The path of a request line as the trailing-slash redirect echoes it:
 * undecoded (nginx's decoded $uri could carry a line break into the
 * header), without its query, and with its leading run of slashes and
 * backslashes cut, the map putting back one "/". nginx serves
 * //evil.example/../blog and /\evil.example/../blog as /blog (it merges
 * slashes and resolves ".."); echoed as written, the Location would send the
 * browser to evil.example, since "//" starts a host and a browser reads "\"
 * as "/" in an http(s) URL. Cut, the Location is a path of this site
 * (/evil.example/../blog/, which the browser reads as /blog/). Cut rather
 * than answered 404: nginx serves //blog/ as /blog/ anyway, so //blog
 * redirecting to /blog/ is the answer every other folder gets, and the
 * redirect needs no second `if`. Tabs and line breaks are cut with them, as
 * a browser drops them anywhere in a URL ("/<tab>/host"); nginx refuses
 * them in a request line anyway. A percent-encoded slash stays as written:
 * a browser never reads /%2F%2Fevil.example/ as a host, only as a path.
 */
export const REQUEST_PATH = /^[/\\\t\n\r]*(?<stockpay_raw_path>[^?]*)/;

/** Plain words of a directive (listen, server_name, user): no quotes, braces, semicolons, `$` or `#`. */
function nginxWords(value: string, what: string): string {
  if (!/^[A-Za-z0-9_.:[\]*~=-]+( [A-Za-z0-9_.:[\]*~=-]+)*$/.test(value)) throw new Error(`Not a valid ${what} for the nginx config: ${JSON.stringify(value)}`);
  return value;
}

/**
 * Where the site's /admin and everything under /admin/ go when the CMS has
 * an origin of its own: its root, the query kept, as both CDNs do
 * (features/hosting/cdnFiles.node.ts redirectsFile). Double-quoted, so that nginx fills
 * in the variables after the origin; the origin was checked when recorded,
 * and escaped() refuses a "$" in it.
 */
const cmsRedirect = (cmsOrigin: string) => `return 301 "${escaped(`${cmsOrigin}/`)}$is_args$args";`;

/** The lines every server block of the site shares: redirects, compression and the headers each response carries. */
function commonServerLines(cache: string, csp: string, coop: string): string[] {
  return [
    '    # Location: /docs/, not http://host:port/docs/, whatever the proxy in front.',
    '    absolute_redirect off;',
    '    server_tokens off;',
    '    etag on;',
    '    charset utf-8;',
    '    charset_types text/css text/plain text/xml application/javascript application/json application/manifest+json image/svg+xml;',
    "    # No disable_symlinks: with it, Debian 12's brotli static module (1.0.0~rc-3) walks the",
    '    # path it built past its end and, at random, serves no .br copy (fixed upstream). A',
    '    # release holds no symlink instead: the build refuses one under content/, locales/',
    '    # and static/ (gatsby/onPreBootstrap.ts), and a release copies regular files only',
    '    # (features/hosting/releases.node.ts copyRelease).',
    '',
    '    # The .br and .gz copies beside the files (npm run precompress), for clients that accept them;',
    "    # no compression on the fly (Debian's nginx.conf turns gzip on). gzip_vary",
    '    # makes both modules send one "Vary: Accept-Encoding" wherever a copy exists.',
    '    gzip off;',
    '    brotli_static on;',
    '    gzip_static on;',
    '    gzip_vary on;',
    '',
    '    # Every response carries these: 200, 301, 304 and 404 (always). Never put an',
    '    # add_header into a location below: that location would drop all of these.',
    `    add_header Cache-Control ${cache} always;`,
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `    add_header ${name} ${name === OPENER_POLICY_HEADER ? coop : nginxString(value)} always;`),
    `    add_header Content-Security-Policy ${csp} always;`,
  ];
}

/**
 * The origin the sign-in exchange answers on, when the build's CMS signs in
 * through it (features/site/settings.ts, CmsSignIn); this config serves it when
 * that is the site's origin or the CMS's own.
 */
const signInOrigin = (record: BuildRecord): string | undefined => (record.cms && 'oauthOrigin' in record.cms ? record.cms.oauthOrigin : undefined);

/** `upstream` as host:port, to put into proxy_pass. */
function upstreamAddress(upstream: string): string {
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):\d{1,5}$/.test(upstream)) throw new Error(`Not a host:port for the sign-in exchange: ${JSON.stringify(upstream)}`);
  return upstream;
}

/** The access log format of the sign-in location: the combined format, but the path ($uri) for the request line and no referrer. */
const SIGN_IN_LOG_FORMAT = 'stockpay_sign_in';

/**
 * The format of the sign-in location's access lines, at http level beside
 * the maps of the server block that holds the location. The callback's
 * query holds the provider's code and the state, and the referrer may
 * hold the state (the provider's page, with the sign-in's address in its
 * own): neither is written.
 */
const signInLogFormat = (signIn: boolean): string[] =>
  signIn
    ? [
        '',
        "# The sign-in exchange's access lines: the path without its query (it holds the",
        '# sign-in code and state), and no referrer (it may hold the state).',
        `log_format ${SIGN_IN_LOG_FORMAT} '$remote_addr - $remote_user [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent "-" "$http_user_agent"';`,
      ]
    : [];

/**
 * The sign-in exchange (docs/deploy.md, "Sign-in for editors") under
 * /oauth/, proxied to `npm run oauth` on loopback. Its answers carry their
 * own policy (its callback page runs a script by hash), `no-store` and no
 * opener policy, which would cut its popup off from the CMS: the maps give
 * these paths none of nginx's (an empty value adds no header). The headers
 * every answer carries come from nginx alone, the service's copies hidden,
 * so each is there once. nginx's 404 page never replaces its answers
 * (proxy_intercept_errors is off). No log gets the query: the access lines
 * name the path alone, and nginx's error lines, which quote the request
 * line whole (a refused connection to the exchange, a timeout), go nowhere.
 */
function signInLocation(options: NginxSiteOptions): string[] {
  return [
    '    # The editors\' sign-in exchange (npm run oauth; docs/deploy.md, "Sign-in for editors").',
    `    location ^~ ${nginxString(OAUTH_PATH)} {`,
    `        proxy_pass http://${upstreamAddress(options.oauthUpstream ?? DEFAULT_OAUTH_UPSTREAM)};`,
    '        proxy_redirect off;',
    '        # The query holds the sign-in code and state: the access line names the path alone, and',
    "        # nginx's error lines, which quote the request line, are not kept (the exchange logs what",
    '        # went wrong in its own words; an exchange that is down shows as 502 here).',
    `        access_log ${nginxString(options.accessLog ?? DEBIAN_ACCESS_LOG)} ${SIGN_IN_LOG_FORMAT};`,
    '        error_log /dev/null;',
    ...Object.keys(SECURITY_HEADERS)
      .filter((name) => name !== OPENER_POLICY_HEADER)
      .map((name) => `        proxy_hide_header ${name};`),
    '    }',
    '',
  ];
}

/** The map entry that gives the sign-in exchange's answers no value of a map's header: they carry their own. */
const signInMapEntry = (signIn: boolean): string[] => (signIn ? [`    ${nginxRegExp(SIGN_IN_PATHS)} "";`] : []);

/** The CMS page on the CMS's own origin, where public/admin/ is the root: / and /index.html. */
const CMS_PAGE = /^\/(?:index\.html)?$/;

/**
 * The CMS on an origin of its own (docs/deploy.md, "The CMS on its own
 * origin"): a map and a server block that serve public/admin/ as the root
 * of the recorded cmsOrigin's host, on the site's listen addresses, with
 * the site's includes. `/` and `/index.html` get the CMS's policy, every
 * other file the file policy; everything revalidates (the CMS's files keep
 * their names); a path with a segment that starts with a dot, the CDN's
 * `_headers` written for that origin (features/hosting/cdnFiles.node.ts) and anything
 * the folder does not hold are 404s. The CMS has no 404 page: nginx's own
 * short one answers, under the file policy. Nothing outside the folder is
 * reachable: nginx refuses a path that climbs above the root (400).
 */
function cmsServer(rules: PublicRules, options: NginxSiteOptions, cmsOrigin: string): string[] {
  const signIn = signInOrigin(rules.record) === cmsOrigin;
  const host = new URL(cmsOrigin).hostname;
  const siteHosts = [new URL(rules.record.siteUrl).hostname, options.serverName];
  if (siteHosts.includes(host)) {
    throw new Error(
      `The CMS's origin ${cmsOrigin} has the site's host name (${host}); nginx tells the two server blocks apart by host name alone, so give the CMS a host of its own (CMS_ORIGIN)`,
    );
  }
  const adminRoot = `${options.root.replace(/\/+$/, '')}${ADMIN_PATH.replace(/\/$/, '')}`;
  return [
    '',
    `# The editors' CMS on an origin of its own (${cmsOrigin}): public/admin/ as its root.`,
    "# The CMS page gets the CMS's policy, every other file the sandboxing file policy.",
    `map $uri ${CMS_CSP} {`,
    `    default ${nginxString(rules.policies.file)};`,
    ...signInMapEntry(signIn),
    `    ${nginxRegExp(CMS_PAGE)} ${nginxString(rules.policies.admin)};`,
    '}',
    '',
    "# The CMS page's opener policy lets its sign-in popup answer it (features/hosting/rules.ts).",
    `map $uri ${CMS_COOP} {`,
    `    default ${nginxString(SECURITY_HEADERS[OPENER_POLICY_HEADER])};`,
    ...signInMapEntry(signIn),
    `    ${nginxRegExp(CMS_PAGE)} ${nginxString(CMS_PAGE_OPENER_POLICY)};`,
    '}',
    ...(signIn ? ['', `map $uri ${CMS_CACHE} {`, `    default ${nginxString(REVALIDATE)};`, ...signInMapEntry(signIn), '}'] : []),
    ...signInLogFormat(signIn),
    '',
    'server {',
    ...options.listen.map((address) => `    listen ${nginxWords(address, 'listen address')};`),
    `    server_name ${nginxWords(host, 'server name')};`,
    `    root ${nginxString(adminRoot)};`,
    ...(options.includes ?? []).map((file) => `    include ${nginxString(file)};`),
    '',
    ...commonServerLines(signIn ? CMS_CACHE : nginxString(REVALIDATE), CMS_CSP, CMS_COOP),
    '',
    "    # No error_page: the CMS has no 404 page, so nginx's own short one answers, under the file policy.",
    "    # The CDN's rules for this origin (written into public/admin/) are not for visitors.",
    ...CDN_FILES.map((file) => `    location = ${nginxString(file)} {\n        return 404;\n    }`),
    '',
    ...(signIn ? signInLocation(options) : []),
    '    # / means /index.html, the CMS page; nothing else is a page here.',
    '    location / {',
    `        try_files ${FILE} =404;`,
    ...NEVER_SERVED,
    '    }',
    '}',
  ];
}

/**
 * Inside a location that serves files: hidden files (a segment starting with
 * a dot, as nginx decoded and tidied the path) and the compressed copies asked
 * for by name answer 404, whatever the folder holds. The copies are served in
 * place of their file, never as files of their own.
 */
const NEVER_SERVED: readonly string[] = [
  `        location ${nginxLocationRegExp(HIDDEN_PATH)} {`,
  '            return 404;',
  '        }',
  '        location ~ \\.(br|gz)$ {',
  '            return 404;',
  '        }',
];

/** The CMS page on the site's origin, as nginx serves it (the file served: $uri after try_files). */
const ADMIN_PAGE = /^\/admin\/index\.html$/;

/**
 * The maps (at http level, where Debian includes a site file) and the
 * server block of the site in `rules`, served from `options.root`. Its size
 * does not depend on the number of pages, so it stays within what nginx
 * and a reviewer can read at any size of site.
 *
 * - Headers: Cache-Control and the Content-Security-Policy come from maps on
 *   $uri, the file actually served (after try_files and error_page), so a
 *   404 gets its 404 page's policy: the page policy for every page, the
 *   CMS's for /admin/, the sandboxing file policy for everything else
 *   (features/hosting/rules.ts servedKind, as regular expressions). They and the
 *   security headers are added once with `always`, which covers 200, 301,
 *   304 and 404.
 * - 404: each language's paths (NOT_FOUND_SCOPES) have their own error_page;
 *   a folder without index.html, the hosting's own files (_headers,
 *   _redirects, _build.json) and the precompressed copies asked for by
 *   name are 404s as well.
 * - Redirects: a path whose folder holds an index.html, asked for without
 *   its slash, answers 301 to the path with it (relative Location, the query
 *   kept), whatever the page; never to "//…" or "/\…", which a browser
 *   reads as another host (REQUEST_PATH).
 * - Hidden files: a path with a segment that starts with a dot is a 404
 *   (HIDDEN_PATH), whatever public/ holds.
 * - Symlinks: none in a release (see the comment in the config for why
 *   nginx's disable_symlinks cannot be the guard).
 * - Compression: the .br and .gz copies beside the files (features/hosting/precompress.node.ts), never on the fly.
 * - The CMS on its own origin (the record's cmsOrigin): /admin and
 *   everything under /admin/ answer 301 to that origin's root, and a second
 *   server block serves public/admin/ there (cmsServer).
 * - The opener policy: same-origin, but for the CMS page, whose sign-in
 *   popup must be able to answer it (features/hosting/rules.ts openerPolicy).
 * - Sign-in: when the build's CMS signs in through the exchange on the
 *   site's origin (or the CMS's), /oauth/ there is proxied to
 *   `npm run oauth` (signInLocation).
 */
export function nginxSiteConfig(rules: PublicRules, options: NginxSiteOptions): string {
  const files = new Set(rules.files);
  for (const scope of NOT_FOUND_SCOPES) {
    if (!files.has(notFoundPage(scope))) throw new Error(`public/ has no ${notFoundPage(scope)}, the 404 page of ${scope}: build the site first`);
  }
  if (options.listen.length === 0) throw new Error('The nginx server needs at least one listen address');
  const manifests = rules.files.filter((file) => file.endsWith('.webmanifest'));
  const { cmsOrigin } = rules.record;
  const signIn = signInOrigin(rules.record) === new URL(rules.record.siteUrl).origin;
  const scope = (prefix: string) => [
    `    location ${nginxString(prefix)} {`,
    `        error_page 404 ${notFoundPage(prefix)};`,
    '        # A folder asked for without its slash: 301 to it. $stockpay_path is the path as',
    '        # the request line wrote it, so no decoded character reaches the header (but for',
    '        # its leading slashes, cut to one).',
    '        if (-f $stockpay_folder_index) {',
    '            return 301 $stockpay_path/$is_args$args;',
    '        }',
    `        try_files ${FILE} =404;`,
    ...NEVER_SERVED,
    '    }',
  ];
  return [
    '# The StockPay site: written by scripts/nginxConfig.ts from a built public/, its',
    '# build record (_build.json) and features/hosting/rules.ts. Regenerate it after a',
    "# build with other settings (`npm run nginx:config`): the policies hold the build's API origins.",
    '# Needs the brotli static module (Debian: libnginx-mod-http-brotli-static).',
    '',
    "# The policy of the file served: the CMS page, Gatsby's fragments (files), the",
    '# search pages (the page policy with WebAssembly), every other HTML file (a',
    '# page), and the sandboxing policy for everything else. The first match wins.',
    `map $uri ${CSP} {`,
    `    default ${nginxString(rules.policies.file)};`,
    ...signInMapEntry(signIn),
    `    ${nginxRegExp(ADMIN_PAGE)} ${nginxString(rules.policies.admin)};`,
    `    ${nginxRegExp(/^\/_gatsby\//)} ${nginxString(rules.policies.file)};`,
    `    ${nginxRegExp(SEARCH_PAGE)} ${nginxString(rules.policies.search)};`,
    `    ${nginxRegExp(/\.html$/)} ${nginxString(rules.policies.page)};`,
    '}',
    '',
    "# Fingerprinted files (the bundles, Pagefind's index chunks and fragments) are",
    '# immutable; everything else revalidates (with its ETag).',
    `map $uri ${CACHE} {`,
    `    default ${nginxString(REVALIDATE)};`,
    ...signInMapEntry(signIn),
    `    ${nginxRegExp(FINGERPRINTED)} ${nginxString(IMMUTABLE)};`,
    `    ${nginxRegExp(PAGEFIND_FINGERPRINTED)} ${nginxString(IMMUTABLE)};`,
    '}',
    '',
    "# The opener policy: the CMS page's lets its sign-in popup answer it (features/hosting/rules.ts).",
    `map $uri ${COOP} {`,
    `    default ${nginxString(SECURITY_HEADERS[OPENER_POLICY_HEADER])};`,
    ...signInMapEntry(signIn),
    `    ${nginxRegExp(ADMIN_PAGE)} ${nginxString(CMS_PAGE_OPENER_POLICY)};`,
    '}',
    '',
    '# A path ending in / means its index.html, so a folder without one is a 404',
    '# (not a 403), and a path that is a folder without its slash is never served.',
    '# volatile: nginx would keep the value of the first $uri through error_page.',
    `map $uri ${FILE} {`,
    '    volatile;',
    `    ~/$ "\${uri}index.html";`,
    '    default $uri;',
    '}',
    '',
    '# The index.html a path without its trailing slash would have, were it a folder.',
    'map $uri $stockpay_folder_index {',
    '    ~/$ "";',
    '    default $request_filename/index.html;',
    '}',
    '',
    '# The path of the request line, undecoded and without its query: what a',
    '# trailing-slash redirect may echo ($uri is decoded and could carry a line break).',
    '# Its leading slashes and backslashes become one "/": echoed, //evil.example/../blog',
    '# (served as /blog) would send the browser to evil.example.',
    'map $request_uri $stockpay_path {',
    `    ${nginxRegExp(REQUEST_PATH)} /$stockpay_raw_path;`,
    '}',
    ...signInLogFormat(signIn),
    '',
    'server {',
    ...options.listen.map((address) => `    listen ${nginxWords(address, 'listen address')};`),
    `    server_name ${nginxWords(options.serverName ?? '_', 'server name')};`,
    `    root ${nginxString(options.root)};`,
    ...(options.includes ?? []).map((file) => `    include ${nginxString(file)};`),
    '',
    ...commonServerLines(CACHE, CSP, COOP),
    '',
    `    error_page 404 ${notFoundPage('/')};`,
    '',
    "    # The hosting's own files (the CDN's rules, the build's record) are not for visitors.",
    ...HOSTING_FILES.map((file) => `    location = ${nginxString(file)} {\n        return 404;\n    }`),
    '',
    ...(cmsOrigin
      ? [
          `    # The CMS is served from its own origin (${cmsOrigin}, below): never here.`,
          `    location = ${nginxString(ADMIN_PATH.replace(/\/$/, ''))} {`,
          `        ${cmsRedirect(cmsOrigin)}`,
          '    }',
          `    location ^~ ${nginxString(ADMIN_PATH)} {`,
          `        ${cmsRedirect(cmsOrigin)}`,
          '    }',
          '',
        ]
      : []),
    ...(signIn ? signInLocation(options) : []),
    "    # Debian's mime.types lacks the web app manifest's type.",
    ...manifests.map((file) => `    location = ${nginxString(file)} {\n        types {\n            application/manifest+json webmanifest;\n        }\n    }`),
    '',
    '    # Unknown paths: 404 with the page of their language. So is a path with a segment',
    '    # that starts with a dot (/.env, /.git/config, /media/.x.png), whatever public/ holds:',
    '    # the location matches the path nginx decoded and normalised, so /%2egit/config and',
    '    # //.env are caught too. /.well-known/ as well, since the site has none: a deployer',
    '    # answering ACME challenges there adds a location /.well-known/acme-challenge/ of',
    '    # their own (in an --include file), which nginx picks as the longest prefix before it',
    '    # looks at the locations nested below.',
    ...NOT_FOUND_SCOPES.flatMap(scope),
    '}',
    ...(cmsOrigin ? cmsServer(rules, options, cmsOrigin) : []),
    '',
  ].join('\n');
}

export interface NginxStandaloneOptions {
  /** The site: nginxSiteConfig's output. */
  site: string;
  /** A folder of this run's own: pid file, logs and nginx's temporary files. */
  tempDir: string;
  /** The workers' user, when nginx starts as root (nginx ignores it otherwise). */
  user?: string;
}

/**
 * A whole nginx.conf running `site` in the foreground with everything it
 * writes in `tempDir`, so it needs no /var/lib/nginx or /run and runs as
 * root or as an ordinary user (Debian's build points the temp paths and
 * the pid file at folders only root may write).
 */
export function nginxStandaloneConfig(options: NginxStandaloneOptions): string {
  const temp = (name: string) => nginxString(`${options.tempDir}/${name}`);
  return [
    '# Written by features/hosting/nginxServer.node.ts: the site of npm run nginx:config run on its own.',
    `load_module ${nginxString(BROTLI_STATIC_MODULE)};`,
    ...(options.user ? [`user ${nginxWords(options.user, 'user')};`] : []),
    'daemon off;',
    'worker_processes auto;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    '',
    'events {',
    '    worker_connections 1024;',
    '}',
    '',
    'http {',
    `    include ${nginxString(DEBIAN_MIME_TYPES)};`,
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    tcp_nopush on;',
    `    access_log ${temp('access.log')};`,
    `    client_body_temp_path ${temp('client_body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    '',
    ...options.site
      .trimEnd()
      .split('\n')
      .map((line) => (line ? `    ${line}` : '')),
    '}',
    '',
  ].join('\n');
}

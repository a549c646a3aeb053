/**
 * The hosting rules of public/, in one place: for any file, its cache policy
 * and headers and, for an HTML page, its Content-Security-Policy; which 404
 * page answers an unknown path; which paths redirect to their trailing
 * slash. Every build writes them for CDNs (public/_headers and
 * public/_redirects, gatsby/hostingFiles.ts), and an nginx config is
 * generated from the same rules. Pure: the callers read the files.
 *
 * Caching follows Gatsby's guide (docs/how-to/previews-deploys-hosting/caching):
 * fingerprinted files are immutable, everything else revalidates.
 * One departure: the guide lists /sw.js, which this site does not have.
 */
import { createHash } from 'node:crypto';
import { LANGUAGES } from './languages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Webpack's content-hashed bundles (app-91e8ba46fd3c0f4735c1.js) and everything under /static/. */
export const FINGERPRINTED = /^\/static\/|[.-][0-9a-f]{20}\.(js|css)$/;

export function cacheControl(path: string): string {
  return FINGERPRINTED.test(path) ? IMMUTABLE : REVALIDATE;
}

/** Sent with every response, the 404s and redirects included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Script types a browser runs; any other type (application/ld+json) is data, which a policy does not govern. */
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP source of every inline script the browser would run in `html`
 * ('sha256-…'), in page order, each once. Gatsby writes its own (the
 * chunk map, the page path, the compilation hash) and gatsby-ssr.tsx ours.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, body] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? '';
    if (EXECUTABLE_TYPE.test(type)) hashes.add(sha256(body));
  }
  return [...hashes];
}

/** The origin of each absolute URL, each once: where the pages' scripts may connect. */
export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/**
 * The policy of one HTML page: its own scripts by hash and nothing inline
 * besides (no 'unsafe-inline', no 'unsafe-eval' for scripts); styles
 * inline because Gatsby inlines the CSS; the APIs the page calls.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ['connect-src', "'self'", ...connectOrigins].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every header of the file at `path` (/docs/index.html, /app-….js); `csp` for an HTML page. */
export function headersFor(path: string, csp?: string): Record<string, string> {
  return { 'Cache-Control': cacheControl(path), ...SECURITY_HEADERS, ...(csp ? { 'Content-Security-Policy': csp } : {}) };
}

/** The 404 page for an unknown path: /bg/… gets /bg/404.html, /en/… /en/404.html, the rest /404.html. */
export function notFoundPage(pathname: string): string {
  const language = LANGUAGES.find((lang) => pathname === `/${lang}` || pathname.startsWith(`/${lang}/`));
  return language ? `/${language}/404.html` : '/404.html';
}

/** The language prefixes with a 404 page of their own, most specific first, then '/' for the rest. */
export const NOT_FOUND_SCOPES: readonly string[] = [...LANGUAGES.map((lang) => `/${lang}/`), '/'];

/**
 * The page a path without its trailing slash redirects to (301, relative
 * Location), for every page: '/docs/index.html' -> { from: '/docs', to: '/docs/' }.
 * The root page has no such path.
 */
export function trailingSlashRedirects(htmlFiles: readonly string[]): { from: string; to: string }[] {
  return htmlFiles
    .filter((file) => file.endsWith('/index.html') && file !== '/index.html')
    .map((file) => {
      const to = file.slice(0, -'index.html'.length);
      return { from: to.slice(0, -1), to };
    });
}

/** The path an HTML file is served at: '/docs/index.html' -> '/docs/', '/404.html' stays. */
export function pagePath(file: string): string {
  return file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
}

/**
 * The hosting rules of public/, in one place: for any served path, its
 * cache policy, its security headers and its Content-Security-Policy; which
 * 404 page answers an unknown path. Every build writes them for CDNs
 * (public/_headers and public/_redirects, features/hosting/cdnFiles.node.ts), and the
 * nginx config is generated from the same rules (features/hosting/nginxConfig.ts).
 * Pure: the callers read the files.
 *
 * Four policies, whatever the number of pages (a CDN reads at most 100
 * header rules): one for every page, the same with WebAssembly for the
 * search pages (Pagefind compiles it), one for the editors' CMS at
 * /admin/, and a sandbox for every other file, so that an SVG, a feed or
 * an upload opened on its own can run nothing. Their directives, and why
 * each source is there, are in features/site/policies.ts.
 *
 * Caching follows Gatsby's guide (docs/how-to/previews-deploys-hosting/caching):
 * fingerprinted files are immutable, everything else revalidates.
 * One departure: the guide lists /sw.js, which this site does not have.
 * Pagefind's index chunks and fragments are named by their content, so
 * immutable too; its entry files keep their names and revalidate.
 */
import { ADMIN_PATH, SEARCH_PATH } from '../site/routes';
import { FILE_DIRECTIVES, pageDirectives, policyText, searchDirectives, OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../site/policies';
import { LANGUAGES } from '../site/languages';
import { PAGEFIND_FINGERPRINTED } from '../search/search';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Webpack's content-hashed bundles (app-91e8ba46fd3c0f4735c1.js), the runtime file, and everything under /static/. */
export const FINGERPRINTED = /^\/static\/|[.-][0-9a-f]{20}\.(js|css)$/;

export function cacheControl(path: string): string {
  return FINGERPRINTED.test(path) || PAGEFIND_FINGERPRINTED.test(path) ? IMMUTABLE : REVALIDATE;
}

/**
 * The CMS page's opener policy. Editors sign in to GitHub or GitLab in a
 * popup the page opens (Netlify's provider, or the site's own exchange:
 * docs/deploy.md, "Sign-in for editors"), which hands the token back
 * through window.opener. Under `same-origin` the browser cuts that link as
 * soon as the popup is on another origin, and the CMS never hears back;
 * `same-origin-allow-popups` keeps it for the popups the page opens itself,
 * and still keeps any other page from holding a reference to the CMS.
 */
export const CMS_PAGE_OPENER_POLICY = 'same-origin-allow-popups';

/** The opener policy of the file or page served at `path`: the CMS page's (CMS_PAGE_OPENER_POLICY), or every other response's. */
export function openerPolicy(path: string): string {
  return servedKind(path) === 'admin' ? CMS_PAGE_OPENER_POLICY : SECURITY_HEADERS[OPENER_POLICY_HEADER];
}

/**
 * What a served path is, for its policy: a page of the site (a folder's
 * index.html, or an .html file such as /404.html), a search page, the CMS
 * page, or any other file. Gatsby's own HTML fragments under /_gatsby/
 * (the scripts slice it stitches into pages) are files, never pages.
 */
export type ServedKind = 'page' | 'search' | 'admin' | 'file';

/** The search pages of every language ('/search/', '/bg/search/', '/en/search/'), with or without their index.html. */
export const SEARCH_PAGE = new RegExp(`^/(?:(?:${LANGUAGES.join('|')})/)?${SEARCH_PATH.slice(1)}(?:index\\.html)?$`);

export function servedKind(path: string): ServedKind {
  if (path === ADMIN_PATH || path === `${ADMIN_PATH}index.html`) return 'admin';
  if (SEARCH_PAGE.test(path)) return 'search';
  if (path.startsWith('/_gatsby/')) return 'file';
  return path.endsWith('/') || path.endsWith('.html') ? 'page' : 'file';
}

/** The script types a browser runs; any other type (application/ld+json, application/json) is data. */
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The inline scripts a browser would run in `html`, as found (at most 80
 * characters of each): a built page must have none, since no policy trusts
 * them. Data blocks (JSON-LD) are not scripts the browser runs.
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [whole, attributes, body] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? '';
    if (EXECUTABLE_TYPE.test(type) && body.trim() !== '') found.push(whole.length > 80 ? `${whole.slice(0, 79)}…` : whole);
  }
  return found;
}

/** The origin of each absolute URL, each once: where the pages' scripts may connect. */
export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** The policy of every page (features/site/policies.ts pageDirectives), for a build whose pages call `connectOrigins`. */
export function pagePolicy(connectOrigins: readonly string[]): string {
  return policyText(pageDirectives(connectOrigins));
}

/** The policy of the search pages: the page policy, and WebAssembly for Pagefind (features/site/policies.ts searchDirectives). */
export function searchPolicy(connectOrigins: readonly string[]): string {
  return policyText(searchDirectives(connectOrigins));
}

/** The policy of every file that is not a page: nothing may load or run, sandboxed (features/site/policies.ts FILE_DIRECTIVES). */
export const FILE_POLICY = policyText(FILE_DIRECTIVES);

/** The four policies of a build (features/hosting/buildRecord.ts derives them from what the build recorded). */
export interface SitePolicies {
  page: string;
  search: string;
  admin: string;
  file: string;
}

export function policyFor(path: string, policies: SitePolicies): string {
  return policies[servedKind(path)];
}

/** Every header of the file or page served at `path` ('/docs/', '/docs/index.html', '/app-….js'). */
export function headersFor(path: string, policies: SitePolicies): Record<string, string> {
  return { 'Cache-Control': cacheControl(path), ...SECURITY_HEADERS, [OPENER_POLICY_HEADER]: openerPolicy(path), 'Content-Security-Policy': policyFor(path, policies) };
}

/**
 * A site path with a segment that starts with a dot ('/.env', '/.git/config',
 * '/media/.x.png'): never served. nginx answers such a path (as it decoded
 * and normalised it) with its language's 404 page; a CDN would serve any
 * file uploaded, so a built public/ may hold none (features/hosting/cdnFiles.node.ts).
 */
export const HIDDEN_PATH = /\/\./;

/** The 404 page for an unknown path: /bg/… gets /bg/404.html, /en/… /en/404.html, the rest /404.html. */
export function notFoundPage(pathname: string): string {
  const language = LANGUAGES.find((lang) => pathname === `/${lang}` || pathname.startsWith(`/${lang}/`));
  return language ? `/${language}/404.html` : '/404.html';
}

/** The language prefixes with a 404 page of their own, most specific first, then '/' for the rest. */
export const NOT_FOUND_SCOPES: readonly string[] = [...LANGUAGES.map((lang) => `/${lang}/`), '/'];

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatHeadersFile, type HeaderRule } from './headersFile';
import type { BuildRecord } from './buildRecord';
import { ADMIN_PATH, SEARCH_PATH, pagePath } from '../site/routes';
import { LANGUAGES } from '../site/languages';
import { CMS_PAGE_OPENER_POLICY, HIDDEN_PATH, IMMUTABLE, NOT_FOUND_SCOPES, REVALIDATE, cacheControl, notFoundPage, servedKind, type SitePolicies } from './rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../site/policies';
import type { PublicRules } from './publicFiles';

/**
 * The search pages a CDN rule may name: the unprefixed one and each
 * language's ('/search/', '/en/search/', '/bg/search/'), each exactly. A
 * pattern with a "*" or ":name" in place of the language would also give
 * 'wasm-unsafe-eval' to a post or a folder called "search" (/blog/search/),
 * which nginx's SEARCH_PAGE never matches.
 */
export const SEARCH_PAGES: readonly string[] = [SEARCH_PATH, ...LANGUAGES.map((language) => `/${language}${SEARCH_PATH}`)];

/** A file's extension ('xml'), or undefined when its name has none. */
const extensionOf = (file: string): string | undefined => /\.([^./]+)$/.exec(file)?.[1];

/** What the CMS page's rule sets over the defaults: its policy, and the opener policy its sign-in popup needs (features/hosting/rules.ts CMS_PAGE_OPENER_POLICY). */
const cmsPageHeaders = (policies: Pick<SitePolicies, 'admin'>): Record<string, string> => ({
  [OPENER_POLICY_HEADER]: CMS_PAGE_OPENER_POLICY,
  'Content-Security-Policy': policies.admin,
});

/**
 * The `_headers` rules for a CDN, from the same rules nginx gets, in a
 * number that depends on the kinds of files the site has, never on its
 * pages. A CDN picks headers by the path asked for, not by the file it
 * answers with, so the default is the page policy: an unknown path is
 * answered with its 404 page, which then keeps its styles. Every file
 * that is not a page gets the file policy back, by the fewest patterns:
 * its extension (`/*.xml`, which also covers the Bulgarian feed inside a
 * folder of pages) when it sits at the root or among pages, else its
 * top-level folder when no page is in it (`/_gatsby/*`, whose HTML
 * fragments are files). Fingerprinted files get immutable (every .js and
 * .css is webpack's or the runtime's, with a hash in its name, except in
 * folders such as the CMS's bundle and Pagefind's, which are revalidated,
 * but for the fingerprinted subfolders of those: Pagefind's index chunks
 * and fragments); the search pages (each by its own path, SEARCH_PAGES)
 * and the CMS page get their own policies. No file or folder of public/ may
 * start with a dot: nginx answers 404 for one, a CDN would serve it. "The last matching rule wins" on both CDNs (see
 * features/hosting/headersFile.ts), so each rule after the first detaches what it sets.
 */
export function headerRules({ files, policies }: Pick<PublicRules, 'files' | 'policies'>): HeaderRule[] {
  // nginx answers 404 for these (features/hosting/nginxConfig.ts); a CDN has no rule that could hide a file uploaded.
  const hidden = files.find((file) => HIDDEN_PATH.test(file));
  if (hidden)
    throw new Error(
      `public${hidden}: a CDN would serve it to anyone, and no file or folder whose name starts with "." may be published; remove it from where it came from (static/ or the build)`,
    );
  const top = (file: string) => file.split('/')[1];
  const nonPages = files.filter((file) => servedKind(file) === 'file');
  const pageFolders = new Set(files.filter((file) => servedKind(file) !== 'file' && file.split('/').length > 2).map(top));
  // Folders of scripts and styles that keep their names (Decap's bundle, Gatsby's partytown): revalidated.
  const named = [...new Set(files.filter((file) => /\.(js|css)$/.test(file) && cacheControl(file) === REVALIDATE).map((file) => file.split('/').slice(0, 2).join('/')))].sort();
  const unnamedRoot = named.find((folder) => /\.(js|css)$/.test(folder));
  if (unnamedRoot) throw new Error(`public${unnamedRoot} has no hash in its name, yet every script and style at the root is served as immutable`);
  // Inside those folders, subfolders of fingerprinted files (Pagefind's index chunks and fragments) are immutable
  // again: one rule a folder names the files of all its subfolders (`/pagefind/:part/:file`; a `*` there would
  // also match `/pagefind/pagefind.js` on Netlify, whose trailing slash is optional), so each of those must be.
  const inSubfolder = (file: string) => file.split('/').length === 4;
  const immutableInNamed = named.filter((folder) => files.some((file) => file.startsWith(`${folder}/`) && cacheControl(file) === IMMUTABLE));
  for (const folder of immutableInNamed) {
    const misfit = files.find((file) => file.startsWith(`${folder}/`) && (cacheControl(file) === IMMUTABLE) !== inSubfolder(file));
    if (misfit)
      throw new Error(`public${misfit}: a CDN rule cannot tell it apart from the ${cacheControl(misfit) === IMMUTABLE ? 'revalidated' : 'fingerprinted'} files beside it`);
  }
  // The search pages the build wrote, one rule each (SEARCH_PAGES): as many rules as languages, whatever the pages.
  const searchPages = files.filter((file) => servedKind(file) === 'search').map(pagePath);
  const searchPatterns = SEARCH_PAGES.filter((page) => searchPages.includes(page));
  const coveredFolders = new Set(['static', ...named.map((folder) => folder.slice(1))]);
  const uncovered = nonPages.filter((file) => !coveredFolders.has(top(file)));
  // Files at the root or among pages: only their extension can name them.
  const amongPages = (file: string) => file.split('/').length === 2 || pageFolders.has(top(file));
  const extensions = new Set(['js', 'css']);
  for (const file of uncovered.filter(amongPages)) {
    const extension = extensionOf(file);
    if (extension === undefined || extension === 'html') {
      throw new Error(`public${file} is neither a page nor a file a CDN rule can name (no extension of its own, among pages): it would get the page policy`);
    }
    extensions.add(extension);
  }
  const folders = [...new Set(uncovered.filter((file) => !extensions.has(extensionOf(file) ?? '')).map(top))].sort();
  const override = (pattern: string, headers: Record<string, string>): HeaderRule => ({ pattern, detach: Object.keys(headers), headers });
  const file = { 'Content-Security-Policy': policies.file };
  const immutable = { 'Cache-Control': IMMUTABLE, ...file };
  return [
    { pattern: '/*', headers: { ...SECURITY_HEADERS, 'Cache-Control': REVALIDATE, 'Content-Security-Policy': policies.page } },
    override('/*.js', immutable),
    override('/*.css', immutable),
    ...[...extensions]
      .filter((extension) => extension !== 'js' && extension !== 'css')
      .sort()
      .map((extension) => override(`/*.${extension}`, file)),
    override('/static/*', immutable),
    ...named.map((folder) => override(`${folder}/*`, { 'Cache-Control': REVALIDATE, ...file })),
    ...immutableInNamed.map((folder) => override(`${folder}/:part/:file`, { 'Cache-Control': IMMUTABLE })),
    ...folders.map((folder) => override(`/${folder}/*`, file)),
    ...searchPatterns.map((pattern) => override(pattern, { 'Content-Security-Policy': policies.search })),
    override(ADMIN_PATH, cmsPageHeaders(policies)),
  ];
}

/**
 * The site's rules when the CMS has an origin of its own (`cmsOrigin`,
 * docs/deploy.md, "The CMS on its own origin"): /admin and everything
 * under /admin/ answer 301 to that origin's root, though the files are
 * there (the CMS's own site is deployed from them). No one line does it on
 * both CDNs (features/hosting/redirectsFile.ts): Netlify serves an existing file
 * over a rule unless the rule is forced (`301!`), and Cloudflare Pages
 * drops a line whose status is `301!` but follows a plain `301` over any
 * file. So each path gets both, forced first: Netlify answers with the
 * forced one, the first that matches; Cloudflare with the plain one.
 */
function cmsRedirects(cmsOrigin: string): string[] {
  const to = `${cmsOrigin}/`;
  return [ADMIN_PATH.replace(/\/$/, ''), `${ADMIN_PATH}*`].flatMap((from) => [`${from}  ${to}  301!`, `${from}  ${to}  301`]);
}

/**
 * `_redirects`: the CMS's paths to its own origin when it has one, then the
 * 404 page of each language's paths. (Both CDNs add the trailing slash to a
 * folder's path themselves.)
 */
export function redirectsFile(cmsOrigin: string | null = null): string {
  const lines = [...(cmsOrigin ? cmsRedirects(cmsOrigin) : []), ...NOT_FOUND_SCOPES.map((scope) => `${scope}*  ${notFoundPage(scope)}  404`)];
  return `# Written by features/hosting/cdnFiles.node.ts after each build, from features/hosting/rules.ts.\n${lines.join('\n')}\n`;
}

/** The CMS origin's `_headers`, in the CMS's folder: deployed as the root of the CMS's own site, it is that site's `/_headers`. */
export const CMS_HEADERS_PATH = `${ADMIN_PATH}_headers`;

/** The files writeCdnFiles writes for the CMS's own origin: none unless the build has one. */
export const cmsCdnFiles = (record: BuildRecord): string[] => (record.cmsOrigin ? [CMS_HEADERS_PATH] : []);

/**
 * The rules of the CMS's own origin, where public/admin/ is the root: the
 * CMS page (`/`, `/index.html`) gets the CMS's policy, every other file the
 * file policy, every response the security headers and revalidation (no
 * file of the CMS has a hash in its name), as nginx's server block for it
 * does (features/hosting/nginxConfig.ts). The last matching rule wins, as in the
 * site's.
 */
export function cmsHeaderRules(policies: Pick<SitePolicies, 'admin' | 'file'>): HeaderRule[] {
  const override = (pattern: string, headers: Record<string, string>): HeaderRule => ({ pattern, detach: Object.keys(headers), headers });
  return [
    { pattern: '/*', headers: { ...SECURITY_HEADERS, 'Cache-Control': REVALIDATE, 'Content-Security-Policy': policies.file } },
    override('/', cmsPageHeaders(policies)),
    override('/index.html', cmsPageHeaders(policies)),
  ];
}

/** Cloudflare Pages reads at most this many rules of `_headers` and ignores the rest (Netlify has no limit). */
export const CLOUDFLARE_PAGES_HEADER_RULES = 100;

/**
 * Writes public/_headers and public/_redirects for a CDN (Netlify,
 * Cloudflare Pages), and public/admin/_headers when the CMS has an origin
 * of its own (cmsCdnFiles). Throws when `_headers` would hold more rules
 * than Cloudflare Pages reads: its rules grow with sections and languages
 * only.
 */
export function writeCdnFiles(publicDir: string, rules: PublicRules): number {
  const comment = 'Written by features/hosting/cdnFiles.node.ts after each build, from features/hosting/rules.ts (the nginx config gets the same rules).';
  const headers = headerRules(rules);
  if (headers.length > CLOUDFLARE_PAGES_HEADER_RULES) {
    throw new Error(`public/_headers would hold ${headers.length} rules; Cloudflare Pages reads only the first ${CLOUDFLARE_PAGES_HEADER_RULES}`);
  }
  writeFileSync(path.join(publicDir, '_headers'), formatHeadersFile(headers, comment));
  const { cmsOrigin } = rules.record;
  writeFileSync(path.join(publicDir, '_redirects'), redirectsFile(cmsOrigin));
  if (cmsOrigin) {
    const cmsComment = [
      `The CMS's own origin (${cmsOrigin}): deploy public/admin/ as the root of a site of its own`,
      '(docs/deploy.md, "The CMS on its own origin"). Written by features/hosting/cdnFiles.node.ts after each build, from features/hosting/rules.ts.',
    ].join('\n');
    writeFileSync(path.join(publicDir, CMS_HEADERS_PATH), formatHeadersFile(cmsHeaderRules(rules.policies), cmsComment));
  }
  return headers.length;
}

/**
 * The `_redirects` file that Netlify and Cloudflare Pages both read, as
 * each of them reads it: a line is `from to [status]`, the first rule that
 * matches a path answers. The two differ where it matters for a redirect
 * whose path has a file (the site's /admin/ when the CMS has an origin of
 * its own, features/hosting/cdnFiles.node.ts redirectsFile):
 *
 * - Netlify serves a file that exists in place of a rule that matches its
 *   path ("shadowing"), unless the rule is forced with a "!" after its
 *   status (`301!`); only the first matching rule counts, so a forced rule
 *   must come before a plain one for the same path.
 *   https://docs.netlify.com/routing/redirects/rewrites-proxies/#shadowing
 * - Cloudflare Pages follows a rule whether or not a file matches, and
 *   matches the path as the request wrote it (percent-escapes and all),
 *   though it finds files by the decoded path. It drops a line whose
 *   status is not one of 200, 301, 302, 303, 307 or 308 (its parser reads
 *   `301!` as no number), or that repeats the path of an earlier rule.
 *   Rules without `*` or `:name` before any with one are "static" and
 *   tried first, by exact path.
 *   https://developers.cloudflare.com/pages/configuration/redirects/
 *
 * `cloudflareRedirect` and `netlifyRedirect` apply a file as each CDN does,
 * from their source: Cloudflare's (workers-sdk, pages-shared's
 * metadata-generator/parseRedirects.ts and asset-server/handler.ts),
 * Netlify's (netlify/primitives, packages/redirects: the first matching
 * rule, then the static file unless the rule is forced). Only what this
 * site writes is modelled: paths, `*`, `:name`, a status; no conditions.
 */

/** Where a CDN sends a request: the status and the Location it answers with. */
export interface Redirect {
  status: number;
  location: string;
}

interface Rule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** The lines of a file as tokens, comments and blank lines left out. */
const lines = (text: string): string[][] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));

const escapeRegExp = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** Cloudflare's pattern: `*` anything ("/" included, and nothing), `:name` one segment. */
const cloudflarePattern = (from: string) =>
  new RegExp(
    `^${from
      .split('*')
      .map(escapeRegExp)
      .join('(?<splat>.*)')
      .replace(/:(\w+)/g, (_, name: string) => `(?<${name}>[^/]+)`)}$`,
  );

const CLOUDFLARE_STATUSES = new Set([200, 301, 302, 303, 307, 308]);

/** The Location a redirect answers with: a path of the same origin, or the whole URL, the request's query added when the target has none. */
function location(to: string, requestUrl: URL): string {
  const target = new URL(to, requestUrl);
  const search = target.search || requestUrl.search;
  return target.origin === requestUrl.origin ? `${target.pathname}${search}` : `${target.origin}${target.pathname}${search}`;
}

/** The redirect Cloudflare Pages answers `url` with, or null when it serves the path as it is (a file, its 404 handling). The path is matched undecoded, as Cloudflare does. */
export function cloudflareRedirect(text: string, url: string): Redirect | null {
  const rules: (Rule & { static: boolean })[] = [];
  const seen = new Set<string>();
  let canBeStatic = true;
  for (const tokens of lines(text)) {
    if (tokens.length < 2 || tokens.length > 3) continue;
    const [from, to, status = '302'] = tokens;
    if (!from.startsWith('/')) continue;
    const isStatic = canBeStatic && !from.includes('*') && !/:[A-Za-z]\w*/.test(from);
    if (!isStatic) canBeStatic = false;
    if (!to.startsWith('/') && !/^https:\/\/+[^/]+/.test(to)) continue;
    const code = Number(status);
    if (Number.isNaN(code) || !CLOUDFLARE_STATUSES.has(code) || seen.has(from)) continue;
    seen.add(from);
    rules.push({ from, to, status: code, force: true, static: isStatic });
  }
  const request = new URL(url, 'https://cdn.invalid');
  const match =
    rules.find((rule) => rule.static && rule.from === request.pathname) ??
    rules
      .filter((rule) => !rule.static)
      .map((rule) => ({ rule, found: cloudflarePattern(rule.from).exec(request.pathname) }))
      .find(({ found }) => found)?.rule;
  if (!match || match.status === 200) return null;
  return { status: match.status, location: location(match.to, request) };
}

/** Netlify's path matching: a trailing `/*` the folder and anything under it, `:name` one segment; a trailing slash optional. */
function netlifyMatches(from: string, pathname: string): boolean {
  const splat = from.endsWith('/*');
  const segments = (splat ? from.slice(0, -2) : from).split('/').filter(Boolean);
  const prefix = segments.map((segment) => `/${segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)}`).join('');
  return new RegExp(`^${prefix}${splat ? '(?:/.*)?' : '/?'}$`).test(pathname);
}

/**
 * The redirect Netlify answers `url` with, or null when it serves the path
 * otherwise (its file, a rewrite, a 404). `hasFile` says whether the site
 * has a file at a path (a folder's path: its index.html), which shadows a
 * rule that is not forced.
 */
export function netlifyRedirect(text: string, url: string, hasFile: (pathname: string) => boolean): Redirect | null {
  const rules: Rule[] = lines(text).flatMap((tokens) => {
    const [from, to, status = '301'] = tokens;
    const parsed = /^(\d{3})(!?)$/.exec(status);
    return from && to && parsed ? [{ from, to, status: Number(parsed[1]), force: parsed[2] === '!' }] : [];
  });
  const request = new URL(url, 'https://cdn.invalid');
  // Netlify matches the decoded path (/%61dmin/ is /admin/); Cloudflare the path as written.
  let pathname = request.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: matched as written.
  }
  const match = rules.find((rule) => netlifyMatches(rule.from, pathname));
  if (!match || (!match.force && hasFile(pathname))) return null;
  return match.status >= 300 && match.status < 400 ? { status: match.status, location: location(match.to, request) } : null;
}

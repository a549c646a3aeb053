import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { formatHeadersFile, type HeaderRule } from './headersFile';
import { ADMIN_PATH } from '../src/lib/adminPage';
import { IMMUTABLE, NOT_FOUND_SCOPES, REVALIDATE, SECURITY_HEADERS, cacheControl, notFoundPage, pagePath, servedKind } from './rules';
import { publicFiles, type PublicRules } from './publicFiles';

/** Where a page lives, as a `_headers` pattern: the root, a folder of one page ('/docs/'), a folder of several ('/blog/*'), or a page file at the root ('/404.html'). */
function pageScope(page: string, nested: ReadonlySet<string>): string {
  const served = pagePath(page);
  const [first, ...rest] = served.split('/').filter(Boolean);
  if (first === undefined) return '/';
  if (rest.length === 0 && !served.endsWith('/')) return served;
  return nested.has(first) ? `/${first}/*` : `/${first}/`;
}

/**
 * The `_headers` rules for a CDN, from the same rules nginx gets, in a
 * number that depends on the site's sections and languages, never on its
 * pages: every path gets the security headers, Cache-Control revalidate
 * and the file policy; fingerprinted files get immutable (every .js and
 * .css is webpack's or the runtime's, with a hash in its name, except the
 * CMS bundle under /admin/); the folders of pages get the page policy (and
 * the files inside them that are not pages get the file policy back); the
 * CMS page gets its own. "The last matching rule wins" on both CDNs (see
 * hosting/headersFile.ts), so each rule after the first detaches what it
 * sets.
 */
export function headerRules({ files, policies }: Pick<PublicRules, 'files' | 'policies'>): HeaderRule[] {
  const pages = files.filter((file) => servedKind(file) === 'page');
  const nested = new Set(pages.map((page) => pagePath(page).split('/').filter(Boolean)).filter((parts) => parts.length > 1).map(([first]) => first));
  const scopes = [...new Set(pages.map((page) => pageScope(page, nested)))].sort();
  // Files that are not pages inside a folder of pages (the Bulgarian feed, /bg/rss.xml), by extension.
  const strays = [
    ...new Set(
      scopes
        .filter((scope) => scope.endsWith('/*'))
        .flatMap((scope) =>
          files
            .filter((file) => file.startsWith(scope.slice(0, -1)) && servedKind(file) === 'file')
            .map((file) => `${scope}.${path.extname(file).slice(1)}`),
        ),
    ),
  ].sort();
  // Folders of scripts and styles that keep their names (Decap's bundle, Gatsby's partytown): revalidated.
  const named = [...new Set(files.filter((file) => /\.(js|css)$/.test(file) && cacheControl(file) === REVALIDATE).map((file) => file.split('/').slice(0, 2).join('/')))].sort();
  const unnamedRoot = named.find((folder) => /\.(js|css)$/.test(folder));
  if (unnamedRoot) throw new Error(`public${unnamedRoot} has no hash in its name, yet every script and style at the root is served as immutable`);
  const override = (pattern: string, headers: Record<string, string>): HeaderRule => ({ pattern, detach: Object.keys(headers), headers });
  const csp = (policy: string) => ({ 'Content-Security-Policy': policy });
  return [
    { pattern: '/*', headers: { ...SECURITY_HEADERS, 'Cache-Control': REVALIDATE, ...csp(policies.file) } },
    override('/*.js', { 'Cache-Control': IMMUTABLE }),
    override('/*.css', { 'Cache-Control': IMMUTABLE }),
    override('/static/*', { 'Cache-Control': IMMUTABLE }),
    ...named.map((folder) => override(`${folder}/*`, { 'Cache-Control': REVALIDATE })),
    ...scopes.map((scope) => override(scope, csp(policies.page))),
    ...strays.map((pattern) => override(pattern, csp(policies.file))),
    override(ADMIN_PATH, csp(policies.admin)),
  ];
}

/** `_redirects`: the 404 page of each language's paths. (Both CDNs add the trailing slash to a folder's path themselves.) */
export function redirectsFile(): string {
  const lines = NOT_FOUND_SCOPES.map((scope) => `${scope}*  ${notFoundPage(scope)}  404`);
  return `# Written by hosting/cdnFiles.ts after each build, from hosting/rules.ts.\n${lines.join('\n')}\n`;
}

/** Text files nginx serves precompressed; others (images, fonts) are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;
/**
 * Brotli's best quality costs about 2 s a megabyte. The CMS's 6 MB of
 * scripts (/admin/, the same files every build) take 9.9 s at quality 11
 * and 0.5 s at quality 5, for 14 % more bytes (1.55 MB instead of 1.35 MB)
 * that only editors download; the site's own files keep the best quality.
 */
export const brotliQuality = (file: string): number => (file.startsWith(ADMIN_PATH) ? 5 : constants.BROTLI_MAX_QUALITY);

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes `name.br` (brotli, quality 11, or 5 under /admin/) and `name.gz`
 * (gzip, level 9) beside every text file of public/ over 1 KB, and removes
 * every copy whose file is gone. With a `manifest` (in .cache/, kept with
 * public/ between incremental builds), the copies of a file whose bytes
 * have not changed since they were made are kept: brotli's best quality
 * costs about 2 s a megabyte, so compressing every page anew would make a
 * one-post build cost what the whole site costs. Runs as many files at once
 * as the machine has cores (zlib's async calls use libuv's thread pool).
 * nginx serves the copies with brotli_static and gzip_static; a CDN gets the
 * originals and compresses itself. Returns how many files it compressed.
 */
export async function precompress(publicDir: string, manifest?: string): Promise<number> {
  const entries = publicFiles(publicDir).map((entry) => path.join(publicDir, entry));
  const before = manifest && existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>) : {};
  const targets = entries.filter((entry) => COMPRESSIBLE.test(entry) && statSync(entry).size > MIN_BYTES);
  const hashes = Object.fromEntries(targets.map((file) => [path.relative(publicDir, file), sha256(readFileSync(file))]));
  const fresh = (file: string) => {
    const relative = path.relative(publicDir, file);
    return before[relative] === hashes[relative] && existsSync(`${file}.br`) && existsSync(`${file}.gz`);
  };
  for (const copy of entries.filter((entry) => /\.(br|gz)$/.test(entry))) {
    const file = copy.slice(0, -3);
    if (!(path.relative(publicDir, file) in hashes) || !fresh(file)) unlinkSync(copy);
  }
  const pending = targets.filter((file) => !fresh(file));
  const compress = async (file: string) => {
    const bytes = readFileSync(file);
    const sitePath = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
    const params = { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(sitePath), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    const [br, gz] = await Promise.all([brotli(bytes, { params }), gzip(bytes, { level: constants.Z_BEST_COMPRESSION })]);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
  };
  const queue = [...pending];
  const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compress(file);
  });
  await Promise.all(workers);
  if (manifest) {
    mkdirSync(path.dirname(manifest), { recursive: true });
    writeFileSync(manifest, JSON.stringify(hashes));
  }
  return pending.length;
}

/** Cloudflare Pages reads at most this many rules of `_headers` and ignores the rest (Netlify has no limit). */
export const CLOUDFLARE_PAGES_HEADER_RULES = 100;

/**
 * Writes public/_headers and public/_redirects for a CDN (Netlify,
 * Cloudflare Pages). Throws when `_headers` would hold more rules than
 * Cloudflare Pages reads: its rules grow with sections and languages only.
 */
export function writeCdnFiles(publicDir: string, rules: PublicRules): number {
  const comment = 'Written by hosting/cdnFiles.ts after each build, from hosting/rules.ts (the nginx config gets the same rules).';
  const headers = headerRules(rules);
  if (headers.length > CLOUDFLARE_PAGES_HEADER_RULES) {
    throw new Error(`public/_headers would hold ${headers.length} rules; Cloudflare Pages reads only the first ${CLOUDFLARE_PAGES_HEADER_RULES}`);
  }
  writeFileSync(path.join(publicDir, '_headers'), formatHeadersFile(headers, comment));
  writeFileSync(path.join(publicDir, '_redirects'), redirectsFile());
  return headers.length;
}

import { readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { formatHeadersFile, type HeaderRule } from '../src/lib/headersFile';
import { ADMIN_PATH } from '../src/lib/adminPage';
import { FINGERPRINTED, IMMUTABLE, NOT_FOUND_SCOPES, REVALIDATE, SECURITY_HEADERS, notFoundPage } from '../src/lib/hosting';
import type { PublicRules } from './publicRules';

/**
 * The `_headers` rules for a CDN, from the same rules nginx gets: the
 * security headers for every path; Cache-Control once per path (immutable
 * for /static/ and each fingerprinted bundle, revalidate for each page and
 * for every other file or folder); each page's own policy at its path. A
 * folder whose files are all alike gets one `/folder/*` rule, which keeps
 * the file short: Cloudflare Pages reads only its first 100 rules.
 */
export function headerRules(rules: PublicRules): HeaderRule[] {
  const pages = new Map(rules.pages.map((page) => [page.file, page]));
  const plain = rules.files.filter((file) => !FINGERPRINTED.test(file) && !pages.has(file));
  const mixed = new Set(
    rules.files.filter((file) => FINGERPRINTED.test(file) || pages.has(file)).flatMap((file) => file.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}/`)),
  );
  /** The widest folder of `file` that holds only plain files, or the file itself. */
  const scope = (file: string) => {
    const parts = file.split('/').slice(1, -1);
    for (let i = 1; i <= parts.length; i += 1) {
      const folder = `/${parts.slice(0, i).join('/')}/`;
      if (!mixed.has(folder)) return `${folder}*`;
    }
    return file;
  };
  const fingerprinted = rules.files.filter((file) => FINGERPRINTED.test(file) && !file.startsWith('/static/'));
  return [
    { pattern: '/*', headers: { ...SECURITY_HEADERS } },
    { pattern: '/static/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...fingerprinted.map((file) => ({ pattern: file, headers: { 'Cache-Control': IMMUTABLE } })),
    ...rules.pages.map((page) => ({ pattern: page.path, headers: { 'Cache-Control': REVALIDATE, 'Content-Security-Policy': page.csp } })),
    ...[...new Set(plain.map(scope))].map((pattern) => ({ pattern, headers: { 'Cache-Control': REVALIDATE } })),
  ];
}

/** `_redirects`: each page from its path without the slash, then the 404 page of each language's paths. */
export function redirectsFile(rules: PublicRules): string {
  const lines = [
    ...rules.redirects.map(({ from, to }) => `${from}  ${to}  301`),
    ...NOT_FOUND_SCOPES.map((scope) => `${scope}*  ${notFoundPage(scope)}  404`),
  ];
  return `# Written by gatsby/hostingFiles.ts after each build, from src/lib/hosting.ts.\n${lines.join('\n')}\n`;
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

/**
 * Writes `name.br` (brotli, quality 11, or 5 under /admin/) and `name.gz` (gzip, level 9) beside
 * every text file of public/ over 1 KB, after removing every copy an earlier
 * build left (its file may be gone or changed). nginx serves them with
 * brotli_static and gzip_static; a CDN gets the originals and compresses
 * itself. Returns how many files it compressed.
 */
export function precompress(publicDir: string): number {
  const entries = readdirSync(publicDir, { recursive: true, encoding: 'utf8' }).map((entry) => path.join(publicDir, entry));
  for (const file of entries.filter((entry) => /\.(br|gz)$/.test(entry))) unlinkSync(file);
  const targets = entries.filter((entry) => COMPRESSIBLE.test(entry) && statSync(entry).isFile() && statSync(entry).size > MIN_BYTES);
  for (const file of targets) {
    const bytes = readFileSync(file);
    const sitePath = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(sitePath), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
  }
  return targets.length;
}

/** Cloudflare Pages reads at most this many rules of `_headers` and ignores the rest (Netlify has no limit). */
export const CLOUDFLARE_PAGES_HEADER_RULES = 100;

/**
 * Writes public/_headers and public/_redirects for a CDN (Netlify,
 * Cloudflare Pages); returns a warning when `_headers` holds more rules
 * than Cloudflare Pages reads, since every page needs its own (its policy).
 */
export function writeCdnFiles(publicDir: string, rules: PublicRules): string | undefined {
  const comment = 'Written by gatsby/hostingFiles.ts after each build, from src/lib/hosting.ts (deploy/nginx/ gets the same rules).';
  const headers = headerRules(rules);
  writeFileSync(path.join(publicDir, '_headers'), formatHeadersFile(headers, comment));
  writeFileSync(path.join(publicDir, '_redirects'), redirectsFile(rules));
  if (headers.length <= CLOUDFLARE_PAGES_HEADER_RULES) return undefined;
  return (
    `public/_headers has ${headers.length} rules (${rules.pages.length} pages, each with its own policy); ` +
    `Cloudflare Pages reads only the first ${CLOUDFLARE_PAGES_HEADER_RULES}. Netlify and nginx are unaffected (README, Deploy).`
  );
}

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BUILD_RECORD_PATH, parseBuildRecord, sitePolicies, type BuildRecord } from './buildRecord';
import type { SitePolicies } from './rules';
import { FILES_RECORD_PATH } from '../src/build/publicOwners';

export interface PublicRules {
  /** Every file of public/, as site paths ('/app-….js'), sorted: not the precompressed copies or the CDN's and the build's own files. */
  files: string[];
  /** What the build recorded (hosting/buildRecord.ts). */
  record: BuildRecord;
  /** The three policies it is served with. */
  policies: SitePolicies;
}

/** The CDN's rules (hosting/cdnFiles.ts). */
export const CDN_FILES: readonly string[] = ['/_headers', '/_redirects'];

/** Files of public/ that are the hosting's own, never served: the CDN's rules, the build's record and the record of who wrote each file. */
export const HOSTING_FILES: readonly string[] = [...CDN_FILES, BUILD_RECORD_PATH, FILES_RECORD_PATH];

/** The build's record in `publicDir`; throws saying what to do when it is missing or broken. */
export function readBuildRecord(publicDir: string): BuildRecord {
  const file = path.join(publicDir, BUILD_RECORD_PATH);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the site first (npm run build), with this version of the project`);
  try {
    return parseBuildRecord(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a build record: ${(error as Error).message}`);
  }
}

export interface PublicTree {
  /** Every regular file, relative with "/" separators ('bg/index.html'), sorted. */
  files: string[];
  /** Every folder, the same way, sorted. */
  folders: string[];
  /** Anything else (a symlink, a socket): a built site holds none, so whoever finds one refuses it. */
  others: string[];
}

/**
 * The one walk of a built public/ (or a release made from one): the
 * runtime tags, the HTML repair, the compressed copies, the release copy,
 * the link checker and the served-file list all read it. Empty when the
 * folder does not exist.
 */
export function publicTree(publicDir: string): PublicTree {
  const tree: PublicTree = { files: [], folders: [], others: [] };
  if (!existsSync(publicDir)) return tree;
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    (entry.isFile() ? tree.files : entry.isDirectory() ? tree.folders : tree.others).push(relative);
  }
  for (const list of Object.values(tree)) list.sort();
  return tree;
}

/** Every regular file of a built public/ (publicTree), relative with "/" separators, sorted. */
export const publicFiles = (publicDir: string): string[] => publicTree(publicDir).files;

/** Every HTML file of a built public/, the same way. page-data/404.html/ is a folder, not one. */
export const htmlFiles = (publicDir: string): string[] => publicFiles(publicDir).filter((file) => file.endsWith('.html'));

/** A brotli or gzip copy of a file (hosting/precompress.ts), served in place of its file to clients that accept it. */
export const isCompressedCopy = (file: string): boolean => /\.(br|gz)$/.test(file);

/**
 * Every file a built public/ serves, as site paths ('/app-….js'), sorted:
 * not the compressed copies (isCompressedCopy) or the hosting's own files.
 */
export function servedFiles(publicDir: string): string[] {
  return publicFiles(publicDir)
    .map((file) => `/${file}`)
    .filter((file) => !isCompressedCopy(file) && !HOSTING_FILES.includes(file));
}

/**
 * The hosting rules (hosting/rules.ts) applied to a built public/: every
 * file, and the policies of the build that made it. What the CDN files
 * (hosting/cdnFiles.ts) and the nginx config are written from.
 */
export function readPublicRules(publicDir: string): PublicRules {
  const files = servedFiles(publicDir);
  const record = readBuildRecord(publicDir);
  return { files, record, policies: sitePolicies(record) };
}

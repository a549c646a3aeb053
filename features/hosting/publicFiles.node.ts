import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_RECORD_PATH, parseBuildRecord, sitePolicies, type BuildRecord } from './buildRecord';
import { HOSTING_FILES, type PublicRules } from './publicFiles';
import { filesUnder } from '../../system/folderTree';

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

/** A brotli or gzip copy of a file (features/hosting/precompress.node.ts), served in place of its file to clients that accept it. */
export const isCompressedCopy = (file: string): boolean => /\.(br|gz)$/.test(file);

/**
 * Every file a built public/ serves, as site paths ('/app-….js'), sorted:
 * not the compressed copies (isCompressedCopy) or the hosting's own files.
 */
export function servedFiles(publicDir: string): string[] {
  return filesUnder(publicDir)
    .map((file) => `/${file}`)
    .filter((file) => !isCompressedCopy(file) && !HOSTING_FILES.includes(file));
}

/**
 * The hosting rules (features/hosting/rules.ts) applied to a built public/: every
 * file, and the policies of the build that made it. What the CDN files
 * (features/hosting/cdnFiles.node.ts) and the nginx config are written from.
 */
export function readPublicRules(publicDir: string): PublicRules {
  const files = servedFiles(publicDir);
  const record = readBuildRecord(publicDir);
  return { files, record, policies: sitePolicies(record) };
}

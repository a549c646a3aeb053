/**
 * What a built public/ holds besides the site: the hosting's own files, and
 * the rules a server is written from. publicFiles.node.ts reads them from disk.
 */
import { BUILD_RECORD_PATH, type BuildRecord } from './buildRecord';
import { FILES_RECORD_PATH } from './publicOwners';
import type { SitePolicies } from './rules';

export interface PublicRules {
  /** Every file of public/, as site paths ('/app-….js'), sorted: not the precompressed copies or the CDN's and the build's own files. */
  files: string[];
  /** What the build recorded. */
  record: BuildRecord;
  /** The three policies it is served with. */
  policies: SitePolicies;
}

/** The CDN's rules (features/hosting/cdnFiles.node.ts). */
export const CDN_FILES: readonly string[] = ['/_headers', '/_redirects'];

/** Files of public/ that are the hosting's own, never served: the CDN's rules, the build's record and the record of who wrote each file. */
export const HOSTING_FILES: readonly string[] = [...CDN_FILES, BUILD_RECORD_PATH, FILES_RECORD_PATH];

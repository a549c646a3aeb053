/**
 * The decisions of the publishing pipeline (features/hosting/releases.node.ts), pure: what
 * kind of build a commit needs, what a release is called, which pages
 * changed between two releases, which releases to keep, and which one a
 * rollback goes back to.
 */
import { pagePath } from '../site/routes';
import { CONTENT_FOLDERS } from '../content/contentTree';

/** How many releases stay on disk; older ones are removed after each publish. */
export const KEEP_RELEASES = 5;

export type BuildKind = 'incremental' | 'clean';

/**
 * 'incremental' when every changed file is content (CONTENT_FOLDERS);
 * 'clean' for any other change (code, config, dependencies: an incremental
 * build can keep a page's old inline CSS after a CSS change) or when what
 * changed is unknown (`undefined`: no earlier release, or its commit is not
 * in this history). No change at all is incremental: a scheduled publish of
 * the same commit rebuilds only what its fetched data changed (the prices).
 */
export function buildKind(changedFiles: readonly string[] | undefined): BuildKind {
  if (changedFiles === undefined) return 'clean';
  return changedFiles.every((file) => CONTENT_FOLDERS.some((folder) => file.startsWith(folder))) ? 'incremental' : 'clean';
}

/** '20261125T161200Z-1a2b3c4': sorts by time, names the commit. */
export function releaseName(date: Date, commit: string): string {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${stamp}-${commit.slice(0, 12)}`;
}

export const RELEASE_NAME = /^\d{8}T\d{6}Z-[0-9a-f]{7,40}$/;

/** The release names among `entries` (a releases folder's listing), oldest first. */
export function releasesOf(entries: readonly string[]): string[] {
  return entries.filter((entry) => RELEASE_NAME.test(entry)).sort();
}

/** What a CDN must purge: every served path whose file is new or differs, and every one that is gone ('/bg/', '/share/abc.png'). */
export interface PageChanges {
  changed: string[];
  deleted: string[];
}

/**
 * The changes between two releases, from each one's files as site paths
 * ('/bg/index.html', '/search/pagefind-entry.json') and a fingerprint of
 * their bytes; a page is named by the path it is served at. Gatsby's own
 * fragments (/_gatsby/) are never served as themselves. Without an earlier
 * release every path is changed.
 */
export function pageChanges(before: ReadonlyMap<string, string> | undefined, after: ReadonlyMap<string, string>): PageChanges {
  const served = (file: string) => !file.startsWith('/_gatsby/');
  const changed = [...after].filter(([file, hash]) => served(file) && before?.get(file) !== hash).map(([file]) => pagePath(file));
  const deleted = before ? [...before.keys()].filter((file) => served(file) && !after.has(file)).map(pagePath) : [];
  return { changed: changed.sort(), deleted: deleted.sort() };
}

/** The releases to remove: all but the newest `keep`, never the live one. */
export function releasesToRemove(releases: readonly string[], live: string | undefined, keep = KEEP_RELEASES): string[] {
  const sorted = [...releases].sort();
  return sorted.slice(0, Math.max(0, sorted.length - keep)).filter((release) => release !== live);
}

/** The release before the live one, which a rollback switches to; undefined when there is none. */
export function previousRelease(releases: readonly string[], live: string | undefined): string | undefined {
  const sorted = [...releases].sort();
  const index = live === undefined ? -1 : sorted.indexOf(live);
  return index > 0 ? sorted[index - 1] : undefined;
}

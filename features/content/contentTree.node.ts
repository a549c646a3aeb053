import { closeSync, lstatSync, openSync, readSync, readdirSync, readlinkSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { CHECKED_FOLDERS, contentTreeProblems, headBytes, isImagePath, treeEntryProblem, type EntryKind, type TreeEntry } from './contentTree';

function kindOf(entry: Dirent | Stats): EntryKind {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  if (entry.isFIFO()) return 'fifo';
  if (entry.isSocket()) return 'socket';
  if (entry.isBlockDevice()) return 'block device';
  if (entry.isCharacterDevice()) return 'character device';
  return 'unknown';
}

/** The first `length` bytes of a regular file (all of a shorter one). */
function headOf(file: string, length: number): Uint8Array {
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(descriptor, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(descriptor);
  }
}

/** The entry at `relative` (a path inside the project, '/'-separated) of this kind, with what the check reads of it. */
function entryOf(projectDir: string, relative: string, kind: EntryKind): TreeEntry {
  const absolute = path.join(projectDir, relative);
  const entry: TreeEntry = { path: relative, kind };
  if (kind === 'symlink') entry.target = readlinkSync(absolute);
  if (kind === 'file' && isImagePath(relative)) entry.head = headOf(absolute, headBytes(relative));
  return entry;
}

/** `relative` and everything under it, never following a link. */
function walk(projectDir: string, relative: string, kind: EntryKind, entries: TreeEntry[]): void {
  entries.push(entryOf(projectDir, relative, kind));
  if (kind !== 'directory') return;
  for (const child of readdirSync(path.join(projectDir, relative), { withFileTypes: true })) {
    walk(projectDir, `${relative}/${child.name}`, kindOf(child), entries);
  }
}

/**
 * What is wrong with the one path `relative` ('static/logo.png') of
 * `projectDir`, read with lstat as the whole check reads it, or undefined.
 * For a file that may have changed since the build started (`gatsby
 * develop` serving static/).
 */
export function pathProblem(projectDir: string, relative: string, builtPaths: ReadonlySet<string>): string | undefined {
  return treeEntryProblem(entryOf(projectDir, relative, kindOf(lstatSync(path.join(projectDir, relative)))), builtPaths);
}

/**
 * What is wrong under content/, locales/ and static/ of `projectDir`, one
 * message per path, `builtPaths` being those the build draws itself (features/content/contentTree.ts: links, pipes, sockets, devices, anything in
 * static/ but images at its root and in the CMS's media folder, an image at
 * a path the build draws itself, an SVG beyond the drawings' allowlist).
 * Reads entries with lstat and readdir, so no link is followed and no pipe
 * opened. A folder that does not exist is fine. Run first in
 * gatsby/onPreBootstrap.ts, and by a publish before it builds.
 */
export function findContentTreeProblems(projectDir: string, builtPaths: ReadonlySet<string>): string[] {
  const entries: TreeEntry[] = [];
  for (const folder of CHECKED_FOLDERS) {
    let stats: Stats;
    try {
      stats = lstatSync(path.join(projectDir, folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    walk(projectDir, folder, kindOf(stats), entries);
  }
  return contentTreeProblems(entries, builtPaths);
}

/** The message a build or publish stops with, or undefined when the folders are sound. */
export function contentTreeError(projectDir: string, builtPaths: ReadonlySet<string>): string | undefined {
  const problems = findContentTreeProblems(projectDir, builtPaths);
  if (problems.length === 0) return undefined;
  const count = problems.length === 1 ? 'a path' : `${problems.length} paths`;
  return [`The content folders hold ${count} the site does not build from:`, ...problems.map((problem) => `  - ${problem}`)].join('\n');
}

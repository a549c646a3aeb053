/**
 * The one walk of a folder: its regular files, its folders and anything
 * else (a symlink, a socket), relative with "/" separators, sorted. What a
 * build writes and a release copies is read through it: public/, the
 * static/ folder, Gatsby's own output.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface FolderTree {
  /** Every regular file ('bg/index.html'). */
  files: string[];
  /** Every folder. */
  folders: string[];
  /** Anything else: a built site holds none, so whoever finds one refuses it. */
  others: string[];
}

/** The tree under `dir`, never following a link; empty when the folder does not exist. */
export function folderTree(dir: string): FolderTree {
  const tree: FolderTree = { files: [], folders: [], others: [] };
  if (!existsSync(dir)) return tree;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    (entry.isFile() ? tree.files : entry.isDirectory() ? tree.folders : tree.others).push(relative);
  }
  for (const list of Object.values(tree)) list.sort();
  return tree;
}

/** Every regular file under `dir` (folderTree). */
export const filesUnder = (dir: string): string[] => folderTree(dir).files;

/** Every HTML file under `dir`, the same way: a built public/'s pages. page-data/404.html/ is a folder, not one. */
export const htmlFiles = (dir: string): string[] => filesUnder(dir).filter((file) => file.endsWith('.html'));

/**
 * Which paths the CMS's local backend (cms/localBackend.ts) may touch,
 * derived from the CMS configuration itself (src/lib/cmsConfig.ts): the
 * folders of its folder collections, the files of its files collections and
 * its media folder; nothing else in the repository (not .git/, not the
 * code, not the rest of static/). Pure: the server applies these rules to
 * the paths a request names before it looks at the disk, and then checks the
 * disk itself for symbolic links (cms/files.ts).
 */
import type { CmsConfig } from './cmsConfig';

export interface CmsPaths {
  /** Folder collections: one markdown file an entry (content/blog, ...); `deletable` unless the collection says `delete: false`. */
  entryFolders: { folder: string; deletable: boolean }[];
  /** Files collections: these files and no others (locales/bg/common.json, content/social.json, ...). */
  files: string[];
  /** Uploaded images (static/media). */
  mediaFolder: string;
}

/** What a request does with a path. */
export type CmsAccess =
  /** getEntry, entriesByFiles, getMediaFile: any file the CMS edits or shows. */
  | 'read'
  /** entriesByFolder, getMedia: one collection's folder or the media folder, exactly. */
  | 'list'
  /** persistEntry's data files: an entry of a folder collection or a file of a files collection. */
  | 'entry'
  /** persistMedia, persistEntry's assets: a file in the media folder. */
  | 'media'
  /** deleteFile(s): an entry of a collection that allows deleting, or a media file. */
  | 'delete';

/** Decap's file extension for a folder collection's entries in its default format (frontmatter), which every folder collection of cmsConfig uses. */
export const ENTRY_EXTENSION = '.md';

/** One segment of a path: ASCII letters, digits, '.', '_' and '-', never starting with a dot (no "..", no hidden files). Decap's slugs (`encoding: 'ascii'`) and upload names (lower-cased and slugged) always fit. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const MAX_PATH_LENGTH = 512;

export function cmsPaths(config: CmsConfig): CmsPaths {
  return {
    entryFolders: config.collections.flatMap((collection) => (collection.folder ? [{ folder: collection.folder, deletable: collection.delete !== false }] : [])),
    files: config.collections.flatMap((collection) => (collection.files ?? []).map((file) => file.file)),
    mediaFolder: config.media_folder,
  };
}

/** The top folders of every path the backend may touch, for messages: "content/, locales/ and static/media/". */
export function cmsFolders(paths: CmsPaths): string[] {
  const tops = [...paths.entryFolders.map(({ folder }) => folder), ...paths.files].map((file) => `${file.split('/')[0]}/`);
  return [...new Set([...tops, `${paths.mediaFolder}/`])];
}

function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A value as a message shows it: quoted, control characters escaped, cut short. */
export function shownPath(path: unknown): string {
  if (typeof path !== 'string') return String(JSON.stringify(path)).slice(0, 120);
  return JSON.stringify(path.length > 120 ? `${path.slice(0, 120)}…` : path);
}

/** Why `path` is not a relative path of plain segments, or null when it is one. */
function syntaxError(path: unknown): string | null {
  if (typeof path !== 'string' || path === '') return 'is not a path';
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (path.includes('\0')) return 'contains a NUL character';
  if (path.includes('\\')) return 'contains a backslash';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is absolute';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return 'contains ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'has an empty or "." segment';
  const odd = segments.find((segment) => !SEGMENT.test(segment));
  if (odd !== undefined) return `has a segment, ${shownPath(odd)}, with a leading dot or other characters`;
  return null;
}

const inside = (path: string, folder: string) => path.startsWith(`${folder}/`);

function allowed(path: string, access: CmsAccess, paths: CmsPaths): boolean {
  const entry = (folder: string) => inside(path, folder) && path.endsWith(ENTRY_EXTENSION);
  switch (access) {
    case 'read':
      return paths.entryFolders.some(({ folder }) => inside(path, folder)) || paths.files.includes(path) || inside(path, paths.mediaFolder);
    case 'list':
      return paths.entryFolders.some(({ folder }) => path === folder) || path === paths.mediaFolder;
    case 'entry':
      return paths.entryFolders.some(({ folder }) => entry(folder)) || paths.files.includes(path);
    case 'media':
      return inside(path, paths.mediaFolder);
    case 'delete':
      return paths.entryFolders.some(({ folder, deletable }) => deletable && entry(folder)) || inside(path, paths.mediaFolder);
  }
}

const WHAT: Record<CmsAccess, string> = {
  read: 'reads files of its collections and media folder only',
  list: "lists its collections' folders and its media folder only",
  entry: `writes its collections' entries (${ENTRY_EXTENSION}) and files only`,
  media: 'writes uploads into its media folder only',
  delete: 'deletes entries of collections that allow it and media files only',
};

/**
 * Why the CMS backend refuses `path` for `access`, naming the path and what
 * is allowed; null when the path may be used. The disk is checked after
 * this (symbolic links, special files): cms/files.ts.
 */
export function cmsPathError(path: unknown, access: CmsAccess, paths: CmsPaths): string | null {
  const folders = listed(cmsFolders(paths));
  const syntax = syntaxError(path);
  if (syntax)
    return `The CMS backend refused the path ${shownPath(path)}: it ${syntax}. The CMS uses paths relative to the repository, under ${folders}, made of ASCII letters, digits, ".", "_" and "-".`;
  if (!allowed(path as string, access, paths)) return `The CMS backend refused the path ${shownPath(path)}: the CMS ${WHAT[access]} (under ${folders}).`;
  return null;
}

/**
 * Which paths the CMS's local backend (features/cms/localBackend/server.node.ts) may touch,
 * derived from the CMS configuration itself: the
 * folders of its folder collections, the files of its files collections and
 * its media folder; nothing else in the repository (not .git/, not the
 * code, not the rest of static/). A write stays where its entry lives: an
 * entry's files in its own collection's language folders, a renamed entry
 * in the folder it came from, a files collection's file where it is, an
 * upload in the media folder. Pure: the server applies these rules to the
 * paths a request names before it looks at the disk, and then checks the
 * disk itself for symbolic and hard links (features/cms/localBackend/files.node.ts).
 */
import type { CmsConfig } from '../decapConfig';

export interface EntryFolder {
  /** The collection's folder: content/banners, or content/blog/bg for a collection of one language. */
  folder: string;
  /** False when the collection says `delete: false`. */
  deletable: boolean;
  /**
   * Its language folders, for a collection Decap shows in every language
   * (i18n `multiple_folders`: content/banners/en/, content/banners/bg/); null when
   * its entries lie in the folder itself.
   */
  languages: readonly string[] | null;
}

export interface CmsPaths {
  /** Folder collections: one markdown file an entry (content/banners, content/blog/bg, ...). */
  entryFolders: EntryFolder[];
  /** Files collections: these files and no others (locales/bg/common.json, content/social.json, ...). */
  files: string[];
  /** Uploaded images: the CMS config's media folder (MEDIA_FOLDER, content/media). */
  mediaFolder: string;
}

/** What a request does with a path. */
export type CmsAccess =
  /** getEntry, entriesByFiles, getMediaFile: any file the CMS edits or shows. */
  | 'read'
  /** entriesByFolder, getMedia: one collection's folder or the media folder, exactly. */
  | 'list'
  /** persistEntry's data files and their new paths: an entry of a folder collection, where its collection keeps entries, or a file of a files collection. */
  | 'entry'
  /** persistMedia, persistEntry's assets: a file in the media folder itself. */
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
    entryFolders: config.collections.flatMap((collection) =>
      collection.folder ? [{ folder: collection.folder, deletable: collection.delete !== false, languages: collection.i18n ? [...config.i18n.locales] : null }] : [],
    ),
    files: config.collections.flatMap((collection) => (collection.files ?? []).map((file) => file.file)),
    mediaFolder: config.media_folder,
  };
}

/** The top folders of every path the backend may touch, for messages: "content/, locales/ and content/media/". */
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

/** A file of the media folder itself (content/media/photo.png), where the CMS uploads: not a subfolder's. */
const inMediaFolder = (path: string, paths: CmsPaths) => inside(path, paths.mediaFolder) && !path.slice(paths.mediaFolder.length + 1).includes('/');

/** Where an entry's file lies, for keeping a write in its entry's place. */
export interface EntryPlace {
  /** The path as given. */
  path: string;
  /** The collection's folder (content/banners, content/blog/bg), or for a files collection's file, the file itself. */
  collection: string;
  /** The folder the file stays in: its language folder (content/banners/en) or its collection's folder (content/blog/bg); for a files collection's file, the file itself. */
  home: string;
  /** Its language folder's name, in a collection of language folders. */
  language: string | null;
  /** The file's name: stock-control-habits.md. */
  name: string;
  /** A files collection's file (a UI string file, the social links): its path is fixed. */
  fixed: boolean;
  deletable: boolean;
}

/**
 * Where `path` lies as an entry: a file of a files collection, or a
 * `.md` file directly in a folder collection's folder, or in one of its
 * language folders when it has them (content/banners/en/<name>.md, never
 * content/banners/<name>.md or content/banners/en/<folder>/<name>.md); null otherwise.
 * A collection of one language has its language folder as its folder
 * (content/blog/bg/<name>.md), so its entries are one file each.
 */
export function entryPlace(path: string, paths: CmsPaths): EntryPlace | null {
  if (paths.files.includes(path)) {
    return { path, collection: path, home: path, language: null, name: path.slice(path.lastIndexOf('/') + 1), fixed: true, deletable: false };
  }
  for (const { folder, deletable, languages } of paths.entryFolders) {
    if (!inside(path, folder)) continue;
    const rest = path.slice(folder.length + 1).split('/');
    if (rest.length !== (languages ? 2 : 1)) return null;
    const language = languages ? rest[0] : null;
    const name = rest[rest.length - 1];
    if (language !== null && !languages?.includes(language)) return null;
    if (!name.endsWith(ENTRY_EXTENSION) || name.length === ENTRY_EXTENSION.length) return null;
    return { path, collection: folder, home: language === null ? folder : `${folder}/${language}`, language, name, fixed: false, deletable };
  }
  return null;
}

function allowed(path: string, access: CmsAccess, paths: CmsPaths): boolean {
  switch (access) {
    case 'read':
      return paths.entryFolders.some(({ folder }) => inside(path, folder)) || paths.files.includes(path) || inside(path, paths.mediaFolder);
    case 'list':
      return paths.entryFolders.some(({ folder }) => path === folder) || path === paths.mediaFolder;
    case 'entry':
      return entryPlace(path, paths) !== null;
    case 'media':
      return inMediaFolder(path, paths);
    case 'delete': {
      const place = entryPlace(path, paths);
      return (place !== null && place.deletable) || inMediaFolder(path, paths);
    }
  }
}

function what(access: CmsAccess, paths: CmsPaths): string {
  switch (access) {
    case 'read':
      return 'reads files of its collections and media folder only';
    case 'list':
      return "lists its collections' folders and its media folder only";
    case 'entry':
      return `writes its collections' entries (${ENTRY_EXTENSION} files in a collection's folder, or in its language folders) and files only`;
    case 'media':
      return `writes uploads into its media folder (${paths.mediaFolder}/) only`;
    case 'delete':
      return 'deletes entries of collections that allow it and media files only';
  }
}

/**
 * Why the CMS backend refuses `path` for `access`, naming the path and what
 * is allowed; null when the path may be used. The disk is checked after
 * this (symbolic links, hard links, special files): features/cms/localBackend/files.node.ts.
 */
export function cmsPathError(path: unknown, access: CmsAccess, paths: CmsPaths): string | null {
  const folders = listed(cmsFolders(paths));
  const syntax = syntaxError(path);
  if (syntax)
    return `The CMS backend refused the path ${shownPath(path)}: it ${syntax}. The CMS uses paths relative to the repository, under ${folders}, made of ASCII letters, digits, ".", "_" and "-".`;
  if (!allowed(path as string, access, paths)) return `The CMS backend refused the path ${shownPath(path)}: the CMS ${what(access, paths)} (under ${folders}).`;
  return null;
}

/** Where an entry's files lie, for messages: "content/banners/<language>/", "content/blog/bg/" or "locales/bg/common.json". */
const whereOf = (place: EntryPlace) => (place.fixed ? place.collection : place.language === null ? `${place.collection}/` : `${place.collection}/<language>/`);

/**
 * Why `places` are not the files of one entry, or null: a files
 * collection's file alone, or a folder collection's entry in one file, or
 * one file a language with one name in every language (what Decap's i18n
 * writes and deletes together: content/banners/en/<name>.md and content/banners/bg/<name>.md).
 */
function oneEntryError(places: readonly EntryPlace[], doing: string): string | null {
  const [first] = places;
  for (const place of places.slice(1)) {
    const together = `The CMS backend refused to ${doing} ${first.path} and ${place.path} together`;
    if (place.collection !== first.collection)
      return `${together}: one request is one entry, whose files lie in one collection (${whereOf(first)}), and ${place.path} lies elsewhere (${whereOf(place)}).`;
    if (place.language === first.language || place.fixed)
      return `${together}: one request is one entry, with one file${first.language === null ? '' : ' a language'}; ${place.path} would be a second.`;
    if (place.name !== first.name) return `${together}: an entry's files have one name in every language (${first.name}); ${place.path} is named otherwise.`;
  }
  return null;
}

/** A data file of persistEntry: where it is written, and where Decap asks it moved (a rename). */
export interface EntryWrite {
  path: string;
  newPath?: string;
}

/**
 * Why the CMS backend refuses to save `files` (persistEntry's data files,
 * each path and new path already allowed for 'entry'), naming the file, or
 * null. The files are one entry (see oneEntryError); a rename keeps each
 * file in its own folder (its collection's language folder, as a `.md`
 * file) and moves every file of the entry to one new name; a files
 * collection's file is never moved. So no save can put markdown where a
 * UI string file is, or an entry into another collection or language.
 */
export function entrySaveError(files: readonly EntryWrite[], paths: CmsPaths): string | null {
  if (files.length === 0) return 'The CMS backend refused an entry without files: persistEntry names at least one data file.';
  const places: EntryPlace[] = [];
  for (const { path } of files) {
    const place = entryPlace(path, paths);
    if (!place) return cmsPathError(path, 'entry', paths) ?? `The CMS backend refused the path ${shownPath(path)}: it is not an entry of the CMS.`;
    places.push(place);
  }
  const moves = files.flatMap(({ path, newPath }, index) => (newPath === undefined || newPath === path ? [] : [{ from: places[index], to: newPath }]));
  const renamed: EntryPlace[] = [];
  for (const { from, to } of moves) {
    const refused = `The CMS backend refused to move ${from.path} to ${shownPath(to)}`;
    if (from.fixed) return `${refused}: ${from.path} is a file the CMS edits where it is (a files collection's), never renamed or moved.`;
    const target = entryPlace(to, paths);
    if (!target || target.home !== from.home)
      return `${refused}: an entry is renamed within its own folder, ${from.home}/, as a ${ENTRY_EXTENSION} file (${from.home}/<new-name>${ENTRY_EXTENSION}).`;
    renamed.push(target);
  }
  if (moves.length > 0 && moves.length < files.length) {
    const still = files.find(({ path, newPath }) => newPath === undefined || newPath === path) as EntryWrite;
    return `The CMS backend refused to move ${moves[0].from.path} without ${still.path}: an entry's files are renamed together, in every language, or not at all.`;
  }
  return oneEntryError(places, 'save') ?? (renamed.length > 0 ? oneEntryError(renamed, 'rename to') : null);
}

/**
 * Why the CMS backend refuses to delete `files` (deleteFiles, each path
 * already allowed for 'delete') together, or null: media files, or the
 * files of one entry (one a language, as Decap deletes an entry in every
 * language), not a mixture.
 */
export function deleteSetError(files: readonly string[], paths: CmsPaths): string | null {
  if (files.length === 0) return 'The CMS backend refused to delete nothing: deleteFiles names at least one file.';
  if (files.every((file) => inMediaFolder(file, paths))) return null;
  const places: EntryPlace[] = [];
  for (const file of files) {
    const place = entryPlace(file, paths);
    if (!place)
      return `The CMS backend refused to delete ${shownPath(file)} with ${files.find((other) => entryPlace(other, paths))}: one request deletes one entry's files, or media files.`;
    places.push(place);
  }
  return oneEntryError(places, 'delete');
}

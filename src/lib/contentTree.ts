/**
 * What the folders that editors, CMS pull requests and the publish step
 * treat as content (CONTENT_FOLDERS: content/, locales/, static/) may hold:
 * regular files and folders only. A symbolic link would make the build
 * read, or publish (Gatsby copies static/ following links), a file from
 * anywhere on the build machine; a named pipe, socket or device would hang
 * or feed the build. static/ holds no HTML page (one would be served from
 * the site's own origin, with whatever policy it declares), and the CMS's
 * media folder only images (src/lib/mediaFiles.ts). Pure: gatsby/contentTree.ts
 * walks the disk.
 */
import { MEDIA_FOLDER } from './cmsConfig';
import { MEDIA_RULE, mediaFileProblem } from './mediaFiles';
import { CONTENT_FOLDERS } from './publish';

/** The folders checked, relative to the project: content, locales, static. */
export const CHECKED_FOLDERS: readonly string[] = CONTENT_FOLDERS.map((folder) => folder.replace(/\/$/, ''));

export type EntryKind = 'file' | 'directory' | 'symlink' | 'fifo' | 'socket' | 'block device' | 'character device' | 'unknown';

export interface TreeEntry {
  /** Relative to the project, with forward slashes: static/media/logo.png. */
  path: string;
  kind: EntryKind;
  /** A symbolic link's target, as the link holds it. */
  target?: string;
  /** A regular file's first bytes, for files under the media folder (mediaFiles.ts: MEDIA_HEAD_BYTES). */
  head?: Uint8Array;
}

/** Page types a browser renders as a document from the site's origin: .html, .htm, .xhtml, .xht, .shtml, any case. */
const PAGE_FILE = /\.(?:html?|xht(?:ml)?|shtml)$/i;

const ONLY_REGULAR = `${CHECKED_FOLDERS.map((folder) => `${folder}/`).join(', ')} hold regular files and folders only`;

const KIND_NAMES: Readonly<Record<Exclude<EntryKind, 'file' | 'directory' | 'symlink'>, string>> = {
  fifo: 'a named pipe (FIFO)',
  socket: 'a socket',
  'block device': 'a block device',
  'character device': 'a character device',
  unknown: 'neither a file nor a folder',
};

/** True for a file under the media folder, whose contents are checked (so its `head` is needed). */
export const isMediaPath = (path: string): boolean => path.startsWith(`${MEDIA_FOLDER}/`);

/** Why `entry` may not be in the content folders, naming its path, or undefined. */
export function treeEntryProblem(entry: TreeEntry): string | undefined {
  switch (entry.kind) {
    case 'directory':
      return undefined;
    case 'symlink':
      return `${entry.path} is a symbolic link to ${entry.target ?? 'an unknown target'}; ${ONLY_REGULAR}: put the file itself there instead of a link`;
    case 'file':
      if (entry.path.startsWith('static/') && PAGE_FILE.test(entry.path)) {
        return `${entry.path} is an HTML page; static/ may not hold .html, .htm, .xhtml, .xht or .shtml files (served from the site's own origin, a page there could run scripts as the site): make it a content page instead`;
      }
      if (isMediaPath(entry.path)) {
        const problem = mediaFileProblem(entry.path, entry.head ?? new Uint8Array());
        if (problem) return `${entry.path} ${problem}; ${MEDIA_FOLDER}/, where the CMS uploads, holds ${MEDIA_RULE}`;
      }
      return undefined;
    default:
      return `${entry.path} is ${KIND_NAMES[entry.kind]}; ${ONLY_REGULAR}`;
  }
}

/** Every problem of the entries, in path order. */
export function contentTreeProblems(entries: readonly TreeEntry[]): string[] {
  return [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).flatMap((entry) => treeEntryProblem(entry) ?? []);
}

/**
 * What the folders that editors, CMS pull requests and the publish step
 * treat as content (CONTENT_FOLDERS: content/, locales/, static/) may hold:
 * regular files and folders only. A symbolic link would make the build
 * read, or publish (Gatsby copies static/ following links), a file from
 * anywhere on the build machine; a named pipe, socket or device would hang
 * or feed the build.
 *
 * static/ is published after the pages, over whatever the build wrote
 * there, and served from the site's own origin, whose page policy trusts
 * its scripts. So it holds the site's own images only (by extension and by
 * contents, features/images/mediaFiles.ts), at its root: no folder, no dotfile,
 * nothing at a path the build writes itself (the icons). Scripts, styles,
 * pages, JSON, XML, WebAssembly, manifests and service workers are not
 * images, so none can get in. None is published as it is but an SVG, held
 * whole to the drawings' allowlist (features/images/staticSvg.ts: favicon.svg,
 * which the icons are drawn from): the build re-encodes every other image
 * (features/images/staticImages.node.ts), so no ICO, which it cannot read. Editors'
 * uploads go to the media folder (content/media/), which is never copied:
 * the build publishes what it makes of each image (features/images/pipeline.node.ts), so the
 * folder holds images only.
 * Pure: features/content/contentTree.node.ts walks the disk.
 */
import { MEDIA_FOLDER } from '../images/paths';
import { MEDIA_EXTENSIONS, MEDIA_HEAD_BYTES, STATIC_EXTENSIONS, imageTypeOf, matchingExtensions, mediaFileProblem } from '../images/mediaFiles';
import { RESERVED_FOLDERS } from '../site/routes';
import { SVG_MAX_BYTES, staticSvgProblem } from '../images/staticSvg';

/** The folders editors own, which a publish with changes in them alone builds incrementally: content, UI strings, static files. */
export const CONTENT_FOLDERS = ['content/', 'locales/', 'static/'] as const;

/** The folders checked, relative to the project: content, locales, static. */
export const CHECKED_FOLDERS: readonly string[] = CONTENT_FOLDERS.map((folder) => folder.replace(/\/$/, ''));

export type EntryKind = 'file' | 'directory' | 'symlink' | 'fifo' | 'socket' | 'block device' | 'character device' | 'unknown';

export interface TreeEntry {
  /** Relative to the project, with forward slashes: content/media/logo.png. */
  path: string;
  kind: EntryKind;
  /** A symbolic link's target, as the link holds it. */
  target?: string;
  /** A regular file's first bytes, for images (static/ and the media folder): headBytes(path) of them. */
  head?: Uint8Array;
}

const ONLY_REGULAR = `${CHECKED_FOLDERS.map((folder) => `${folder}/`).join(', ')} hold regular files and folders only`;

const KIND_NAMES: Readonly<Record<Exclude<EntryKind, 'file' | 'directory' | 'symlink'>, string>> = {
  fifo: 'a named pipe (FIFO)',
  socket: 'a socket',
  'block device': 'a block device',
  'character device': 'a character device',
  unknown: 'neither a file nor a folder',
};

/** True for a file under the media folder, where the CMS uploads. */
export const isMediaPath = (path: string): boolean => path.startsWith(`${MEDIA_FOLDER}/`);

/** True for a file of static/, which the build publishes at its path. */
export const isStaticPath = (path: string): boolean => path.startsWith('static/');

/** True for a file that must be an image (static/ and the media folder): its contents are checked, so its `head` is needed. */
export const isImagePath = (path: string): boolean => isStaticPath(path) || isMediaPath(path);

/** True for an SVG in static/, which is published as it is once its whole text passes the drawings' allowlist. */
export const isStaticSvg = (path: string): boolean => isStaticPath(path) && imageTypeOf(path) === 'SVG';

/** How many of an image's first bytes the check reads: all of a static SVG, to one byte over its limit; the head of any other. */
export const headBytes = (path: string): number => (isStaticSvg(path) ? SVG_MAX_BYTES + 1 : MEDIA_HEAD_BYTES);

/** What static/ may hold, for messages. */
export const STATIC_RULE = `static/ holds the site's own images at its root only (${matchingExtensions(STATIC_EXTENSIONS)}); editors' images go in ${MEDIA_FOLDER}/`;

/** What the media folder may hold, for messages. */
export const MEDIA_FOLDER_RULE = `${MEDIA_FOLDER}/, where the CMS uploads, holds images only (${matchingExtensions(Object.keys(MEDIA_EXTENSIONS))})`;

/**
 * Why a file under static/ may not be published at its path, whatever it
 * holds, or undefined: a dotfile, a folder the build writes, any other
 * folder, or a path the build writes itself (`builtPaths`, '/favicon.ico').
 */
function staticPathProblem(path: string, builtPaths: ReadonlySet<string>): string | undefined {
  const served = path.slice('static/'.length);
  const segments = served.split('/');
  if (segments.some((segment) => segment.startsWith('.')))
    return `${path} is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere; ${STATIC_RULE}`;
  const reserved = RESERVED_FOLDERS.find((folder) => `${served}/`.startsWith(folder));
  if (reserved) return `${path} is under /${reserved}, where the build writes its own files; ${STATIC_RULE}`;
  if (segments.length > 1) return `${path} is in a folder static/ does not publish; ${STATIC_RULE}: move an editor's image into ${MEDIA_FOLDER}/`;
  if (builtPaths.has(`/${served}`)) return `${path} is at /${served}, which the build writes itself; ${STATIC_RULE}: rename it`;
  return undefined;
}

/**
 * Why `entry` may not be in the content folders, naming its path (a static
 * SVG's problems each on a line of their own below it), or undefined.
 * `builtPaths` are the paths under public/ the build writes itself that an
 * image in static/ could take ('/favicon.ico').
 */
export function treeEntryProblem(entry: TreeEntry, builtPaths: ReadonlySet<string> = new Set()): string | undefined {
  switch (entry.kind) {
    case 'directory':
      // A folder publishes nothing by itself: each file in it is checked, and named.
      return undefined;
    case 'symlink':
      return `${entry.path} is a symbolic link to ${entry.target ?? 'an unknown target'}; ${ONLY_REGULAR}: put the file itself there instead of a link`;
    case 'file': {
      const head = entry.head ?? new Uint8Array();
      if (isMediaPath(entry.path)) {
        const problem = mediaFileProblem(entry.path, head);
        return problem ? `${entry.path} ${problem}; ${MEDIA_FOLDER_RULE}` : undefined;
      }
      if (!isStaticPath(entry.path)) return undefined;
      const pathProblem = staticPathProblem(entry.path, builtPaths);
      if (pathProblem) return pathProblem;
      if (imageTypeOf(entry.path) === 'ICO') return `${entry.path} is an icon (.ico), which the build cannot re-encode, so it cannot publish it; ${STATIC_RULE}: make it a PNG`;
      // An SVG's whole text is read as XML: stricter than its first bytes, and it names what is wrong.
      if (isStaticSvg(entry.path)) return staticSvgProblem(entry.path, head);
      const problem = mediaFileProblem(entry.path, head);
      return problem ? `${entry.path} ${problem}; ${STATIC_RULE}` : undefined;
    }
    default:
      return `${entry.path} is ${KIND_NAMES[entry.kind]}; ${ONLY_REGULAR}`;
  }
}

/** Every problem of the entries, in path order. */
export function contentTreeProblems(entries: readonly TreeEntry[], builtPaths: ReadonlySet<string> = new Set()): string[] {
  return [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).flatMap((entry) => treeEntryProblem(entry, builtPaths) ?? []);
}

/**
 * The local CMS backend's file access (features/cms/localBackend/server.node.ts), confined to
 * one repository folder. The paths it gets have already passed
 * features/cms/localBackend/paths.ts (relative, plain segments, inside the CMS's folders);
 * here the disk is checked too: no symbolic link anywhere below the
 * repository on the way to a file, no special file (a FIFO, a device, a
 * socket), and the final open never follows a link (O_NOFOLLOW), so a link
 * that a pull or a branch switch placed under content/ can neither be read
 * through nor written through. Nor is a file with other hard links read or
 * written: its other name may be anywhere on the same disk (~/.ssh/id_ed25519,
 * /etc/shadow), and the link count, taken from the opened file, is the only
 * sign of it.
 */
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/** A path the disk made unusable: the server answers 403 with its message. */
export class RefusedPath extends Error {}

const REGULAR_ONLY = 'the CMS backend reads and writes regular files only';
const LINK_ADVICE = 'the CMS backend follows no symbolic link (replace it with the file itself, or remove it)';
/** A hard link, as the message names it: `file` and its number of names. */
const hardLinked = (file: string, links: number) =>
  `${file} has other hard links (${links} names for one file), and another name may be a file outside the repository: the CMS backend reads and writes files of one name only. ` +
  `Replace it with a copy of its own (cp ${file} ${file}.copy && mv ${file}.copy ${file}), or remove it.`;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function lstatOrNull(file: string) {
  try {
    return await fs.lstat(file);
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

export interface ContentFiles {
  /** The file's bytes, or null when it does not exist; never through a link, hard links included. */
  read(file: string): Promise<Buffer | null>;
  /** Whether something is at `file` (checked on the way like a read, so a link there is refused). */
  exists(file: string): Promise<boolean>;
  /** Writes the file, creating its folders; never through a link. */
  write(file: string, bytes: Buffer | string): Promise<void>;
  /** Deletes the file; a missing file is not an error (as Decap's own server). */
  remove(file: string): Promise<void>;
  /** Renames an entry (a slug change). */
  move(from: string, to: string): Promise<void>;
  /** The regular files ending in `extension` under `folder`, `depth` levels down (1: the folder's own files), sorted; links, hard-linked files and special files are reported to `skipped`, not listed. */
  list(folder: string, extension: string, depth: number, skipped: (file: string, why: string) => void): Promise<string[]>;
}

export async function contentFiles(repository: string): Promise<ContentFiles> {
  const root = await fs.realpath(repository);

  /**
   * The absolute path of `file` (a `kind` of path) after checking each
   * segment from the repository down: folders are real folders and the file
   * a regular file, none a link. Something missing gives null, or with
   * `create` the folders are made and the file is left for the caller to create.
   */
  async function resolve(file: string, create: boolean, kind: 'file' | 'folder' = 'file'): Promise<string | null> {
    const segments = file.split('/');
    let current = root;
    for (const [index, segment] of segments.entries()) {
      current = path.join(current, segment);
      const shown = segments.slice(0, index + 1).join('/');
      const folder = index < segments.length - 1 || kind === 'folder';
      let stats = await lstatOrNull(current);
      if (!stats) {
        if (!create) return null;
        if (!folder) break;
        await fs.mkdir(current).catch((error: unknown) => {
          if (code(error) !== 'EEXIST') throw error;
        });
        stats = await fs.lstat(current);
      }
      if (stats.isSymbolicLink()) throw new RefusedPath(`${shown} is a symbolic link: ${LINK_ADVICE}.`);
      if (folder && !stats.isDirectory()) throw new RefusedPath(`${shown} is not a folder, so ${file} cannot be used.`);
      if (!folder && !stats.isFile()) throw new RefusedPath(`${shown} is not a regular file: ${REGULAR_ONLY}.`);
    }
    // Belt and braces: the folder's real path is the one just walked, so no link slipped in between.
    const folder = kind === 'folder' ? current : path.dirname(current);
    if ((await fs.realpath(folder)) !== folder) throw new RefusedPath(`${file}: its folder resolves elsewhere than the path walked; ${LINK_ADVICE}.`);
    return current;
  }

  /**
   * Opens without following a link at the end, and without waiting on a FIFO
   * put there meanwhile; not a file with other hard links, for reading as
   * for writing (a hard link to a file elsewhere would be read or written
   * through). The checks are of the opened file, so nothing can be swapped
   * in between.
   */
  async function open(full: string, file: string, flags: number) {
    try {
      const handle = await fs.open(full, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
      const stats = await handle.stat();
      const refusal = !stats.isFile() ? `${file} is not a regular file: ${REGULAR_ONLY}.` : stats.nlink > 1 ? hardLinked(file, stats.nlink) : null;
      if (refusal) {
        await handle.close();
        throw new RefusedPath(refusal);
      }
      return handle;
    } catch (error) {
      if (code(error) === 'ELOOP') throw new RefusedPath(`${file} is a symbolic link: ${LINK_ADVICE}.`);
      if (code(error) === 'ENXIO') throw new RefusedPath(`${file} is not a regular file: ${REGULAR_ONLY}.`);
      throw error;
    }
  }

  async function list(folder: string, extension: string, depth: number, skipped: (file: string, why: string) => void): Promise<string[]> {
    const start = await resolve(folder, false, 'folder');
    if (!start) return [];
    const found: string[] = [];
    const walk = async (dir: string, relative: string, levels: number): Promise<void> => {
      if (levels <= 0) return;
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const file = `${relative}/${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), file, levels - 1);
        else if (entry.isFile()) {
          if (!file.endsWith(extension)) continue;
          // A listing reads every file it names: one with other hard links is left out, as a read refuses it.
          const { nlink } = await fs.lstat(path.join(dir, entry.name));
          if (nlink > 1) skipped(file, `it has other hard links (${nlink} names for one file), which the CMS backend does not read`);
          else found.push(file);
        } else skipped(file, entry.isSymbolicLink() ? `a symbolic link: ${LINK_ADVICE}` : 'not a regular file');
      }
    };
    await walk(start, folder, depth);
    return found.sort();
  }

  return {
    async read(file) {
      const full = await resolve(file, false);
      if (!full) return null;
      const handle = await open(full, file, constants.O_RDONLY);
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },
    async exists(file) {
      return (await resolve(file, false)) !== null;
    },
    async write(file, bytes) {
      const full = (await resolve(file, true)) as string;
      // Truncated only once the checks passed: O_TRUNC at open would empty a hard-linked file before they ran.
      const handle = await open(full, file, constants.O_WRONLY | constants.O_CREAT);
      try {
        await handle.truncate(0);
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
    },
    async remove(file) {
      const full = await resolve(file, false);
      if (full)
        await fs.unlink(full).catch((error: unknown) => {
          if (code(error) !== 'ENOENT') throw error;
        });
    },
    async move(from, to) {
      const source = await resolve(from, false);
      if (!source || !(await lstatOrNull(source))) throw new RefusedPath(`${from} does not exist, so it cannot be renamed to ${to}.`);
      const target = (await resolve(to, true)) as string;
      // rename() would replace whatever is there: another entry, say.
      if (await lstatOrNull(target)) throw new RefusedPath(`${to} already exists, so ${from} cannot be renamed to it: choose another name.`);
      await fs.rename(source, target);
    },
    list,
  };
}

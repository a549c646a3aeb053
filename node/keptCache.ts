/**
 * A cache folder kept across clean builds (under node_modules/.cache/, which
 * `gatsby clean` leaves alone), whose entries are files named by a key, and
 * which is kept in bounds by when each entry was last used: a record in the
 * folder (`used.json`, key to day) that each run updates, and from which
 * entries unused for KEEP_UNUSED_DAYS go. The record, not the files' times:
 * an entry may be hard-linked into a live release, where its time is what
 * nginx sends as Last-Modified and in the ETag. Used by the compressed
 * copies (hosting/precompress.ts) and the share cards
 * (gatsby/postShareImages.ts).
 */
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Entries no run has used for this long are removed. */
export const KEEP_UNUSED_DAYS = 30;

/** Writes `bytes` to `file` in one step (a temporary name, renamed): an entry is whole or absent, even with two runs at once. */
export function writeWhole(file: string, bytes: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

export interface KeptCache {
  folder: string;
  /** The files of an entry, relative to the folder. */
  filesOf(key: string): string[];
  /** The key of a file of the folder (relative), or undefined when it is none of the entries'. */
  keyOf(file: string): string | undefined;
}

/** Day numbers since the epoch, by which the record counts. */
const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/**
 * Records that `keys` were used at `now`, and removes the entries unused for
 * KEEP_UNUSED_DAYS. A folder without its record (an older one, or a broken
 * record) counts every entry in it as used now, so nothing goes at once.
 */
export function recordUse(cache: KeptCache, keys: Iterable<string>, now = Date.now()): void {
  const record = path.join(cache.folder, 'used.json');
  const today = dayOf(now);
  let lastUsed: Record<string, number>;
  try {
    lastUsed = JSON.parse(readFileSync(record, 'utf8')) as Record<string, number>;
  } catch {
    const names = readdirSync(cache.folder, { recursive: true, encoding: 'utf8' });
    lastUsed = Object.fromEntries(names.flatMap((name) => cache.keyOf(name.split(path.sep).join('/')) ?? []).map((key) => [key, today]));
  }
  for (const key of keys) lastUsed[key] = today;
  for (const [key, day] of Object.entries(lastUsed)) {
    if (today - day <= KEEP_UNUSED_DAYS) continue;
    for (const file of cache.filesOf(key)) rmSync(path.join(cache.folder, file), { force: true });
    delete lastUsed[key];
  }
  writeWhole(record, JSON.stringify(lastUsed));
}

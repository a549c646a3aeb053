// @ts-check
/**
 * The caches the build keeps across builds, all in one place and kept the
 * same way:
 * - where: node_modules/.cache/stockpay-<name>/ (keptCacheDir), outside
 *   Gatsby's .cache/, so `gatsby clean` keeps them (`npm ci` empties them
 *   with the rest of node_modules/);
 * - how an entry is written: whole or not at all (writeWhole), since a
 *   later build trusts any entry it finds;
 * - how long it stays: a record in the folder (`used.json`, key to the day
 *   it was last used) that each run updates, from which an entry unused for
 *   KEEP_UNUSED_DAYS goes (recordUse). A record, not the files' times: a
 *   cached compressed copy is hard-linked into a live release, so it is the
 *   very file nginx serves, and its modification time is what nginx sends
 *   as Last-Modified and in the ETag; touching it to mark a use would change
 *   those.
 * Used by the share cards (features/share-cards/postShareImages.node.ts), the compressed copies
 * (features/hosting/precompress.node.ts), the diagrams
 * (features/markdown/remark-mermaid/diskCache.node.js), the share images and
 * icons (features/share-cards/brandImages.node.tsx), editors' images and the site's own images
 * from static/ (features/images/pipeline.node.ts). CommonJS, so the diagram plugin, which
 * gatsby-transformer-remark requires as it is, can load it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

/** @typedef {'share-cards' | 'precompressed' | 'diagrams' | 'brand-images' | 'images' | 'static-images'} KeptCacheName */

/** @type {'share-cards'} each post's share card, by a hash of what it shows */
const SHARE_CARDS = 'share-cards';
/** @type {'precompressed'} the .br and .gz copies, by the bytes they were made from */
const PRECOMPRESSED = 'precompressed';
/** @type {'diagrams'} the drawn mermaid diagrams, by their source and what draws them */
const DIAGRAMS = 'diagrams';
/** @type {'brand-images'} the site's share images and icons, by a hash of what they show */
const BRAND_IMAGES = 'brand-images';
/** @type {'images'} editors' images made fit to publish, a folder each, by a hash of the upload and of how it is made */
const IMAGES = 'images';
/** @type {'static-images'} the site's own images from static/, encoded again, a file each, by a hash of the image and of how it is encoded */
const STATIC_IMAGES = 'static-images';

/**
 * The folder of the kept cache `name` of the project in `projectDir`.
 * @param {string} projectDir
 * @param {KeptCacheName} name
 * @returns {string}
 */
function keptCacheDir(projectDir, name) {
  return path.join(projectDir, 'node_modules', '.cache', `stockpay-${name}`);
}

/** Entries no run has used for this long are removed. */
const KEEP_UNUSED_DAYS = 30;

/**
 * Writes `bytes` to `file` whole or not at all: to a temporary name in the
 * same folder, then renamed over `file` in one step. A reader (another
 * build, another of Gatsby's processes) finds the old file, the new one
 * whole, or none; never a part. A write that fails removes its temporary
 * file; a process killed mid-write leaves one behind, whose name
 * (`<file>.<pid>.<random>.tmp`) is no entry's.
 * @param {string} file
 * @param {string | Uint8Array} bytes
 */
function writeWhole(file, bytes) {
  // The pid and a random part: Gatsby's processes and a process's threads may write the same entry at once.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * @typedef {object} KeptCache
 * @property {string} folder
 * @property {(key: string) => string[]} filesOf the files of an entry, relative to the folder ('/'-separated)
 * @property {(file: string) => string | undefined} keyOf the key of a file of the folder (relative, '/'-separated), or undefined when it is none of the entries'
 */

/**
 * A kept cache whose entries are one file each in the folder itself,
 * `<key><extension>`, the key hex digits.
 * @param {string} folder
 * @param {string} extension with its dot: '.png'
 * @returns {KeptCache}
 */
function oneFileEntries(folder, extension) {
  return {
    folder,
    filesOf: (key) => [`${key}${extension}`],
    keyOf: (file) => {
      const key = file.slice(0, -extension.length);
      return file.endsWith(extension) && /^[0-9a-f]+$/.test(key) ? key : undefined;
    },
  };
}

/** Day numbers since the epoch, by which the record counts. @param {number} ms */
const dayOf = (ms) => Math.floor(ms / 86_400_000);

/**
 * Records that `keys` were used at `now`, and removes the entries unused for
 * KEEP_UNUSED_DAYS. A folder without its record (an older one, or a broken
 * record) counts every entry in it as used now, so nothing goes at once.
 * The folder must exist.
 * @param {KeptCache} cache
 * @param {Iterable<string>} keys
 * @param {number} [now] ms since the epoch
 */
function recordUse(cache, keys, now = Date.now()) {
  const record = path.join(cache.folder, 'used.json');
  const today = dayOf(now);
  /** @type {Record<string, number>} */
  let lastUsed;
  try {
    const parsed = JSON.parse(fs.readFileSync(record, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${record} is not a record`);
    lastUsed = parsed;
  } catch {
    const names = fs.readdirSync(cache.folder, { recursive: true, encoding: 'utf8' });
    lastUsed = Object.fromEntries(names.flatMap((name) => cache.keyOf(name.split(path.sep).join('/')) ?? []).map((key) => [key, today]));
  }
  for (const key of keys) lastUsed[key] = today;
  for (const [key, day] of Object.entries(lastUsed)) {
    if (today - day <= KEEP_UNUSED_DAYS) continue;
    for (const file of cache.filesOf(key)) fs.rmSync(path.join(cache.folder, file), { recursive: true, force: true });
    delete lastUsed[key];
  }
  writeWhole(record, JSON.stringify(lastUsed));
}

module.exports = { SHARE_CARDS, PRECOMPRESSED, DIAGRAMS, BRAND_IMAGES, IMAGES, STATIC_IMAGES, keptCacheDir, KEEP_UNUSED_DAYS, writeWhole, oneFileEntries, recordUse };

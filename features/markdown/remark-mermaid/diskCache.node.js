// @ts-check
/**
 * Drawn diagrams kept across clean builds, in the kept cache
 * node_modules/.cache/stockpay-diagrams/ (system/keptCache.js, which
 * `gatsby clean` leaves alone): one file per drawing, named by its key
 * (cacheKey.js), which hashes everything the drawing depends on on this
 * machine, so an entry is either right or never asked for. The keys are as
 * they were when the folder was node_modules/.cache/stockpay-mermaid/, but
 * drawings kept there are simply not found (each is drawn once more); that
 * folder is no longer read and may be deleted.
 *
 * Entries are written whole (a reader sees a whole drawing or none, Gatsby's
 * processes sharing the folder) and go when no build has asked for them for
 * 30 days, by the kept caches' record of use. The cache only saves time, so
 * a folder that cannot be read or written is not an error.
 */
const fs = require('node:fs');
const path = require('node:path');
const { DIAGRAMS, keptCacheDir, oneFileEntries, recordUse, writeWhole } = require('../../../system/keptCache.js');
const { PROJECT_DIR } = require('../../../system/paths.js');

/** Where entries go unless the plugin's `cacheDirectory` option says otherwise. */
const DEFAULT_DIRECTORY = keptCacheDir(PROJECT_DIR, DIAGRAMS);

/** @typedef {{ get(key: string): string | undefined, set(key: string, svg: string): void, recordUse(keys: Iterable<string>, now?: number): void }} DiskCache */

/**
 * @param {string} directory
 * @returns {DiskCache}
 */
function createDiskCache(directory) {
  const entries = oneFileEntries(directory, '.svg');
  /** @param {string} key */
  const fileFor = (key) => path.join(directory, entries.filesOf(key)[0]);

  return {
    get(key) {
      try {
        return fs.readFileSync(fileFor(key), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(key, svg) {
      try {
        fs.mkdirSync(directory, { recursive: true });
        writeWhole(fileFor(key), svg);
      } catch {
        // Read-only or full: the next build draws again.
      }
    },
    /**
     * Marks the kept drawings among `keys` used (a file's diagrams, wherever
     * this build found them) and removes the entries unused for 30 days. A
     * call that marks no kept drawing writes nothing, so a run that keeps
     * nothing (a test without a browser) leaves the folder as it was.
     */
    recordUse(keys, now) {
      try {
        const kept = [...keys].filter((key) => fs.existsSync(fileFor(key)));
        if (kept.length > 0) recordUse(entries, kept, now);
      } catch {
        // As for set: an entry not marked used is at worst drawn again.
      }
    },
  };
}

module.exports = { createDiskCache, DEFAULT_DIRECTORY };

// @ts-check
/**
 * Drawn diagrams kept across clean builds, in a folder `gatsby clean` leaves
 * alone (node_modules/.cache/stockpay-mermaid/): one file per drawing, named
 * by its key (cacheKey.js), which hashes everything the drawing depends on
 * on this machine, so an entry is either right or never asked for.
 *
 * Bounded: when the folder grows past maxBytes, the entries used longest ago
 * (a read touches its file) are removed until it is at three quarters of
 * it. Several processes (Gatsby's workers) share the folder: a write goes to
 * a temporary file renamed into place, so a reader sees a whole entry or
 * none, and a removal that loses a race is ignored. The cache only saves
 * time, so a folder that cannot be read or written is not an error.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Where entries go unless the plugin's `cacheDirectory` option says otherwise. */
const DEFAULT_DIRECTORY = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'stockpay-mermaid');

/**
 * 100 MB: a drawing is 20 to 35 KB, so about 3,000 of them: every diagram of
 * a site a hundred times today's size, with room for the versions editing
 * leaves behind. Past that, an evicted drawing costs a tenth of a second.
 */
const MAX_BYTES = 100 * 1024 * 1024;

/** @typedef {{ get(key: string): string | undefined, set(key: string, svg: string): void }} DiskCache */

/**
 * @param {string} directory
 * @param {number} [maxBytes]
 * @returns {DiskCache}
 */
function createDiskCache(directory, maxBytes = MAX_BYTES) {
  /** @type {number | undefined} bytes in the folder as this process last counted, plus what it wrote since */
  let bytes;
  /** @param {string} key */
  const fileFor = (key) => path.join(directory, `${key}.svg`);

  const entries = () => {
    try {
      return fs
        .readdirSync(directory)
        .filter((name) => name.endsWith('.svg'))
        .flatMap((name) => {
          try {
            const stat = fs.statSync(path.join(directory, name));
            return [{ file: path.join(directory, name), size: stat.size, used: stat.mtimeMs }];
          } catch {
            return [];
          }
        });
    } catch {
      return [];
    }
  };

  const evict = () => {
    const all = entries().sort((a, b) => a.used - b.used);
    let total = all.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of all) {
      if (total <= maxBytes * 0.75) break;
      fs.rmSync(entry.file, { force: true });
      total -= entry.size;
    }
    bytes = total;
  };

  return {
    get(key) {
      try {
        const file = fileFor(key);
        const svg = fs.readFileSync(file, 'utf8');
        const now = new Date();
        fs.utimesSync(file, now, now);
        return svg;
      } catch {
        return undefined;
      }
    },
    set(key, svg) {
      try {
        fs.mkdirSync(directory, { recursive: true });
        bytes ??= entries().reduce((sum, entry) => sum + entry.size, 0);
        const temporary = path.join(directory, `.${key}.${process.pid}.tmp`);
        fs.writeFileSync(temporary, svg);
        fs.renameSync(temporary, fileFor(key));
        bytes += Buffer.byteLength(svg);
        if (bytes > maxBytes) evict();
      } catch {
        // Read-only or full: the next build draws again.
      }
    },
  };
}

module.exports = { createDiskCache, DEFAULT_DIRECTORY, MAX_BYTES };

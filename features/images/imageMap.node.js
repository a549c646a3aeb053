// @ts-check
/**
 * What the build made of each editors' image this build shows, by the
 * upload it came from ('content/media/photo.jpg'): written once by the
 * image step (features/images/contentImages.node.ts) before any page renders, read by the image
 * plugin (features/images/remark-images) wherever Gatsby runs it, and by
 * the blog's pages for their covers. A file in Gatsby's .cache/, made anew
 * by every build. CommonJS, so the plugin, which gatsby-transformer-remark
 * requires as it is, can load it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { writeWhole } = require('../../system/keptCache');

/** Relative to the project. */
const IMAGE_MAP_FILE = path.join('.cache', 'stockpay-images.json');

/** @typedef {Record<string, import('./picture').ProcessedImage>} ImageMap */

/** @type {{ file: string, mtimeMs: number, map: ImageMap } | undefined} */
let read;

/**
 * The map of the project in `projectDir`, read again whenever the file changed (gatsby develop makes it anew).
 * @param {string} projectDir
 * @returns {ImageMap}
 */
function readImageMap(projectDir) {
  const file = path.join(projectDir, IMAGE_MAP_FILE);
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return {};
  }
  if (read?.file !== file || read.mtimeMs !== mtimeMs) read = { file, mtimeMs, map: JSON.parse(fs.readFileSync(file, 'utf8')) };
  return read.map;
}

/**
 * Writes the map, whole.
 * @param {string} projectDir
 * @param {ImageMap} map
 */
function writeImageMap(projectDir, map) {
  const file = path.join(projectDir, IMAGE_MAP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeWhole(file, JSON.stringify(map));
}

module.exports = { IMAGE_MAP_FILE, readImageMap, writeImageMap };

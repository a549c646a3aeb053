// @ts-check
/**
 * The key a drawn diagram is cached under, in Gatsby's cache and across
 * clean builds (diskCache.js). A drawing depends on the diagram's source and
 * on everything that draws it on this machine, and the key hashes all of it:
 * - mermaid: its script, by content (not only its version number);
 * - the settings and the page: the text of config.js, page.js, renderer.js,
 *   system/chromium.js (flags) and offline-chromium.sh, so any change to how
 *   diagrams are drawn is a new key, and Playwright's version;
 * - the browser: the executable's real path, size and modification time
 *   (an upgrade replaces it), or "none";
 * - the fonts text is measured with: every file under the font and
 *   fontconfig folders, by path, size and modification time.
 * Computed once per process and browser path; reading mermaid (3 MB) and
 * listing the fonts takes about 20 ms.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createHash } = require('node:crypto');
const { MERMAID_SCRIPT, PAGE_SCRIPT, OFFLINE_WRAPPER } = require('./renderer.node');
const { machineSetting } = require('../../../system/settings.js');

const DRAWING_FILES = [
  MERMAID_SCRIPT,
  PAGE_SCRIPT,
  OFFLINE_WRAPPER,
  require.resolve('./config'),
  require.resolve('./renderer.node'),
  require.resolve('../../../system/chromium.js'),
];

/** Where Linux (fontconfig) and macOS keep fonts and their configuration. */
const FONT_FOLDERS = [
  '/etc/fonts',
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  path.join(os.homedir(), '.fonts'),
  path.join(os.homedir(), '.local', 'share', 'fonts'),
  '/System/Library/Fonts',
  '/Library/Fonts',
  path.join(os.homedir(), 'Library', 'Fonts'),
];

/**
 * "path size mtime" of every file under `folder`, symlinks followed, sorted.
 * @param {string} folder
 * @returns {string[]}
 */
function listFiles(folder) {
  /** @type {string[]} */
  const entries = [];
  /** @param {string} dir */
  const walk = (dir) => {
    let names;
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      let stat;
      try {
        stat = fs.statSync(file);
      } catch {
        continue;
      }
      if (stat.isDirectory()) walk(file);
      else entries.push(`${file} ${stat.size} ${stat.mtimeMs}`);
    }
  };
  walk(folder);
  return entries.sort();
}

/**
 * @param {string | null} executablePath
 * @returns {string}
 */
function describeBrowser(executablePath) {
  if (!executablePath) return 'none';
  try {
    const real = fs.realpathSync(executablePath);
    const stat = fs.statSync(real);
    return `${real} ${stat.size} ${stat.mtimeMs}`;
  } catch {
    return `missing ${executablePath}`;
  }
}

/** @type {Map<string, string>} */
const environments = new Map();

/**
 * A hash of everything but the source that a drawing depends on.
 * @param {string | null} executablePath
 */
function environmentHash(executablePath) {
  const memoKey = executablePath ?? '';
  const known = environments.get(memoKey);
  if (known) return known;
  const hash = createHash('sha256');
  for (const file of DRAWING_FILES)
    hash
      .update(`${path.basename(file)}\n`)
      .update(fs.readFileSync(file))
      .update('\n');
  hash.update(`playwright-core ${require('playwright-core/package.json').version}\n`);
  hash.update(`browser ${describeBrowser(executablePath)}\n`);
  for (const folder of [...FONT_FOLDERS, machineSetting('FONTCONFIG_FILE'), machineSetting('FONTCONFIG_PATH')]) {
    if (folder) hash.update(`fonts ${folder}\n${listFiles(folder).join('\n')}\n`);
  }
  const digest = hash.digest('hex');
  environments.set(memoKey, digest);
  return digest;
}

/**
 * @param {string} code a diagram's source
 * @param {string | null} executablePath the browser that draws it (null: none)
 * @returns {string} 64 hex digits
 */
function drawingKey(code, executablePath) {
  return createHash('sha256')
    .update(`${environmentHash(executablePath)}\n${code}`)
    .digest('hex');
}

module.exports = { drawingKey };

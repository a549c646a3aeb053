// @ts-check
/**
 * The UI strings the remark plugins write into pages, read from
 * locales/<language>/<namespace>.json for whatever language a markdown file
 * is in, so a new language needs no change here. A language without the
 * file or the key fails the build naming both: English text silently left
 * in another language's page is a defect nobody would see.
 */
const fs = require('node:fs');
const path = require('node:path');
const { PROJECT_DIR } = require('../../system/paths.js');

/** @type {Map<string, Record<string, unknown>>} */
const cache = new Map();

/**
 * locales/<language>/<namespace>.json of the project in `directory`, parsed:
 * the one reader of UI string files, for these plugins and the build's
 * TypeScript (features/i18n/localeFiles.node.ts), which can import JavaScript while these
 * plugins, required as they are by gatsby-transformer-remark, cannot import
 * TypeScript. A missing file or a file that is not a JSON object fails
 * naming the file.
 * @param {string} directory
 * @param {string} language
 * @param {string} namespace
 * @returns {Record<string, unknown>}
 */
function readLocaleFile(directory, language, namespace) {
  const file = `locales/${language}/${namespace}.json`;
  if (!/^[a-z]{2,3}$/.test(language) || !/^[a-z][a-zA-Z0-9-]*$/.test(namespace)) throw new Error(`${file} is not a UI string file name`);
  const full = path.join(directory, file);
  if (!fs.existsSync(full)) throw new Error(`${file} is missing`);
  /** @type {unknown} */
  let tree;
  try {
    tree = JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${/** @type {Error} */ (error).message}`);
  }
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) throw new Error(`${file} must hold a JSON object of UI strings`);
  return /** @type {Record<string, unknown>} */ (tree);
}

/**
 * The value at `key` of locales/<language>/<namespace>.json.
 * @param {string} language
 * @param {string} namespace
 * @param {string} key
 * @param {string} [directory] the project's folder: this one unless given (build code compiled elsewhere, features/cms/admin.node.ts, passes it)
 * @returns {unknown}
 */
function localeValue(language, namespace, key, directory = PROJECT_DIR) {
  const file = `${directory}:${language}/${namespace}`;
  let strings = cache.get(file);
  if (!strings) {
    try {
      strings = readLocaleFile(directory, language, namespace);
    } catch (error) {
      throw new Error(`${/** @type {Error} */ (error).message}: the markdown in "${language}" needs its "${key}" text`);
    }
    cache.set(file, strings);
  }
  if (!(key in strings)) throw new Error(`locales/${language}/${namespace}.json has no "${key}"`);
  return strings[key];
}

/**
 * The text at `key` of locales/<language>/<namespace>.json, or at `key`.`field`
 * when the key holds a group of strings. A UI string is text: whoever
 * writes it into HTML escapes it for where it lands (features/markdown/markup.js).
 * A value that is not a string fails the build naming the file and key.
 * @param {string} language
 * @param {string} namespace
 * @param {string} key
 * @param {string} [field]
 * @param {string} [directory] as for localeValue
 * @returns {string}
 */
function localeText(language, namespace, key, field, directory = PROJECT_DIR) {
  const value = localeValue(language, namespace, key, directory);
  const text = field === undefined ? value : value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[field] : undefined;
  if (typeof text !== 'string') {
    throw new Error(`locales/${language}/${namespace}.json: "${field === undefined ? key : `${key}.${field}`}" must be a string of text`);
  }
  return text;
}

module.exports = { readLocaleFile, localeValue, localeText };

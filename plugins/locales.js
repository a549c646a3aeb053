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
const { contentPath } = require('./helpers');

const LOCALES_DIR = path.join(__dirname, '..', 'locales');

/** @type {Map<string, Record<string, unknown>>} */
const cache = new Map();

/**
 * The value at `key` of locales/<language>/<namespace>.json.
 * @param {string} language
 * @param {string} namespace
 * @param {string} key
 * @returns {unknown}
 */
function localeValue(language, namespace, key) {
  const file = path.join(LOCALES_DIR, language, `${namespace}.json`);
  let strings = cache.get(file);
  if (!strings) {
    if (!/^[a-z]{2,3}$/.test(language) || !fs.existsSync(file)) {
      throw new Error(`locales/${language}/${namespace}.json is missing: the markdown in "${language}" needs its "${key}" text`);
    }
    strings = /** @type {Record<string, unknown>} */ (JSON.parse(fs.readFileSync(file, 'utf8')));
    cache.set(file, strings);
  }
  if (!(key in strings)) throw new Error(`locales/${language}/${namespace}.json has no "${key}"`);
  return strings[key];
}

/**
 * The text at `key` of locales/<language>/<namespace>.json, or at `key`.`field`
 * when the key holds a group of strings. A UI string is text: whoever
 * writes it into HTML escapes it for where it lands (plugins/helpers.js).
 * A value that is not a string fails the build naming the file and key.
 * @param {string} language
 * @param {string} namespace
 * @param {string} key
 * @param {string} [field]
 * @returns {string}
 */
function localeText(language, namespace, key, field) {
  const value = localeValue(language, namespace, key);
  const text = field === undefined ? value : value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[field] : undefined;
  if (typeof text !== 'string') {
    throw new Error(`locales/${language}/${namespace}.json: "${field === undefined ? key : `${key}.${field}`}" must be a string of text`);
  }
  return text;
}

/**
 * The language of the markdown a plugin is given, which gatsby/onCreateNode.ts
 * sets from the file's folder. Without one the build fails naming the file:
 * any language guessed here would put its text into some other language's page.
 * @param {import('./helpers').MarkdownNode | undefined} markdownNode
 * @returns {string}
 */
function markdownLanguage(markdownNode) {
  const language = markdownNode?.fields?.language;
  if (!language) {
    throw new Error(`${contentPath(markdownNode)} has no language field: gatsby/onCreateNode.ts sets it from the file's folder (content/<section>/<language>/)`);
  }
  return language;
}

module.exports = { localeValue, localeText, markdownLanguage };

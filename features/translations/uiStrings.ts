/**
 * Whether each language's UI strings (locales/<language>/<namespace>.json)
 * keep up with the English ones: a file is an entry, each string a section
 * fingerprinted by its key and text, so a key whose English changed after
 * its Bulgarian is named, as a changed heading is in a page. The records
 * of every translated file are kept in one file, UI_RECORDS_FILE (by
 * language, then namespace), not in the string files, whose every key the
 * pages load. English is always the original. A key missing in a
 * translation is named too (and fails the build where a page reads it,
 * features/i18n/locales.node.js). Pure: the files are read by
 * ./translations.node.ts.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, type Language } from '../site/languages';
import { stringSection, type Section } from './fingerprint';
import { UI_RECORDS_FILE } from './recordField';
import { parseRecord } from './record';
import { copyState, sectionName, type CopyState, type EntryStatus } from './status';

/** The entries of UI string files are named locales/<namespace>. */
export const UI_STRINGS_PREFIX = 'locales/';

export const uiStringsEntry = (namespace: string): string => `${UI_STRINGS_PREFIX}${namespace}`;

export const uiStringsFile = (namespace: string, language: Language): string => `locales/${language}/${namespace}.json`;

/** One language's file, read. */
export interface StringsCopy {
  file: string;
  tree: unknown;
}

const isTree = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string of a file as [key, text], keys dotted (nav.home), in the file's order. */
export function stringEntries(tree: unknown, prefix = ''): [string, string][] {
  if (!isTree(tree)) return [];
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    return stringEntries(value, `${prefix}${key}.`);
  });
}

/** The sections of a UI string file: one a string. */
export const stringSections = (tree: unknown): Section[] => stringEntries(tree).map(([key, text]) => stringSection(key, text));

/** A missing key as the status names it. */
export const missingKey = (key: string): string => `${key} (missing)`;

/** Where a record is, for messages: locales/translations.yml, bg.common. */
export const recordPlace = (namespace: string, language: Language): string => `${UI_RECORDS_FILE}, ${language}.${namespace}`;

/**
 * The status of one namespace from each language's file (a language
 * without one is missing) and each translation's record (undefined: never
 * marked). Throws naming the place of a record that is malformed or names
 * another original than English.
 */
export function uiStringsStatus(namespace: string, copies: Partial<Record<Language, StringsCopy>>, records: Partial<Record<Language, unknown>>): EntryStatus {
  const entry = uiStringsEntry(namespace);
  const source = copies[DEFAULT_LANGUAGE];
  if (!source) throw new Error(`${uiStringsFile(namespace, DEFAULT_LANGUAGE)} is missing: the ${languageName(DEFAULT_LANGUAGE)} UI strings are every translation's original`);
  const sections = stringSections(source.tree);
  const englishKeys = stringEntries(source.tree).map(([key]) => key);
  const states = Object.fromEntries(
    LANGUAGES.map((language): [Language, CopyState] => {
      if (language === DEFAULT_LANGUAGE) return [language, { state: 'original' }];
      const copy = copies[language];
      if (!copy) return [language, { state: 'missing', original: DEFAULT_LANGUAGE }];
      const present = new Set(stringEntries(copy.tree).map(([key]) => key));
      const absent = englishKeys.filter((key) => !present.has(key));
      const missing = absent.map(missingKey);
      const value = records[language];
      if (value === undefined) return [language, { state: 'behind', original: DEFAULT_LANGUAGE, changed: sections.map(sectionName), removed: 0, recorded: false }];
      const record = parseRecord(value);
      if ('error' in record) throw new Error(`${recordPlace(namespace, language)}: ${record.error}`);
      if (record.original !== DEFAULT_LANGUAGE)
        throw new Error(`${recordPlace(namespace, language)}: names ${record.original} as the original; UI strings are translated from ${languageName(DEFAULT_LANGUAGE)}`);
      const state = copyState(record, sections);
      if (state.state === 'up to date' && missing.length === 0) return [language, state];
      const behind = state.state === 'behind' ? state : { changed: [], removed: 0 };
      // A key the translation lacks is named once, as missing, whether or not its English changed.
      const changed = behind.changed.filter((key) => !absent.includes(key));
      return [language, { state: 'behind', original: DEFAULT_LANGUAGE, changed: [...changed, ...missing], removed: behind.removed, recorded: true }];
    }),
  ) as Record<Language, CopyState>;
  return { entry, original: DEFAULT_LANGUAGE, copies: states };
}

/** Most a records file may be: a few hundred bytes a namespace and language. */
export const UI_RECORDS_MAX_BYTES = 256 * 1024;

/**
 * The records read from UI_RECORDS_FILE's data: language, then namespace,
 * then the record. Throws naming what is not that shape.
 */
export function uiRecords(data: unknown): Partial<Record<Language, Record<string, unknown>>> {
  if (data === null || data === undefined) return {};
  if (!isTree(data)) throw new Error(`${UI_RECORDS_FILE}: must map each language to its namespaces' records`);
  const records: Partial<Record<Language, Record<string, unknown>>> = {};
  for (const [language, namespaces] of Object.entries(data)) {
    const known = LANGUAGES.find((candidate) => candidate === language);
    if (!known || known === DEFAULT_LANGUAGE)
      throw new Error(
        `${UI_RECORDS_FILE}: "${language}" is not a language translated from ${languageName(DEFAULT_LANGUAGE)} (${LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE).join(', ')})`,
      );
    if (!isTree(namespaces)) throw new Error(`${UI_RECORDS_FILE}: ${language} must map each namespace to its record`);
    records[known] = namespaces;
  }
  return records;
}

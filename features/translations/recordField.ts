/**
 * Where translations' records are kept (./record.ts): in an entry's
 * frontmatter field RECORD_FIELD, never part of the fingerprints it
 * records; for the UI string files, in UI_RECORDS_FILE, by language and
 * namespace. A module of its own, so the CMS's setup script names them
 * without bundling the hash that makes the fingerprints.
 */
export const RECORD_FIELD = 'translation';

/** Where the UI string files' records are: `<language>: { <namespace>: <record> }`. */
export const UI_RECORDS_FILE = 'locales/translations.yml';

/**
 * Whether each language's copy of an entry keeps up with its original.
 * The original is the copy without a record (features/translations/record.ts):
 * English when neither copy has one, or the only copy there is, so a post
 * written first in Bulgarian is Bulgarian's. Pure: the files are read by
 * features/translations/translations.node.ts, and the CMS reads the same.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../site/languages';
import { RECORD_FIELD, sectionFingerprints, type Section } from './fingerprint';
import { parseRecord, type TranslationRecord } from './record';

/** The file of an entry's copy: content/<section>/<language>/<name>.md. */
export const contentCopyFile = (section: string, name: string, language: Language): string => `content/${section}/${language}/${name}.md`;

/** One language's copy of an entry, read. */
export interface EntryCopy {
  /** content/<section>/<language>/<name>.md, for messages. */
  file: string;
  frontmatter: Readonly<Record<string, unknown>>;
  body: string;
}

export type CopyState =
  | { state: 'original' }
  | { state: 'up to date'; original: Language }
  /**
   * `changed`: the original's headings (or "the frontmatter", "the opening") whose text is not the text translated;
   * `removed`: sections translated that the original no longer has; `recorded` false: a copy beside the original that
   * was never marked as following it, which may say anything.
   */
  | { state: 'behind'; original: Language; changed: string[]; removed: number; recorded: boolean }
  /** The original has no copy in this language. */
  | { state: 'missing'; original: Language };

export interface EntryStatus {
  /** <section>/<name> (privacy/policy), the entry in every language: content/<section>/<language>/<name>.md. */
  entry: string;
  original: Language;
  /** Each language's state, in LANGUAGES order. */
  copies: Record<Language, CopyState>;
  /** The original's date, when its frontmatter has one (lastUpdated, updated or date): when a copy fell behind, at the latest. */
  originalDate?: string;
}

/** What a section is called in a list of changes. */
export function sectionName(section: Section): string {
  if (section.kind === 'frontmatter') return 'the frontmatter (title, description…)';
  if (section.kind === 'opening') return 'the opening, before the first heading';
  return section.heading;
}

const DATE_FIELDS = ['lastUpdated', 'updated', 'date'] as const;

function dateOf(frontmatter: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of DATE_FIELDS) {
    const value = frontmatter[field];
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  }
  return undefined;
}

/** A copy's record, undefined for an original; throws naming the file and field when it is malformed. */
export function recordOf(copy: EntryCopy): TranslationRecord | undefined {
  const value = copy.frontmatter[RECORD_FIELD];
  if (value === undefined || value === null) return undefined;
  const record = parseRecord(value);
  if ('error' in record) throw new Error(`${copy.file}: frontmatter field "${RECORD_FIELD}" ${record.error}`);
  return record;
}

/** The state of a translation whose record is `record` against its original's sections now. */
export function copyState(record: TranslationRecord, originalSections: readonly Section[]): CopyState {
  const now = new Set(originalSections.map((section) => section.fingerprint));
  const changed = originalSections.filter((section) => !record.fingerprints.has(section.fingerprint)).map(sectionName);
  // Each changed section leaves one fingerprint of its old text unmatched; what is unmatched beyond those was removed.
  const unmatched = [...record.fingerprints].filter((fingerprint) => !now.has(fingerprint)).length;
  const removed = Math.max(0, unmatched - changed.length);
  return changed.length === 0 && removed === 0
    ? { state: 'up to date', original: record.original }
    : { state: 'behind', original: record.original, changed, removed, recorded: true };
}

/**
 * The status of one entry from its copies (a language without one is
 * missing). Throws naming the files when the records contradict each other:
 * every copy a translation, or a record naming a language with no copy or
 * the copy's own.
 */
export function entryStatus(entry: string, copies: Partial<Record<Language, EntryCopy>>): EntryStatus {
  const present = LANGUAGES.filter((language) => copies[language] !== undefined);
  if (present.length === 0) throw new Error(`${entry}: no copy in any language`);
  const records = Object.fromEntries(present.map((language) => [language, recordOf(copies[language]!)])) as Partial<Record<Language, TranslationRecord>>;
  for (const language of present) {
    const claimed = records[language]?.original;
    if (claimed === language) throw new Error(`${copies[language]!.file}: frontmatter field "${RECORD_FIELD}" names its own language as the original`);
    if (claimed !== undefined && !copies[claimed])
      throw new Error(`${copies[language]!.file}: frontmatter field "${RECORD_FIELD}" names ${claimed} as the original, which has no copy of this entry`);
  }
  const originals = present.filter((language) => records[language] === undefined);
  if (originals.length === 0)
    throw new Error(
      `${present.map((language) => copies[language]!.file).join(' and ')}: each says it is a translation (frontmatter field "${RECORD_FIELD}"); the original has none`,
    );
  const original = originals.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : originals[0];
  const source = copies[original]!;
  const sections = sectionFingerprints(source.frontmatter, source.body);
  const copiesState = Object.fromEntries(
    LANGUAGES.map((language): [Language, CopyState] => {
      if (language === original) return [language, { state: 'original' }];
      const record = records[language];
      if (!copies[language]) return [language, { state: 'missing', original }];
      // A second copy without a record, beside the original: never marked as following it.
      if (!record) return [language, { state: 'behind', original, changed: sections.map(sectionName), removed: 0, recorded: false }];
      return [language, copyState(record, sections)];
    }),
  ) as Record<Language, CopyState>;
  return { entry, original, copies: copiesState, originalDate: dateOf(source.frontmatter) };
}

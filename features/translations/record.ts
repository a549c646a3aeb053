/**
 * The translation record: one frontmatter line in a translated entry,
 *
 *     translation: en 1f0c9a7be2d4 3a6b0e4f1c22 …
 *
 * the language of its original, then the fingerprints of the original's
 * sections (features/translations/fingerprint.ts) when the translation
 * last followed it. An entry without the line is an original. It is
 * written when an editor marks the translation up to date
 * (`npm run translations -- --mark <file>`), never by a build.
 */
import { LANGUAGES, type Language } from '../site/languages';
import { FINGERPRINT_LENGTH, FINGERPRINT_PATTERN, type Section } from './fingerprint';

/** More sections than any entry has: a longer record is a mistake, refused before it is read. */
export const MAX_RECORDED_SECTIONS = 500;

/** The pattern the frontmatter's checks and the CMS hold the line to. */
export const RECORD_PATTERN = new RegExp(`^(${LANGUAGES.join('|')})( [0-9a-f]{${FINGERPRINT_LENGTH}}){1,${MAX_RECORDED_SECTIONS}}$`);

export interface TranslationRecord {
  /** The language of the original this entry translates. */
  original: Language;
  fingerprints: ReadonlySet<string>;
}

/** The record a frontmatter value holds, or why it holds none. */
export function parseRecord(value: unknown): TranslationRecord | { error: string } {
  if (typeof value !== 'string' || value.length > 3 + MAX_RECORDED_SECTIONS * (FINGERPRINT_LENGTH + 1) || !RECORD_PATTERN.test(value)) {
    return { error: `must be the original's language (${LANGUAGES.join(' or ')}) and the fingerprints of its sections, as \`npm run translations -- --mark\` writes it` };
  }
  const [original, ...fingerprints] = value.split(' ');
  return { original: original as Language, fingerprints: new Set(fingerprints.filter((fingerprint) => FINGERPRINT_PATTERN.test(fingerprint))) };
}

/** The record of a translation that follows an original whose sections are these. */
export function writeRecord(original: Language, sections: readonly Section[]): string {
  return [original, ...sections.map((section) => section.fingerprint)].join(' ');
}

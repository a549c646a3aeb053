/**
 * What the CMS's entry lists say of an entry's translations: a copy behind
 * its original, or an original whose translation is behind or missing;
 * nothing for an entry whose translations keep up. Read from the statuses
 * of every entry (features/translations/translations.node.ts), which the
 * local backend answers live and a built CMS holds as of its build
 * (TRANSLATION_STATUSES_FILE). Pure: ./listMarks.browser.ts puts them on the page.
 */
import { collectionFacts, LOCALES_COLLECTION } from '../decapConfig';
import { uiStringsEntry } from '../../translations/uiStrings';
import { LANGUAGES, languageName, type Language } from '../../site/languages';
import type { EntryStatus } from '../../translations/status';
import { sideBySide } from './copies';

/** The built CMS's statuses, beside its config. */
export const TRANSLATION_STATUSES_FILE = 'translations.json';

/** The local backend's action that answers them (features/cms/localBackend/server.node.ts). */
export const TRANSLATION_STATUSES_ACTION = 'translationStatuses';

/** What either answers: the statuses, or why there are none (records that contradict each other). */
export type StatusesAnswer = { statuses: EntryStatus[] } | { error: string };

/** Where the lists read the statuses from: the local backend's API, or the built file. */
export type StatusesSource = { kind: 'backend'; url: string } | { kind: 'file'; url: string };

export const MARK_TEXT = {
  behind: (original: Language) => `Behind its ${languageName(original)} original`,
  translationBehind: (language: Language) => `${languageName(language)} translation behind`,
  translationMissing: (language: Language) => `${languageName(language)} translation missing`,
};

/** A files collection's entry of one language, <name>_<language> (hero_bg, common_bg): its name and language. */
function languageFile(slug: string): { name: string; language: Language } | undefined {
  const match = /^(.+)_([a-z]{2})$/.exec(slug);
  const language = LANGUAGES.find((candidate) => candidate === match?.[2]);
  return match && language ? { name: match[1], language } : undefined;
}

/** The entry and language a list item of `collection` stands for, from its Decap slug; language undefined for both side by side. */
export function listedEntry(collection: string, slug: string): { entry: string; language?: Language } | undefined {
  if (collection === LOCALES_COLLECTION) {
    const file = languageFile(slug);
    return file && { entry: uiStringsEntry(file.name), language: file.language };
  }
  const facts = collectionFacts(collection);
  if (!facts) return undefined;
  if (facts.language) return { entry: `${facts.section}/${slug}`, language: facts.language };
  if (sideBySide(facts.section)) return { entry: `${facts.section}/${slug}` };
  const file = languageFile(slug);
  return file && { entry: `${facts.section}/${file.name}`, language: file.language };
}

/** The marks of one list item, in the order of the languages; none when its translations keep up. */
export function listMarks(statuses: readonly EntryStatus[], collection: string, slug: string): string[] {
  const listed = listedEntry(collection, slug);
  const status = listed && statuses.find((candidate) => candidate.entry === listed.entry);
  if (!listed || !status) return [];
  const shown = listed.language;
  if (shown) {
    const own = status.copies[shown];
    if (own.state === 'behind') return [MARK_TEXT.behind(own.original)];
    if (own.state !== 'original') return [];
  }
  // An original, or both languages side by side: each translation behind or missing.
  return LANGUAGES.filter((language) => language !== shown).flatMap((language) => {
    const copy = status.copies[language];
    if (copy.state === 'behind') return [MARK_TEXT.translationBehind(language)];
    if (copy.state === 'missing') return [MARK_TEXT.translationMissing(language)];
    return [];
  });
}

/**
 * An entry's translation status as the CMS holds it: each language's copy
 * read from Decap's entry data (its fields and its body), the status the
 * build would give the files if saved now (features/translations/status.ts),
 * and the record an editor writes by marking a copy up to date. Pure and
 * browser-safe: the editing form's field (./RecordControl.tsx) and the
 * preview (../preview/EntryPreview.tsx) read the same.
 */
import { sectionFingerprints } from '../../translations/fingerprint';
import { writeRecord } from '../../translations/record';
import { contentCopyFile, entryStatus, type EntryCopy, type EntryStatus } from '../../translations/status';
import { LANGUAGES, type Language } from '../../site/languages';
import type { ContentSection } from '../../content/contentSchema';
import { ADDRESS_FIELD, languageCollectionName, previewPath, sectionCollections } from '../decapConfig';

/** One language's values in the CMS: its frontmatter fields and `body`; undefined or empty for a copy that does not exist. */
export type CopyValues = Readonly<Record<string, unknown>> | undefined;

/**
 * A copy as the build reads its file: the frontmatter without the body,
 * and without the address, which the posts' format keeps out of the file
 * (features/cms/frontmatter.ts). Undefined for no values: no copy.
 */
export function cmsCopy(file: string, values: CopyValues): EntryCopy | undefined {
  if (!values || Object.keys(values).length === 0) return undefined;
  const frontmatter = Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'body' && key !== ADDRESS_FIELD));
  return { file, frontmatter, body: typeof values.body === 'string' ? values.body : '' };
}

export type CmsStatus = { status: EntryStatus; copies: Partial<Record<Language, EntryCopy>> } | { error: string };

/** The status of `section/name` from each language's values; a contradiction of the records is the build's message. */
export function cmsEntryStatus(section: string, name: string, values: Partial<Record<Language, CopyValues>>): CmsStatus {
  const copies: Partial<Record<Language, EntryCopy>> = {};
  for (const language of LANGUAGES) {
    const copy = cmsCopy(contentCopyFile(section, name, language), values[language]);
    if (copy) copies[language] = copy;
  }
  if (Object.keys(copies).length === 0) return { error: `${section}/${name}: no copy in any language yet` };
  try {
    return { status: entryStatus(`${section}/${name}`, copies), copies };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * What marking the copy in `language` up to date would do: the language
 * it then follows and the record to write. For a copy behind its original,
 * that original. For a copy taken as the original only because no copy has
 * a record yet (a post written in Bulgarian, then in English), the other
 * copy without a record: marking says this one is its translation. For an
 * original that another copy follows, or an entry with one copy, nothing.
 */
export function markFor(result: CmsStatus, language: Language): { follows: Language; record: string } | undefined {
  if ('error' in result) return undefined;
  const { status, copies } = result;
  const state = status.copies[language];
  const follow = (original: Language) => {
    const source = copies[original];
    return source ? { follows: original, record: writeRecord(original, sectionFingerprints(source.frontmatter, source.body)) } : undefined;
  };
  if (state.state === 'behind') return follow(status.original);
  if (state.state !== 'original') return undefined;
  const unmarked = LANGUAGES.find((other) => {
    const theirs = status.copies[other];
    return other !== language && theirs.state === 'behind' && !theirs.recorded;
  });
  return unmarked ? follow(unmarked) : undefined;
}

/** The entry as the CMS shows it: which file of which collection, in which language. */
export interface OpenCopy {
  /** The collection's name in the CMS config. */
  collection: string;
  section: ContentSection;
  name: string;
  language: Language;
  /** A collection of one language (blog_bg), whose other language is a collection of its own. */
  languageCollection: boolean;
}

/** The entry of the other language's copy: the same address in its language's collection, or the same file in another language. */
export function otherCopyEntry(open: OpenCopy, other: Language): { collection: string; slug: string } {
  // Side by side, the saved entry, whose values are the default language's: what the preview of another language's pane reads (Decap hands it that language's values alone).
  if (sideBySide(open.section)) return { collection: open.collection, slug: open.name };
  if (open.languageCollection) return { collection: languageCollectionName(open.section, other), slug: open.name };
  // A files collection (the home page's) lists each language's file as <name>_<language>.
  return { collection: open.collection, slug: `${open.name}_${other}` };
}

/** True for a section whose copies Decap shows side by side: its collection has i18n. */
export const sideBySide = (section: ContentSection): boolean => sectionCollections(section).some((collection) => collection.i18n === true);

/**
 * Where an editor opens the original: for a collection of one language or
 * a files collection, its editor in the CMS (`page` is the CMS's own
 * address); side by side, the original is on the same screen already, so
 * its page on the site.
 */
export function originalHref(open: OpenCopy, original: Language, page: string, siteUrl: string): string {
  if (sideBySide(open.section)) return `${siteUrl.replace(/\/+$/, '')}/${previewPath(open.section, open.name, original)}`;
  const { collection, slug } = otherCopyEntry(open, original);
  // Decap's /edit/ route makes its editor anew, so it loads the other entry (see ../preview/register.browser.ts).
  return `${page}#/edit/${collection}/${slug}`;
}

/**
 * Where the CMS finds each language's copy of the entry an editor has open,
 * and the hook that keeps its translation status (./copies.ts) as the
 * editor types. In a collection with both languages side by side (Decap's
 * i18n: banners, the documentation, the privacy policy) every copy is in
 * the open entry; otherwise (a post, a home page file) the other
 * language's copy is loaded once from the backend, as Decap loads entries.
 */
import React from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../site/languages';
import { cmsEntryStatus, otherCopyEntry, type CmsStatus, type CopyValues, type OpenCopy } from './copies';

/** Loads an entry's values by collection and Decap slug; undefined for none. */
export type EntryLoader = (collection: string, slug: string) => Promise<CopyValues>;

/** Decap's immutable values of one language. */
interface DecapValues {
  toJS(): Record<string, unknown>;
}

/** Decap's draft entry, as far as the field reads it. */
export interface DecapDraft {
  get(key: 'path' | 'slug'): string | undefined;
  get(key: 'data'): DecapValues | undefined;
  getIn(path: readonly ['i18n', string, 'data']): DecapValues | undefined;
}

/** Values as a plain object; anything else is no copy. */
export const plain = (values: unknown): CopyValues => (typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : undefined);

/** Each language's values in a side-by-side entry: the default language's are the entry's data, the others' under i18n. */
export function sideBySideValues(draft: DecapDraft): Partial<Record<Language, CopyValues>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, plain(language === DEFAULT_LANGUAGE ? draft.get('data')?.toJS() : draft.getIn(['i18n', language, 'data'])?.toJS())]),
  );
}

/** Where the copies come from: all in hand (side by side), or the open one in hand and the others to load. */
export type CopySource = { kind: 'all'; values: Partial<Record<Language, CopyValues>> } | { kind: 'load'; own: CopyValues; load: EntryLoader };

/**
 * The open entry's translation status, recomputed as the editor types; the
 * other language's copy, when it must be loaded, is loaded once per entry.
 * Undefined until it is.
 */
export function useEntryStatus(open: OpenCopy, source: CopySource): CmsStatus | undefined {
  const key = `${open.collection}/${open.name}/${open.language}`;
  const [loaded, setLoaded] = React.useState<{ key: string; values: Partial<Record<Language, CopyValues>> }>();
  const load = source.kind === 'load' ? source.load : undefined;
  React.useEffect(() => {
    if (!load || !open.name) return;
    let current = true;
    const others = LANGUAGES.filter((other) => other !== open.language);
    void Promise.all(
      others.map((other) => {
        const entry = otherCopyEntry(open, other);
        return load(entry.collection, entry.slug).catch(() => undefined);
      }),
    ).then((values) => {
      if (current) setLoaded({ key, values: Object.fromEntries(others.map((other, index) => [other, values[index]])) });
    });
    return () => {
      current = false;
    };
    // The open copy's identity decides what to load; its values change as the editor types and are read below.
  }, [key, load]);
  if (!open.name) return undefined;
  if (source.kind === 'all') return cmsEntryStatus(open.section, open.name, source.values);
  if (loaded?.key !== key) return undefined;
  return cmsEntryStatus(open.section, open.name, { ...loaded.values, [open.language]: source.own });
}

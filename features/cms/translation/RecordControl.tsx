/**
 * The Translation field of the editing form: where this copy stands against
 * its original (./TranslationStatus.tsx) and, when it is behind, the one
 * control that writes its record: "Mark as up to date". The record is never
 * written otherwise; once marked, the form says that saving the entry
 * saves the mark. The same field, for a UI string file, is one of the
 * fields of the records file (UI_RECORDS_FILE), a namespace each.
 */
import React from 'react';
import { DEFAULT_LANGUAGE, languageName, type Language } from '../../site/languages';
import { writeRecord } from '../../translations/record';
import { stringSections, uiStringsFile, uiStringsStatus } from '../../translations/uiStrings';
import { LOCALES_COLLECTION } from '../decapConfig';
import { markFor, type CmsStatus, type OpenCopy } from './copies';
import { plain, useEntryStatus, type CopySource, type EntryLoader } from './entryStatus.browser';
import { TranslationStatus } from './TranslationStatus';

export const RECORD_TEXT = {
  mark: (original: Language) => `Mark as up to date with the ${languageName(original)} original`,
  markAsTranslation: (original: Language) => `Mark as the translation of the ${languageName(original)}, up to date with it`,
  marked: 'Marked up to date: the mark is saved with the entry when you save or publish it.',
};

const BUTTON: React.CSSProperties = {
  marginTop: '0.5rem',
  padding: '0.375rem 0.75rem',
  borderRadius: 4,
  border: '1px solid #1e3a8a',
  background: '#1e3a8a',
  color: '#fff',
  cursor: 'pointer',
  font: 'inherit',
};

/** The button, when there is something to mark, and once marked, what that means until it is saved. */
function MarkControl({ mark, label, value, onMark }: { mark?: { record: string }; label: string; value: unknown; onMark(record: string): void }): React.JSX.Element {
  const [marked, setMarked] = React.useState<unknown>();
  return (
    <>
      {mark && (
        <button
          type="button"
          style={BUTTON}
          onClick={() => {
            onMark(mark.record);
            setMarked(mark.record);
          }}
        >
          {label}
        </button>
      )}
      {marked !== undefined && marked === value && (
        <p role="status" style={{ margin: '0.25rem 0 0' }}>
          {RECORD_TEXT.marked}
        </p>
      )}
    </>
  );
}

export interface RecordControlProps {
  open: OpenCopy;
  source: CopySource;
  /** The record now in the form. */
  value: unknown;
  onMark(record: string): void;
  originalHref(original: Language): string | undefined;
}

export function RecordControl({ open, source, value, onMark, originalHref }: RecordControlProps): React.JSX.Element {
  const result = useEntryStatus(open, source);
  const mark = result ? markFor(result, open.language) : undefined;
  const isOriginal = result !== undefined && !('error' in result) && result.status.copies[open.language].state === 'original';
  const label = mark ? (isOriginal ? RECORD_TEXT.markAsTranslation(mark.follows) : RECORD_TEXT.mark(mark.follows)) : '';
  return (
    <TranslationStatus result={result} language={open.language} originalHref={originalHref}>
      <MarkControl mark={mark} label={label} value={value} onMark={onMark} />
    </TranslationStatus>
  );
}

export interface StringsRecordControlProps {
  namespace: string;
  language: Language;
  value: unknown;
  onMark(record: string): void;
  /** Decap's loader of the UI string files (the ui_strings collection, <namespace>_<language>). */
  load: EntryLoader;
  originalHref(original: Language): string | undefined;
}

/** The Translation field of one UI string file: its strings and the English ones loaded once, its record the field's value. */
export function StringsRecordControl({ namespace, language, value, onMark, load, originalHref }: StringsRecordControlProps): React.JSX.Element {
  const [trees, setTrees] = React.useState<{ english: unknown; translated: unknown }>();
  React.useEffect(() => {
    let current = true;
    const read = (from: Language) => load(LOCALES_COLLECTION, `${namespace}_${from}`).catch(() => undefined);
    void Promise.all([read(DEFAULT_LANGUAGE), read(language)]).then(([english, translated]) => {
      if (current) setTrees({ english, translated });
    });
    return () => {
      current = false;
    };
  }, [load, namespace, language]);
  let result: CmsStatus | undefined;
  if (trees) {
    const copies = {
      ...(plain(trees.english) ? { [DEFAULT_LANGUAGE]: { file: uiStringsFile(namespace, DEFAULT_LANGUAGE), tree: trees.english } } : {}),
      ...(plain(trees.translated) ? { [language]: { file: uiStringsFile(namespace, language), tree: trees.translated } } : {}),
    };
    try {
      result = { status: uiStringsStatus(namespace, copies, { [language]: value === '' || value === null ? undefined : value }), copies: {} };
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  const behind = result !== undefined && !('error' in result) && result.status.copies[language].state === 'behind';
  const mark = behind && trees ? { record: writeRecord(DEFAULT_LANGUAGE, stringSections(trees.english)) } : undefined;
  return (
    <TranslationStatus result={result} language={language} originalHref={originalHref}>
      <MarkControl mark={mark} label={RECORD_TEXT.mark(DEFAULT_LANGUAGE)} value={value} onMark={onMark} />
    </TranslationStatus>
  );
}

/**
 * The Translation field of the editing form: where this copy stands against
 * its original (./TranslationStatus.tsx) and, when it is behind, the one
 * control that writes its record: "Mark as up to date". The record is never
 * written otherwise; once marked, the form says that saving the entry
 * saves the mark.
 */
import React from 'react';
import { languageName, type Language } from '../../site/languages';
import { markFor } from './copies';
import type { OpenCopy } from './copies';
import { useEntryStatus, type CopySource } from './entryStatus.browser';
import { TranslationStatus } from './TranslationStatus';

export const RECORD_TEXT = {
  mark: (original: Language) => `Mark as up to date with the ${languageName(original)} original`,
  markAsTranslation: (original: Language) => `Mark as the translation of the ${languageName(original)}, up to date with it`,
  marked: 'Marked up to date: the mark is saved with the entry when you save or publish it.',
};

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
  const [marked, setMarked] = React.useState<unknown>();
  const mark = result ? markFor(result, open.language) : undefined;
  const isOriginal = result !== undefined && !('error' in result) && result.status.copies[open.language].state === 'original';
  return (
    <TranslationStatus result={result} language={open.language} originalHref={originalHref}>
      {mark && (
        <button
          type="button"
          style={{
            marginTop: '0.5rem',
            padding: '0.375rem 0.75rem',
            borderRadius: 4,
            border: '1px solid #1e3a8a',
            background: '#1e3a8a',
            color: '#fff',
            cursor: 'pointer',
            font: 'inherit',
          }}
          onClick={() => {
            onMark(mark.record);
            setMarked(mark.record);
          }}
        >
          {isOriginal ? RECORD_TEXT.markAsTranslation(mark.follows) : RECORD_TEXT.mark(mark.follows)}
        </button>
      )}
      {marked !== undefined && marked === value && (
        <p role="status" style={{ margin: '0.25rem 0 0' }}>
          {RECORD_TEXT.marked}
        </p>
      )}
    </TranslationStatus>
  );
}

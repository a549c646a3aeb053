/**
 * What the CMS says of one copy's translation, in the editing form's
 * Translation field and in the preview: up to date, or behind its original
 * and which of the original's sections changed since, by heading, with a
 * link to the original; for the original, where each translation stands.
 * The CMS's own words, so in its language (English). Styled inline: the
 * form is Decap's page, where the site's stylesheets are not.
 */
import React from 'react';
import { languageName, LANGUAGES, type Language } from '../../site/languages';
import type { CopyState } from '../../translations/status';
import type { CmsStatus } from './copies';

export const TRANSLATION_TEXT = {
  label: 'Translation',
  reading: 'Translation: reading the other language’s copy…',
  refused: 'Translation: the build refuses this entry’s records:',
  upToDate: (original: Language) => `Up to date with the ${languageName(original)} original.`,
  behind: (original: Language, date: string | undefined) =>
    `Behind the ${languageName(original)} original${date ? `, last dated ${date}` : ''}. Changed since this translation was marked up to date:`,
  removed: (count: number) => `${count === 1 ? 'One section' : `${count} sections`} of it removed from the original.`,
  neverMarked: (original: Language) =>
    `Never marked as following the ${languageName(original)} original: compare the two, and mark this copy up to date once it says what the original says.`,
  isOriginal: 'This copy is the original.',
  otherCopy: (language: Language, state: CopyState) => {
    const name = languageName(language);
    if (state.state === 'up to date') return `The ${name} translation is up to date.`;
    if (state.state === 'missing') return `There is no ${name} translation yet.`;
    if (state.state === 'behind' && !state.recorded) return `The ${name} copy was never marked as following it.`;
    if (state.state === 'behind')
      return `The ${name} translation is behind: ${state.changed.length + state.removed} ${state.changed.length + state.removed === 1 ? 'section' : 'sections'} changed since it was marked.`;
    return '';
  },
  openOriginal: (original: Language) => `Open the ${languageName(original)} original`,
};

const box: React.CSSProperties = { border: '1px solid #c9ccd3', borderRadius: 6, padding: '0.5rem 0.75rem', margin: '0.5rem 0', fontSize: '0.875rem', lineHeight: 1.5 };
const behindBox: React.CSSProperties = { ...box, borderColor: '#b45309', background: '#fffbeb', color: '#3b2a05' };
const upToDateBox: React.CSSProperties = { ...box, borderColor: '#15803d', background: '#f0fdf4', color: '#0c2d17' };

export interface TranslationStatusProps {
  /** Undefined while the other language's copy is read. */
  result: CmsStatus | undefined;
  language: Language;
  /** Where the original opens, by its language: the CMS's editor of it, or its page. */
  originalHref?: (original: Language) => string | undefined;
  children?: React.ReactNode;
}

/** The state word a test or a stylesheet finds the status by. */
function stateOf(result: CmsStatus | undefined, language: Language): string {
  if (!result) return 'reading';
  if ('error' in result) return 'refused';
  return result.status.copies[language].state;
}

export function TranslationStatus({ result, language, originalHref, children }: TranslationStatusProps): React.JSX.Element {
  const state = stateOf(result, language);
  const style = state === 'behind' || state === 'refused' ? behindBox : state === 'up to date' ? upToDateBox : box;
  return (
    // A note beside the entry, not a section of it: the preview draws the page's own sections after it.
    <div role="note" aria-label={TRANSLATION_TEXT.label} data-translation-state={state} style={style}>
      <StatusText result={result} language={language} originalHref={originalHref} />
      {children}
    </div>
  );
}

function StatusText({ result, language, originalHref }: TranslationStatusProps): React.JSX.Element {
  if (!result) return <p style={{ margin: 0 }}>{TRANSLATION_TEXT.reading}</p>;
  if ('error' in result)
    return (
      <p style={{ margin: 0 }} role="alert">
        {TRANSLATION_TEXT.refused} {result.error}
      </p>
    );
  const { status } = result;
  const copy = status.copies[language];
  if (copy.state === 'original' || copy.state === 'missing') {
    const others = LANGUAGES.filter((other) => other !== language).map((other) => TRANSLATION_TEXT.otherCopy(other, status.copies[other]));
    return <p style={{ margin: 0 }}>{[TRANSLATION_TEXT.isOriginal, ...others].join(' ')}</p>;
  }
  const href = originalHref?.(copy.original);
  const link = href ? (
    <p style={{ margin: '0.25rem 0 0' }}>
      <a href={href} target="_blank" rel="noopener" style={{ color: 'inherit', textDecoration: 'underline' }}>
        {TRANSLATION_TEXT.openOriginal(copy.original)}
      </a>
    </p>
  ) : null;
  if (copy.state === 'up to date')
    return (
      <>
        <p style={{ margin: 0 }}>{TRANSLATION_TEXT.upToDate(copy.original)}</p>
        {link}
      </>
    );
  if (!copy.recorded)
    return (
      <>
        <p style={{ margin: 0 }}>{TRANSLATION_TEXT.neverMarked(copy.original)}</p>
        {link}
      </>
    );
  return (
    <>
      <p style={{ margin: 0 }}>{TRANSLATION_TEXT.behind(copy.original, status.originalDate)}</p>
      {copy.changed.length > 0 && (
        <ul style={{ margin: '0.25rem 0', paddingLeft: '1.25rem' }}>
          {copy.changed.map((heading, index) => (
            <li key={`${index}-${heading}`}>{heading}</li>
          ))}
        </ul>
      )}
      {copy.removed > 0 && <p style={{ margin: 0 }}>{TRANSLATION_TEXT.removed(copy.removed)}</p>}
      {link}
    </>
  );
}

import React from 'react';
import { useTranslation } from 'react-i18next';
import { longDate } from '../site/dates';
import { isLanguage, localizedPath, type Language } from '../site/languages';
import { Icon } from '../site/Icon';
import { useSiteLanguage } from '../site/useSiteLanguage';
import * as styles from './TranslationNotice.module.css';

/** The original's language as each language names it, at the start of a sentence ("Английската версия") and within one ("английската версия"). */
const CAPITALIZED = { en: 'translationNotice.languageCapital.en', bg: 'translationNotice.languageCapital.bg' } as const satisfies Record<Language, string>;
const WITHIN = { en: 'translationNotice.language.en', bg: 'translationNotice.language.bg' } as const satisfies Record<Language, string>;

/**
 * Tells the reader of a translation behind its original that the original
 * changed (on its date, when it has one), and links to it. Static HTML
 * with no script; left out of the search index, which holds what a page
 * says, not what is said about it; feeds take the post's body alone.
 */
/** What the page's query gives (MarkdownRemark.translationNotice, gatsby/createResolvers.ts). */
export interface NoticeData {
  original: string;
  updated?: string | null;
}

export function TranslationNotice({ notice }: { notice: NoticeData | null | undefined }): React.JSX.Element | null {
  const { t } = useTranslation('common');
  const { language, originalPath } = useSiteLanguage();
  if (!notice || !isLanguage(notice.original) || notice.original === language) return null;
  const original = notice.original;
  const values = { language: t(WITHIN[original]), languageCapital: t(CAPITALIZED[original]) };
  return (
    <aside className={styles.notice} aria-label={t('translationNotice.label')} data-pagefind-ignore="all">
      <Icon name="clock" size={20} className={styles.icon} />
      <p>
        {notice.updated ? t('translationNotice.updated', { ...values, date: longDate(notice.updated, language) }) : t('translationNotice.changed', values)}{' '}
        <a href={localizedPath(original, originalPath, false)} hrefLang={original}>
          {t('translationNotice.read', values)}
        </a>
      </p>
    </aside>
  );
}

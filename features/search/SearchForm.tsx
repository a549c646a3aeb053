import React from 'react';
import { useTranslation } from 'react-i18next';
import { localizedPath } from '../site/languages';
import { QUERY_PARAMETER } from './search';
import { SEARCH_PATH } from '../site/routes';
import { useSiteLanguage } from '../site/useSiteLanguage';
import { Icon } from '../site/Icon';
import * as styles from './SearchForm.module.css';

interface Props {
  /** The box's id, unique on the page: the header and the phone menu each have a form. */
  id: string;
  className?: string;
}

/**
 * The header's search box: a plain GET form to the language's search page
 * (/search/?q=…), so it needs no script of its own; the search page loads
 * Pagefind (features/search/SearchView.tsx).
 */
export function SearchForm({ id, className }: Props): React.JSX.Element {
  const { t } = useTranslation('common');
  const { language, routed } = useSiteLanguage();
  return (
    <form role="search" aria-label={t('search.label')} method="get" action={localizedPath(language, SEARCH_PATH, routed)} className={`${styles.form} ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input id={id} className={styles.input} type="search" name={QUERY_PARAMETER} placeholder={t('search.placeholder')} autoComplete="off" enterKeyHint="search" />
      <button type="submit" className={styles.submit}>
        <Icon name="search" size={18} />
        <span className="visually-hidden">{t('search.submit')}</span>
      </button>
    </form>
  );
}

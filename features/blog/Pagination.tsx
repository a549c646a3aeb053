import React from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../site/LocalizedLink';
import * as styles from './Blog.module.css';

interface Props {
  page: number;
  pageCount: number;
  newerPath: string | null;
  olderPath: string | null;
}

/** Between the list's pages: newer and older posts, and where the reader is. None for a single page. */
export function Pagination({ page, pageCount, newerPath, olderPath }: Props): React.JSX.Element | null {
  const { t } = useTranslation('blog');
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')} data-pagefind-ignore="all">
      {newerPath ? (
        <LocalizedLink to={newerPath} rel="prev" className={styles.pageLink}>
          {t('pagination.newer')}
        </LocalizedLink>
      ) : (
        <span />
      )}
      <p className={styles.pageNumber}>{t('pagination.page', { page, count: pageCount })}</p>
      {olderPath ? (
        <LocalizedLink to={olderPath} rel="next" className={styles.pageLink}>
          {t('pagination.older')}
        </LocalizedLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

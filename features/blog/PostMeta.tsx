import React from 'react';
import { useTranslation } from 'react-i18next';
import { formatPostDate } from './blog';
import { siteConfig } from '../site/settings';
import { fillProductName } from '../site/productName';
import { useSiteLanguage } from '../site/useSiteLanguage';
import * as styles from './Blog.module.css';

interface Props {
  /** YYYY-MM-DD */
  date: string;
  updated?: string | null;
  author?: string | null;
  readingMinutes: number;
  tags?: readonly string[] | null;
  /** The post's page shows who wrote it; the list leaves that out. */
  showAuthor?: boolean;
}

/** On a post's page, the search index takes the post's date from its <time> (features/search/search.ts shapeResult shows it). */
const SEARCH_DATE = { 'data-pagefind-meta': 'date[datetime]' };

/** A post's date (and update), author, reading time and tags, as one line and a tag list. */
export function PostMeta({ date, updated, author, readingMinutes, tags, showAuthor = false }: Props): React.JSX.Element {
  const { t } = useTranslation('blog');
  const { language } = useSiteLanguage();
  const product = siteConfig.productName;
  return (
    <div className={styles.meta}>
      <p className={styles.facts}>
        <time dateTime={date} {...(showAuthor ? SEARCH_DATE : {})}>
          {formatPostDate(date, language)}
        </time>
        {updated && updated !== date && (
          <span>
            {t('updated')} <time dateTime={updated}>{formatPostDate(updated, language)}</time>
          </span>
        )}
        {showAuthor && <span>{t('by', { author: author ? fillProductName(author, product) : t('team') })}</span>}
        <span>{t('readingTime', { count: readingMinutes })}</span>
      </p>
      {tags && tags.length > 0 && (
        <ul className={styles.tags} aria-label={t('tags')}>
          {tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

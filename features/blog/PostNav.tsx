import React from 'react';
import { useTranslation } from 'react-i18next';
import type { Neighbour } from './blog';
import { BLOG_PATH } from './blog';
import { siteConfig } from '../site/settings';
import { fillProductName } from '../site/productName';
import { LocalizedLink } from '../site/LocalizedLink';
import * as styles from './Blog.module.css';

/** After a post: the newer and the older post of its language, and the way back to the list. */
export function PostNav({ newer, older }: { newer: Neighbour | null; older: Neighbour | null }): React.JSX.Element {
  const { t } = useTranslation('blog');
  const product = siteConfig.productName;
  return (
    <nav className={styles.postNav} aria-label={t('morePosts')} data-pagefind-ignore="all">
      {(newer || older) && (
        <ul className={styles.neighbours}>
          {newer && (
            <li>
              <span className={styles.direction}>{t('newerPost')}</span>
              <LocalizedLink to={newer.path} rel="prev" className={styles.neighbour}>
                {fillProductName(newer.title, product)}
              </LocalizedLink>
            </li>
          )}
          {older && (
            <li className={styles.older}>
              <span className={styles.direction}>{t('olderPost')}</span>
              <LocalizedLink to={older.path} rel="next" className={styles.neighbour}>
                {fillProductName(older.title, product)}
              </LocalizedLink>
            </li>
          )}
        </ul>
      )}
      <p>
        <LocalizedLink to={BLOG_PATH} className={styles.back}>
          {t('allPosts')}
        </LocalizedLink>
      </p>
    </nav>
  );
}

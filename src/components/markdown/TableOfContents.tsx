import React from 'react';
import { useTranslation } from 'react-i18next';
import type { TocEntry } from '../../../features/markdown/rendered';
import { Icon } from '../../../features/site/Icon';
import * as styles from './TableOfContents.module.css';

function Entries({ entries }: { entries: readonly TocEntry[] }): React.JSX.Element {
  return (
    <ol className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a className={styles.link} href={`#${entry.id}`}>
            {entry.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The page's sections: a sticky side column on wide screens, a collapsed
 * disclosure above the text on phones. Only one of the two is displayed.
 */
export function TableOfContents({ entries }: { entries: readonly TocEntry[] }): React.JSX.Element | null {
  const { t } = useTranslation('content');
  if (entries.length === 0) return null;
  return (
    <>
      <nav className={styles.sidebar} aria-label={t('toc')} data-pagefind-ignore="all">
        <p className={styles.title} aria-hidden="true">
          {t('toc')}
        </p>
        <Entries entries={entries} />
      </nav>
      <details className={styles.compact} data-pagefind-ignore="all">
        <summary className={styles.summary}>
          {t('toc')}
          <Icon name="chevronDown" size={18} className={styles.chevron} />
        </summary>
        <nav aria-label={t('toc')}>
          <Entries entries={entries} />
        </nav>
      </details>
    </>
  );
}

import React, { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../features/site/Icon';
import { AppLink } from '../../features/site/AppLink';
import { NavLinks } from './NavLinks';
import { SearchForm } from '../../features/search/SearchForm';
import { useDismissableDetails } from '../hooks/useDismissableDetails';
import * as styles from './MobileMenu.module.css';

/**
 * The phone menu: a <details> disclosure, so the summary is a real button
 * for keyboard and touch and the links work before JavaScript runs.
 */
export function MobileMenu(): React.JSX.Element {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDetailsElement>(null);
  const close = useDismissableDetails(ref);
  return (
    <details className={styles.menu} ref={ref}>
      <summary className={styles.toggle}>
        <Icon name="menu" size={22} className={styles.openIcon} />
        <Icon name="close" size={22} className={styles.closeIcon} />
        <span>{t('nav.menu')}</span>
      </summary>
      <div className={styles.panel}>
        <SearchForm id="menu-search" className={styles.search} />
        <nav aria-label={t('nav.label')}>
          <NavLinks listClassName={styles.list} linkClassName={styles.link} onNavigate={close} />
        </nav>
        <AppLink className={styles.launch} />
      </div>
    </details>
  );
}

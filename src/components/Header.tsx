import React from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../features/site/settings';
import { LanguageSwitcher } from './LanguageSwitcher';
import { AppLink } from '../../features/site/AppLink';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { LogoMark } from './LogoMark';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { SearchForm } from '../../features/search/SearchForm';
import * as styles from './Header.module.css';

export function Header(): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    // The header is where "back to top" moves focus, hence id and tabIndex.
    <header className={styles.header} id="top" tabIndex={-1}>
      <div className={styles.inner}>
        <LocalizedLink to="/" className={styles.brand} aria-label={t('nav.logo')}>
          <LogoMark />
          <span>{siteConfig.productName}</span>
        </LocalizedLink>
        <nav aria-label={t('nav.label')} className={styles.desktopNav}>
          <NavLinks listClassName={styles.navList} linkClassName={styles.navLink} />
        </nav>
        <div className={styles.actions}>
          <div className={styles.search}>
            <SearchForm id="header-search" className={styles.searchForm} />
          </div>
          <LanguageSwitcher />
          <div className={styles.launch}>
            <AppLink />
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

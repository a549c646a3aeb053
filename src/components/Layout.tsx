import React from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingBackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './Layout.module.css';

/** The shell of every page: skip link, top banner, main landmark, footer. */
export function Layout({ children }: { children: React.ReactNode }): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <FloatingBackToTop />
    </div>
  );
}

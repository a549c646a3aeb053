import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HYDRATED_ATTRIBUTE } from '../lib/hydration';
import { FloatingBackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './Layout.module.css';

/** The shell of every page: skip link, top banner, main landmark, footer. */
export function Layout({ children }: { children: React.ReactNode }): React.JSX.Element {
  const { t } = useTranslation('common');
  // Effects run only once hydration has committed: from then on React handles
  // clicks and keys. The browser tests wait for this mark (e2e/support.ts).
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
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

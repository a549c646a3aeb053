import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HYDRATED_ATTRIBUTE } from '../../features/site/hydration';
import { isIndexedPage } from '../../features/search/search';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';
import { FloatingBackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './Layout.module.css';

interface Props {
  children: React.ReactNode;
  /** False for a page that shows another page's content (/blog/ of a language without posts shows the home page). */
  searchable?: boolean;
}

/**
 * The shell of every page: skip link, top banner, main landmark, footer.
 * The main landmark of a page the search indexes carries
 * data-pagefind-body, so Pagefind reads it and never the header or footer.
 */
export function Layout({ children, searchable = true }: Props): React.JSX.Element {
  const { t } = useTranslation('common');
  const page = useSiteLanguage();
  const indexed = searchable && isIndexedPage(page);
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
      <main id="main" className={styles.main} tabIndex={-1} data-pagefind-body={indexed ? '' : undefined}>
        {children}
      </main>
      <Footer />
      <FloatingBackToTop />
    </div>
  );
}

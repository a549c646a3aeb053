import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { PageIntro } from '../components/PageIntro';
import { Seo } from '../components/Seo';
import { Icon } from '../../features/site/Icon';
import type { IconName } from '../../features/site/iconPaths';
import { ContactForm } from '../../features/contact/ContactForm';
import * as styles from './contact.module.css';

/** Where the aside sends a visitor who would rather read first; each label is `aside.<key>` in locales/<lang>/contact.json. */
const ASIDE_LINKS = [
  { key: 'docs', to: '/docs/', icon: 'invoice' },
  { key: 'faq', to: '/docs/#faq', icon: 'message' },
  { key: 'pricing', to: '/pricing/', icon: 'tag' },
] as const satisfies readonly { key: string; to: string; icon: IconName }[];

export default function ContactPage(): React.JSX.Element {
  const { t } = useTranslation('contact');
  return (
    <Layout>
      <Seo title={t('seo.title')} description={t('seo.description')} jsonLd="ContactPage" />
      <PageIntro title={t('heading')} lead={t('lead')} />
      <div className={styles.columns}>
        <ContactForm />
        <aside className={styles.aside} aria-labelledby="contact-aside-title">
          <h2 id="contact-aside-title" className={styles.asideTitle}>
            {t('aside.heading')}
          </h2>
          <p>{t('aside.text')}</p>
          <ul className={styles.links}>
            {ASIDE_LINKS.map((link) => (
              <li key={link.key}>
                <LocalizedLink to={link.to}>
                  <Icon name={link.icon} size={18} />
                  {t(`aside.${link.key}`)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Layout>
  );
}

export const query = graphql`
  query ContactPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "contact"] } }) {
      ...PageLocales
    }
  }
`;

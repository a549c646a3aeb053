import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../components/contact/ContactForm';
import { Icon } from '../components/Icon';
import { Layout } from '../components/Layout';
import { LocalizedLink } from '../components/LocalizedLink';
import { PageIntro } from '../components/PageIntro';
import { Seo } from '../components/Seo';
import * as styles from './contact.module.css';

export default function ContactPage(_props: PageProps<Queries.ContactPageQuery>): React.JSX.Element {
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
            <li>
              <LocalizedLink to="/docs/">
                <Icon name="invoice" size={18} />
                {t('aside.docs')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/docs/#faq">
                <Icon name="message" size={18} />
                {t('aside.faq')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/pricing/">
                <Icon name="tag" size={18} />
                {t('aside.pricing')}
              </LocalizedLink>
            </li>
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

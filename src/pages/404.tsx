import React from 'react';
import { graphql } from 'gatsby';
import { Trans, useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Icon } from '../../features/site/Icon';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { Seo } from '../components/Seo';
import * as styles from './404.module.css';

/** Served for every unknown path; /bg/* and /en/* get their own language (see gatsby/onCreatePage.ts). */
export default function NotFoundPage(): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <Layout>
      <Seo title={t('notFound.title')} description={t('notFound.description')} noindex />
      <section className={styles.notFound} aria-labelledby="not-found-title">
        <span className={styles.mark}>
          <Icon name="box" size={40} />
        </span>
        <p className={styles.code} aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 id="not-found-title" className={styles.title}>
          <span className="visually-hidden">{t('notFound.code')} </span>
          {t('notFound.message')}
        </h1>
        <p className={styles.help}>
          <Trans t={t} i18nKey="notFound.help" components={{ home: <LocalizedLink to="/" />, contact: <LocalizedLink to="/contact/" /> }} />
        </p>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common"] } }) {
      ...PageLocales
    }
  }
`;

import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { PageIntro } from '../components/PageIntro';
import { Seo } from '../components/Seo';
import { SearchView } from '../../features/search/SearchView';

/**
 * The search page of each language (/search/, /bg/search/). noindex, and
 * left out of the sitemap (features/seo/sitemap.ts): its address holds a
 * visitor's query and its results are the site's other pages, which are
 * indexed themselves.
 */
export default function SearchPage(): React.JSX.Element {
  const { t } = useTranslation('search');
  return (
    <Layout>
      <Seo title={t('title')} description={t('description')} jsonLd="SearchResultsPage" noindex />
      <PageIntro title={t('title')} lead={t('lead')} />
      <SearchView />
    </Layout>
  );
}

export const query = graphql`
  query SearchPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "search"] } }) {
      ...PageLocales
    }
  }
`;

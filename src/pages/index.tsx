import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { HomeView } from '../components/home/HomeView';

interface HomeContext {
  i18n?: { originalPath?: string };
}

/**
 * The home page; also /blog/ of a language without posts (SPEC route
 * table), which shows it and names / as its canonical URL.
 */
export default function HomePage({ data, pageContext }: PageProps<Queries.HomePageQuery, HomeContext>): React.JSX.Element {
  const elsewhere = (pageContext.i18n?.originalPath ?? '/') !== '/';
  return <HomeView content={data} canonicalPath={elsewhere ? '/' : undefined} />;
}

export const query = graphql`
  query HomePage($language: String!) {
    ...HomeContent
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common"] } }) {
      ...PageLocales
    }
  }
`;

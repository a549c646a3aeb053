import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { HomeView } from '../components/home/HomeView';

/** /blog/ shows the home page (SPEC route table) and names / as its canonical URL. */
export default function BlogPage({ data }: PageProps<Queries.BlogPageQuery>): React.JSX.Element {
  return <HomeView content={data} canonicalPath="/" />;
}

export const query = graphql`
  query BlogPage($language: String!) {
    ...HomeContent
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common"] } }) {
      ...PageLocales
    }
  }
`;

import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { HomeView } from '../components/home/HomeView';

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>): React.JSX.Element {
  return <HomeView content={data} />;
}

export const query = graphql`
  query HomePage($language: String!) {
    ...HomeContent
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common"] } }) {
      ...PageLocales
    }
  }
`;

import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { DatedMarkdownPage } from '../components/markdown/DatedMarkdownPage';

/** The privacy policy, from content/privacy/<lang>/policy.md. */
export default function PrivacyPolicyPage({ data }: PageProps<Queries.PrivacyPolicyPageQuery>): React.JSX.Element {
  return <DatedMarkdownPage document={data.policy} />;
}

export const query = graphql`
  query PrivacyPolicyPage($language: String!) {
    policy: markdownRemark(fields: { section: { eq: "privacy" }, language: { eq: $language }, name: { eq: "policy" } }) {
      ...DatedMarkdownDocument
    }
    # The other language's copy, asked so that a change to it (the original) re-runs this query, and with it the translation notice.
    otherCopy: markdownRemark(fields: { section: { eq: "privacy" }, language: { ne: $language }, name: { eq: "policy" } }) {
      id
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "content"] } }) {
      ...PageLocales
    }
  }
`;

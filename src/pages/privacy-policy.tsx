import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { MarkdownPage } from '../components/markdown/MarkdownPage';
import { siteConfig } from '../lib/config';
import { fillProductName } from '../lib/markdown';

/** The privacy policy, from content/privacy/<lang>/policy.md. */
export default function PrivacyPolicyPage({ data }: PageProps<Queries.PrivacyPolicyPageQuery>): React.JSX.Element {
  const product = siteConfig.productName;
  const policy = data.policy;
  return (
    <MarkdownPage
      title={fillProductName(policy?.frontmatter.title ?? '', product)}
      description={fillProductName(policy?.frontmatter.description ?? '', product)}
      document={policy}
      dateModified={policy?.frontmatter.lastUpdated ?? undefined}
    />
  );
}

export const query = graphql`
  query PrivacyPolicyPage($language: String!) {
    policy: markdownRemark(fields: { section: { eq: "privacy" }, language: { eq: $language }, name: { eq: "policy" } }) {
      ...MarkdownDocument
      frontmatter {
        title
        description
        lastUpdated(formatString: "YYYY-MM-DD")
      }
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "content"] } }) {
      ...PageLocales
    }
  }
`;

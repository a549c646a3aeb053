import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { MarkdownPage } from '../components/markdown/MarkdownPage';
import { useSiteLanguage } from '../components/useSiteLanguage';
import { siteConfig } from '../lib/config';
import { fillProductName, tableOfContents } from '../lib/markdown';
import { pageUrl } from '../lib/seo';
import { webPage } from '../lib/structuredData';

/** The privacy policy, from content/privacy/<lang>/policy.md. */
export default function PrivacyPolicyPage({ data }: PageProps<Queries.PrivacyPolicyPageQuery>): React.JSX.Element {
  const { language, originalPath } = useSiteLanguage();
  const product = siteConfig.productName;
  const policy = data.policy;
  const title = fillProductName(policy?.frontmatter.title ?? '', product);
  const description = fillProductName(policy?.frontmatter.description ?? '', product);
  return (
    <MarkdownPage
      title={title}
      description={description}
      html={fillProductName(policy?.html ?? '', product)}
      toc={tableOfContents(policy?.headings ?? [], product)}
      jsonLd={{
        ...webPage({
          name: title,
          description,
          url: pageUrl(siteConfig.siteUrl, language, originalPath),
          language,
          productName: product,
          siteUrl: siteConfig.siteUrl,
        }),
        dateModified: policy?.frontmatter.lastUpdated ?? undefined,
      }}
    />
  );
}

export const query = graphql`
  query PrivacyPolicyPage($language: String!) {
    policy: markdownRemark(fields: { section: { eq: "privacy" }, language: { eq: $language }, name: { eq: "policy" } }) {
      html
      headings(depth: h2) {
        id
        value
      }
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

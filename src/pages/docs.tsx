import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { MarkdownPage } from '../components/markdown/MarkdownPage';
import { siteConfig } from '../../features/site/settings';
import { fillProductName } from '../../features/site/productName';

/** The application's README, from content/docs/<lang>/readme.md (or DOCS_README_URL_<LANG>). */
export default function DocsPage({ data }: PageProps<Queries.DocsPageQuery>): React.JSX.Element {
  const { t } = useTranslation('content');
  const product = siteConfig.productName;
  const readme = data.readme;
  // A README fetched from elsewhere may have no frontmatter.
  const title = fillProductName(readme?.frontmatter.title || t('docs.title'), product);
  const description = fillProductName(readme?.frontmatter.description || t('docs.description'), product);
  return <MarkdownPage title={title} description={description} document={readme} />;
}

export const query = graphql`
  query DocsPage($language: String!) {
    readme: markdownRemark(fields: { section: { eq: "docs" }, language: { eq: $language }, name: { eq: "readme" } }) {
      ...MarkdownDocument
      frontmatter {
        title
        description
      }
    }
    # The other language's copy, asked so that a change to it (the original) re-runs this query, and with it the translation notice.
    otherCopy: markdownRemark(fields: { section: { eq: "docs" }, language: { ne: $language }, name: { eq: "readme" } }) {
      id
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "content"] } }) {
      ...PageLocales
    }
  }
`;

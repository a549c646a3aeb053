import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { MarkdownPage } from '../components/markdown/MarkdownPage';
import { siteConfig } from '../lib/config';
import { containsMath, fillProductName, tableOfContents } from '../lib/markdown';

/** The application's README, from content/docs/<lang>/readme.md (or DOCS_README_URL_<LANG>). */
export default function DocsPage({ data }: PageProps<Queries.DocsPageQuery>): React.JSX.Element {
  const { t } = useTranslation('content');
  const product = siteConfig.productName;
  const readme = data.readme;
  const html = fillProductName(readme?.html ?? '', product);
  // A README fetched from elsewhere may have no frontmatter.
  const title = fillProductName(readme?.frontmatter.title || t('docs.title'), product);
  const description = fillProductName(readme?.frontmatter.description || t('docs.description', { product }), product);
  const katexStylesheet = data.site?.siteMetadata?.katexStylesheet;
  return (
    <MarkdownPage
      title={title}
      description={description}
      html={html}
      toc={tableOfContents(readme?.headings ?? [], product)}
      stylesheets={katexStylesheet && containsMath(html) ? [katexStylesheet] : []}
    />
  );
}

export const query = graphql`
  query DocsPage($language: String!) {
    site {
      siteMetadata {
        katexStylesheet
      }
    }
    readme: markdownRemark(fields: { section: { eq: "docs" }, language: { eq: $language }, name: { eq: "readme" } }) {
      html
      headings(depth: h2) {
        id
        value
      }
      frontmatter {
        title
        description
      }
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "content"] } }) {
      ...PageLocales
    }
  }
`;

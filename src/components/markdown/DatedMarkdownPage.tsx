import React from 'react';
import { graphql } from 'gatsby';
import { siteConfig } from '../../../features/site/settings';
import { fillProductName } from '../../../features/site/productName';
import { MarkdownPage } from './MarkdownPage';

/**
 * A page that is one markdown file carrying its own title, description and
 * last-updated date in frontmatter (the privacy policy), selected with
 * `...DatedMarkdownDocument`.
 */
export function DatedMarkdownPage({ document }: { document: Queries.DatedMarkdownDocumentFragment | null }): React.JSX.Element {
  const product = siteConfig.productName;
  return (
    <MarkdownPage
      title={fillProductName(document?.frontmatter.title ?? '', product)}
      description={fillProductName(document?.frontmatter.description ?? '', product)}
      document={document}
      dateModified={document?.frontmatter.lastUpdated ?? undefined}
    />
  );
}

export const query = graphql`
  fragment DatedMarkdownDocument on MarkdownRemark {
    ...MarkdownDocument
    frontmatter {
      title
      description
      lastUpdated(formatString: "YYYY-MM-DD")
    }
  }
`;

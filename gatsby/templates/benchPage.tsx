import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { MarkdownPage } from '../../src/components/markdown/MarkdownPage';
import { siteConfig } from '../../src/lib/config';
import { fillProductName } from '../../src/lib/markdown';

/**
 * A benchmark page (`npm run bench`), built only when BENCH_CONTENT_DIR is
 * set (gatsby/benchContent.ts): one generated markdown file, rendered like
 * the privacy policy. Outside src/ on purpose; see src/templates/benchPageData.ts.
 */
export default function BenchPage({ data }: PageProps<Queries.BenchPageDataFragment>): React.JSX.Element {
  const product = siteConfig.productName;
  const page = data.page;
  return (
    <MarkdownPage
      title={fillProductName(page?.frontmatter.title ?? '', product)}
      description={fillProductName(page?.frontmatter.description ?? '', product)}
      document={page}
      dateModified={page?.frontmatter.lastUpdated ?? undefined}
    />
  );
}

export const query = graphql`
  query BenchPage($id: String!, $language: String!) {
    ...BenchPageData
  }
`;

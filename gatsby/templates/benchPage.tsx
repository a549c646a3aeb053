import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { DatedMarkdownPage } from '../../src/components/markdown/DatedMarkdownPage';

/**
 * A benchmark page (`npm run bench`), built only when BENCH_CONTENT_DIR is
 * set (gatsby/benchContent.ts): one generated markdown file, rendered like
 * the privacy policy. Outside src/ on purpose; see src/templates/benchPageData.ts.
 */
export default function BenchPage({ data }: PageProps<Queries.BenchPageDataFragment>): React.JSX.Element {
  return <DatedMarkdownPage document={data.page} />;
}

export const query = graphql`
  query BenchPage($id: String!, $language: String!) {
    ...BenchPageData
  }
`;

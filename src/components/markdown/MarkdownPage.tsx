import React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../lib/config';
import { containsMath, fillProductNameInHtml, tableOfContents } from '../../lib/markdown';
import { Layout } from '../Layout';
import { PageIntro } from '../PageIntro';
import { Seo } from '../Seo';
import { MarkdownBody } from './MarkdownBody';
import { TableOfContents } from './TableOfContents';
import * as styles from './MarkdownPage.module.css';

interface Props {
  title: string;
  description: string;
  /** The markdown document, selected with `...MarkdownDocument`. */
  document: Queries.MarkdownDocumentFragment | null;
  /** When the content last changed (YYYY-MM-DD), for the page's JSON-LD. */
  dateModified?: string;
}

/**
 * A page made of one markdown document (documentation, privacy policy):
 * the product name filled in, a table of contents from its sections, and
 * KaTeX's stylesheet linked only when the document contains math.
 */
export function MarkdownPage({ title, description, document, dateModified }: Props): React.JSX.Element {
  const { site } = useStaticQuery<Queries.KatexStylesheetQuery>(graphql`
    query KatexStylesheet {
      site {
        siteMetadata {
          katexStylesheet
        }
      }
    }
  `);
  const product = siteConfig.productName;
  const html = fillProductNameInHtml(document?.html ?? '', product);
  const katexStylesheet = site?.siteMetadata?.katexStylesheet;
  return (
    <Layout>
      <Seo
        title={title}
        description={description}
        jsonLd="WebPage"
        dateModified={dateModified}
        stylesheets={katexStylesheet && containsMath(html) ? [katexStylesheet] : []}
      />
      <PageIntro title={title} lead={description} />
      <div className={styles.columns}>
        <aside className={styles.aside}>
          <TableOfContents entries={tableOfContents(document?.headings ?? [], product)} />
        </aside>
        <article className={styles.article}>
          <MarkdownBody html={html} />
        </article>
      </div>
    </Layout>
  );
}

export const query = graphql`
  fragment MarkdownDocument on MarkdownRemark {
    html
    headings(depth: h2) {
      id
      value
    }
  }
`;

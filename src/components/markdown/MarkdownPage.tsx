import React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../../features/site/settings';
import { containsMath, tableOfContents } from '../../../features/markdown/rendered';
import { fillProductNameInHtml } from '../../../features/site/productName';
import { Layout } from '../Layout';
import { PageIntro } from '../PageIntro';
import { Seo, type SeoProps } from '../Seo';
import { MarkdownBody } from './MarkdownBody';
import { TranslationNotice } from '../../../features/translations/TranslationNotice';
import { TableOfContents } from './TableOfContents';
import * as styles from './MarkdownPage.module.css';

interface Props {
  title: string;
  description: string;
  /** The markdown document, selected with `...MarkdownDocument`. */
  document: Queries.MarkdownDocumentFragment | null;
  /** When the content last changed (YYYY-MM-DD), for the page's JSON-LD. */
  dateModified?: string;
  /** The page's structured data and article facts, when not a plain WebPage (a blog post). */
  seo?: Pick<SeoProps, 'jsonLd' | 'article' | 'image'>;
  /** Shown under the title (a post's date, author and reading time). */
  meta?: React.ReactNode;
  /** Shown at the top of the article, before the text (a post's cover). */
  before?: React.ReactNode;
  /** Shown after the text (a post's neighbours). */
  after?: React.ReactNode;
  /** False for a short post: no table of contents, one column. */
  showContents?: boolean;
}

/**
 * A page made of one markdown document (documentation, privacy policy):
 * the product name filled in, a table of contents from its sections,
 * KaTeX's stylesheet linked only when the document contains math, and a
 * notice when it is a translation behind its original.
 */
export function MarkdownPage(props: Props): React.JSX.Element {
  const { title, description, document, dateModified, seo, meta, before, after, showContents = true } = props;
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
        jsonLd={seo?.jsonLd ?? 'WebPage'}
        article={seo?.article}
        image={seo?.image}
        dateModified={dateModified}
        stylesheets={katexStylesheet && containsMath(html) ? [katexStylesheet] : []}
      />
      <PageIntro title={title} lead={description}>
        {meta}
      </PageIntro>
      <div className={showContents ? styles.columns : styles.single}>
        {showContents && (
          <aside className={styles.aside}>
            <TableOfContents entries={tableOfContents(document?.headings ?? [], product)} />
          </aside>
        )}
        <article className={styles.article}>
          <TranslationNotice notice={document?.translationNotice} />
          {before}
          <MarkdownBody html={html} />
          {after}
        </article>
      </div>
    </Layout>
  );
}

export const query = graphql`
  fragment MarkdownDocument on MarkdownRemark {
    html
    translationNotice {
      original
      updated
    }
    headings(depth: h2) {
      id
      value
    }
  }
`;

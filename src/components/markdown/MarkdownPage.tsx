import React from 'react';
import type { TocEntry } from '../../lib/markdown';
import { Layout } from '../Layout';
import { PageIntro } from '../PageIntro';
import { Seo } from '../Seo';
import { MarkdownBody } from './MarkdownBody';
import { TableOfContents } from './TableOfContents';
import * as styles from './MarkdownPage.module.css';

interface Props {
  title: string;
  description: string;
  html: string;
  toc: readonly TocEntry[];
  /** When the content last changed (YYYY-MM-DD), for the page's JSON-LD. */
  dateModified?: string;
  /** Stylesheets only this page needs (KaTeX, when it has math). */
  stylesheets?: readonly string[];
}

/** A page made of one markdown document: documentation, privacy policy. */
export function MarkdownPage({ title, description, html, toc, dateModified, stylesheets }: Props): React.JSX.Element {
  return (
    <Layout>
      <Seo title={title} description={description} jsonLd="WebPage" dateModified={dateModified} stylesheets={stylesheets} />
      <PageIntro title={title} lead={description} />
      <div className={styles.columns}>
        <aside className={styles.aside}>
          <TableOfContents entries={toc} />
        </aside>
        <article className={styles.article}>
          <MarkdownBody html={html} />
        </article>
      </div>
    </Layout>
  );
}

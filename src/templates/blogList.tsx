import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { PageIntro } from '../components/PageIntro';
import { Seo } from '../components/Seo';
import { CoverThumbnail } from '../../features/images/CoverImage';
import { Pagination } from '../../features/blog/Pagination';
import { PostMeta } from '../../features/blog/PostMeta';
import { postPath } from '../../features/blog/blog';
import { siteConfig } from '../../features/site/settings';
import { checked, type EntryFrontmatter } from '../../features/content/frontmatter';
import { DEFAULT_LANGUAGE, localizedPath } from '../../features/site/languages';
import { fillProductName } from '../../features/site/productName';
import { blog } from '../../features/seo/structuredData';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';
import type { ListContext } from '../../features/blog/blog';
import * as styles from '../../features/blog/Blog.module.css';

/** A page of a language's blog: ten posts, newest first (pages made by features/blog/pages.node.ts). */
export default function BlogListTemplate({ data, pageContext }: PageProps<Queries.BlogListQuery, ListContext>): React.JSX.Element {
  const { t } = useTranslation('blog');
  const { language } = useSiteLanguage();
  const product = siteConfig.productName;
  const { page, pageCount } = pageContext;
  const title = page > 1 ? t('pageTitle', { page, count: pageCount }) : t('title');
  const description = t('description');
  const origin = siteConfig.siteUrl.replace(/\/+$/, '');
  const covers = pageContext.covers ?? {};
  const posts = data.posts.nodes.map((node) => {
    const frontmatter = checked<EntryFrontmatter<'blog'>>(node.frontmatter);
    return {
      // By slug: an own property only, since a slug may be a name every object has ("constructor").
      cover: Object.prototype.hasOwnProperty.call(covers, node.fields.name) ? covers[node.fields.name] : undefined,
      slug: node.fields.name,
      title: fillProductName(frontmatter.title, product),
      description: fillProductName(frontmatter.description, product),
      date: frontmatter.date,
      updated: frontmatter.updated,
      tags: frontmatter.tags,
      readingMinutes: node.fields.readingMinutes ?? 1,
    };
  });
  const firstWithCover = posts.find((post) => post.cover);
  return (
    <Layout>
      <Seo
        title={title}
        description={description}
        jsonLd={({ url }) =>
          blog({
            name: title,
            description,
            url,
            language,
            productName: product,
            siteUrl: siteConfig.siteUrl,
            posts: posts.map((post) => ({
              headline: post.title,
              url: `${origin}${localizedPath(language, postPath(post.slug), language !== DEFAULT_LANGUAGE)}`,
              datePublished: post.date,
            })),
          })
        }
      />
      <PageIntro title={title} lead={description} />
      <div className={styles.section}>
        <ol className={styles.list}>
          {posts.map((post) => {
            const text = (
              <>
                <h2 className={styles.cardTitle}>
                  <LocalizedLink to={postPath(post.slug)}>{post.title}</LocalizedLink>
                </h2>
                <PostMeta date={post.date} updated={post.updated} readingMinutes={post.readingMinutes} tags={post.tags} />
                <p className={styles.description}>{post.description}</p>
              </>
            );
            // A post without a cover shows no empty box: its card is the text alone.
            return (
              <li key={post.slug}>
                {post.cover ? (
                  <article className={`${styles.card} ${styles.withCover}`}>
                    <CoverThumbnail image={post.cover} to={postPath(post.slug)} first={post === firstWithCover} />
                    <div>{text}</div>
                  </article>
                ) : (
                  <article className={styles.card}>{text}</article>
                )}
              </li>
            );
          })}
        </ol>
        <Pagination page={page} pageCount={pageCount} newerPath={pageContext.newerPath} olderPath={pageContext.olderPath} />
      </div>
    </Layout>
  );
}

export const query = graphql`
  query BlogList($language: String!, $skip: Int!, $limit: Int!) {
    posts: allMarkdownRemark(
      filter: { fields: { section: { eq: "blog" }, language: { eq: $language }, published: { eq: true } } }
      sort: [{ frontmatter: { date: DESC } }, { fields: { name: ASC } }]
      skip: $skip
      limit: $limit
    ) {
      nodes {
        ...BlogPostFacts
      }
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "blog"] } }) {
      ...PageLocales
    }
  }
`;

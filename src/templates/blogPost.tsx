import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { MarkdownPage } from '../components/markdown/MarkdownPage';
import { CoverImage } from '../../features/images/CoverImage';
import { PostMeta } from '../../features/blog/PostMeta';
import { PostNav } from '../../features/blog/PostNav';
import { useTranslation } from 'react-i18next';
import { TOC_MIN_SECTIONS, formatPostDate } from '../../features/blog/blog';
import { siteConfig } from '../../features/site/settings';
import { checked, type EntryFrontmatter } from '../../features/content/frontmatter';
import { fillProductName } from '../../features/site/productName';
import { postShareImage } from '../../features/images/shareImage';
import { blogPosting } from '../../features/seo/structuredData';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';
import type { PostContext } from '../../features/blog/blog';

/** One blog post, from content/blog/<lang>/<slug>.md (pages made by features/blog/pages.node.ts). */
export default function BlogPostTemplate({ data, pageContext }: PageProps<Queries.BlogPostQuery, PostContext>): React.JSX.Element {
  const { language } = useSiteLanguage();
  const { t } = useTranslation('common');
  const product = siteConfig.productName;
  const post = data.post;
  // The date fields come back formatted as YYYY-MM-DD (the query's formatString).
  const frontmatter = checked<EntryFrontmatter<'blog'>>(post?.frontmatter);
  const title = fillProductName(frontmatter.title, product);
  const description = fillProductName(frontmatter.description, product);
  const author = frontmatter.author ? fillProductName(frontmatter.author, product) : null;
  const cover = pageContext.cover;
  // Checked by the build: a post with a cover has its alt text (features/content/contentSchema.ts).
  const coverAlt = fillProductName(frontmatter.imageAlt ?? '', product);
  const share = postShareImage(pageContext.shareImage, cover);
  const shareImage = share
    ? {
        path: share.path,
        type: share.type,
        alt: share.shows === 'cover' ? coverAlt : t('share.postImageAlt', { title, date: formatPostDate(frontmatter.date, language) }),
      }
    : undefined;
  return (
    <MarkdownPage
      title={title}
      description={description}
      document={post}
      showContents={(post?.headings?.length ?? 0) >= TOC_MIN_SECTIONS}
      seo={{
        article: { published: frontmatter.date, modified: frontmatter.updated },
        image: shareImage,
        jsonLd: ({ url, image }) =>
          blogPosting({
            name: title,
            description,
            url,
            image,
            language,
            productName: product,
            siteUrl: siteConfig.siteUrl,
            datePublished: frontmatter.date,
            dateModified: frontmatter.updated,
            author,
          }),
      }}
      before={cover ? <CoverImage image={cover.image} alt={coverAlt} /> : undefined}
      meta={<PostMeta date={frontmatter.date} updated={frontmatter.updated} author={author} readingMinutes={post?.fields.readingMinutes ?? 1} tags={frontmatter.tags} showAuthor />}
      after={<PostNav newer={pageContext.newer} older={pageContext.older} />}
    />
  );
}

export const query = graphql`
  query BlogPost($language: String!, $slug: String!) {
    post: markdownRemark(fields: { section: { eq: "blog" }, language: { eq: $language }, name: { eq: $slug } }) {
      ...MarkdownDocument
      ...BlogPostFacts
      frontmatter {
        imageAlt
      }
    }
    # The other language's copy, asked so that a change to it (the original) re-runs this query, and with it the translation notice.
    otherCopy: markdownRemark(fields: { section: { eq: "blog" }, language: { ne: $language }, name: { eq: $slug } }) {
      id
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "content", "blog"] } }) {
      ...PageLocales
    }
  }
`;

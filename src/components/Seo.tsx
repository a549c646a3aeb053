import React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { Helmet } from 'react-helmet';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../features/site/settings';
import { LOCALE_TAGS, LANGUAGES } from '../../features/site/languages';
import { fillProductName } from '../../features/site/productName';
import { documentTitle, headLinks } from '../../features/seo/seo';
import { serializeJsonLd } from '../../features/site/html';
import { APPLE_TOUCH_ICON, FAVICON_ICO_PATH, FAVICON_SVG_PATH } from '../../features/share-cards/icons';
import { SHARE_IMAGE, absoluteUrl, shareImageUrl } from '../../features/images/shareImage';
import { sitePage, type JsonLd, type PageType } from '../../features/seo/structuredData';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';

export interface SeoProps {
  title: string;
  description: string;
  /**
   * The page's JSON-LD: its schema.org type, built from the title,
   * description and canonical URL, or a complete object (the home page's
   * SoftwareApplication). None when left out.
   */
  jsonLd?: PageType | JsonLd | ((page: { url: string; image: string }) => JsonLd);
  /** For a page type: when the content last changed (YYYY-MM-DD). */
  dateModified?: string;
  /** A page that shows another page's content names that page as canonical (/blog/ -> /). */
  canonicalPath?: string;
  noindex?: boolean;
  /** Stylesheets only this page needs, such as KaTeX's on pages with math. */
  stylesheets?: readonly string[];
  /** A blog post: og:type article with its dates (YYYY-MM-DD). */
  article?: { published: string; modified?: string | null };
  /**
   * The page's own share image (a blog post's card or its cover's crop: its
   * path under the site, 1200x630, what it shows, and its media type, a PNG
   * unless said); by default the language's site-wide one.
   */
  image?: { path: string; alt: string; type?: string };
}

/**
 * The home page's headline in `language`, which the share image shows
 * (features/share-cards/brandImages.node.tsx), so its alt text quotes it rather than a copy.
 */
function useShareHeadline(language: string): string {
  const { heroes } = useStaticQuery<Queries.ShareHeadlinesQuery>(graphql`
    query ShareHeadlines {
      heroes: allMarkdownRemark(filter: { fields: { section: { eq: "home" }, name: { eq: "hero" } } }) {
        nodes {
          fields {
            language
          }
          frontmatter {
            headline
          }
        }
      }
    }
  `);
  return heroes.nodes.find((node) => node.fields.language === language)?.frontmatter.headline ?? '';
}

/**
 * Every head tag of every page. Helmet rather than Gatsby's Head export:
 * Head gets no React context, so translations do not work inside it.
 * The stockpay-helmet plugin writes these tags into the static HTML, and
 * Helmet refreshes them on client-side navigation. The web manifest link
 * and theme-color come from gatsby-plugin-manifest (gatsby-config.ts); the
 * icons and share images are drawn at build time (features/share-cards/brandImages.node.tsx).
 */
export function Seo(props: SeoProps): React.JSX.Element {
  const { title, description, jsonLd, dateModified, canonicalPath, noindex = false, stylesheets = [], article, image: ownImage } = props;
  const { t } = useTranslation('common');
  const { language, originalPath, languages } = useSiteLanguage();
  const { canonical, alternates } = headLinks(siteConfig.siteUrl, language, canonicalPath ?? originalPath, canonicalPath ? undefined : languages);
  const fullTitle = documentTitle(title, siteConfig.productName);
  const siteImageAlt = t('share.imageAlt', { headline: fillProductName(useShareHeadline(language), siteConfig.productName) });
  const image = ownImage ? absoluteUrl(siteConfig.siteUrl, ownImage.path) : shareImageUrl(siteConfig.siteUrl, language);
  const imageAlt = ownImage ? ownImage.alt : siteImageAlt;
  const imageType = ownImage?.type ?? SHARE_IMAGE.type;
  const structuredData =
    typeof jsonLd === 'function'
      ? jsonLd({ url: canonical, image })
      : typeof jsonLd === 'string'
        ? sitePage(jsonLd, {
            name: title,
            description,
            url: canonical,
            language,
            productName: siteConfig.productName,
            siteUrl: siteConfig.siteUrl,
            dateModified,
          })
        : jsonLd;
  return (
    <Helmet htmlAttributes={{ lang: language }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      {/* sizes on the .ico keeps browsers that read both on the SVG. */}
      <link rel="icon" href={FAVICON_ICO_PATH} sizes="32x32" />
      <link rel="icon" href={FAVICON_SVG_PATH} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON.path} />
      <link rel="canonical" href={canonical} />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:type" content={article ? 'article' : 'website'} />
      {article && <meta property="article:published_time" content={article.published} />}
      {article?.modified && <meta property="article:modified_time" content={article.modified} />}
      <meta property="og:site_name" content={siteConfig.productName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={LOCALE_TAGS[language].replace('-', '_')} />
      {LANGUAGES.filter((lang) => lang !== language && languages.includes(lang)).map((lang) => (
        <meta key={lang} property="og:locale:alternate" content={LOCALE_TAGS[lang].replace('-', '_')} />
      ))}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:type" content={imageType} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {structuredData && <script type="application/ld+json">{serializeJsonLd(structuredData)}</script>}
    </Helmet>
  );
}

import React from 'react';
import { Helmet } from 'react-helmet';
import { siteConfig } from '../lib/config';
import { LOCALE_TAGS, LANGUAGES } from '../lib/languages';
import { documentTitle, headLinks, serializeJsonLd } from '../lib/seo';
import type { JsonLd } from '../lib/structuredData';
import { useSiteLanguage } from './useSiteLanguage';

interface Props {
  title: string;
  description: string;
  /** Structured data for the page, built with src/lib/structuredData.ts. */
  jsonLd?: JsonLd;
  /** A page that shows another page's content names that page as canonical (/blog/ -> /). */
  canonicalPath?: string;
  noindex?: boolean;
  /** Stylesheets only this page needs, such as KaTeX's on pages with math. */
  stylesheets?: readonly string[];
}

/**
 * Every head tag of every page. Helmet rather than Gatsby's Head export:
 * Head gets no React context, so translations do not work inside it.
 * gatsby-plugin-react-helmet writes these tags into the static HTML, and
 * Helmet refreshes them on client-side navigation.
 */
export function Seo({ title, description, jsonLd, canonicalPath, noindex = false, stylesheets = [] }: Props): React.JSX.Element {
  const { language, originalPath } = useSiteLanguage();
  const { canonical, alternates } = headLinks(siteConfig.siteUrl, language, canonicalPath ?? originalPath);
  const fullTitle = documentTitle(title, siteConfig.productName);
  return (
    <Helmet htmlAttributes={{ lang: language }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="canonical" href={canonical} />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteConfig.productName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={LOCALE_TAGS[language].replace('-', '_')} />
      {LANGUAGES.filter((lang) => lang !== language).map((lang) => (
        <meta key={lang} property="og:locale:alternate" content={LOCALE_TAGS[lang].replace('-', '_')} />
      ))}
      <meta name="twitter:card" content="summary" />
      {jsonLd && <script type="application/ld+json">{serializeJsonLd(jsonLd)}</script>}
    </Helmet>
  );
}

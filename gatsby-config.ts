import type { Application } from 'express';
import type { GatsbyConfig } from 'gatsby';
import { chromiumRequired, configMode, siteConfig } from './src/lib/config';
import { I18NEXT_OPTIONS } from './src/build/i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './src/lib/languages';
import { manifestOptions } from './src/build/manifest';
import { remoteReadmeUrls } from './src/build/content';
import { FRONTMATTER_ENGINES } from './src/build/frontmatterParser';
import { SITEMAP_QUERY, resolveSitemapPages, sitemapEntry, type SitemapPage } from './src/lib/sitemap';
import { KATEX_STYLESHEET } from './gatsby/katexStylesheet';
import { readLocaleString } from './node/localeFiles';
import { feedOptions } from './gatsby/feeds';
import { REMARK_PLUGINS } from './plugins/order';
import { MEDIA_FOLDER } from './plugins/stockpay-remark-images/paths';
import { servePublishedStatic } from './gatsby/staticImages';

// A README fetched from elsewhere replaces the local file of its language.
const remoteReadmes = Object.keys(remoteReadmeUrls(process.env)).map((language) => `**/docs/${language}/readme.md`);

// A production `gatsby build` (no SITE_ENV=local) with a variable unset, plain
// http, on loopback or a placeholder stops at its start, naming each
// (src/lib/config.ts, gatsby/onPreBootstrap.ts). Without Chromium a local
// build shows diagrams as their source; a production build fails.
const mode = configMode(process.env);
const mermaidOptions = { withoutChromium: chromiumRequired(mode) ? 'fail' : 'source' };

// The manifest describes the product in each language with the footer's sentence.
const descriptions = Object.fromEntries(
  LANGUAGES.map((language) => [language, readLocaleString(__dirname, language, 'common', 'footer.description', siteConfig.productName)]),
) as Record<Language, string>;

// Every page's address ends in a slash (/docs/, /bg/blog/); Gatsby and the i18n plugin must agree on it.
const TRAILING_SLASH = 'always';

const gatsbyConfig: GatsbyConfig = {
  siteMetadata: {
    siteUrl: siteConfig.siteUrl,
    title: siteConfig.productName,
    katexStylesheet: KATEX_STYLESHEET,
  },
  // src/gatsby-types.d.ts is committed so 'tsc' runs before the first build; builds keep it fresh.
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts', generateOnBuild: true },
  trailingSlash: TRAILING_SLASH,
  // `gatsby develop` serves static/'s files as a build publishes them (its images re-encoded), ahead of Gatsby's own copies.
  developMiddleware: (app: Application) => {
    app.use(servePublishedStatic(__dirname));
  },
  plugins: [
    'stockpay-helmet',
    'gatsby-plugin-catch-links',
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: `${__dirname}/locales` },
    },
    {
      resolve: 'gatsby-source-filesystem',
      // Not the media folder: its uploads are read by the image step (node/images.ts), never sourced or published as they are.
      options: { name: 'content', path: `${__dirname}/content`, ignore: ['**/*.json', `${__dirname}/${MEDIA_FOLDER}/**`, ...remoteReadmes] },
    },
    {
      resolve: 'stockpay-transformer-remark',
      options: {
        // gray-matter's languages: YAML read as data only, every other one
        // refused (src/build/frontmatterParser.ts). gatsby-transformer-remark
        // passes them to gray-matter; its wrapper declares the option.
        engines: FRONTMATTER_ENGINES,
        // Local plugins live in plugins/, named stockpay-remark-* so they are not
        // taken for npm packages, in the order of plugins/order.js. The HTML all
        // of them make passes the markup boundary (gatsby/createResolvers.ts).
        plugins: REMARK_PLUGINS.map((name) => (name === 'stockpay-remark-mermaid' ? { resolve: name, options: mermaidOptions } : name)),
      },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: [...LANGUAGES],
        defaultLanguage: DEFAULT_LANGUAGE,
        // Unprefixed English pages and /en/ copies; no browser-language redirect.
        generateDefaultLanguagePage: true,
        redirect: false,
        siteUrl: siteConfig.siteUrl,
        trailingSlash: TRAILING_SLASH,
        i18nextOptions: I18NEXT_OPTIONS,
      },
    },
    {
      // public/sitemap-index.xml and the sitemap file(s) it names; robots.txt
      // (gatsby/onPostBuild.ts) points at the index. src/lib/sitemap.ts picks
      // the canonical pages and gives each the alternates of its <head>.
      resolve: 'gatsby-plugin-sitemap',
      options: {
        query: SITEMAP_QUERY,
        resolveSiteUrl: () => siteConfig.siteUrl,
        resolvePages: resolveSitemapPages,
        serialize: (page: SitemapPage) => sitemapEntry(siteConfig.siteUrl, page),
      },
    },
    {
      // /rss.xml and /bg/rss.xml: each language's posts (gatsby/feeds.ts).
      resolve: 'gatsby-plugin-feed',
      options: feedOptions(__dirname, siteConfig.siteUrl, siteConfig.productName),
    },
    {
      resolve: 'gatsby-plugin-manifest',
      options: manifestOptions({ productName: siteConfig.productName, descriptions }),
    },
  ],
};

export default gatsbyConfig;

import type { Application } from 'express';
import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';
import { chromiumRequired, configMode, siteConfig } from './features/site/settings';
import { I18NEXT_OPTIONS } from './features/i18n/i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './features/site/languages';
import { manifestOptions } from './features/seo/manifest';
import { buildEnvironment, remoteReadmeUrls } from './features/site/settings.node';
import { FRONTMATTER_ENGINES } from './features/content/frontmatterParser';
import { SITEMAP_QUERY, resolveSitemapPages, sitemapEntry, type SitemapPage } from './features/seo/sitemap';
import { KATEX_STYLESHEET } from './features/markdown/katexStylesheet.node';
import { readLocaleString } from './features/i18n/localeFiles.node';
import { feedOptions } from './features/blog/feeds.node';
import { REMARK_PLUGINS, REMARK_PLUGIN_FOLDERS, TRANSFORMER_FOLDER } from './features/markdown/order';
import { MEDIA_FOLDER } from './features/images/paths';
import { servePublishedStatic } from './features/images/staticImages.node';
import { pathProblem } from './features/content/contentTree.node';
import { BRAND_IMAGE_FILES } from './features/share-cards/brandImageFiles';

// A README fetched from elsewhere replaces the local file of its language.
const remoteReadmes = Object.keys(remoteReadmeUrls(buildEnvironment())).map((language) => `**/docs/${language}/readme.md`);

// A production `gatsby build` (no SITE_ENV=local) with a variable unset, plain
// http, on loopback or a placeholder stops at its start, naming each
// (features/site/settings.ts, gatsby/onPreBootstrap.ts). Without Chromium a local
// build shows diagrams as their source; a production build fails.
const mode = configMode(buildEnvironment());
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
    app.use(servePublishedStatic(__dirname, (source) => pathProblem(__dirname, source, new Set(BRAND_IMAGE_FILES))));
  },
  plugins: [
    // Helmet's tags into each page's static head, before the other plugins' tags.
    path.join(__dirname, 'features', 'seo', 'helmet'),
    'gatsby-plugin-catch-links',
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: `${__dirname}/locales` },
    },
    {
      resolve: 'gatsby-source-filesystem',
      // Not the media folder: its uploads are read by the image step (features/images/pipeline.node.ts), never sourced or published as they are.
      options: { name: 'content', path: `${__dirname}/content`, ignore: ['**/*.json', `${__dirname}/${MEDIA_FOLDER}/**`, ...remoteReadmes] },
    },
    {
      resolve: path.join(__dirname, TRANSFORMER_FOLDER),
      options: {
        // gray-matter's languages: YAML read as data only, every other one
        // refused. gatsby-transformer-remark
        // passes them to gray-matter; its wrapper declares the option.
        engines: FRONTMATTER_ENGINES,
        // The site's own plugins, by folder, in their order. The HTML all of
        // them make passes the markup boundary (gatsby/createResolvers.ts).
        plugins: REMARK_PLUGINS.map((name) => ({
          resolve: path.join(__dirname, REMARK_PLUGIN_FOLDERS[name]),
          ...(name === 'stockpay-remark-mermaid' ? { options: mermaidOptions } : {}),
        })),
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
      // (gatsby/onPostBuild.ts) points at the index. features/seo/sitemap.ts picks
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
      // /rss.xml and /bg/rss.xml: each language's posts.
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

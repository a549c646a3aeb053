/**
 * gatsby-plugin-manifest's options: public/manifest.webmanifest for English
 * and, through its `localize` option, manifest_<lang>.webmanifest for every
 * other language, linked from the pages under that language's prefix. The
 * plugin also writes <link rel="manifest"> and <meta name="theme-color">
 * into every page's static HTML.
 */
import { BRAND_COLORS } from '../site/brand';
import { manifestIcons } from '../share-cards/icons';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../site/languages';

export interface ManifestText {
  productName: string;
  /** One sentence about the product in each language. */
  descriptions: Record<Language, string>;
}

// Type aliases, not interfaces: plugin options must fit Gatsby's index-signature type.
type LocalizedManifest = {
  lang: Language;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
};

export type ManifestOptions = LocalizedManifest & {
  scope: string;
  display: 'minimal-ui';
  background_color: string;
  theme_color: string;
  icons: ReturnType<typeof manifestIcons>;
  localize: LocalizedManifest[];
  legacy: boolean;
  include_favicon: boolean;
  theme_color_in_head: boolean;
  cache_busting_mode: 'none';
};

/** The languages with a manifest of their own; the default language's is the plain one. */
const LOCALIZED_LANGUAGES = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);

function localized(text: ManifestText, lang: Language): LocalizedManifest {
  return {
    lang,
    // The product's name is a brand: the same in every language.
    name: text.productName,
    short_name: text.productName,
    description: text.descriptions[lang],
    start_url: lang === DEFAULT_LANGUAGE ? '/' : `/${lang}/`,
  };
}

export function manifestOptions(text: ManifestText): ManifestOptions {
  return {
    ...localized(text, DEFAULT_LANGUAGE),
    // Every language's pages belong to one app, so switching language stays inside it.
    scope: '/',
    // Keeps back and reload: visitors move between the site and the separate application.
    display: 'minimal-ui',
    background_color: BRAND_COLORS.white,
    theme_color: BRAND_COLORS.brand,
    icons: manifestIcons(),
    localize: LOCALIZED_LANGUAGES.map((lang) => localized(text, lang)),
    // The icons are drawn by features/share-cards/brandImages.node.tsx, and Seo links the one
    // Apple touch icon and the favicons; the plugin only writes the manifest.
    legacy: false,
    include_favicon: false,
    theme_color_in_head: true,
    cache_busting_mode: 'none',
  };
}

/** The files the plugin writes with these options: public/manifest.webmanifest, and manifest_<lang>.webmanifest for each localized language. */
export const MANIFEST_FILES: readonly string[] = ['/manifest.webmanifest', ...LOCALIZED_LANGUAGES.map((lang) => `/manifest_${lang}.webmanifest`)];

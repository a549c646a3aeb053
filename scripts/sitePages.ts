/**
 * The pages the quality budgets measure: every route in both languages, and
 * each language's not-found page.
 * English is measured at its canonical unprefixed URL; the /en/ copies are
 * the same pages under another URL.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/lib/languages';

export const ROUTES = ['/', '/docs/', '/blog/', '/pricing/', '/contact/', '/privacy-policy/'] as const;

/**
 * The not-found page at its own address. Lighthouse refuses to audit a
 * document answered with status 404, and the page an unknown path gets is
 * this same file (scripts/staticServer.ts, README "Deploy").
 */
export const NOT_FOUND_PATH = '/404/';

export interface SitePage {
  /** '/', '/docs/', … or '404' */
  route: string;
  language: Language;
  /** Path on the site, with the language prefix. */
  path: string;
  notFound: boolean;
}

const withPrefix = (language: Language, path: string) => (language === DEFAULT_LANGUAGE ? path : `/${language}${path}`);

export function sitePages(): SitePage[] {
  return LANGUAGES.flatMap((language) => [
    ...ROUTES.map((route) => ({ route, language, path: withPrefix(language, route), notFound: false })),
    { route: '404', language, path: withPrefix(language, NOT_FOUND_PATH), notFound: true },
  ]);
}

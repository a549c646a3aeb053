/**
 * The pages the quality budgets measure: every route in both languages, and
 * each language's not-found page.
 * English is measured at its canonical unprefixed URL; the /en/ copies are
 * the same pages under another URL.
 */
import { LANGUAGES, localizedPath, type Language } from '../src/lib/languages';
import { NOT_FOUND_PATH, ROUTES } from '../src/lib/routes';

export interface SitePage {
  /** '/', '/docs/', … or '404' */
  route: string;
  language: Language;
  /** Path on the site, with the language prefix. */
  path: string;
  notFound: boolean;
}

/**
 * Every route in every language, then that language's not-found page.
 * Lighthouse refuses to audit a document answered with status 404, so the
 * not-found page is measured at its own address (NOT_FOUND_PATH).
 */
export function sitePages(): SitePage[] {
  // routed: false, so English keeps its canonical, unprefixed URL.
  return LANGUAGES.flatMap((language) => [
    ...ROUTES.map((route) => ({ route, language, path: localizedPath(language, route, false), notFound: false })),
    { route: '404', language, path: localizedPath(language, NOT_FOUND_PATH, false), notFound: true },
  ]);
}

/**
 * The site's languages, defined once and imported by gatsby-config, the
 * components and the tests alike. Adding one is its entry here (the records
 * below then fail to compile until they have it too) and its folders under
 * locales/ and content/; __tests__/languages.test.ts checks the rest.
 */
export const LANGUAGES = ['en', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Locale tags used where a region is expected (Open Graph, Intl). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };

/** The separate application's folder for each language (features/site/app.ts): English lives under en-US, Bulgarian under bg. */
export const APP_LOCALES: Record<Language, string> = { en: 'en-US', bg: 'bg' };

/**
 * The Unicode script each language is written in: a translated UI string
 * has letters of it (__tests__/locales.test.ts), so English left in place shows.
 */
export const WRITING_SYSTEMS: Record<Language, string> = { en: 'Latin', bg: 'Cyrillic' };

/** 'bg' -> 'Bulgarian', in English: what the CMS shows editors and the scripts print. */
export function languageName(language: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
}

/** Where each language's home page is on a server at `origin`, to print: "http://host/ (English), http://host/bg/ (Bulgarian)". */
export function languageHomes(origin: string): string {
  return LANGUAGES.map((language) => `${origin}${language === DEFAULT_LANGUAGE ? '/' : `/${language}/`} (${languageName(language)})`).join(', ');
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The languages a page is written in, from the i18n plugin's `languages`
 * (narrowed by features/blog/pages.node.ts for a post in fewer): the ones we offer,
 * or all of them when the value names none.
 */
export function languagesOf(value: unknown): Language[] {
  const offered = Array.isArray(value) ? value.filter(isLanguage) : [];
  return offered.length > 0 ? offered : [...LANGUAGES];
}

/** '/bg/pricing/' -> '/pricing/', '/en' -> '/', '/bgx/' stays '/bgx/'. */
export function stripLanguagePrefix(path: string): string {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(path);
  if (!match || !isLanguage(match[1])) return path || '/';
  const rest = path.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The path of `path` (language-less, starting with '/') in `language`.
 * English pages reached without a prefix keep linking without one; pages
 * under a language prefix (`routed`) keep their prefix.
 */
export function localizedPath(language: Language, path: string, routed: boolean): string {
  // One leading slash, always: '//evil.com' would be another site (a scheme-relative URL).
  const clean = `/${path.replace(/^[/\\]+/, '')}`;
  if (language === DEFAULT_LANGUAGE && !routed) return clean;
  return `/${language}${clean}`;
}

export interface LocationParts {
  pathname: string;
  search?: string;
  hash?: string;
}

/**
 * Where a page not written in a language sends that language's readers:
 * the section it belongs to ('/blog/a-post/' -> '/blog/'), or home.
 */
export function sectionOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments.length > 1 ? `/${segments[0]}/` : '/';
}

/**
 * Where the language switch goes: any language prefix removed from the
 * current path, then '/{lang}{path}'; when the page has no translation in
 * that language (`available`, a blog post in one language), that
 * language's section of the site instead. Null for a language we do not offer.
 */
export function languageSwitchTarget(language: unknown, location: LocationParts, available: readonly Language[] = LANGUAGES): string | null {
  if (!isLanguage(language)) return null;
  const path = stripLanguagePrefix(location.pathname);
  if (!available.includes(language)) return `/${language}${sectionOf(path)}`;
  return `/${language}${path}${location.search ?? ''}${location.hash ?? ''}`;
}

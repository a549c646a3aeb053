/**
 * The site's languages, defined once and imported by gatsby-config, the
 * components and the tests alike.
 */
export const LANGUAGES = ['en', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Locale tags used where a region is expected (Open Graph, Intl). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-US', bg: 'bg-BG' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
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
 * Where the language switch goes: any language prefix removed from the
 * current path, then '/{lang}{path}'. Null for a language we do not offer.
 */
export function languageSwitchTarget(language: unknown, location: LocationParts): string | null {
  if (!isLanguage(language)) return null;
  const path = stripLanguagePrefix(location.pathname);
  return `/${language}${path}${location.search ?? ''}${location.hash ?? ''}`;
}

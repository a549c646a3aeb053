import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../site/languages';

export interface AlternateLink {
  hrefLang: Language | 'x-default';
  href: string;
}

export interface HeadLinks {
  canonical: string;
  alternates: AlternateLink[];
}

/**
 * The public URL of a page in a language. English lives unprefixed (the
 * /en/ copies point their canonical there); every other language under
 * its own prefix, so a Bulgarian page never claims the English URL.
 */
export function pageUrl(siteUrl: string, language: Language, originalPath: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const path = originalPath.startsWith('/') ? originalPath : `/${originalPath}`;
  return language === DEFAULT_LANGUAGE ? `${origin}${path}` : `${origin}/${language}${path}`;
}

/**
 * The page's canonical URL and its alternates: one per language it is
 * written in (`languages`, every language but for a blog post in fewer),
 * and x-default, the default language's when it has one, else the page's own.
 */
export function headLinks(siteUrl: string, language: Language, originalPath: string, languages: readonly Language[] = LANGUAGES): HeadLinks {
  const written = LANGUAGES.filter((lang) => lang === language || languages.includes(lang));
  const fallback = written.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : language;
  return {
    canonical: pageUrl(siteUrl, language, originalPath),
    alternates: [
      ...written.map((lang) => ({ hrefLang: lang, href: pageUrl(siteUrl, lang, originalPath) })),
      { hrefLang: 'x-default' as const, href: pageUrl(siteUrl, fallback, originalPath) },
    ],
  };
}

/** '<page> | <product>', or the product alone when the page has no title of its own. */
export function documentTitle(pageTitle: string, productName: string): string {
  const title = pageTitle.trim();
  return title && title !== productName ? `${title} | ${productName}` : productName;
}

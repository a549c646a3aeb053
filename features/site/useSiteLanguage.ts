import { useContext } from 'react';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, languagesOf, type Language } from './languages';

export interface SiteLanguage {
  language: Language;
  /** True when the page lives under a language prefix (/en/..., /bg/...). */
  routed: boolean;
  /** The page's path without any language prefix, e.g. '/pricing/'. */
  originalPath: string;
  /** The languages this page is written in: all, but for a blog post without every translation. */
  languages: Language[];
}

/** The i18n plugin's page context, narrowed to the languages we offer. */
export function useSiteLanguage(): SiteLanguage {
  const context = useContext(I18nextContext);
  return {
    language: isLanguage(context.language) ? context.language : DEFAULT_LANGUAGE,
    routed: Boolean(context.routed),
    originalPath: context.originalPath || '/',
    languages: languagesOf(context.languages),
  };
}

/**
 * Renders a component the way a page does: i18next with the real locale
 * files and the i18n plugin's page context for the given language.
 */
import React from 'react';
import { render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../../features/site/languages';
import { I18NEXT_OPTIONS } from '../../features/i18n/i18next';
import { loadLocales } from './locales';

interface Options {
  language?: Language;
  originalPath?: string;
  routed?: boolean;
  /** The languages the page is written in (a blog post may lack some); all by default. */
  languages?: Language[];
  /** Hydrate server-rendered markup already in this container. */
  container?: HTMLElement;
  hydrate?: boolean;
}

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: loadLocales(),
    defaultNS: 'common',
    ...I18NEXT_OPTIONS,
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** The element a page renders: `ui` inside i18next and the i18n plugin's context. */
export function withI18n(ui: React.ReactElement, options: Options = {}): React.ReactElement {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const originalPath = options.originalPath ?? '/';
  const routed = options.routed ?? language !== DEFAULT_LANGUAGE;
  const context = {
    language,
    languages: options.languages ?? [...LANGUAGES],
    defaultLanguage: DEFAULT_LANGUAGE,
    generateDefaultLanguagePage: true,
    routed,
    originalPath,
    path: routed ? `/${language}${originalPath}` : originalPath,
  };
  return (
    <I18nextProvider i18n={createI18n(language)}>
      <I18nextContext.Provider value={context}>{ui}</I18nextContext.Provider>
    </I18nextProvider>
  );
}

export function renderWithI18n(ui: React.ReactElement, options: Options = {}): RenderResult {
  return render(withI18n(ui, options), { container: options.container, hydrate: options.hydrate });
}

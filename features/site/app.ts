import { APP_LOCALES, type Language } from './languages';

/** A URL inside the separate application, in the visitor's language. */
export function appUrl(appBase: string, language: Language, path = ''): string {
  const base = appBase.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  return `${base}/${APP_LOCALES[language]}/${rest}`;
}

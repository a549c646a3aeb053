import type { Language } from './languages';

/** The application's own locale folders: English lives under en-US, Bulgarian under bg. */
const APP_LOCALE_PATH: Record<Language, string> = { en: 'en-US', bg: 'bg' };

/** A URL inside the separate application, in the visitor's language. */
export function appUrl(appBase: string, language: Language, path = ''): string {
  const base = appBase.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  return `${base}/${APP_LOCALE_PATH[language]}/${rest}`;
}

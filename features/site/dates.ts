import { LOCALE_TAGS, type Language } from './languages';

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A day as a visitor reads it in their language ('September 15, 2026',
 * '15 септември 2026 г.'), from a date (2026-09-15) or a timestamp. In UTC,
 * so the page the build wrote and the page the browser renders over it say
 * the same day.
 */
export function longDate(value: string, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'UTC' });
    formats.set(language, format);
  }
  return format.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value));
}

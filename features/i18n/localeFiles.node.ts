import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '../site/languages';
import { localeString } from './localeText';
import type { LocaleStrings } from './localeText';
import { readLocaleFile } from './locales.node';

/**
 * Reads one string of locales/<lang>/<ns>.json for build-time code (the
 * share images, the web manifest, the feeds), {{product}} filled in.
 */
export function readLocaleString(directory: string, language: Language, ns: string, key: string, productName: string): string {
  return localeString(readLocaleFile(directory, language, ns), key, productName, `locales/${language}/${ns}.json`);
}

/** The default language's UI string files by namespace: the CMS's fields for every language. */
export function readNamespaces(directory: string): Record<string, LocaleStrings> {
  return Object.fromEntries(
    readdirSync(path.join(directory, 'locales', DEFAULT_LANGUAGE))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const namespace = name.slice(0, -'.json'.length);
        return [namespace, readLocaleFile(directory, DEFAULT_LANGUAGE, namespace) as LocaleStrings];
      }),
  );
}

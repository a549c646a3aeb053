import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/lib/languages';
import { localeString } from '../src/lib/localeText';

/**
 * Reads one string of locales/<lang>/<ns>.json for build-time code (the
 * share images, the web manifest), {{product}} filled in.
 */
export function readLocaleString(directory: string, language: Language, ns: string, key: string, productName: string): string {
  const file = path.join('locales', language, `${ns}.json`);
  const tree: unknown = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
  return localeString(tree, key, productName, file);
}

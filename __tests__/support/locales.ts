import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Resource } from 'i18next';
import { LANGUAGES } from '../../features/site/languages';

export const LOCALES_DIR = path.join(__dirname, '..', '..', 'locales');

/** Every locales/<lang>/<ns>.json file, as i18next resources. */
export function loadLocales(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const file of readdirSync(path.join(LOCALES_DIR, language)).filter((f) => f.endsWith('.json'))) {
      resources[language][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, file), 'utf8'));
    }
  }
  return resources;
}

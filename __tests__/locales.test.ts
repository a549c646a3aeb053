import { DEFAULT_LANGUAGE, LANGUAGES, WRITING_SYSTEMS } from '../features/site/languages';
import { loadLocales } from './support/locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const resources = loadLocales();
/** The default language's files are the contract (src/types/i18next.d.ts types them). */
const namespaces = Object.keys(resources[DEFAULT_LANGUAGE]);
const strings = (language: string, ns: string) => flatten(resources[language][ns] as Tree);
const translations = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);
/** Strings that are the same in every language on purpose. */
const SAME_EVERYWHERE = new Set(['common:notFound.code', 'pricing:period.discount']);
const cases = translations.flatMap((language) => namespaces.map((ns) => [language, ns] as const));

describe('locales', () => {
  it.each(translations)('%s has the same files as the default language', (language) => {
    expect(Object.keys(resources[language]).sort()).toEqual([...namespaces].sort());
  });

  it.each(cases)("%s/%s.json has exactly the default language's keys, none empty", (language, ns) => {
    const original = strings(DEFAULT_LANGUAGE, ns);
    const translated = strings(language, ns);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(original).sort());
    for (const value of [...Object.values(original), ...Object.values(translated)]) expect(value.trim()).not.toBe('');
  });

  it('has no string that starts or ends with whitespace, in any language', () => {
    // Nothing trims them for display. (SPEC section 5 quotes the contact form's
    // errors with a space either side; the page has always shown them without.)
    const padded = Object.entries(resources).flatMap(([language, files]) =>
      Object.entries(files).flatMap(([ns, tree]) =>
        Object.entries(flatten(tree as Tree))
          .filter(([, value]) => value !== value.trim())
          .map(([key, value]) => `${language}/${ns}.json ${key}: ${JSON.stringify(value)}`),
      ),
    );
    expect(padded).toEqual([]);
  });

  it.each(cases)('%s/%s.json is translated, not the default language left in place', (language, ns) => {
    const original = strings(DEFAULT_LANGUAGE, ns);
    const translated = strings(language, ns);
    const untranslated = Object.keys(original).filter((key) => !SAME_EVERYWHERE.has(`${ns}:${key}`) && original[key] === translated[key]);
    expect(untranslated).toEqual([]);
    // A translated string has letters of its language's script (Cyrillic for Bulgarian).
    const script = new RegExp(`\\p{Script=${WRITING_SYSTEMS[language]}}`, 'u');
    const outsideScript = Object.keys(translated).filter((key) => !SAME_EVERYWHERE.has(`${ns}:${key}`) && !script.test(translated[key]));
    expect(outsideScript).toEqual([]);
  });

  it.each(cases)('%s/%s.json has the same placeholders as the default language', (language, ns) => {
    const original = strings(DEFAULT_LANGUAGE, ns);
    const translated = strings(language, ns);
    const tokens = (text: string) => (text.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
    for (const key of Object.keys(original)) expect([key, tokens(translated[key] ?? '')]).toEqual([key, tokens(original[key])]);
  });
});

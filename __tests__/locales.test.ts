import { loadLocales } from './support/locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const resources = loadLocales();
const namespaces = Object.keys(resources.en);
/** Strings that are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set(['common:notFound.code', 'pricing:period.discount']);

describe('locales', () => {
  it('has the same files for every language', () => {
    expect(Object.keys(resources.bg).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s: bg has exactly the keys of en, none empty', (ns) => {
    const en = flatten(resources.en[ns] as Tree);
    const bg = flatten(resources.bg[ns] as Tree);
    expect(Object.keys(bg).sort()).toEqual(Object.keys(en).sort());
    for (const value of [...Object.values(en), ...Object.values(bg)]) expect(value.trim()).not.toBe('');
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

  it.each(namespaces)('%s: Bulgarian is translated, not English left in place', (ns) => {
    const en = flatten(resources.en[ns] as Tree);
    const bg = flatten(resources.bg[ns] as Tree);
    const untranslated = Object.keys(en).filter((key) => !SAME_IN_BOTH.has(`${ns}:${key}`) && en[key] === bg[key]);
    expect(untranslated).toEqual([]);
    const withoutCyrillic = Object.keys(bg).filter((key) => !SAME_IN_BOTH.has(`${ns}:${key}`) && !/[а-яА-Я]/.test(bg[key]));
    expect(withoutCyrillic).toEqual([]);
  });

  it.each(namespaces)('%s: placeholders match between languages', (ns) => {
    const en = flatten(resources.en[ns] as Tree);
    const bg = flatten(resources.bg[ns] as Tree);
    const tokens = (text: string) => (text.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
    for (const key of Object.keys(en)) expect([key, tokens(bg[key] ?? '')]).toEqual([key, tokens(en[key])]);
  });
});

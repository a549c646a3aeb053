import { localeString } from '../../features/i18n/localeText';

const tree = { hero: { headline: 'Made Simple', try: 'Try {{product}} for free' }, empty: '  ', count: 3 };

describe('localeString', () => {
  it('reads a dotted key and fills in the product name', () => {
    expect(localeString(tree, 'hero.headline', 'StockPay', 'home.json')).toBe('Made Simple');
    expect(localeString(tree, 'hero.try', 'Shelfwise', 'home.json')).toBe('Try Shelfwise for free');
  });

  it('names the file and key of a string that is missing, empty or not a string', () => {
    for (const key of ['hero.lead', 'hero', 'empty', 'count', 'hero.headline.more', 'toString', 'constructor.name']) {
      expect(() => localeString(tree, key, 'StockPay', 'locales/en/home.json')).toThrow(`locales/en/home.json: no text at "${key}"`);
    }
    expect(() => localeString(null, 'a', 'StockPay', 'x.json')).toThrow('x.json: no text at "a"');
  });
});

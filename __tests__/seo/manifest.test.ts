import { LANGUAGES, type Language } from '../../features/site/languages';
import { manifestOptions } from '../../features/seo/manifest';

const DESCRIPTIONS: Partial<Record<Language, string>> = { en: 'Inventory and payments.', bg: 'Наличности и плащания.' };
const text = {
  productName: 'StockPay',
  descriptions: Object.fromEntries(LANGUAGES.map((language) => [language, DESCRIPTIONS[language] ?? `About ${language}`])) as Record<Language, string>,
};

describe('manifestOptions', () => {
  it('describes the English app, in the brand colours, with the drawn icons', () => {
    const options = manifestOptions(text);
    expect(options).toMatchObject({
      lang: 'en',
      name: 'StockPay',
      short_name: 'StockPay',
      description: 'Inventory and payments.',
      start_url: '/',
      scope: '/',
      display: 'minimal-ui',
      background_color: '#ffffff',
      theme_color: '#15803d',
    });
    expect(options.icons.map((icon) => icon.src)).toEqual(['/icons/icon-192x192.png', '/icons/icon-512x512.png', '/icons/maskable-512x512.png']);
  });

  it('localizes a Bulgarian manifest for the pages under /bg/', () => {
    expect(manifestOptions(text).localize).toEqual(
      expect.arrayContaining([{ lang: 'bg', name: 'StockPay', short_name: 'StockPay', description: 'Наличности и плащания.', start_url: '/bg/' }]),
    );
    expect(manifestOptions(text).localize.map((entry) => entry.lang)).toEqual(LANGUAGES.filter((language) => language !== 'en'));
  });

  it('follows the product name', () => {
    const options = manifestOptions({ ...text, productName: 'Shelfwise' });
    expect([options.name, options.short_name, options.localize[0].name]).toEqual(['Shelfwise', 'Shelfwise', 'Shelfwise']);
  });

  it('leaves icon generation and icon links to the site, and keeps theme-color in the head', () => {
    expect(manifestOptions(text)).toMatchObject({ legacy: false, include_favicon: false, theme_color_in_head: true, cache_busting_mode: 'none' });
    expect(manifestOptions(text)).not.toHaveProperty('icon');
  });
});

import { LANGUAGES } from '../../features/site/languages';
import { documentTitle, headLinks, pageUrl } from '../../features/seo/seo';
import { serializeJsonLd } from '../../features/site/html';

const SITE = 'https://www.example.com';

describe('pageUrl', () => {
  it('puts English at the unprefixed URL', () => {
    expect(pageUrl(SITE, 'en', '/pricing/')).toBe('https://www.example.com/pricing/');
    expect(pageUrl(`${SITE}/`, 'en', '/')).toBe('https://www.example.com/');
  });
  it('puts Bulgarian under /bg/', () => {
    expect(pageUrl(SITE, 'bg', '/pricing/')).toBe('https://www.example.com/bg/pricing/');
    expect(pageUrl(SITE, 'bg', 'docs/')).toBe('https://www.example.com/bg/docs/');
  });
});

describe('headLinks', () => {
  it('lists only the languages a page is written in, x-default the default language when it is one of them', () => {
    expect(headLinks(SITE, 'bg', '/blog/only-bg/', ['bg']).alternates).toEqual([
      { hrefLang: 'bg', href: `${SITE}/bg/blog/only-bg/` },
      { hrefLang: 'x-default', href: `${SITE}/bg/blog/only-bg/` },
    ]);
    expect(headLinks(SITE, 'en', '/blog/only-en/', ['en']).alternates.map((a) => a.hrefLang)).toEqual(['en', 'x-default']);
    expect(headLinks(SITE, 'bg', '/blog/both/', ['bg', 'en']).alternates.map((a) => a.hrefLang)).toEqual(['en', 'bg', 'x-default']);
    // A page always names itself.
    expect(headLinks(SITE, 'bg', '/blog/x/', []).alternates.map((a) => a.hrefLang)).toEqual(['bg', 'x-default']);
  });

  it('gives a Bulgarian page its own canonical, an alternate per language and x-default', () => {
    const { canonical, alternates } = headLinks(SITE, 'bg', '/contact/');
    expect(canonical).toBe('https://www.example.com/bg/contact/');
    expect(alternates.map((link) => link.hrefLang)).toEqual([...LANGUAGES, 'x-default']);
    expect(alternates).toEqual(
      expect.arrayContaining([
        { hrefLang: 'en', href: 'https://www.example.com/contact/' },
        { hrefLang: 'bg', href: 'https://www.example.com/bg/contact/' },
        { hrefLang: 'x-default', href: 'https://www.example.com/contact/' },
      ]),
    );
  });
  it('gives an English page the unprefixed canonical', () => {
    expect(headLinks(SITE, 'en', '/').canonical).toBe('https://www.example.com/');
  });
});

describe('documentTitle', () => {
  it('appends the product name', () => {
    expect(documentTitle('Pricing', 'StockPay')).toBe('Pricing | StockPay');
  });
  it('does not repeat the product name', () => {
    expect(documentTitle('StockPay', 'StockPay')).toBe('StockPay');
    expect(documentTitle('  ', 'StockPay')).toBe('StockPay');
  });
});

describe('serializeJsonLd', () => {
  it('round-trips through JSON.parse', () => {
    const data = { '@type': 'WebPage', name: 'Inventory & "Payments"', n: 1 };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
  it('cannot close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
  it('escapes the JavaScript line separators', () => {
    expect(serializeJsonLd({ s: 'a\u2028b\u2029c' })).toBe('{"s":"a\\u2028b\\u2029c"}');
  });
});

import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  languageHomes,
  languageName,
  languageSwitchTarget,
  languagesOf,
  localizedPath,
  sectionOf,
  stripLanguagePrefix,
} from '../../features/site/languages';

describe('languages', () => {
  it('offers English, the default, and Bulgarian', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(['en', 'bg']));
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each([
    ['en', true],
    ['bg', true],
    ['fr', false],
    ['EN', false],
    ['', false],
    [undefined, false],
    [null, false],
    [42, false],
  ])('isLanguage(%p) is %p', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it('names a language in English for editors and console messages', () => {
    expect(languageName('bg')).toBe('Bulgarian');
    expect(languageName('en')).toBe('English');
  });

  it("prints each language's home page on a server, the default one unprefixed", () => {
    expect(languageHomes('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000/ (English), http://127.0.0.1:9000/bg/ (Bulgarian)');
  });
});

describe('stripLanguagePrefix', () => {
  it.each([
    ['/bg/pricing/', '/pricing/'],
    ['/en/pricing/', '/pricing/'],
    ['/pricing/', '/pricing/'],
    ['/bg/', '/'],
    ['/bg', '/'],
    ['/en', '/'],
    ['/', '/'],
    ['', '/'],
    ['/bgx/', '/bgx/'],
    ['/fr/pricing/', '/fr/pricing/'],
    ['/bg/bg/x', '/bg/x'],
    ['/blog/', '/blog/'],
  ])('%p -> %p', (path, expected) => {
    expect(stripLanguagePrefix(path)).toBe(expected);
  });
});

describe('localizedPath', () => {
  it('keeps English unprefixed on unprefixed pages', () => {
    expect(localizedPath('en', '/docs/', false)).toBe('/docs/');
  });
  it('keeps the /en/ prefix on /en/ pages', () => {
    expect(localizedPath('en', '/docs/', true)).toBe('/en/docs/');
  });
  it('always prefixes Bulgarian', () => {
    expect(localizedPath('bg', '/docs/#faq', true)).toBe('/bg/docs/#faq');
    expect(localizedPath('bg', '/', false)).toBe('/bg/');
  });
  it('adds a missing leading slash', () => {
    expect(localizedPath('bg', 'contact/', true)).toBe('/bg/contact/');
  });
  it('collapses leading slashes, so a path never becomes another site', () => {
    expect(localizedPath('en', '//evil.com', false)).toBe('/evil.com');
    expect(localizedPath('en', '///evil.com/x', false)).toBe('/evil.com/x');
    expect(localizedPath('en', '/\\evil.com', false)).toBe('/evil.com');
    expect(localizedPath('bg', '//evil.com', true)).toBe('/bg/evil.com');
    expect(localizedPath('en', '', false)).toBe('/');
  });
});

describe('languagesOf', () => {
  it("keeps the offered languages of the plugin's list, and gives all of them for anything else", () => {
    expect(languagesOf(['bg'])).toEqual(['bg']);
    expect(languagesOf(['fr', 'en', 3])).toEqual(['en']);
    expect(languagesOf([])).toEqual([...LANGUAGES]);
    expect(languagesOf(['fr'])).toEqual([...LANGUAGES]);
    expect(languagesOf(undefined)).toEqual([...LANGUAGES]);
  });
});

describe('sectionOf', () => {
  it('gives the section of a page below one, else home', () => {
    expect(sectionOf('/blog/a-post/')).toBe('/blog/');
    expect(sectionOf('/blog/page/2/')).toBe('/blog/');
    expect(sectionOf('/blog/')).toBe('/');
    expect(sectionOf('/')).toBe('/');
  });
});

describe('languageSwitchTarget', () => {
  it("leads to the language's section when the page is not written in that language", () => {
    expect(languageSwitchTarget('en', { pathname: '/bg/blog/only-bg/', hash: '#x' }, ['bg'])).toBe('/en/blog/');
    expect(languageSwitchTarget('bg', { pathname: '/blog/only-en/' }, ['en'])).toBe('/bg/blog/');
    expect(languageSwitchTarget('bg', { pathname: '/blog/both/', search: '?a=1' }, ['en', 'bg'])).toBe('/bg/blog/both/?a=1');
    expect(languageSwitchTarget('bg', { pathname: '/bg/blog/only-bg/' }, ['bg'])).toBe('/bg/blog/only-bg/');
  });

  it('removes any prefix and puts the new language first', () => {
    expect(languageSwitchTarget('bg', { pathname: '/pricing/' })).toBe('/bg/pricing/');
    expect(languageSwitchTarget('en', { pathname: '/bg/pricing/' })).toBe('/en/pricing/');
    expect(languageSwitchTarget('bg', { pathname: '/en/docs/' })).toBe('/bg/docs/');
    expect(languageSwitchTarget('bg', { pathname: '/' })).toBe('/bg/');
  });
  it('keeps the query and the anchor', () => {
    expect(languageSwitchTarget('en', { pathname: '/bg/docs/', search: '?q=1', hash: '#faq' })).toBe('/en/docs/?q=1#faq');
  });
  it.each(['fr', 'EN', '', null, undefined, 1])('refuses %p', (language) => {
    expect(languageSwitchTarget(language, { pathname: '/pricing/' })).toBeNull();
  });
});

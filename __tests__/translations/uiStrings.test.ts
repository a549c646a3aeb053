/**
 * The UI strings' translation status (features/translations/uiStrings.ts):
 * a key whose English changed after its Bulgarian is named, as a changed
 * heading is in a page; a missing key is named too; the records live in
 * one file, by language and namespace.
 */
import { stringEntries, stringSections, uiRecords, uiStringsStatus } from '../../features/translations/uiStrings';
import { UI_RECORDS_FILE } from '../../features/translations/recordField';
import { writeRecord } from '../../features/translations/record';

const ENGLISH = { nav: { home: 'Home', pricing: 'Pricing' }, launchApp: 'Launch app' };
const BULGARIAN = { nav: { home: 'Начало', pricing: 'Цени' }, launchApp: 'Към приложението' };
const copies = (english: unknown = ENGLISH, bulgarian: unknown = BULGARIAN) => ({
  en: { file: 'locales/en/common.json', tree: english },
  bg: { file: 'locales/bg/common.json', tree: bulgarian },
});
const marked = writeRecord('en', stringSections(ENGLISH));

describe('the strings of a UI string file', () => {
  it('are its keys, dotted, with their text, in the order of the file', () => {
    expect(stringEntries(ENGLISH)).toEqual([
      ['nav.home', 'Home'],
      ['nav.pricing', 'Pricing'],
      ['launchApp', 'Launch app'],
    ]);
    expect(stringEntries('not an object')).toEqual([]);
  });

  it('fingerprint a key and its text: white space does not count, the text and the key do', () => {
    const [home] = stringSections({ nav: { home: 'Home' } });
    expect(stringSections({ nav: { home: '  Home\n' } })[0].fingerprint).toBe(home.fingerprint);
    expect(stringSections({ nav: { home: 'Start' } })[0].fingerprint).not.toBe(home.fingerprint);
    expect(stringSections({ menu: { home: 'Home' } })[0].fingerprint).not.toBe(home.fingerprint);
    expect(home.heading).toBe('nav.home');
  });
});

describe('the status of a namespace', () => {
  it('is up to date when the Bulgarian file was marked against the English as it is', () => {
    expect(uiStringsStatus('common', copies(), { bg: marked })).toEqual({
      entry: 'locales/common',
      original: 'en',
      copies: { en: { state: 'original' }, bg: { state: 'up to date', original: 'en' } },
    });
  });

  it('names each key whose English changed since, and each key the Bulgarian lacks', () => {
    const english = { ...ENGLISH, nav: { ...ENGLISH.nav, pricing: 'Plans and pricing' }, contact: 'Contact' };
    expect(uiStringsStatus('common', copies(english), { bg: marked }).copies.bg).toEqual({
      state: 'behind',
      original: 'en',
      changed: ['nav.pricing', 'contact (missing)'],
      removed: 0,
      recorded: true,
    });
    const { launchApp: _dropped, ...without } = BULGARIAN;
    expect(uiStringsStatus('common', copies(ENGLISH, without), { bg: marked }).copies.bg).toEqual({
      state: 'behind',
      original: 'en',
      changed: ['launchApp (missing)'],
      removed: 0,
      recorded: true,
    });
  });

  it('counts an English key removed since as a removed section', () => {
    const { launchApp: _removed, ...english } = ENGLISH;
    expect(uiStringsStatus('common', copies(english), { bg: marked }).copies.bg).toEqual({ state: 'behind', original: 'en', changed: [], removed: 1, recorded: true });
  });

  it('is behind, never marked, without a record, and missing without a file', () => {
    expect(uiStringsStatus('common', copies(), {}).copies.bg).toMatchObject({ state: 'behind', recorded: false });
    expect(uiStringsStatus('common', { en: copies().en }, {}).copies.bg).toEqual({ state: 'missing', original: 'en' });
  });

  it('refuses a malformed record, one that names another original, and a namespace without its English file, naming the place', () => {
    expect(() => uiStringsStatus('common', copies(), { bg: 'en nothex' })).toThrow(`${UI_RECORDS_FILE}, bg.common: must be`);
    expect(() => uiStringsStatus('common', copies(), { bg: writeRecord('bg', stringSections(ENGLISH)) })).toThrow(
      `${UI_RECORDS_FILE}, bg.common: names bg as the original; UI strings are translated from English`,
    );
    expect(() => uiStringsStatus('common', { bg: copies().bg }, {})).toThrow('locales/en/common.json is missing');
  });
});

describe('the records file', () => {
  it('maps each translated language to its namespaces’ records', () => {
    expect(uiRecords({ bg: { common: marked } })).toEqual({ bg: { common: marked } });
    expect(uiRecords(null)).toEqual({});
  });

  it('refuses anything else, naming the file', () => {
    expect(() => uiRecords(['bg'])).toThrow(`${UI_RECORDS_FILE}: must map each language to its namespaces' records`);
    expect(() => uiRecords({ en: {} })).toThrow(`${UI_RECORDS_FILE}: "en" is not a language translated from English (bg)`);
    expect(() => uiRecords({ de: {} })).toThrow('"de" is not a language');
    expect(() => uiRecords({ bg: 'en 0123456789ab' })).toThrow(`${UI_RECORDS_FILE}: bg must map each namespace to its record`);
  });
});

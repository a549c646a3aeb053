/**
 * Adding a language is its entry in features/site/languages.ts and its folders
 * under locales/ and content/ (README, "Add a language"). This test builds
 * the language list from those folders, so a folder without its entry, or an
 * entry without its folders, fails here; then it checks that each language
 * reaches every place that iterates the languages.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BRAND_IMAGE_FILES } from '../features/share-cards/brandImageFiles';
import { sitePages } from '../e2e/checks/sitePages';
import { remoteReadmeVariable } from '../features/site/settings.node';
import { CONTENT_SECTIONS, type ContentSection, type SectionSchema } from '../features/content/contentSchema';
import { APP_LOCALES, DEFAULT_LANGUAGE, LANGUAGES, LOCALE_TAGS, WRITING_SYSTEMS, isLanguage } from '../features/site/languages';
import { manifestOptions } from '../features/seo/manifest';
import { ROUTES } from '../features/site/routes';
import { headLinks } from '../features/seo/seo';
import { shareImagePath } from '../features/images/shareImage';
import { loadLocales } from './support/locales';

const ROOT = path.join(__dirname, '..');
const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const languages = [...LANGUAGES].sort();

describe('the languages are the folders', () => {
  it('locales/ has one folder per language of features/site/languages.ts, and no other', () => {
    expect(folders('locales')).toEqual(languages);
  });

  it.each(Object.keys(CONTENT_SECTIONS))('content/%s/ has a folder for no other language', (section) => {
    const found = folders(path.join('content', section));
    expect(found.filter((folder) => !isLanguage(folder))).toEqual([]);
    // Every language needs the section's files; the blog may be empty in one (git keeps no empty folder).
    const spec: SectionSchema = CONTENT_SECTIONS[section as ContentSection];
    if (Object.keys(spec.files).length > 0) expect(found).toEqual(languages);
  });

  it('puts the default language first', () => {
    expect(LANGUAGES[0]).toBe(DEFAULT_LANGUAGE);
  });
});

describe.each(LANGUAGES)('%s reaches every place that iterates the languages', (language) => {
  it('has its locale tag, its folder in the application and its writing system', () => {
    expect(LOCALE_TAGS[language]).toMatch(new RegExp(`^${language}-[A-Z]{2}$`));
    expect(APP_LOCALES[language]).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
    expect(`${WRITING_SYSTEMS[language]}`).toMatch(/^[A-Z][a-z]+$/);
  });

  it('has every page and its not-found page, measured by the checks', () => {
    expect(sitePages([]).filter((page) => page.language === language)).toHaveLength(ROUTES.length + 1);
  });

  it('is an alternate of every page of every language', () => {
    for (const other of LANGUAGES) {
      expect(headLinks('https://example.com', other, '/pricing/').alternates.map((link) => link.hrefLang)).toContain(language);
    }
  });

  it('has its web manifest and its share image', () => {
    const descriptions = Object.fromEntries(LANGUAGES.map((lang) => [lang, `about ${lang}`])) as Record<(typeof LANGUAGES)[number], string>;
    const manifest = manifestOptions({ productName: 'StockPay', descriptions });
    expect([manifest.lang, ...manifest.localize.map((entry) => entry.lang)]).toContain(language);
    expect(BRAND_IMAGE_FILES).toContain(shareImagePath(language));
  });

  it('has every UI string file, and every language names it in its switcher', () => {
    const resources = loadLocales();
    expect(Object.keys(resources[language]).sort()).toEqual(Object.keys(resources[DEFAULT_LANGUAGE]).sort());
    for (const other of LANGUAGES) {
      expect((resources[other].common as { language: Record<string, string> }).language[language]).toMatch(/\S/);
    }
  });

  it('has the files each content section names, and a variable to fetch its README from elsewhere', () => {
    for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
      if (Object.keys(CONTENT_SECTIONS[section].files).length === 0) continue;
      const files = readdirSync(path.join(ROOT, 'content', section, language)).map((file) => file.replace(/\.md$/, ''));
      expect(files).toEqual(expect.arrayContaining(Object.keys(CONTENT_SECTIONS[section].files)));
    }
    expect(remoteReadmeVariable(language)).toBe(`DOCS_README_URL_${language.toUpperCase()}`);
  });
});

/**
 * An entry's translation status as the CMS holds it (features/cms/translation/copies.ts):
 * read from the values Decap parses a file into, it is the status the build
 * reads from the files, for every entry under content/; marking a copy
 * writes the record `npm run translations -- --mark` writes.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cmsFrontmatterFormat } from '../../features/cms/frontmatter';
import { cmsCopy, cmsEntryStatus, markFor, originalHref, otherCopyEntry, sideBySide, type CopyValues } from '../../features/cms/translation/copies';
import { ADDRESS_FIELD } from '../../features/cms/decapConfig';
import { LANGUAGES, type Language } from '../../features/site/languages';
import { markUpToDate, translationStatuses } from '../../features/translations/translations.node';
import { RECORD_FIELD } from '../../features/translations/recordField';
import { UI_STRINGS_PREFIX } from '../../features/translations/uiStrings';
import { contentCopyFile } from '../../features/translations/status';
import type { ContentSection } from '../../features/content/contentSchema';

const ROOT = path.join(__dirname, '..', '..');
/** Decap's own reading of a file: dates as text, the body as `body`. */
const format = cmsFrontmatterFormat([ADDRESS_FIELD]);
const cmsValues = (projectDir: string, file: string): CopyValues =>
  existsSync(path.join(projectDir, file)) ? format.fromFile(readFileSync(path.join(projectDir, file), 'utf8')) : undefined;

function valuesOf(projectDir: string, entry: string): Partial<Record<Language, CopyValues>> {
  const [section, name] = entry.split('/');
  return Object.fromEntries(LANGUAGES.map((language) => [language, cmsValues(projectDir, contentCopyFile(section, name, language))]));
}

describe('the status in the CMS', () => {
  it('is the status the build reads from the files, for every entry under content/', () => {
    const statuses = translationStatuses(ROOT).filter((status) => !status.entry.startsWith(UI_STRINGS_PREFIX));
    expect(statuses.length).toBeGreaterThan(5);
    for (const status of statuses) {
      const [section, name] = status.entry.split('/');
      const result = cmsEntryStatus(section, name, valuesOf(ROOT, status.entry));
      expect('error' in result ? result.error : result.status).toEqual(status);
    }
  });

  it('reads a copy as the file: its fields without the body and the address, its body as the body; no values, no copy', () => {
    expect(cmsCopy('content/blog/bg/x.md', { title: 'Т', [ADDRESS_FIELD]: 'x', body: 'Текст.' })).toEqual({
      file: 'content/blog/bg/x.md',
      frontmatter: { title: 'Т' },
      body: 'Текст.',
    });
    expect(cmsCopy('content/blog/bg/x.md', { title: 'Т' })).toEqual({ file: 'content/blog/bg/x.md', frontmatter: { title: 'Т' }, body: '' });
    expect(cmsCopy('content/blog/bg/x.md', {})).toBeUndefined();
    expect(cmsCopy('content/blog/bg/x.md', undefined)).toBeUndefined();
  });

  it("names the build's contradiction rather than a status, and says when there is no copy yet", () => {
    const record = `bg ${'a'.repeat(12)}`;
    expect(cmsEntryStatus('blog', 'x', { en: { title: 'A', [RECORD_FIELD]: `en ${'a'.repeat(12)}` } })).toEqual({
      error: 'content/blog/en/x.md: frontmatter field "translation" names its own language as the original',
    });
    expect(cmsEntryStatus('blog', 'x', { en: { title: 'A', [RECORD_FIELD]: record } })).toEqual({
      error: 'content/blog/en/x.md: frontmatter field "translation" names bg as the original, which has no copy of this entry',
    });
    expect(cmsEntryStatus('blog', 'x', {})).toEqual({ error: 'blog/x: no copy in any language yet' });
  });
});

describe('marking a copy up to date', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cms-mark-'));
    cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the record npm run translations -- --mark writes, for a copy behind its original', () => {
    const english = path.join(dir, 'content/privacy/en/policy.md');
    writeFileSync(english, readFileSync(english, 'utf8').replace(/(## 10\. [^\n]*\n\n)/, '$1A new paragraph.\n\n'));
    const result = cmsEntryStatus('privacy', 'policy', valuesOf(dir, 'privacy/policy'));
    expect('status' in result && result.status.copies.bg.state).toBe('behind');
    const mark = markFor(result, 'bg');
    markUpToDate(dir, 'content/privacy/bg/policy.md');
    const written = format.fromFile(readFileSync(path.join(dir, 'content/privacy/bg/policy.md'), 'utf8'))[RECORD_FIELD];
    expect(mark).toEqual({ follows: 'en', record: written });
    // Marked, the copy is up to date, and there is nothing more to mark.
    const marked = cmsEntryStatus('privacy', 'policy', valuesOf(dir, 'privacy/policy'));
    expect('status' in marked && marked.status.copies.bg).toEqual({ state: 'up to date', original: 'en' });
    expect(markFor(marked, 'bg')).toBeUndefined();
    expect(markFor(marked, 'en')).toBeUndefined();
  });

  it('offers a copy the build takes as the original only because neither has a record to follow the other: a post written in Bulgarian, then in English', () => {
    const values = { en: { title: 'Annual stock count', body: 'Text.' }, bg: { title: 'Годишна инвентаризация', body: 'Текст.' } };
    const result = cmsEntryStatus('blog', 'godishna', values);
    expect('status' in result && result.status.original).toBe('en');
    expect(markFor(result, 'en')).toEqual({ follows: 'bg', record: expect.stringMatching(/^bg( [0-9a-f]{12}){2}$/) });
    expect(markFor(result, 'bg')).toEqual({ follows: 'en', record: expect.stringMatching(/^en( [0-9a-f]{12}){2}$/) });
    // Marked so, Bulgarian is the original and English its translation, up to date.
    const english = { ...values.en, [RECORD_FIELD]: markFor(result, 'en')!.record };
    const marked = cmsEntryStatus('blog', 'godishna', { ...values, en: english });
    expect('status' in marked && marked.status.copies).toEqual({ en: { state: 'up to date', original: 'bg' }, bg: { state: 'original' } });
  });

  it('offers nothing for an entry with one copy, nor for records the build refuses', () => {
    expect(markFor(cmsEntryStatus('blog', 'x', { bg: { title: 'Т' } }), 'bg')).toBeUndefined();
    expect(markFor({ error: 'refused' }, 'bg')).toBeUndefined();
  });
});

describe("where the other language's copy is", () => {
  const open = (collection: string, section: ContentSection, name: string, language: Language, languageCollection = false) => ({
    collection,
    section,
    name,
    language,
    languageCollection,
  });

  it('is the same address in the other language’s collection, the same file of the other language, or the saved entry side by side', () => {
    expect(otherCopyEntry(open('blog_bg', 'blog', 'zimen-sklad', 'bg', true), 'en')).toEqual({ collection: 'blog_en', slug: 'zimen-sklad' });
    expect(otherCopyEntry(open('home', 'home', 'hero', 'bg'), 'en')).toEqual({ collection: 'home', slug: 'hero_en' });
    expect(otherCopyEntry(open('privacy', 'privacy', 'policy', 'bg'), 'en')).toEqual({ collection: 'privacy', slug: 'policy' });
  });

  it('shows side by side the banners, the documentation and the privacy policy, not the blog nor the home page', () => {
    expect((['banners', 'docs', 'privacy'] as const).map(sideBySide)).toEqual([true, true, true]);
    expect((['blog', 'home'] as const).map(sideBySide)).toEqual([false, false]);
  });

  it('opens the original in its CMS editor, or side by side, where it is on the same screen, as its page on the site', () => {
    const page = 'https://cms.example/admin/';
    expect(originalHref(open('blog_bg', 'blog', 'zimen-sklad', 'bg', true), 'en', page, 'https://stockpay.example/')).toBe('https://cms.example/admin/#/edit/blog_en/zimen-sklad');
    expect(originalHref(open('home', 'home', 'hero', 'bg'), 'en', page, 'https://stockpay.example')).toBe('https://cms.example/admin/#/edit/home/hero_en');
    expect(originalHref(open('privacy', 'privacy', 'policy', 'bg'), 'en', page, 'https://stockpay.example/')).toBe('https://stockpay.example/privacy-policy/');
  });
});

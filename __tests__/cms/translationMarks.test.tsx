/**
 * What the CMS says of translations outside the build: the marks on its
 * entry lists (features/cms/translation/listMarks.ts and its browser half),
 * and the form's Translation field (RecordControl.tsx), where the one
 * button that writes a record is. e2e/admin.spec.ts runs the same in
 * Chromium with Decap.
 */
import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { listedEntry, listMarks, MARK_TEXT, TRANSLATION_STATUSES_ACTION } from '../../features/cms/translation/listMarks';
import { markCards, MARK_ATTRIBUTE, readStatuses } from '../../features/cms/translation/listMarks.browser';
import { RecordControl, RECORD_TEXT } from '../../features/cms/translation/RecordControl';
import { TRANSLATION_TEXT } from '../../features/cms/translation/TranslationStatus';
import type { OpenCopy } from '../../features/cms/translation/copies';
import type { EntryStatus } from '../../features/translations/status';
import { sectionFingerprints } from '../../features/translations/fingerprint';
import { writeRecord } from '../../features/translations/record';

const STATUSES: EntryStatus[] = [
  {
    entry: 'privacy/policy',
    original: 'en',
    copies: { en: { state: 'original' }, bg: { state: 'behind', original: 'en', changed: ['10. Your rights'], removed: 0, recorded: true } },
  },
  { entry: 'blog/lightning', original: 'en', copies: { en: { state: 'original' }, bg: { state: 'up to date', original: 'en' } } },
  { entry: 'blog/godishna', original: 'bg', copies: { en: { state: 'missing', original: 'bg' }, bg: { state: 'original' } } },
  {
    entry: 'locales/common',
    original: 'en',
    copies: { en: { state: 'original' }, bg: { state: 'behind', original: 'en', changed: ['nav.pricing'], removed: 0, recorded: true } },
  },
  {
    entry: 'home/hero',
    original: 'en',
    copies: { en: { state: 'original' }, bg: { state: 'behind', original: 'en', changed: ['the opening, before the first heading'], removed: 0, recorded: false } },
  },
];

describe('the entry lists’ marks', () => {
  it('read a card of each kind of collection as its entry and language', () => {
    expect(listedEntry('blog_bg', 'godishna')).toEqual({ entry: 'blog/godishna', language: 'bg' });
    expect(listedEntry('home', 'hero_bg')).toEqual({ entry: 'home/hero', language: 'bg' });
    expect(listedEntry('privacy', 'policy')).toEqual({ entry: 'privacy/policy' });
    expect(listedEntry('ui_strings', 'common_bg')).toEqual({ entry: 'locales/common', language: 'bg' });
    expect(listedEntry('ui_strings', 'common')).toBeUndefined();
    expect(listedEntry('site', 'social')).toBeUndefined();
    expect(listedEntry('home', 'hero')).toBeUndefined();
  });

  it('mark a copy behind its original, and an original whose translation is behind or missing; nothing that keeps up', () => {
    expect(listMarks(STATUSES, 'privacy', 'policy')).toEqual([MARK_TEXT.translationBehind('bg')]);
    expect(MARK_TEXT.translationBehind('bg')).toBe('Bulgarian translation behind');
    expect(listMarks(STATUSES, 'home', 'hero_bg')).toEqual(['Behind its English original']);
    expect(listMarks(STATUSES, 'home', 'hero_en')).toEqual(['Bulgarian translation behind']);
    expect(listMarks(STATUSES, 'blog_bg', 'godishna')).toEqual(['English translation missing']);
    expect(listMarks(STATUSES, 'ui_strings', 'common_bg')).toEqual(['Behind its English original']);
    expect(listMarks(STATUSES, 'ui_strings', 'common_en')).toEqual(['Bulgarian translation behind']);
    expect(listMarks(STATUSES, 'blog_en', 'lightning')).toEqual([]);
    expect(listMarks(STATUSES, 'blog_bg', 'lightning')).toEqual([]);
    expect(listMarks(STATUSES, 'blog_bg', 'unknown')).toEqual([]);
  });

  it('go on each card after its title, once, follow a change, and leave other links alone', () => {
    document.body.innerHTML = `
      <a href="#/collections/privacy/entries/policy"><h2>Privacy Policy</h2></a>
      <a href="#/collections/blog_en/entries/lightning"><h2>Lightning</h2></a>
      <a href="#/collections/privacy">Privacy policy</a>`;
    markCards(document, STATUSES);
    markCards(document, STATUSES);
    const marks = () => Array.from(document.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).map((mark) => [mark.closest('a')?.getAttribute('href'), mark.textContent]);
    expect(marks()).toEqual([['#/collections/privacy/entries/policy', 'Bulgarian translation behind']]);
    expect(screen.getByRole('link', { name: 'Privacy Policy Bulgarian translation behind' })).toBeTruthy();
    markCards(document, [{ ...STATUSES[0], copies: { en: { state: 'original' }, bg: { state: 'up to date', original: 'en' } } }]);
    expect(marks()).toEqual([]);
  });

  it('are read from the local backend’s action or the built file, and none from an answer that is not theirs', async () => {
    const answer = (body: string, ok = true) => jest.fn<Promise<Response>, Parameters<typeof fetch>>(() => Promise.resolve({ ok, text: () => Promise.resolve(body) } as Response));
    const backend = answer(JSON.stringify({ statuses: STATUSES }));
    expect(await readStatuses({ kind: 'backend', url: 'http://127.0.0.1:8081/api/v1' }, backend)).toEqual(STATUSES);
    expect(backend).toHaveBeenCalledWith(
      'http://127.0.0.1:8081/api/v1',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: TRANSLATION_STATUSES_ACTION, params: {} }) }),
    );
    const file = answer(JSON.stringify({ statuses: STATUSES }));
    expect(await readStatuses({ kind: 'file', url: 'translations.json' }, file)).toEqual(STATUSES);
    expect(file).toHaveBeenCalledWith('translations.json', { cache: 'no-cache' });
    for (const refused of [
      answer('{"error":"contradiction"}'),
      answer('not json'),
      answer('{"statuses":3}'),
      answer(JSON.stringify({ statuses: STATUSES }), false),
      answer(' '.repeat(4 * 1024 * 1024 + 1)),
    ])
      expect(await readStatuses({ kind: 'file', url: 'translations.json' }, refused)).toEqual([]);
    expect(await readStatuses({ kind: 'file', url: 'translations.json' }, () => Promise.reject(new Error('offline')))).toEqual([]);
  });
});

describe("the form's Translation field", () => {
  const ENGLISH = { title: 'Privacy Policy', lastUpdated: '2025-05-30', body: 'Intro.\n\n## 10. Your rights\n\nYou may object.' };
  const OLD_ENGLISH = { ...ENGLISH, body: 'Intro.\n\n## 10. Your rights\n\nYou may ask.' };
  const record = (values: typeof ENGLISH) => writeRecord('en', sectionFingerprints({ title: values.title, lastUpdated: values.lastUpdated }, values.body));
  const BULGARIAN = { title: 'Политика', lastUpdated: '2025-05-30', body: 'Увод.\n\n## 10. Вашите права\n\nМожете да поискате.', translation: record(OLD_ENGLISH) };
  const open = (language: 'en' | 'bg'): OpenCopy => ({ collection: 'privacy', section: 'privacy', name: 'policy', language, languageCollection: false });

  it('says a copy behind which sections changed, by heading, links to the original, and marks it only when asked', () => {
    const onMark = jest.fn();
    render(
      <RecordControl
        open={open('bg')}
        source={{ kind: 'all', values: { en: ENGLISH, bg: BULGARIAN } }}
        value={BULGARIAN.translation}
        onMark={onMark}
        originalHref={() => 'https://stockpay.example/privacy-policy/'}
      />,
    );
    const note = screen.getByRole('note', { name: TRANSLATION_TEXT.label });
    expect(note.textContent).toContain('Behind the English original, last dated 2025-05-30.');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['10. Your rights']);
    expect(screen.getByRole('link', { name: 'Open the English original' }).getAttribute('href')).toBe('https://stockpay.example/privacy-policy/');
    expect(onMark).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: RECORD_TEXT.mark('en') }));
    expect(onMark).toHaveBeenCalledWith(record(ENGLISH));
  });

  it('says so once marked, until saved, and offers nothing more', () => {
    const marked = { ...BULGARIAN, translation: record(ENGLISH) };
    const { rerender } = render(
      <RecordControl
        open={open('bg')}
        source={{ kind: 'all', values: { en: ENGLISH, bg: BULGARIAN } }}
        value={BULGARIAN.translation}
        onMark={() => undefined}
        originalHref={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: RECORD_TEXT.mark('en') }));
    rerender(
      <RecordControl
        open={open('bg')}
        source={{ kind: 'all', values: { en: ENGLISH, bg: marked } }}
        value={marked.translation}
        onMark={() => undefined}
        originalHref={() => undefined}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('Up to date with the English original.');
    expect(screen.getByRole('status').textContent).toBe(RECORD_TEXT.marked);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on the original, says where its translation stands, with nothing to mark', () => {
    render(
      <RecordControl
        open={open('en')}
        source={{ kind: 'all', values: { en: ENGLISH, bg: BULGARIAN } }}
        value={undefined}
        onMark={() => undefined}
        originalHref={() => undefined}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe('This copy is the original. The Bulgarian translation is behind: 1 section changed since it was marked.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("reads the other language's copy from the backend once, and says it is reading until then", async () => {
    let resolve: (values: Record<string, unknown>) => void = () => undefined;
    const load = jest.fn(() => new Promise<Record<string, unknown> | undefined>((done) => (resolve = done)));
    const post = (language: 'en' | 'bg'): OpenCopy => ({ collection: `blog_${language}`, section: 'blog', name: 'lightning', language, languageCollection: true });
    const { rerender } = render(
      <RecordControl open={post('bg')} source={{ kind: 'load', own: BULGARIAN, load }} value={BULGARIAN.translation} onMark={() => undefined} originalHref={() => undefined} />,
    );
    expect(screen.getByRole('note').textContent).toBe(TRANSLATION_TEXT.reading);
    await act(async () => resolve(ENGLISH));
    expect(screen.getByRole('note').textContent).toContain('Behind the English original');
    rerender(
      <RecordControl
        open={post('bg')}
        source={{ kind: 'load', own: { ...BULGARIAN, title: 'Политика за поверителност' }, load }}
        value={BULGARIAN.translation}
        onMark={() => undefined}
        originalHref={() => undefined}
      />,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('blog_en', 'lightning');
  });

  it("names the build's refusal of contradicting records", () => {
    render(
      <RecordControl
        open={open('en')}
        source={{ kind: 'all', values: { en: { ...ENGLISH, translation: record(ENGLISH) }, bg: BULGARIAN } }}
        value={undefined}
        onMark={() => undefined}
        originalHref={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('content/privacy/en/policy.md: frontmatter field "translation" names its own language as the original');
  });
});

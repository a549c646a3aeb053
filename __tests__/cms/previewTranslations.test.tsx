/**
 * A blog post's preview in the CMS (features/cms/preview/register.browser.ts and
 * EntryPreview.tsx): the blog is a collection a language (blog_en,
 * blog_bg), paired by address, so the preview says whether the post's
 * translation exists, with a link to open it or to start it under the same
 * address (Decap fills a new entry's fields from its route's query), and
 * warns when a new post's address is taken already. Decap's loader of
 * another entry (getCollection) is stood in for; e2e/admin.spec.ts runs the
 * same in Chromium with Decap.
 */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { EntryPreview, LOOKUP_DELAY_MS, PREVIEW_TEXT, type EntryLinks } from '../../features/cms/preview/EntryPreview';
import { entryElement, entryExists, entryLinks, registerPreviews } from '../../features/cms/preview/register.browser';
import { previewView } from '../../features/cms/preview/views';
import type { Language } from '../../features/site/languages';
import { PREVIEW_SETTINGS } from '../support/previewSettings';

const settings = PREVIEW_SETTINGS;

const PAGE = 'https://stockpay.example/admin/';
const POST = { title: 'Годишна инвентаризация', description: 'Как да преброим склада', date: '2026-11-03', body: 'Текст.' };

/** One entry as Decap's getCollection loads it: its data, or none. */
const loaded = (data: Record<string, unknown> | undefined) => ({ get: () => (data === undefined ? undefined : { toJS: () => data }) });
type Loader = NonNullable<Parameters<typeof entryLinks>[5]>;

describe('entryExists', () => {
  it('is true for an entry Decap loads with data', async () => {
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>(() => Promise.resolve(loaded({ title: 'Stock habits' })));
    await expect(entryExists(load, 'blog_en', 'stock-control-habits')).resolves.toBe(true);
    expect(load).toHaveBeenCalledWith('blog_en', 'stock-control-habits');
  });

  it('is false for an entry the backend does not have: loaded without data (the local backend), or failing to load (GitHub, GitLab)', async () => {
    await expect(entryExists(() => Promise.resolve(loaded({})), 'blog_en', 'x')).resolves.toBe(false);
    await expect(entryExists(() => Promise.resolve(loaded(undefined)), 'blog_en', 'x')).resolves.toBe(false);
    await expect(entryExists(() => Promise.reject(new Error('Not Found')), 'blog_en', 'x')).resolves.toBe(false);
  });
});

describe('entryLinks', () => {
  const load: Loader = () => Promise.resolve(loaded({ title: 'x' }));

  it("links a Bulgarian post to its English translation: to open it, or to start it with the post's address, date and cover", () => {
    const links = entryLinks('blog', 'bg', 'godishna-inventarizatsiya', { ...POST, image: '/media/labelled-stock.jpg' }, false, load, PAGE);
    expect(links).toMatchObject({
      name: 'godishna-inventarizatsiya',
      translations: [
        {
          language: 'en',
          collection: 'blog_en',
          open: `${PAGE}#/edit/blog_en/godishna-inventarizatsiya`,
          start: `${PAGE}#/collections/blog_en/new?address=godishna-inventarizatsiya&date=2026-11-03&image=%2Fmedia%2Flabelled-stock.jpg`,
        },
      ],
    });
    // Saved before: no address of its own to check.
    expect(links?.newIn).toBeUndefined();
  });

  it('links an English post to its Bulgarian translation', () => {
    const links = entryLinks('blog', 'en', 'stock-control-habits', { date: '2026-09-15' }, false, load, PAGE);
    expect(links?.translations).toEqual([
      {
        language: 'bg',
        collection: 'blog_bg',
        open: `${PAGE}#/edit/blog_bg/stock-control-habits`,
        start: `${PAGE}#/collections/blog_bg/new?address=stock-control-habits&date=2026-09-15`,
      },
    ]);
  });

  it('prefills the date and the cover only when they are text, and nothing else of the entry', () => {
    const start = (data: Record<string, unknown>) => entryLinks('blog', 'bg', 'x', data, false, load, PAGE)?.translations[0].start;
    expect(start({})).toBe(`${PAGE}#/collections/blog_en/new?address=x`);
    expect(start({ date: '', image: '' })).toBe(`${PAGE}#/collections/blog_en/new?address=x`);
    expect(start({ date: new Date('2026-11-03T00:00:00Z'), image: ['/media/a.jpg'] })).toBe(`${PAGE}#/collections/blog_en/new?address=x`);
    expect(start({ date: 20261103, image: { url: '/media/a.jpg' } })).toBe(`${PAGE}#/collections/blog_en/new?address=x`);
    // The title, body and alt text are the translator's to write.
    expect(start({ ...POST, imageAlt: 'Рафт', tags: ['склад'], author: 'Мария' })).toBe(`${PAGE}#/collections/blog_en/new?address=x&date=2026-11-03`);
  });

  it('escapes what it puts in the query, so a value cannot add a field of its own', () => {
    const start = entryLinks('blog', 'bg', 'x', { date: '2026-11-03&title=Injected#/collections/ui_strings', image: '/media/a b.jpg?x=1' }, false, load, PAGE)?.translations[0]
      .start;
    expect(start).toBe(`${PAGE}#/collections/blog_en/new?address=x&date=2026-11-03%26title%3DInjected%23%2Fcollections%2Fui_strings&image=%2Fmedia%2Fa+b.jpg%3Fx%3D1`);
    const query = new URLSearchParams(start?.split('?')[1]);
    expect([...query.keys()]).toEqual(['address', 'date', 'image']);
  });

  it("checks a new post's own collection for its address, and only a new post's", () => {
    expect(entryLinks('blog', 'bg', 'x', {}, true, load, PAGE)?.newIn).toBe('blog_bg');
    expect(entryLinks('blog', 'en', 'x', {}, true, load, PAGE)?.newIn).toBe('blog_en');
    expect(entryLinks('blog', 'en', 'x', {}, false, load, PAGE)).not.toHaveProperty('newIn');
  });

  it('gives nothing without a name to pair by, or without Decap’s loader', () => {
    expect(entryLinks('blog', 'bg', '', POST, true, load, PAGE)).toBeUndefined();
    expect(entryLinks('blog', 'bg', 'x', POST, true, undefined, PAGE)).toBeUndefined();
  });

  it('asks Decap’s loader whether the translation exists, with one finder a loader, so a redraw asks nothing new', async () => {
    const calls: string[] = [];
    const loader: Loader = (collection, name) => {
      calls.push(`${collection}/${name}`);
      return name === 'there' ? Promise.resolve(loaded({ title: 'x' })) : Promise.reject(new Error('Not Found'));
    };
    const first = entryLinks('blog', 'bg', 'there', {}, false, loader, PAGE);
    const again = entryLinks('blog', 'bg', 'there', { date: '2026-01-01' }, false, loader, PAGE);
    expect(again?.find).toBe(first?.find);
    expect(entryLinks('blog', 'bg', 'there', {}, false, () => Promise.resolve(loaded({})), PAGE)?.find).not.toBe(first?.find);
    await expect(first?.find('blog_en', 'there')).resolves.toBe(true);
    await expect(first?.find('blog_en', 'missing')).resolves.toBe(false);
    expect(calls).toEqual(['blog_en/there', 'blog_en/missing']);
  });
});

describe('entryElement', () => {
  type Props = Parameters<typeof entryElement>[0];
  const load: Loader = () => Promise.resolve(loaded({ title: 'x' }));
  /** Decap's props for the preview of an entry of `collection`. */
  const props = (collection: string, entry: { path?: string; slug?: string; newRecord?: boolean; data: Record<string, unknown> }, i18n?: boolean): Props => ({
    entry: {
      get: ((key: string) => {
        if (key === 'data') return { toJS: () => entry.data };
        if (key === 'newRecord') return entry.newRecord;
        if (key === 'path') return entry.path;
        if (key === 'slug') return entry.slug;
        return undefined;
      }) as Props['entry']['get'],
      getIn: () => undefined,
    },
    collection: { get: ((key: string) => (key === 'name' ? collection : i18n)) as Props['collection']['get'] },
    getCollection: load,
  });
  const linksOf = (element: React.JSX.Element | null) => (element?.props as { links?: EntryLinks } | undefined)?.links;
  const viewOf = (element: React.JSX.Element | null) => (element?.props as { view: { language: string; name: string } }).view;

  it("gives a saved post of blog_bg its file's language and name, and links to its translation", () => {
    const element = entryElement(props('blog_bg', { path: 'content/blog/bg/godishna-inventarizatsiya.md', slug: 'godishna-inventarizatsiya', data: POST }), settings);
    expect(viewOf(element)).toMatchObject({ language: 'bg', name: 'godishna-inventarizatsiya' });
    expect(linksOf(element)).toMatchObject({ name: 'godishna-inventarizatsiya', translations: [{ language: 'en', collection: 'blog_en' }] });
    expect(linksOf(element)?.newIn).toBeUndefined();
  });

  it("names a new post by its address once the address is one the build takes, in its collection's language", () => {
    const fresh = (address: unknown) => entryElement(props('blog_bg', { newRecord: true, data: { ...POST, address } }), settings);
    expect(viewOf(fresh('godishna-inventarizatsiya'))).toMatchObject({ language: 'bg', name: 'godishna-inventarizatsiya' });
    expect(linksOf(fresh('  godishna-inventarizatsiya '))).toMatchObject({ name: 'godishna-inventarizatsiya', newIn: 'blog_bg' });
    // Not yet an address: nothing to pair by.
    for (const address of ['', 'Godishna Inventarizatsiya', 'инвентаризация', 'page/2', '../x', 42, undefined]) {
      expect([address, linksOf(fresh(address))]).toEqual([address, undefined]);
      expect(viewOf(fresh(address)).language).toBe('bg');
    }
  });

  it('adds no links to a collection whose languages sit side by side, and draws nothing for a collection it does not know', () => {
    const banner = entryElement(
      props('banners', { path: 'content/banners/en/01-sale-orders.md', data: { order: 1, title: 'Orders', illustration: 'sale-order' } }, true),
      settings,
    );
    expect(banner).not.toBeNull();
    expect(linksOf(banner)).toBeUndefined();
    expect(entryElement(props('blog', { path: 'content/blog/bg/x.md', data: POST }), settings)).toBeNull();
    expect(entryElement(props('ui_strings', { data: {} }), settings)).toBeNull();
  });

  it('registers a preview for each language’s blog, and none for the blog as one collection', () => {
    const names: string[] = [];
    registerPreviews(
      { registerPreviewStyle: () => undefined, registerPreviewTemplate: (name) => names.push(name) },
      { h: () => null, createClass: () => ({}) },
      { ...settings, stylesheets: [], translationStatuses: { kind: 'file', url: 'translations.json' } },
    );
    expect(names).toEqual(expect.arrayContaining(['blog_en', 'blog_bg', 'banners', 'docs', 'privacy', 'hero_en', 'hero_bg']));
    expect(names).not.toContain('blog');
  });
});

describe("the preview's translations", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const view = (name: string, language: Language = 'bg') => previewView({ section: 'blog', language, name, lineOffset: 5 }, POST);
  /** What the backend has, by collection/name; each question recorded. */
  function backend(has: Record<string, boolean>) {
    const asked: string[] = [];
    const pending: (() => void)[] = [];
    const find = jest.fn((collection: string, name: string) => {
      asked.push(`${collection}/${name}`);
      return new Promise<boolean>((resolve) => pending.push(() => resolve(has[`${collection}/${name}`] ?? false)));
    });
    return { asked, find, answer: () => act(async () => pending.splice(0).forEach((resolve) => resolve())) };
  }
  const linksFor = (name: string, find: EntryLinks['find'], newIn?: string): EntryLinks => ({
    ...(entryLinks('blog', 'bg', name, POST, newIn !== undefined, () => Promise.resolve(loaded({})), PAGE) as EntryLinks),
    find,
  });
  const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('says it is looking, asks once the pause is over, then links to open the translation that exists', async () => {
    const { asked, find, answer } = backend({ 'blog_en/godishna-inventarizatsiya': true });
    render(<EntryPreview view={view('godishna-inventarizatsiya')} settings={settings} links={linksFor('godishna-inventarizatsiya', find)} />);
    expect(screen.getByText(PREVIEW_TEXT.translationLooking('en'))).toBeInTheDocument();
    await wait(LOOKUP_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await wait(1);
    expect(asked).toEqual(['blog_en/godishna-inventarizatsiya']);
    await answer();
    expect(screen.queryByText(PREVIEW_TEXT.translationLooking('en'))).toBeNull();
    expect(screen.getByText(PREVIEW_TEXT.translationFound('en'), { exact: false })).toBeInTheDocument();
    const open = screen.getByRole('link', { name: PREVIEW_TEXT.translationOpen });
    expect(open).toHaveAttribute('href', `${PAGE}#/edit/blog_en/godishna-inventarizatsiya`);
    // The CMS's own page, not the preview's frame.
    expect(open).toHaveAttribute('target', '_top');
    expect(screen.queryByRole('link', { name: PREVIEW_TEXT.translationStart })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to start the translation that does not exist yet, with the address', async () => {
    const { find, answer } = backend({});
    render(<EntryPreview view={view('nova-statiya')} settings={settings} links={linksFor('nova-statiya', find)} />);
    await wait(LOOKUP_DELAY_MS);
    await answer();
    expect(screen.getByText(PREVIEW_TEXT.translationMissing('en'), { exact: false })).toBeInTheDocument();
    const start = screen.getByRole('link', { name: PREVIEW_TEXT.translationStart });
    expect(start).toHaveAttribute('href', `${PAGE}#/collections/blog_en/new?address=nova-statiya&date=2026-11-03`);
    expect(start).toHaveAttribute('target', '_top');
    expect(screen.queryByRole('link', { name: PREVIEW_TEXT.translationOpen })).toBeNull();
  });

  it("warns when a new post's address is taken in its own collection, naming it and what would happen", async () => {
    const { asked, find, answer } = backend({ 'blog_bg/godishna-inventarizatsiya': true, 'blog_en/godishna-inventarizatsiya': true });
    render(<EntryPreview view={view('godishna-inventarizatsiya')} settings={settings} links={linksFor('godishna-inventarizatsiya', find, 'blog_bg')} />);
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(LOOKUP_DELAY_MS);
    expect(asked.sort()).toEqual(['blog_bg/godishna-inventarizatsiya', 'blog_en/godishna-inventarizatsiya']);
    await answer();
    expect(screen.getByRole('alert')).toHaveTextContent(PREVIEW_TEXT.addressTaken('godishna-inventarizatsiya'));
    expect(screen.getByRole('alert')).toHaveTextContent('would be named godishna-inventarizatsiya-1');
  });

  it('says nothing of a new address that is free', async () => {
    const { find, answer } = backend({});
    render(<EntryPreview view={view('svobodna')} settings={settings} links={linksFor('svobodna', find, 'blog_bg')} />);
    await wait(LOOKUP_DELAY_MS);
    await answer();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: PREVIEW_TEXT.translationStart })).toBeInTheDocument();
  });

  it('asks once a pause in typing, for the address as it is then, and never shows an answer about an earlier one', async () => {
    const { asked, find, answer } = backend({ 'blog_en/go': true, 'blog_en/godishna': false });
    const { rerender } = render(<EntryPreview view={view('g')} settings={settings} links={linksFor('g', find)} />);
    for (const name of ['go', 'god', 'godi', 'godishna']) {
      await wait(LOOKUP_DELAY_MS - 50);
      rerender(<EntryPreview view={view(name)} settings={settings} links={linksFor(name, find)} />);
    }
    expect(asked).toEqual([]);
    await wait(LOOKUP_DELAY_MS);
    expect(asked).toEqual(['blog_en/godishna']);
    // An answer in flight when the address changes is dropped.
    rerender(<EntryPreview view={view('go')} settings={settings} links={linksFor('go', find)} />);
    await answer();
    expect(screen.getByText(PREVIEW_TEXT.translationLooking('en'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: PREVIEW_TEXT.translationOpen })).toBeNull();
    expect(screen.queryByRole('link', { name: PREVIEW_TEXT.translationStart })).toBeNull();
    await wait(LOOKUP_DELAY_MS);
    expect(asked).toEqual(['blog_en/godishna', 'blog_en/go']);
    await answer();
    expect(screen.getByRole('link', { name: PREVIEW_TEXT.translationOpen })).toHaveAttribute('href', `${PAGE}#/edit/blog_en/go`);
    // A redraw with the same address asks nothing more.
    rerender(<EntryPreview view={view('go')} settings={settings} links={linksFor('go', find)} />);
    await wait(LOOKUP_DELAY_MS * 3);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('shows no translations for an entry without links', () => {
    render(<EntryPreview view={view('x')} settings={settings} />);
    expect(screen.queryByText(PREVIEW_TEXT.translationLooking('en'))).toBeNull();
    expect(screen.queryByRole('link', { name: PREVIEW_TEXT.translationOpen })).toBeNull();
  });
});

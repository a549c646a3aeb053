/**
 * @jest-environment node
 *
 * Hostile class "post-slugs": a blog post whose file name, which is its
 * address (/blog/<slug>/), takes one of the site's own names (`page`, the
 * folder of the list's later pages; `search`, whose policy a CDN rule
 * matches as /*\/search/; the feed, the sitemap, Gatsby's folders, a
 * language prefix...) or is not one plain path segment (dots, slashes,
 * look-alike letters, spaces, escapes). Each name in
 * fixtures/hostile/post-slugs/names.json is committed as a post in each
 * language and goes through what a build runs (gatsby-transformer-remark,
 * then the content check, features/content/contentNodes.node.ts): refused, naming the file and why. Each title
 * in titles.json is typed into a new post in the CMS and saved through the
 * admin script the build writes, with its Address left
 * empty, and typed as the Address of a new Bulgarian post: the CMS refuses
 * the same names, naming the file Decap would write, before anything is
 * saved.
 * The real content passes both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminScript } from '../../features/cms/admin.node';
import { readNamespaces } from '../../features/i18n/localeFiles.node';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../features/site/languages';
import { isSlug, reservedSlug } from '../../features/content/slugs';
import { buildRefusal } from '../support/buildRefusal';

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'post-slugs');
const POST = fs.readFileSync(path.join(FIXTURES, 'post.md'), 'utf8');
const NAMES = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'names.json'), 'utf8')) as Record<'reserved' | 'malformed' | 'nested', string[]>;
type Title = { title: string; slug: string };
const TITLES = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'titles.json'), 'utf8')) as Record<'reserved' | 'malformed' | 'accepted', Title[]>;

const USES_ITSELF = 'is a name the site uses itself: ';

let dir: string;
let count = 0;
/** A fresh project folder for each case. */
const project = (): string => path.join(dir, String((count += 1)));
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-post-slugs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const inEachLanguage = (names: string[]) => LANGUAGES.flatMap((language) => names.map((name) => [`content/blog/${language}/${name}`, `blog/${language}/${name}`]));

describe('a post committed under one of the site’s own names', () => {
  it.each(inEachLanguage(NAMES.reserved))('%j: a build refuses it, naming the file and what the name is', async (file, relativePath) => {
    const refusal = await buildRefusal(project(), relativePath, POST);
    expect(refusal).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the file name is the page's address \\(/blog/[^/]+/\\), and "`));
    expect(refusal).toContain(USES_ITSELF);
    // The name it suggests is one a build takes.
    const example = /Rename the file \(e\.g\. (.+)\.md\)\.$/.exec(refusal ?? '')?.[1] ?? '';
    expect([example, isSlug(example), reservedSlug(example)]).toEqual([example, true, undefined]);
  });
});

describe('a post whose file name is not one plain path segment', () => {
  it.each(inEachLanguage(NAMES.malformed))('%j: a build refuses it, naming the file and what a name may hold', async (file, relativePath) => {
    expect(await buildRefusal(project(), relativePath, POST)).toBe(
      `${file}: the file name is the page's address: use lower-case letters (a-z), digits and single hyphens, ending in .md (e.g. stock-control-habits.md)`,
    );
  });

  it.each(inEachLanguage(NAMES.nested))('%j: a build refuses it, naming the file and where posts go', async (file, relativePath) => {
    expect(await buildRefusal(project(), relativePath, POST)).toBe(`${file}: content files live at content/<section>/<language>/<name>.md`);
  });
});

/** Every markdown file of the real content/, relative to it. */
const realContent = (folder = path.join(ROOT, 'content')): string[] =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return realContent(full);
    return /\.(md|markdown)$/.test(entry.name) ? [path.relative(path.join(ROOT, 'content'), full).split(path.sep).join('/')] : [];
  });

describe('the real content', () => {
  const files = realContent();

  it('holds posts in both languages, Bulgarian transliterated names included', () => {
    expect(files).toEqual(expect.arrayContaining(['blog/en/stock-control-habits.md', 'blog/bg/godishna-inventarizatsiya.md']));
  });

  it.each(files)('content/%s: a build takes it as it is', async (relativePath) => {
    expect(await buildRefusal(project(), relativePath, fs.readFileSync(path.join(ROOT, 'content', relativePath), 'utf8'))).toBeUndefined();
  });
});

/** Decap's immutable entry data, as far as the preSave handler uses it. */
interface Data {
  toJS(): Record<string, unknown>;
  set(key: string, value: unknown): Data;
}
const immutable = (data: Record<string, unknown>): Data => ({ toJS: () => ({ ...data }), set: (key, value) => immutable({ ...data, [key]: value }) });

/** The CMS's preSave check, from the admin script the build writes, run against a stand-in for Decap. */
function cmsPreSave(): (entry: { collection: string; newRecord: boolean; data: Record<string, unknown> }) => Data | undefined {
  const handlers: { name: string; handler: (event: { entry: unknown }) => unknown }[] = [];
  const CMS = {
    registerPreviewStyle: () => undefined,
    registerCustomFormat: () => undefined,
    registerEventListener: (listener: (typeof handlers)[number]) => handlers.push(listener),
  };
  const window = { localStorage: { getItem: () => 'raw', setItem: () => undefined }, document: { addEventListener: () => undefined }, alert: () => undefined };
  new Function('CMS', 'window', adminScript(ROOT, readNamespaces(ROOT)))(CMS, window);
  const [{ handler }] = handlers.filter(({ name }) => name === 'preSave');
  // What of Decap's Immutable entry the handler reads: its collection, whether it is new, its data.
  return ({ collection, newRecord, data }) =>
    handler({
      entry: {
        get: (key: string) => (key === 'collection' ? collection : key === 'newRecord' ? newRecord : key === 'data' ? immutable(data) : undefined),
        getIn: () => undefined,
      },
    }) as Data | undefined;
}

describe('a new post titled so that the CMS would name it after one of the site’s own names', () => {
  const preSave = cmsPreSave();
  const post =
    (title: string, newRecord = true) =>
    () =>
      preSave({ collection: `blog_${DEFAULT_LANGUAGE}`, newRecord, data: { title, description: 'A post in the CMS', date: '2026-11-20' } });
  const fileOf = (slug: string) => `content/blog/${DEFAULT_LANGUAGE}/${slug}.md`;

  it.each(TITLES.reserved.map(({ title, slug }) => [title, slug]))('%j: the CMS refuses to save it, naming the file %s.md and what it is', (title, slug) => {
    expect(post(title)).toThrow(`the Title "${title.trim()}" names the new entry's file ${fileOf(slug)}, at the address /blog/${slug}/; "${slug}" ${USES_ITSELF}`);
  });

  it.each(TITLES.malformed.map(({ title, slug }) => [title, slug]))('%j: the CMS refuses to save it, naming the file "%s.md" and what a name may hold', (title, slug) => {
    expect(post(title)).toThrow(`names the new entry's file ${fileOf(slug)}; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only.`);
  });

  it.each([...TITLES.reserved, ...TITLES.malformed].map(({ slug }) => slug))('%j, refused by the CMS, is refused by a build too', async (slug) => {
    expect(await buildRefusal(project(), `blog/${DEFAULT_LANGUAGE}/${slug}.md`, POST)).toMatch(new RegExp(`^content/blog/${DEFAULT_LANGUAGE}/`));
  });

  it.each(TITLES.accepted.map(({ title, slug }) => [title, slug]))('%j (%s.md): the CMS saves it, and a build takes it', async (title, slug) => {
    // Saved with its address made from its title, which Decap names the file after.
    expect(post(title)()?.toJS()).toMatchObject({ title, address: title });
    expect(await buildRefusal(project(), `blog/${DEFAULT_LANGUAGE}/${slug}.md`, POST)).toBeUndefined();
  });

  it('lets a post saved before keep its name, whatever its title says now (its file is named already)', () => {
    for (const { title } of TITLES.reserved) expect(post(title, false)()).toBeUndefined();
  });
});

describe('a new Bulgarian post given one of the site’s own names, or a malformed one, as its address', () => {
  const preSave = cmsPreSave();
  const post =
    (address: string, newRecord = true) =>
    () =>
      preSave({ collection: 'blog_bg', newRecord, data: { address, title: 'Публикация от редактора', description: 'Публикация', date: '2026-11-20' } });
  const fileOf = (slug: string) => `content/blog/bg/${slug}.md`;

  it.each(TITLES.reserved.map(({ title, slug }) => [title, slug]))('%j: the CMS refuses to save it, naming the file %s.md and what it is', (address, slug) => {
    expect(post(address)).toThrow(
      `Bulgarian: the Address "${address.trim()}" names the new entry's file ${fileOf(slug)}, at the address /bg/blog/${slug}/; "${slug}" ${USES_ITSELF}`,
    );
  });

  it.each(TITLES.malformed.map(({ title, slug }) => [title, slug]))('%j: the CMS refuses to save it, naming the file "%s.md" and what a name may hold', (address, slug) => {
    expect(post(address)).toThrow(
      `names the new entry's file ${fileOf(slug)}; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only. Change the Address`,
    );
  });

  it.each(TITLES.accepted.map(({ title, slug }) => [title, slug]))('%j (%s.md): the CMS saves it as Decap names it', (address) => {
    // Given, the address is Decap's to make into the file name: the data is left as it is.
    expect(post(address)()).toBeUndefined();
  });

  it('refuses an all-Cyrillic title without an address, which names no file, asking for an Address', () => {
    expect(post('')).toThrow(`Bulgarian: the Title "Публикация от редактора" names the new entry's file ${fileOf('')}; that name is the entry's address`);
    expect(post('')).toThrow('Give the entry an Address');
  });

  it('refuses any address on a post saved before, whose file keeps its name', () => {
    for (const { title } of [...TITLES.reserved, ...TITLES.accepted].filter(({ title }) => title.trim() !== '')) expect(post(title, false)).toThrow('Clear the Address.');
  });
});

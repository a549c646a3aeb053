/** @jest-environment node */
/**
 * The CMS's local backend over HTTP as Decap's proxy backend drives it
 * (the requests are the ones decap-cms-backend-proxy sends): listing and
 * reading a collection, saving a banner in both languages, a blog post in
 * one (the blog is a collection a language), a UI string file, uploading
 * and deleting an image. Its refusals are held by
 * __tests__/hostile/cms-backend.test.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_FOLDER } from '../../features/images/paths';
import { SITE_ORIGIN, snapshot, startBackend, type Backend } from '../support/localBackend';
import { TRANSLATION_STATUSES_ACTION } from '../../features/cms/translation/listMarks';
import { translationStatuses } from '../../features/translations/translations.node';
import type { EntryStatus } from '../../features/translations/status';

// Real servers and files: seconds on a busy machine.
jest.setTimeout(30_000);

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BANNER_BG = 'content/banners/bg/01-sale-orders.md';
const BANNER_EN = 'content/banners/en/01-sale-orders.md';
const COMMON_BG = 'locales/bg/common.json';
const branch = 'main';
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
/** The options Decap sends with a save on the local backend (no editorial workflow). */
const saveOptions = (collectionName: string) => ({
  newEntry: false,
  commitMessage: `Update ${collectionName}`,
  collectionName,
  useWorkflow: false,
  hasSubfolders: true,
  unpublished: false,
  status: '',
});

let backend: Backend;
beforeEach(async () => {
  backend = await startBackend();
});
afterEach(() => backend.close());

it('listens on a free loopback port and serves the API at /api/v1', () => {
  expect(backend.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(backend.server.apiUrl).toBe(`${backend.server.url}/api/v1`);
});

it("answers the CMS's preflight and requests from the development site, with CORS for that origin alone", async () => {
  const preflight = await backend.send({
    method: 'OPTIONS',
    headers: { Host: backend.host, Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers).toMatchObject({
    'access-control-allow-origin': SITE_ORIGIN,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'Content-Type',
    vary: 'Origin',
  });
  const info = await backend.post({ action: 'info' });
  expect(info).toMatchObject({ status: 200, body: { repo: 'repo', publish_modes: ['simple'], type: 'local_fs' } });
  expect(info.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
});

it('also answers tools that send no Origin (curl, scripts), addressed to localhost or 127.0.0.1, without CORS', async () => {
  for (const host of [backend.host, backend.host.replace('127.0.0.1', 'localhost')]) {
    const answer = await backend.send({ headers: { Host: host, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'info' }) });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  }
});

it('lists a collection with a folder per language, and reads one entry', async () => {
  const listed = await backend.post({ action: 'entriesByFolder', params: { branch, folder: 'content/banners', extension: 'md', depth: 2 } });
  expect(listed.status).toBe(200);
  const entries = listed.body as { data: string; file: { path: string; id: string } }[];
  expect(entries.map((entry) => entry.file.path)).toEqual(
    ['bg', 'en'].flatMap((language) => ['01-sale-orders', '02-features', '03-payments'].map((name) => `content/banners/${language}/${name}.md`)),
  );
  for (const entry of entries) expect(entry).toEqual({ data: backend.read(entry.file.path), file: { path: entry.file.path, id: sha256(backend.read(entry.file.path)) } });

  const one = await backend.post({ action: 'getEntry', params: { branch, path: BANNER_BG } });
  expect(one.body).toEqual({ data: backend.read(BANNER_BG), file: { path: BANNER_BG, id: sha256(backend.read(BANNER_BG)) } });
  const missing = await backend.post({ action: 'getEntry', params: { branch, path: 'content/banners/bg/09-none.md' } });
  expect(missing).toMatchObject({ status: 200, body: { data: null, file: { path: 'content/banners/bg/09-none.md', id: null } } });
});

it("answers the CMS's entry lists with every entry's translation status, as the files are now", async () => {
  const answer = await backend.post({ action: TRANSLATION_STATUSES_ACTION, params: {} });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ statuses: JSON.parse(JSON.stringify(translationStatuses(backend.repo))) });
  const statuses = (answer.body as { statuses: EntryStatus[] }).statuses;
  expect(statuses.find((status) => status.entry === 'privacy/policy')?.copies.bg).toEqual({ state: 'up to date', original: 'en' });
  // Records that contradict each other: the build's message, not a status.
  writeFileSync(path.join(backend.repo, 'content/privacy/en/policy.md'), backend.read('content/privacy/en/policy.md').replace(/^---\n/, '---\ntranslation: bg 0123456789ab\n'));
  expect((await backend.post({ action: TRANSLATION_STATUSES_ACTION, params: {} })).body).toEqual({
    error: 'content/privacy/en/policy.md and content/privacy/bg/policy.md: each says it is a translation (frontmatter field "translation"); the original has none',
  });
});

it('saves a banner in both languages: the changed title, nothing else', async () => {
  const before = snapshot(backend.repo);
  const bg = backend.read(BANNER_BG).replace(/^title: .*$/m, 'title: Поръчки, които редактирате до последния момент');
  const en = backend.read(BANNER_EN);
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles: [
        { path: BANNER_EN, slug: '01-sale-orders', raw: en },
        { path: BANNER_BG, slug: '01-sale-orders', raw: bg },
      ],
      assets: [],
      options: saveOptions('banners'),
    },
  });
  expect(saved).toMatchObject({ status: 200, body: { message: 'entry persisted' } });
  expect(backend.read(BANNER_BG)).toBe(bg);
  const after = snapshot(backend.repo);
  expect(Object.keys(after).filter((file) => after[file] !== before[file])).toEqual([BANNER_BG]);
});

it('creates a new banner entry with an image uploaded along with it', async () => {
  const raw = '---\norder: 4\ntitle: New\nillustration: sale-order\n---\n\n![Chart](/media/chart.png)\n';
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles: [{ path: 'content/banners/en/04-new.md', slug: '04-new', raw }],
      assets: [{ path: `${MEDIA_FOLDER}/chart.png`, content: PNG.toString('base64'), encoding: 'base64' }],
      options: { ...saveOptions('banners'), newEntry: true },
    },
  });
  expect(saved.status).toBe(200);
  expect(backend.read('content/banners/en/04-new.md')).toBe(raw);
  expect(readFileSync(path.join(backend.repo, MEDIA_FOLDER, 'chart.png'))).toEqual(PNG);
});

it('reads and saves a UI string file of the files collection', async () => {
  const read = await backend.post({ action: 'entriesByFiles', params: { branch, files: [{ path: COMMON_BG, label: 'Common · Bulgarian' }] } });
  expect(read.body).toEqual([{ data: backend.read(COMMON_BG), file: { path: COMMON_BG, label: 'Common · Bulgarian', id: sha256(backend.read(COMMON_BG)) } }]);
  const strings = { ...(JSON.parse(backend.read(COMMON_BG)) as Record<string, unknown>), launchApp: 'Отвори приложението' };
  const raw = `${JSON.stringify(strings, null, 2)}\n`;
  const saved = await backend.post({
    action: 'persistEntry',
    params: { branch, dataFiles: [{ path: COMMON_BG, slug: 'common_bg', raw }], assets: [], options: saveOptions('ui_strings') },
  });
  expect(saved.status).toBe(200);
  expect(JSON.parse(backend.read(COMMON_BG)).launchApp).toBe('Отвори приложението');
});

it('uploads an image into the media folder (content/media/), lists it, reads it back and deletes it', async () => {
  const photo = `${MEDIA_FOLDER}/photo.png`;
  const listing = async () => (await backend.post({ action: 'getMedia', params: { branch, mediaFolder: MEDIA_FOLDER } })).body as { path: string }[];
  // The content's own images (content/media/labelled-stock.jpg) are listed too.
  const existing = await listing();
  expect(existing.map((item) => item.path)).not.toContain(photo);
  const uploaded = await backend.post({
    action: 'persistMedia',
    params: { branch, asset: { path: photo, content: PNG.toString('base64'), encoding: 'base64' }, options: { commitMessage: 'Upload “photo.png”' } },
  });
  const file = { id: sha256(PNG), content: PNG.toString('base64'), encoding: 'base64', path: photo, name: 'photo.png' };
  expect(uploaded).toMatchObject({ status: 200, body: file });
  expect(readFileSync(path.join(backend.repo, photo))).toEqual(PNG);
  const listed = await listing();
  expect(listed).toContainEqual(file);
  expect(listed.filter((item) => item.path !== photo)).toEqual(existing);
  expect((await backend.post({ action: 'getMediaFile', params: { branch, path: photo } })).body).toEqual(file);

  const deleted = await backend.post({ action: 'deleteFiles', params: { branch, paths: [photo], options: { commitMessage: 'Delete “photo.png”' } } });
  expect(deleted).toMatchObject({ status: 200, body: { message: `deleted files ${photo}` } });
  expect(existsSync(path.join(backend.repo, photo))).toBe(false);
  expect(await listing()).toEqual(existing);
});

it("lists one language's blog posts in its own folder, the blog's collection of that language", async () => {
  for (const language of ['en', 'bg']) {
    const folder = `content/blog/${language}`;
    const listed = await backend.post({ action: 'entriesByFolder', params: { branch, folder, extension: 'md', depth: 1 } });
    expect(listed.status).toBe(200);
    const files = (listed.body as { file: { path: string } }[]).map((entry) => entry.file.path);
    expect(files).toEqual(readdirSync(path.join(backend.repo, folder)).map((name) => `${folder}/${name}`));
    expect(files.every((file) => file.startsWith(`${folder}/`))).toBe(true);
  }
  // The Bulgarian-only post is listed in its own collection.
  const bg = await backend.post({ action: 'entriesByFolder', params: { branch, folder: 'content/blog/bg', extension: 'md', depth: 1 } });
  expect((bg.body as { file: { path: string } }[]).map((entry) => entry.file.path)).toContain('content/blog/bg/godishna-inventarizatsiya.md');
});

it('deletes a banner in both languages, and answers the deploy preview with null', async () => {
  const paths = [BANNER_EN, BANNER_BG];
  const deleted = await backend.post({ action: 'deleteFiles', params: { branch, paths, options: { commitMessage: 'Delete banner' } } });
  expect(deleted.status).toBe(200);
  for (const file of paths) expect(existsSync(path.join(backend.repo, file))).toBe(false);
  expect((await backend.post({ action: 'getDeployPreview', params: { branch, collection: 'banners', slug: 'x' } })).body).toBeNull();
});

it('deletes a blog post in one language, leaving its translation', async () => {
  const before = snapshot(backend.repo);
  const deleted = await backend.post({ action: 'deleteFiles', params: { branch, paths: ['content/blog/bg/stock-control-habits.md'], options: { commitMessage: 'Delete post' } } });
  expect(deleted.status).toBe(200);
  const after = snapshot(backend.repo);
  expect(Object.keys(before).filter((file) => after[file] !== before[file])).toEqual(['content/blog/bg/stock-control-habits.md']);
  expect(existsSync(path.join(backend.repo, 'content/blog/en/stock-control-habits.md'))).toBe(true);
  expect((await backend.post({ action: 'getDeployPreview', params: { branch, collection: 'blog_bg', slug: 'x' } })).body).toBeNull();
});

it('renames an entry when Decap sends a new path', async () => {
  const raw = backend.read('content/blog/en/stock-control-habits.md');
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles: [{ path: 'content/blog/en/stock-control-habits.md', slug: 'habits', raw, newPath: 'content/blog/en/habits.md' }],
      assets: [],
      options: saveOptions('blog_en'),
    },
  });
  expect(saved.status).toBe(200);
  expect(backend.read('content/blog/en/habits.md')).toBe(raw);
  expect(existsSync(path.join(backend.repo, 'content/blog/en/stock-control-habits.md'))).toBe(false);
  // Its translation, another collection's entry, keeps its name.
  expect(existsSync(path.join(backend.repo, 'content/blog/bg/stock-control-habits.md'))).toBe(true);
});

it("creates a banner in both languages with its image, as Decap's i18n sends it: one file in each language folder, the upload in the media folder", async () => {
  const before = snapshot(backend.repo);
  const raw = (title: string) => `---\norder: 4\ntitle: ${title}\nillustration: sale-order\n---\n\n![Shelf](/media/shelf.png)\n`;
  const dataFiles = [
    { path: 'content/banners/en/04-year-end-count.md', slug: '04-year-end-count', raw: raw('Year-end count') },
    { path: 'content/banners/bg/04-year-end-count.md', slug: '04-year-end-count', raw: raw('Годишно преброяване') },
  ];
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles,
      assets: [{ path: `${MEDIA_FOLDER}/shelf.png`, content: PNG.toString('base64'), encoding: 'base64' }],
      options: { ...saveOptions('banners'), newEntry: true },
    },
  });
  expect(saved).toMatchObject({ status: 200, body: { message: 'entry persisted' } });
  for (const { path: file, raw: text } of dataFiles) expect(backend.read(file)).toBe(text);
  const after = snapshot(backend.repo);
  expect(Object.keys(after).filter((file) => after[file] !== before[file])).toEqual([...dataFiles.map(({ path: file }) => file), `${MEDIA_FOLDER}/shelf.png`].sort());
});

it('creates a post in Bulgarian alone with its image: exactly one file, content/blog/bg/<address>.md, and the upload in the media folder', async () => {
  const before = snapshot(backend.repo);
  const raw = '---\ntitle: Годишно преброяване\ndescription: Броене\ndate: 2026-12-01\n---\n\n![Рафт](/media/shelf.png)\n';
  const file = 'content/blog/bg/godishno-prebroyavane.md';
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles: [{ path: file, slug: 'godishno-prebroyavane', raw }],
      assets: [{ path: `${MEDIA_FOLDER}/shelf.png`, content: PNG.toString('base64'), encoding: 'base64' }],
      options: { ...saveOptions('blog_bg'), newEntry: true },
    },
  });
  expect(saved).toMatchObject({ status: 200, body: { message: 'entry persisted' } });
  expect(backend.read(file)).toBe(raw);
  const after = snapshot(backend.repo);
  expect(Object.keys(after).filter((name) => after[name] !== before[name])).toEqual([file, `${MEDIA_FOLDER}/shelf.png`].sort());
  expect(existsSync(path.join(backend.repo, 'content/blog/en/godishno-prebroyavane.md'))).toBe(false);
});

it('renames a banner in both languages, each within its own language folder', async () => {
  const files = ['en', 'bg'].map((language) => ({ from: `content/banners/${language}/01-sale-orders.md`, to: `content/banners/${language}/01-orders.md` }));
  const raws = files.map(({ from }) => backend.read(from));
  const saved = await backend.post({
    action: 'persistEntry',
    params: {
      branch,
      dataFiles: files.map(({ from, to }, index) => ({ path: from, slug: '01-orders', raw: raws[index], newPath: to })),
      assets: [],
      options: saveOptions('banners'),
    },
  });
  expect(saved.status).toBe(200);
  files.forEach(({ from, to }, index) => {
    expect(backend.read(to)).toBe(raws[index]);
    expect(existsSync(path.join(backend.repo, from))).toBe(false);
  });
});

it('renames a Bulgarian post within content/blog/bg/, leaving the English post of that name as it is', async () => {
  const before = snapshot(backend.repo);
  const from = 'content/blog/bg/stock-control-habits.md';
  const to = 'content/blog/bg/navitsi-za-sklada.md';
  const raw = backend.read(from);
  const saved = await backend.post({
    action: 'persistEntry',
    params: { branch, dataFiles: [{ path: from, slug: 'navitsi-za-sklada', raw, newPath: to }], assets: [], options: saveOptions('blog_bg') },
  });
  expect(saved.status).toBe(200);
  expect(backend.read(to)).toBe(raw);
  const after = snapshot(backend.repo);
  expect([...new Set([...Object.keys(before), ...Object.keys(after)])].filter((file) => after[file] !== before[file]).sort()).toEqual([from, to].sort());
});

it("refuses the editorial workflow's actions it does not have, as Decap's own server does", async () => {
  expect(await backend.post({ action: 'unpublishedEntries', params: { branch } })).toMatchObject({ status: 422, body: { error: 'Unknown action "unpublishedEntries"' } });
});

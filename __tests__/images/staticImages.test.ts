/** @jest-environment node */
/**
 * The site's own images in static/ as the build publishes them:
 * what it claims for each path, the remade
 * images written over Gatsby's byte-for-byte copies before public/ is held
 * to those claims, and `gatsby develop` serving static/ through the same
 * path, ahead of Gatsby's own static server.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import sharp from 'sharp';
import { claimExact, settleOwnership, startClaims } from '../../features/hosting/publicOwners.node';
import { placeStaticImages, prepareStaticImages, servePublishedStatic } from '../../features/images/staticImages.node';
import { listen, type RunningServer } from '../../system/listen';
import { PHONE_EXIF, metadataIn } from '../support/images';
import { publicDirOf } from '../../system/paths.js';
import { pathProblem } from '../../features/content/contentTree.node';
import { BRAND_IMAGE_FILES } from '../../features/share-cards/brandImageFiles';

const ROOT = path.join(__dirname, '..', '..');
const FAVICON = fs.readFileSync(path.join(ROOT, 'static', 'favicon.svg'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// sharp encodes each image on a shared 2-core machine.
jest.setTimeout(60_000);

let dir: string;
let cacheDir: string;
let photo: Buffer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-images-'));
  cacheDir = path.join(dir, 'cache');
  photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#15803d' } })
    .jpeg()
    .withExif(PHONE_EXIF)
    .toBuffer();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A project whose static/ holds `files`; returns its folder. */
function project(name: string, files: Record<string, Buffer>): string {
  const directory = path.join(dir, name);
  fs.mkdirSync(path.join(directory, 'static'), { recursive: true });
  for (const [file, bytes] of Object.entries(files)) fs.writeFileSync(path.join(directory, 'static', file), bytes);
  return directory;
}

/** What Gatsby does with static/ during a build: a copy into public/, byte for byte. */
const gatsbyCopy = (directory: string) => fs.cpSync(path.join(directory, 'static'), publicDirOf(directory), { recursive: true, dereference: true });

describe('a build', () => {
  it('claims each path of static/ with the SHA-256 of what the site publishes there: a remade image, an SVG as it is', async () => {
    const directory = project('claims', { 'favicon.svg': FAVICON, 'team.jpg': photo });
    const first = await prepareStaticImages(directory, { cacheDir });
    const team = path.join(cacheDir, fs.readdirSync(cacheDir).find((name) => name.endsWith('.jpg')) ?? '');
    expect(first).toEqual({
      published: new Map([
        ['favicon.svg', sha256(FAVICON)],
        ['team.jpg', sha256(fs.readFileSync(team))],
      ]),
      errors: [],
      remade: 1,
      made: 1,
    });
    expect(sha256(photo)).not.toBe(first.published.get('team.jpg'));
    // The next build takes it from the cache.
    expect(await prepareStaticImages(directory, { cacheDir })).toEqual({ ...first, made: 0 });
  });

  it('names every image it refuses, in path order', async () => {
    const directory = project('refusals', {
      'favicon.svg': FAVICON,
      'z.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      'a.gif': Buffer.from('GIF89a'),
    });
    const { errors, published } = await prepareStaticImages(directory, { cacheDir });
    expect(errors).toEqual([expect.stringMatching(/^static\/a\.gif cannot be read as an image \(/), expect.stringMatching(/^static\/z\.png cannot be read as an image \(/)]);
    expect([...published.keys()]).toEqual(['favicon.svg']);
  });

  it("fails where Gatsby's copy of an image is left in public/, and passes once the remade one is written over it", async () => {
    const directory = project('placed', { 'favicon.svg': FAVICON, 'team.jpg': photo });
    const publicDir = publicDirOf(directory);
    fs.mkdirSync(publicDir);
    startClaims(publicDir);
    claimExact('static', (await prepareStaticImages(directory, { cacheDir })).published);
    gatsbyCopy(directory);
    expect(() => settleOwnership(publicDir, [])).toThrow(
      "public/ is not what this build's writers made (features/hosting/publicOwners.ts):\n  - public/team.jpg is not the file the site's own images from static/ (features/images/staticImages.node.ts) wrote: something wrote over it later in the build",
    );
    expect(await placeStaticImages(directory, publicDir, { cacheDir })).toEqual(['team.jpg']);
    expect(settleOwnership(publicDir, []).record).toEqual({ static: ['favicon.svg', 'team.jpg'] });
    const published = fs.readFileSync(path.join(publicDir, 'team.jpg'));
    expect(await metadataIn(published)).toEqual([]);
    expect(fs.readFileSync(path.join(publicDir, 'favicon.svg')).equals(FAVICON)).toBe(true);
  });
});

describe('gatsby develop', () => {
  let directory: string;
  let server: RunningServer;
  beforeAll(async () => {
    directory = project('develop', { 'favicon.svg': FAVICON, 'team.jpg': photo });
    // Gatsby's develop server, as it starts: the site's developMiddleware, then public/ through Gatsby's own static server.
    const fromGatsby = createRequire(path.join(ROOT, 'node_modules', 'gatsby', 'package.json'));
    const express = fromGatsby('express') as () => { use(handler: RequestHandler): void } & Parameters<typeof listen>[0];
    const { developStatic } = fromGatsby('./dist/commands/develop-static') as { developStatic: (root: string, options: object) => RequestHandler };
    const app = express();
    app.use(servePublishedStatic(directory, (source) => pathProblem(directory, source, new Set(BRAND_IMAGE_FILES)), { cacheDir }));
    app.use(developStatic(publicDirOf(directory), { index: false }));
    // What Gatsby's watcher copies there: static/ as it is.
    gatsbyCopy(directory);
    fs.writeFileSync(path.join(publicDirOf(directory), 'built.txt'), 'the build wrote this');
    server = await listen(app, 0);
  });
  afterAll(() => server?.close());

  const get = (address: string, method = 'GET') => fetch(`${server.url}${address}`, { method });

  it('serves a raster image of static/ remade, never the copy in public/', async () => {
    const response = await get('/team.jpg');
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(photo)).toBe(false);
    expect(await metadataIn(bytes)).toEqual([]);
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect((await get('/team.jpg', 'HEAD')).status).toBe(200);
  });

  it('serves an SVG that passes the allowlist as it is', async () => {
    const response = await get('/favicon.svg');
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(Buffer.from(await response.arrayBuffer()).equals(FAVICON)).toBe(true);
  });

  it('checks each file again as it is asked for: one changed since develop started is refused, saying why', async () => {
    fs.writeFileSync(path.join(directory, 'static', 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    fs.copyFileSync(path.join(directory, 'static', 'evil.svg'), path.join(publicDirOf(directory), 'evil.svg'));
    const svg = await get('/evil.svg');
    expect(svg.status).toBe(404);
    expect(await svg.text()).toMatch(
      /^static\/evil\.svg is not a drawing the site publishes as it is; [^\n]+:\n {6}line 1: onload="alert\(1\)" on <svg> is an event handler, which runs script; /,
    );
    fs.writeFileSync(path.join(directory, 'static', 'logo.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
    expect(await (await get('/logo.ico')).text()).toMatch(/^static\/logo\.ico is an icon \(\.ico\), which the build cannot re-encode/);
    fs.writeFileSync(path.join(directory, 'static', 'cut.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    const cut = await get('/cut.png');
    expect([cut.status, await cut.text()]).toEqual([404, expect.stringMatching(/^static\/cut\.png cannot be read as an image \(/)]);
  });

  it("leaves Gatsby the rest: the build's own files, folders, paths that climb out", async () => {
    expect(await (await get('/built.txt')).text()).toBe('the build wrote this');
    expect((await get('/missing.png')).status).toBe(404);
    for (const address of ['/', '/%2e%2e/package.json', '/..%2fstatic/team.jpg', '/team.jpg%00']) expect([address, (await get(address)).status]).toEqual([address, 404]);
  });
});

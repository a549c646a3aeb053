/** @jest-environment node */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBrandImages } from '../../gatsby/brandImages';

const ROOT = path.join(__dirname, '..', '..');

/** A site directory with only what the drawings read: the logo and the locales. */
async function site(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'brand-images-'));
  await cp(path.join(ROOT, 'static', 'favicon.svg'), path.join(directory, 'static', 'favicon.svg'));
  await cp(path.join(ROOT, 'locales'), path.join(directory, 'locales'), { recursive: true });
  return directory;
}

const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('writeBrandImages', () => {
  const original = process.env.CHROME_PATH;
  let directory: string;
  beforeEach(async () => {
    directory = await site();
  });
  afterEach(async () => {
    // Assigning undefined would store the string 'undefined'.
    if (original === undefined) delete process.env.CHROME_PATH;
    else process.env.CHROME_PATH = original;
    await rm(directory, { recursive: true, force: true });
  });

  it('fails saying how to get a browser when none is found', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    await expect(writeBrandImages(directory)).rejects.toThrow(
      'The share images and icons are drawn at build time and need a browser. No Chromium found.',
    );
  });

  it('names the locale file and key when a string is missing', async () => {
    await cp(path.join(ROOT, 'locales', 'en', 'common.json'), path.join(directory, 'locales', 'bg', 'home.json'));
    await expect(writeBrandImages(directory)).rejects.toThrow(`${path.join('locales', 'bg', 'home.json')}: no text at "hero.eyebrow"`);
  });

  it('draws every image at its size, then redraws nothing it has cached', async () => {
    await writeBrandImages(directory);
    const read = (file: string) => readFile(path.join(directory, 'public', file));
    expect(pngSize(await read('share/en.png'))).toEqual([1200, 630]);
    expect(pngSize(await read('share/bg.png'))).toEqual([1200, 630]);
    expect(pngSize(await read('icons/icon-192x192.png'))).toEqual([192, 192]);
    expect(pngSize(await read('icons/icon-512x512.png'))).toEqual([512, 512]);
    expect(pngSize(await read('icons/maskable-512x512.png'))).toEqual([512, 512]);
    expect(pngSize(await read('apple-touch-icon.png'))).toEqual([180, 180]);
    const ico = await read('favicon.ico');
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);

    // Same inputs: served from .cache without a browser.
    process.env.CHROME_PATH = '/nonexistent/chromium';
    await rm(path.join(directory, 'public'), { recursive: true });
    await writeBrandImages(directory);
    expect(existsSync(path.join(directory, 'public', 'share', 'bg.png'))).toBe(true);
    expect(existsSync(path.join(directory, 'public', 'favicon.ico'))).toBe(true);
  }, 60_000);
});

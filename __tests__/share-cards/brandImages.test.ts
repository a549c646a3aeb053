/** @jest-environment node */
import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import fs, { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { iconSvg, writeBrandImages } from '../../features/share-cards/brandImages.node';
import { BRAND_IMAGE_FILES } from '../../features/share-cards/brandImageFiles';
import { SHARE_FONT_FILES } from '../../features/share-cards/postShareImages.node';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');

/** A site directory with only what the drawings read: the fonts, the logo, the home content, and the renderers (for their versions). */
async function site(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'brand-images-'));
  for (const file of [...Object.values(SHARE_FONT_FILES), path.join('static', 'favicon.svg'), 'package.json']) await cp(path.join(ROOT, file), path.join(directory, file));
  await cp(path.join(ROOT, 'content', 'home'), path.join(directory, 'content', 'home'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'));
  return directory;
}

const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('writeBrandImages', () => {
  const original = process.env.CHROME_PATH;
  let directory: string;
  // A cache of the test's own: the default is under node_modules, which site() shares with the project.
  const cacheDir = () => path.join(directory, 'kept-images');
  const draw = () => writeBrandImages(directory, { cacheDir: cacheDir() });
  beforeEach(async () => {
    directory = await site();
  });
  afterEach(async () => {
    // Assigning undefined would store the string 'undefined'.
    if (original === undefined) delete process.env.CHROME_PATH;
    else process.env.CHROME_PATH = original;
    jest.restoreAllMocks();
    await rm(directory, { recursive: true, force: true });
  });

  it('names the content file and field when the home page text it shows is broken', async () => {
    const hero = path.join(directory, 'content', 'home', 'bg', 'hero.md');
    await writeFile(hero, (await readFile(hero, 'utf8')).replace(/^headline:.*$/m, 'headline: ""'));
    await expect(draw()).rejects.toThrow(`${path.join('content', 'home', 'bg', 'hero.md')}: frontmatter field "headline" is missing; it must be a string`);
  });

  it('wants one to three topics marked for the share image', async () => {
    const topics = path.join(directory, 'content', 'home', 'en', 'topics.md');
    await writeFile(topics, (await readFile(topics, 'utf8')).replace(/^ +onShareImage: true\n/gm, ''));
    await expect(draw()).rejects.toThrow(
      `${path.join('content', 'home', 'en', 'topics.md')}: frontmatter field "items" must mark 1 to 3 topics with onShareImage: true for the share image, found 0`,
    );
  });

  it('refuses a headline too long for the image, or a character its typeface cannot draw, naming file and field', async () => {
    const hero = path.join(directory, 'content', 'home', 'en', 'hero.md');
    const source = await readFile(hero, 'utf8');
    await writeFile(hero, source.replace(/^headline:.*$/m, `headline: "${'Inventory and payments, '.repeat(8)}"`));
    await expect(draw()).rejects.toThrow(
      new RegExp(
        `^${path.join('content', 'home', 'en', 'hero.md')}: frontmatter field "headline" is too long for the share image: at its smallest size \\(32 px\\) it takes \\d+ lines and the card holds 4; shorten the title$`,
      ),
    );
    await writeFile(hero, source.replace(/^eyebrow:.*$/m, 'eyebrow: "Stock ⚡ sales"'));
    await expect(draw()).rejects.toThrow(
      `${path.join('content', 'home', 'en', 'hero.md')}: frontmatter field "eyebrow" has characters the share image's typeface (Liberation Sans) cannot draw: "⚡" (U+26A1)`,
    );
  });

  it('draws every image at its size without a browser, then redraws nothing it has cached', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    await expect(draw()).resolves.toEqual(BRAND_IMAGE_FILES);
    const read = (file: string) => readFile(path.join(publicDirOf(directory), file));
    expect(pngSize(await read('share/en.png'))).toEqual([1200, 630]);
    expect(pngSize(await read('share/bg.png'))).toEqual([1200, 630]);
    expect(pngSize(await read('icons/icon-192x192.png'))).toEqual([192, 192]);
    expect(pngSize(await read('icons/icon-512x512.png'))).toEqual([512, 512]);
    expect(pngSize(await read('icons/maskable-512x512.png'))).toEqual([512, 512]);
    expect(pngSize(await read('apple-touch-icon.png'))).toEqual([180, 180]);
    const ico = await read('favicon.ico');
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    expect([ico[6], ico[22], ico[38]]).toEqual([16, 32, 48]);
    expect(await read('share/en.png')).not.toEqual(await read('share/bg.png'));

    // Each drawing kept whole (no temporary file left) under its key, and marked used in the kept caches' record.
    const kept = (await readdir(cacheDir())).sort();
    const keys = kept.filter((name) => name !== 'used.json').map((name) => /^([0-9a-f]{24})\.png$/.exec(name)?.[1]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).not.toContain(undefined);
    expect(kept).toContain('used.json');
    expect(Object.keys(JSON.parse(await readFile(path.join(cacheDir(), 'used.json'), 'utf8'))).sort()).toEqual(keys);

    // Same inputs, public/ gone (a clean build): everything from the kept cache, nothing drawn.
    const before = await read('share/bg.png');
    await rm(publicDirOf(directory), { recursive: true });
    await expect(draw()).resolves.toEqual([]);
    expect(await read('share/bg.png')).toEqual(before);
    expect(existsSync(path.join(publicDirOf(directory), 'favicon.ico'))).toBe(true);

    // A changed headline redraws that language's image only.
    const hero = path.join(directory, 'content', 'home', 'bg', 'hero.md');
    await writeFile(hero, (await readFile(hero, 'utf8')).replace(/^headline:.*$/m, 'headline: "Наличности и плащания"'));
    await expect(draw()).resolves.toEqual(['/share/bg.png']);
  }, 60_000);

  it('keeps no part of a drawing whose write stopped half-way: the next build draws it again, whole', async () => {
    const writeFileSync = fs.writeFileSync;
    const halfThenFail = (file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView) => {
      writeFileSync(file, (data as Uint8Array).subarray(0, 100));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    jest.spyOn(fs, 'writeFileSync').mockImplementationOnce(halfThenFail);
    await expect(draw()).rejects.toThrow('ENOSPC');
    expect(await readdir(cacheDir())).toEqual([]);
    await expect(draw()).resolves.toEqual(BRAND_IMAGE_FILES);
    expect(pngSize(await readFile(path.join(publicDirOf(directory), BRAND_IMAGE_FILES[0])))).toEqual([1200, 630]);
  }, 60_000);
});

describe('iconSvg', () => {
  const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="8" y="8" width="16" height="16" fill="#dcfce7"/></svg>';
  const pixels = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;

  it('keeps the corners transparent, or fills them with the brand colour when full-bleed', () => {
    const corner = (svg: string) => [...pixels(svg).subarray(0, 4)];
    expect(corner(iconSvg(logo, 32, false))).toEqual([0, 0, 0, 0]);
    expect(corner(iconSvg(logo, 32, true))).toEqual([0x15, 0x80, 0x3d, 255]);
  });

  it('draws the mark scaled to the size asked for', () => {
    const size = 64;
    const centre = (size / 2) * size * 4 + (size / 2) * 4;
    expect([...pixels(iconSvg(logo, size, false)).subarray(centre, centre + 4)]).toEqual([0xdc, 0xfc, 0xe7, 255]);
  });
});

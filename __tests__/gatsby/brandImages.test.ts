/** @jest-environment node */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND_FALLBACK_DIR, BRAND_IMAGE_FILES, withoutChromiumWarning, writeBrandImages } from '../../gatsby/brandImages';

const ROOT = path.join(__dirname, '..', '..');

/** A site directory with only what the drawings read: the logo, the locales, the home content and the committed copies. */
async function site(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'brand-images-'));
  await cp(path.join(ROOT, 'static', 'favicon.svg'), path.join(directory, 'static', 'favicon.svg'));
  await cp(path.join(ROOT, 'locales'), path.join(directory, 'locales'), { recursive: true });
  await cp(path.join(ROOT, 'content', 'home'), path.join(directory, 'content', 'home'), { recursive: true });
  await cp(path.join(ROOT, BRAND_FALLBACK_DIR), path.join(directory, BRAND_FALLBACK_DIR), { recursive: true });
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
    await expect(writeBrandImages(directory)).rejects.toThrow('The share images and icons are drawn at build time and need a browser. No Chromium found.');
  });

  it('fails the same way when given no browser and no permission to fall back (a production build)', async () => {
    await expect(writeBrandImages(directory, { chromium: null, fallback: false })).rejects.toThrow(
      'need a browser. No Chromium found. Install Debian\'s browser with "apt-get install -y chromium", or set CHROME_PATH to a Chromium or Chrome executable. ' +
        '(Only a local build, SITE_ENV=local, may use the committed copies in gatsby/brand-fallback/ instead.)',
    );
    expect(existsSync(path.join(directory, 'public', 'share', 'en.png'))).toBe(false);
  });

  it('copies every file from the committed copies without a browser in a local build, and says which', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const copied = await writeBrandImages(directory, { fallback: true });
    expect(copied).toEqual(BRAND_IMAGE_FILES);
    for (const file of BRAND_IMAGE_FILES) {
      expect(await readFile(path.join(directory, 'public', file))).toEqual(await readFile(path.join(ROOT, BRAND_FALLBACK_DIR, file)));
    }
  });

  it('names a committed copy that is missing', async () => {
    await rm(path.join(directory, BRAND_FALLBACK_DIR, 'favicon.ico'));
    await expect(writeBrandImages(directory, { chromium: null, fallback: true })).rejects.toThrow(
      `${path.join(BRAND_FALLBACK_DIR, 'favicon.ico')} is missing, and without a browser /favicon.ico cannot be drawn. No Chromium found.`,
    );
  });

  it('names the content file and field when the home page text it shows is broken', async () => {
    const hero = path.join(directory, 'content', 'home', 'bg', 'hero.md');
    await writeFile(hero, (await readFile(hero, 'utf8')).replace(/^headline:.*$/m, 'headline: ""'));
    await expect(writeBrandImages(directory)).rejects.toThrow(`${path.join('content', 'home', 'bg', 'hero.md')}: frontmatter field "headline" is missing; it must be a string`);
  });

  it('wants one to three topics marked for the share image', async () => {
    const topics = path.join(directory, 'content', 'home', 'en', 'topics.md');
    await writeFile(topics, (await readFile(topics, 'utf8')).replace(/^ +onShareImage: true\n/gm, ''));
    await expect(writeBrandImages(directory)).rejects.toThrow(
      `${path.join('content', 'home', 'en', 'topics.md')}: frontmatter field "items" must mark 1 to 3 topics with onShareImage: true for the share image, found 0`,
    );
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
    // A local build without a browser prefers those drawings to the committed copies.
    await expect(writeBrandImages(directory, { fallback: true })).resolves.toEqual([]);
  }, 60_000);
});

describe('the committed copies (gatsby/brand-fallback)', () => {
  it.each(BRAND_IMAGE_FILES.filter((file) => file.endsWith('.png')))('%s is a PNG of the size the build draws', async (file) => {
    const png = await readFile(path.join(ROOT, BRAND_FALLBACK_DIR, file));
    expect([...png.subarray(1, 4)]).toEqual([...Buffer.from('PNG')]);
    const size = file.startsWith('/share/') ? [1200, 630] : file === '/apple-touch-icon.png' ? [180, 180] : [Number(/(\d+)x/.exec(file)?.[1]), Number(/(\d+)x/.exec(file)?.[1])];
    expect(pngSize(png)).toEqual(size);
  });

  it('has a favicon.ico with its three sizes', async () => {
    const ico = await readFile(path.join(ROOT, BRAND_FALLBACK_DIR, 'favicon.ico'));
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    expect([ico[6], ico[22], ico[38]]).toEqual([16, 32, 48]);
  });
});

describe('withoutChromiumWarning', () => {
  it('lists what was skipped and names the line that installs what draws it, on a line of its own', () => {
    const warning = withoutChromiumWarning(['/share/en.png', '/favicon.ico']);
    expect(warning).toBe(
      [
        'No Chromium found, so this local build skips what Chromium draws:',
        '  - share images and icons: copies from gatsby/brand-fallback/, drawn for the',
        '    default product name and texts (GATSBY_PRODUCT_NAME and text changes',
        '    do not show in them):',
        '      /share/en.png',
        '      /favicon.ico',
        '  - mermaid diagrams: each is shown as its source in a code block',
        'To draw them, install Chromium and its typeface (or set CHROME_PATH):',
        '    apt-get install -y chromium fonts-liberation',
        'then build from clean (npm start does; after npm run develop, run',
        'npm run clean first). A production build fails without Chromium.',
      ].join('\n'),
    );
    // Gatsby's reporter wraps lines at 80 columns.
    for (const line of withoutChromiumWarning(BRAND_IMAGE_FILES).split('\n')) expect(line.length).toBeLessThan(80);
  });

  it('leaves out the images when all of them were drawn before (cached)', () => {
    const warning = withoutChromiumWarning([]);
    expect(warning).not.toContain('share images');
    expect(warning).toContain('  - mermaid diagrams: each is shown as its source in a code block');
    expect(warning).toContain('apt-get install -y chromium fonts-liberation');
  });
});

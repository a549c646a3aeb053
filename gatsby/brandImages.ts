import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHROMIUM_ARGS, MISSING_BROWSER_MESSAGE, findChromium } from '../scripts/chromium.js';
import { siteConfig } from '../src/lib/config';
import { APPLE_TOUCH_ICON, FAVICON_ICO_PATH, FAVICON_ICO_SIZES, FAVICON_SVG_PATH, MANIFEST_ICONS, icoFromPngs, iconHtml } from '../src/lib/icons';
import { LANGUAGES, type Language } from '../src/lib/languages';
import { SHARE_IMAGE, shareImagePath } from '../src/lib/shareImage';
import { shareImageHtml, svgDataUrl } from '../src/lib/shareImageHtml';
import { readLocaleString } from './locales';

/** One PNG to draw: a page of `html` at width x height, screenshotted once it sets <html data-ready>. */
interface Drawing {
  html: string;
  width: number;
  height: number;
  /** Keep what the page leaves unpainted transparent instead of white. */
  transparent: boolean;
}

/** Bump when the way drawings are made changes, so cached PNGs are redrawn. */
const CACHE_VERSION = 1;

function cacheKey(drawing: Drawing): string {
  return createHash('sha256').update(JSON.stringify({ CACHE_VERSION, ...drawing })).digest('hex').slice(0, 24);
}

/** The topics shown as chips on the share image: short, and one of them about payments. */
const SHARE_TOPICS = ['topics.inventoryManagement', 'topics.invoiceProcessing', 'topics.bitcoinPayments'];

function shareDrawing(directory: string, language: Language, logoUrl: string): Drawing {
  const productName = siteConfig.productName;
  const home = (key: string) => readLocaleString(directory, language, 'home', key, productName);
  const html = shareImageHtml(
    { language, productName, eyebrow: home('hero.eyebrow'), headline: home('hero.headline'), topics: SHARE_TOPICS.map(home) },
    logoUrl,
  );
  return { html, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, transparent: false };
}

const iconDrawing = (logoUrl: string, size: number, fullBleed: boolean): Drawing => ({
  html: iconHtml(logoUrl, size, fullBleed),
  width: size,
  height: size,
  transparent: !fullBleed,
});

/** Draws the PNGs in one Chromium session. */
async function draw(drawings: readonly Drawing[]): Promise<Buffer[]> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(`The share images and icons are drawn at build time and need a browser. ${MISSING_BROWSER_MESSAGE}`);
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const pngs: Buffer[] = [];
    for (const drawing of drawings) {
      await page.setViewportSize({ width: drawing.width, height: drawing.height });
      await page.setContent(drawing.html, { waitUntil: 'load' });
      // Every drawing marks <html data-ready> once laid out (the share
      // image after fitting its headline); fonts are local, but wait for them too.
      await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 10_000 }).catch((error: Error) => {
        throw new Error(`A share image or icon could not be drawn: ${errors.join('; ') || error.message}`);
      });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      pngs.push(await page.screenshot({ type: 'png', omitBackground: drawing.transparent }));
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/**
 * Writes the share image of every language (public/share/<lang>.png), the
 * manifest icons, the Apple touch icon and favicon.ico, all drawn from
 * static/favicon.svg and the locale strings by Debian's Chromium. PNGs are
 * kept in .cache/brand-images by a hash of what they show, so a build that
 * changed none of it starts no browser.
 */
export async function writeBrandImages(directory: string): Promise<void> {
  const publicDir = path.join(directory, 'public');
  const cacheDir = path.join(directory, '.cache', 'brand-images');
  const logoUrl = svgDataUrl(await readFile(path.join(directory, 'static', FAVICON_SVG_PATH), 'utf8'));

  const files: { file: string; drawing: Drawing }[] = [
    ...LANGUAGES.map((language) => ({ file: shareImagePath(language), drawing: shareDrawing(directory, language, logoUrl) })),
    ...[...MANIFEST_ICONS, APPLE_TOUCH_ICON].map((icon) => ({ file: icon.path, drawing: iconDrawing(logoUrl, icon.size, icon.fullBleed) })),
  ];
  const icoDrawings = FAVICON_ICO_SIZES.map((size) => iconDrawing(logoUrl, size, false));
  const drawings = [...files.map((f) => f.drawing), ...icoDrawings];

  const keys = drawings.map(cacheKey);
  const missing = drawings.filter((_, i) => !existsSync(path.join(cacheDir, `${keys[i]}.png`)));
  if (missing.length > 0) {
    const pngs = await draw(missing);
    await mkdir(cacheDir, { recursive: true });
    await Promise.all(missing.map((drawing, i) => writeFile(path.join(cacheDir, `${cacheKey(drawing)}.png`), pngs[i])));
  }
  const png = (i: number) => readFile(path.join(cacheDir, `${keys[i]}.png`));

  for (const [i, { file }] of files.entries()) {
    const target = path.join(publicDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await png(i));
  }
  const icoImages = await Promise.all(FAVICON_ICO_SIZES.map(async (size, i) => ({ size, png: await png(files.length + i) })));
  await writeFile(path.join(publicDir, FAVICON_ICO_PATH), icoFromPngs(icoImages));
}

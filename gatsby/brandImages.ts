import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_PACKAGES_COMMAND, CHROMIUM_ARGS, MISSING_BROWSER_MESSAGE, findChromium } from '../scripts/chromium.js';
import { siteConfig } from '../src/lib/config';
import type { Frontmatter } from '../src/lib/frontmatter';
import { APPLE_TOUCH_ICON, FAVICON_ICO_PATH, FAVICON_ICO_SIZES, FAVICON_SVG_PATH, MANIFEST_ICONS, icoFromPngs, iconHtml } from '../src/lib/icons';
import { LANGUAGES, type Language } from '../src/lib/languages';
import { fillProductNameInFields } from '../src/lib/markdown';
import { SHARE_IMAGE, shareImagePath } from '../src/lib/shareImage';
import { shareImageHtml, svgDataUrl } from '../src/lib/shareImageHtml';
import { readContentFrontmatter } from './contentFile';

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
  return createHash('sha256')
    .update(JSON.stringify({ CACHE_VERSION, ...drawing }))
    .digest('hex')
    .slice(0, 24);
}

/** The share image shows the home page's eyebrow and headline and the topics marked for it, with room for three. */
const SHARE_TOPICS_MAX = 3;

function shareDrawing(directory: string, language: Language, logoUrl: string): Drawing {
  const productName = siteConfig.productName;
  const hero = readContentFrontmatter<Frontmatter<'home', 'hero'>>(directory, 'home', language, 'hero');
  const { items } = readContentFrontmatter<Frontmatter<'home', 'topics'>>(directory, 'home', language, 'topics');
  const topics = items.filter((item) => item.onShareImage).map((item) => item.label);
  if (topics.length === 0 || topics.length > SHARE_TOPICS_MAX) {
    throw new Error(
      `${path.join('content', 'home', language, 'topics.md')}: frontmatter field "items" must mark 1 to ${SHARE_TOPICS_MAX} topics with onShareImage: true for the share image, found ${topics.length}`,
    );
  }
  const text = fillProductNameInFields({ language, productName, eyebrow: hero.eyebrow, headline: hero.headline, topics }, productName);
  return { html: shareImageHtml(text, logoUrl), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, transparent: false };
}

const iconDrawing = (logoUrl: string, size: number, fullBleed: boolean): Drawing => ({
  html: iconHtml(logoUrl, size, fullBleed),
  width: size,
  height: size,
  transparent: !fullBleed,
});

/** Draws the PNGs in one Chromium session. */
async function draw(executablePath: string, drawings: readonly Drawing[]): Promise<Buffer[]> {
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
 * Where the committed copies of every file below live, relative to the site:
 * drawn once with Chromium (scripts/brandFallbacks.ts) for the default
 * product name and texts, and used by a local build that has no browser.
 */
export const BRAND_FALLBACK_DIR = path.join('gatsby', 'brand-fallback');

/** One file the build writes: made from one or more drawings. */
interface BrandFile {
  /** Its path under public/ (also under BRAND_FALLBACK_DIR), with a leading slash. */
  file: string;
  drawings: Drawing[];
  /** The file's bytes from the drawings' PNGs, in order. */
  build: (pngs: Buffer[]) => Uint8Array;
}

function brandFiles(directory: string, logoUrl: string): BrandFile[] {
  const single = (file: string, drawing: Drawing): BrandFile => ({ file, drawings: [drawing], build: ([png]) => png });
  return [
    ...LANGUAGES.map((language) => single(shareImagePath(language), shareDrawing(directory, language, logoUrl))),
    ...[...MANIFEST_ICONS, APPLE_TOUCH_ICON].map((icon) => single(icon.path, iconDrawing(logoUrl, icon.size, icon.fullBleed))),
    {
      file: FAVICON_ICO_PATH,
      drawings: FAVICON_ICO_SIZES.map((size) => iconDrawing(logoUrl, size, false)),
      build: (pngs) => icoFromPngs(FAVICON_ICO_SIZES.map((size, i) => ({ size, png: pngs[i] }))),
    },
  ];
}

/** Every file writeBrandImages writes, as paths under public/ with a leading slash. */
export const BRAND_IMAGE_FILES: readonly string[] = [...LANGUAGES.map(shareImagePath), ...[...MANIFEST_ICONS, APPLE_TOUCH_ICON].map((icon) => icon.path), FAVICON_ICO_PATH];

export interface BrandImageOptions {
  /** The browser to draw with; by default findChromium(). null: there is none. */
  chromium?: string | null;
  /**
   * Without a browser, copy what is not cached from BRAND_FALLBACK_DIR
   * instead of failing: a local build (src/lib/config.ts, chromiumRequired).
   */
  fallback?: boolean;
  /** Where the files go; by default <directory>/public. */
  outputDir?: string;
}

/**
 * Writes the share image of every language (public/share/<lang>.png), the
 * manifest icons, the Apple touch icon and favicon.ico, all drawn from
 * static/favicon.svg and the locale strings by Debian's Chromium. PNGs are
 * kept in .cache/brand-images by a hash of what they show, so a build that
 * changed none of it starts no browser.
 *
 * Without a browser it fails, unless `fallback` is set: then every file
 * whose drawings are not all cached is copied from BRAND_FALLBACK_DIR.
 * Resolves to the files copied that way (empty when all were drawn).
 */
export async function writeBrandImages(directory: string, options: BrandImageOptions = {}): Promise<string[]> {
  const chromium = options.chromium === undefined ? findChromium() : options.chromium;
  const outputDir = options.outputDir ?? path.join(directory, 'public');
  const cacheDir = path.join(directory, '.cache', 'brand-images');
  const logoUrl = svgDataUrl(await readFile(path.join(directory, 'static', FAVICON_SVG_PATH), 'utf8'));
  const files = brandFiles(directory, logoUrl);

  const cachePath = (drawing: Drawing) => path.join(cacheDir, `${cacheKey(drawing)}.png`);
  const drawings = files.flatMap((f) => f.drawings);
  const missing = drawings.filter((drawing) => !existsSync(cachePath(drawing)));
  if (missing.length > 0) {
    if (chromium) {
      const pngs = await draw(chromium, missing);
      await mkdir(cacheDir, { recursive: true });
      await Promise.all(missing.map((drawing, i) => writeFile(cachePath(drawing), pngs[i])));
    } else if (!options.fallback) {
      throw new Error(
        `The share images and icons are drawn at build time and need a browser. ${MISSING_BROWSER_MESSAGE} ` +
          `(Only a local build, SITE_ENV=local, may use the committed copies in ${BRAND_FALLBACK_DIR}/ instead.)`,
      );
    }
  }

  const copied: string[] = [];
  for (const { file, drawings: parts, build } of files) {
    const target = path.join(outputDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    if (parts.every((drawing) => existsSync(cachePath(drawing)))) {
      await writeFile(target, build(await Promise.all(parts.map((drawing) => readFile(cachePath(drawing))))));
      continue;
    }
    const fallback = path.join(directory, BRAND_FALLBACK_DIR, file);
    if (!existsSync(fallback)) {
      throw new Error(`${path.join(BRAND_FALLBACK_DIR, file)} is missing, and without a browser ${file} cannot be drawn. ${MISSING_BROWSER_MESSAGE}`);
    }
    await copyFile(fallback, target);
    copied.push(file);
  }
  return copied;
}

/**
 * The one warning of a local build without Chromium: what it skipped (the
 * `copied` files of writeBrandImages, and every mermaid diagram, which
 * plugins/stockpay-remark-mermaid then shows as source) and the line that
 * installs what draws them.
 */
export function withoutChromiumWarning(copied: readonly string[]): string {
  // Short lines: Gatsby's reporter wraps long ones, which would split the command.
  const lines = ['No Chromium found, so this local build skips what Chromium draws:'];
  if (copied.length > 0) {
    lines.push(
      `  - share images and icons: copies from ${BRAND_FALLBACK_DIR}/, drawn for the`,
      '    default product name and texts (GATSBY_PRODUCT_NAME and text changes',
      '    do not show in them):',
      ...copied.map((file) => `      ${file}`),
    );
  }
  lines.push(
    '  - mermaid diagrams: each is shown as its source in a code block',
    'To draw them, install Chromium and its typeface (or set CHROME_PATH):',
    `    ${BUILD_PACKAGES_COMMAND}`,
    'then build from clean (npm start does; after npm run develop, run',
    'npm run clean first). A production build fails without Chromium.',
  );
  return lines.join('\n');
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BRAND_COLORS } from '../site/brand';
import { siteConfig } from '../site/settings';
import { fontMetrics } from './fontMetrics';
import type { Frontmatter } from '../content/frontmatter';
import { APPLE_TOUCH_ICON, FAVICON_ICO_PATH, FAVICON_ICO_SIZES, MANIFEST_ICONS, icoFromPngs } from './icons';
import { LANGUAGES, type Language } from '../site/languages';
import { fillProductNameInFields } from '../site/productName';
import { cardSvg, svgDataUrl, svgToPng, type ShareCardAssets } from './shareCard';
import { missingGlyphs } from './shareCardText';
import { shareImagePath } from '../images/shareImage';
import { siteShareCard, siteShareTree, type SiteShareCard } from './siteShareCard';
import { BRAND_IMAGES, keptCacheDir, oneFileEntries, recordUse, writeWhole } from '../../system/keptCache.js';
import { readContentFrontmatter } from '../content/contentFile.node';
import { readShareCardAssets, rendererFingerprint } from './postShareImages.node';
import { publicDirOf } from '../../system/paths.js';

/** One PNG to draw: the site share image of a language, or the logo mark as an icon. */
type Drawing = { kind: 'share'; card: SiteShareCard } | { kind: 'icon'; size: number; fullBleed: boolean };

/** The share image shows the home page's eyebrow and headline and the topics marked for it, with room for three. */
const SHARE_TOPICS_MAX = 3;

/** A language's share image from its home page's texts; a text it cannot show throws, naming the file and field. */
function shareDrawing(directory: string, language: Language, assets: ShareCardAssets): Drawing {
  const productName = siteConfig.productName;
  const heroFile = path.join('content', 'home', language, 'hero.md');
  const topicsFile = path.join('content', 'home', language, 'topics.md');
  const hero = readContentFrontmatter<Frontmatter<'home', 'hero'>>(directory, 'home', language, 'hero');
  const { items } = readContentFrontmatter<Frontmatter<'home', 'topics'>>(directory, 'home', language, 'topics');
  const topics = items.filter((item) => item.onShareImage).map((item) => item.label);
  if (topics.length === 0 || topics.length > SHARE_TOPICS_MAX) {
    throw new Error(`${topicsFile}: frontmatter field "items" must mark 1 to ${SHARE_TOPICS_MAX} topics with onShareImage: true for the share image, found ${topics.length}`);
  }
  const bold = fontMetrics(assets.bold);
  const written: [string, string, string][] = [
    [heroFile, 'eyebrow', hero.eyebrow],
    [heroFile, 'headline', hero.headline],
    ...topics.map((topic): [string, string, string] => [topicsFile, 'items', topic]),
  ];
  const errors = written.flatMap(([file, field, text]) => {
    const missing = missingGlyphs(text, bold);
    return missing ? [`${file}: frontmatter field "${field}" ${missing}`] : [];
  });
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const text = fillProductNameInFields({ language, productName, eyebrow: hero.eyebrow, headline: hero.headline, topics }, productName);
  const card = siteShareCard(text, bold);
  if ('error' in card) throw new Error(`${heroFile}: frontmatter field "${card.field}" ${card.error}`);
  return { kind: 'share', card };
}

/**
 * The logo mark as a square PNG-to-be: transparent around the mark, or on
 * the brand colour edge to edge (maskable icons are cropped by the
 * platform, and iOS paints transparency black).
 */
export function iconSvg(logoSvg: string, size: number, fullBleed: boolean): string {
  const background = fullBleed ? `<rect width="${size}" height="${size}" fill="${BRAND_COLORS.brand}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}<image href="${svgDataUrl(logoSvg)}" width="${size}" height="${size}"/></svg>`;
}

async function render(drawing: Drawing, assets: ShareCardAssets): Promise<Uint8Array> {
  if (drawing.kind === 'icon') return svgToPng(iconSvg(assets.logoSvg, drawing.size, drawing.fullBleed));
  return svgToPng(await cardSvg(siteShareTree(drawing.card, assets.logoSvg), assets));
}

/** One file the build writes: made from one or more drawings. */
interface BrandFile {
  /** Its path under public/, with a leading slash. */
  file: string;
  drawings: Drawing[];
  /** The file's bytes from the drawings' PNGs, in order. */
  build: (pngs: Uint8Array[]) => Uint8Array;
}

function brandFiles(directory: string, assets: ShareCardAssets): BrandFile[] {
  const single = (file: string, drawing: Drawing): BrandFile => ({ file, drawings: [drawing], build: ([png]) => png });
  return [
    ...LANGUAGES.map((language) => single(shareImagePath(language), shareDrawing(directory, language, assets))),
    ...[...MANIFEST_ICONS, APPLE_TOUCH_ICON].map((icon) => single(icon.path, { kind: 'icon', size: icon.size, fullBleed: icon.fullBleed })),
    {
      file: FAVICON_ICO_PATH,
      drawings: FAVICON_ICO_SIZES.map((size): Drawing => ({ kind: 'icon', size, fullBleed: false })),
      build: (pngs) => icoFromPngs(FAVICON_ICO_SIZES.map((size, i) => ({ size, png: pngs[i] }))),
    },
  ];
}

/**
 * Writes the share image of every language (public/share/<lang>.png), the
 * manifest icons, the Apple touch icon and favicon.ico, drawn from
 * static/favicon.svg and the home page's texts with satori and resvg (no
 * browser), in the typeface the project ships (features/share-cards/fonts/). PNGs are
 * kept by a hash of what they show and how they are drawn in the kept cache
 * node_modules/.cache/stockpay-brand-images/ (system/keptCache.js: `gatsby
 * clean` keeps it, a drawing unused for 30 days goes), so a build, clean or
 * not, that changed none of it draws nothing. A text the share image cannot
 * show throws, naming the file and field. Resolves to the files whose
 * drawings were not all cached.
 */
export async function writeBrandImages(directory: string, options: { outputDir?: string; cacheDir?: string } = {}): Promise<string[]> {
  const outputDir = options.outputDir ?? publicDirOf(directory);
  const cacheDir = options.cacheDir ?? keptCacheDir(directory, BRAND_IMAGES);
  const cache = oneFileEntries(cacheDir, '.png');
  const assets = await readShareCardAssets(directory);
  const fingerprint = rendererFingerprint(directory, assets);
  const keyOf = (drawing: Drawing) => createHash('sha256').update(JSON.stringify({ fingerprint, drawing })).digest('hex').slice(0, 24);
  await mkdir(cacheDir, { recursive: true });
  const drawn: string[] = [];
  const used: string[] = [];
  for (const { file, drawings, build } of brandFiles(directory, assets)) {
    const pngs: Uint8Array[] = [];
    for (const drawing of drawings) {
      const key = keyOf(drawing);
      const cached = path.join(cacheDir, ...cache.filesOf(key));
      used.push(key);
      if (existsSync(cached)) pngs.push(await readFile(cached));
      else {
        const png = await render(drawing, assets);
        // Whole or absent: the folder outlives this build, and a PNG cut short by a killed build would be trusted by the next.
        writeWhole(cached, png);
        pngs.push(png);
        if (!drawn.includes(file)) drawn.push(file);
      }
    }
    const target = path.join(outputDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, build(pngs));
  }
  recordUse(cache, used);
  return drawn;
}

/**
 * Each published post's share card, one per language it is written in,
 * written to public/static/share/<hash>.png. The
 * name is a hash of everything the card shows and how it is drawn (title,
 * date, language, product name, logo, fonts, the card's version and the
 * renderers'), so a host may cache it forever (features/hosting/rules.ts: /static/
 * is immutable) and a changed post gets a new name. Cards are kept under
 * the same hash in the kept cache node_modules/.cache/stockpay-share-cards/,
 * which `gatsby clean` keeps (system/keptCache.js: a card unused for 30 days
 * goes): a build, clean or not, draws only the cards whose inputs changed
 * (at 700 posts, a clean build would otherwise spend about 20 s on them).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fontMetrics } from './fontMetrics';
import { FAVICON_SVG_PATH } from './icons';
import type { Language } from '../site/languages';
import { fillProductName } from '../site/productName';
import { SHARE_CARD_VERSION, drawShareCard, type ShareCard, type ShareCardAssets } from './shareCard';
import { fitTitle, missingGlyphs } from './shareCardText';
import { SHARE_CARDS, keptCacheDir, oneFileEntries, recordUse, writeWhole } from '../../system/keptCache.js';
import { forEachAtOnce } from '../../system/pool';
import { publicDirOf } from '../../system/paths.js';
import { postKey } from '../blog/blog';

/** Where the cards are served from; under /static/, which hosts cache forever. */
export const POST_SHARE_DIR = '/static/share/';
export const SHARE_FONT_FILES = {
  regular: path.join('features', 'share-cards', 'fonts', 'LiberationSans-Regular.ttf'),
  bold: path.join('features', 'share-cards', 'fonts', 'LiberationSans-Bold.ttf'),
} as const;
const LOGO_FILE = path.join('static', FAVICON_SVG_PATH);

/** A published post, as gatsby/createPages.ts knows it. */
export interface PostShareSource {
  /** content/blog/<lang>/<slug>.md, for refusals. */
  file: string;
  language: Language;
  slug: string;
  /** As written: {{product}} not yet filled in. */
  title: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface PostShareImages {
  /** Each post's card, by `${language}/${slug}`: its path under the site ('/static/share/<hash>.png'). */
  images: Map<string, string>;
  /** The cards drawn by this build (the rest came from the cache). */
  drawn: string[];
  /** Refusals, each naming the file and field (or the variable); nothing is written when there are any. */
  errors: string[];
}

export interface PostShareOptions {
  productName: string;
  /** Where the site is written; by default <directory>/public. */
  outputDir?: string;
  /** The kept cards; by default <directory>/node_modules/.cache/stockpay-share-cards. */
  cacheDir?: string;
  /** Draws one card; the renderer by default (a test counts the calls). */
  draw?: (card: ShareCard, assets: ShareCardAssets) => Promise<Uint8Array>;
}

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The fonts read so far, by path and modification: the same Buffers each time, so satori parses them once per process. */
const fontFiles = new Map<string, { stamp: string; data: Buffer }>();

async function readFont(file: string): Promise<Buffer> {
  const { mtimeMs, size } = await stat(file);
  const stamp = `${mtimeMs}:${size}`;
  const known = fontFiles.get(file);
  if (known?.stamp === stamp) return known.data;
  const data = await readFile(file);
  fontFiles.set(file, { stamp, data });
  return data;
}

/** The fonts and logo the share images are drawn with (the logo read afresh: it is small, and an editor may change it). */
export async function readShareCardAssets(directory: string): Promise<ShareCardAssets> {
  return {
    regular: await readFont(path.join(directory, SHARE_FONT_FILES.regular)),
    bold: await readFont(path.join(directory, SHARE_FONT_FILES.bold)),
    logoSvg: await readFile(path.join(directory, LOGO_FILE), 'utf8'),
  };
}

/** What the card's pixels depend on besides the card itself: the renderers' versions and the files drawn with. */
export function rendererFingerprint(directory: string, assets: ShareCardAssets): string {
  const require = createRequire(path.join(directory, 'package.json'));
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  return JSON.stringify({
    card: SHARE_CARD_VERSION,
    satori: version('satori'),
    resvg: version('@resvg/resvg-js'),
    regular: sha256(assets.regular),
    bold: sha256(assets.bold),
    logo: sha256(assets.logoSvg),
  });
}

/** Checks every post's card, then writes each one, drawing those not in the cache; removes cards no post has any more. */
export async function writePostShareImages(directory: string, posts: readonly PostShareSource[], options: PostShareOptions): Promise<PostShareImages> {
  const assets = await readShareCardAssets(directory);
  const bold = fontMetrics(assets.bold);
  const errors: string[] = [];
  const productProblem = missingGlyphs(options.productName, bold);
  if (productProblem) errors.push(`GATSBY_PRODUCT_NAME ${productProblem}`);

  const cards: { key: string; card: ShareCard }[] = [];
  for (const post of posts) {
    const title = fillProductName(post.title, options.productName);
    const where = `${post.file}: frontmatter field "title"`;
    // As written: a character of the product name is the variable's fault, reported once above.
    const missing = missingGlyphs(post.title, bold);
    if (missing) {
      errors.push(`${where} ${missing}`);
      continue;
    }
    const fitted = fitTitle(title, bold);
    if ('error' in fitted) {
      errors.push(`${where} ${fitted.error}`);
      continue;
    }
    cards.push({ key: postKey(post.language, post.slug), card: { language: post.language, productName: options.productName, title: fitted, date: post.date } });
  }
  if (errors.length > 0) return { images: new Map(), drawn: [], errors };

  const fingerprint = rendererFingerprint(directory, assets);
  const draw = options.draw ?? drawShareCard;
  const cacheDir = options.cacheDir ?? keptCacheDir(directory, SHARE_CARDS);
  const targetDir = path.join(options.outputDir ?? publicDirOf(directory), POST_SHARE_DIR);
  await mkdir(cacheDir, { recursive: true });
  await mkdir(targetDir, { recursive: true });
  const images = new Map<string, string>();
  const drawn: string[] = [];
  const named = cards.map(({ key, card }) => {
    const hash = sha256(JSON.stringify({ fingerprint, card })).slice(0, 20);
    return { key, card, hash, name: `${hash}.png` };
  });
  // A few at a time, so one card's rasterising (off this thread) overlaps the next one's layout.
  const missing = named.filter(({ name }) => !existsSync(path.join(cacheDir, name)));
  await forEachAtOnce(missing, Math.max(2, os.availableParallelism()), async ({ card, name }) => {
    // Whole or absent: the folder outlives this build, so a card cut short by a killed build would stay.
    writeWhole(path.join(cacheDir, name), await draw(card, assets));
    drawn.push(`${POST_SHARE_DIR}${name}`);
  });
  for (const { key, name } of named) {
    await copyFile(path.join(cacheDir, name), path.join(targetDir, name));
    images.set(key, `${POST_SHARE_DIR}${name}`);
  }
  recordUse(
    oneFileEntries(cacheDir, '.png'),
    named.map(({ hash }) => hash),
  );
  // An incremental build keeps public/: drop the cards of old titles and removed posts.
  const current = new Set([...images.values()].map((image) => path.posix.basename(image)));
  for (const file of await readdir(targetDir)) {
    if (!current.has(file)) await rm(path.join(targetDir, file));
  }
  return { images, drawn, errors };
}

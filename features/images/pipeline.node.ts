/**
 * Images made fit to publish. Editors' images: an upload in the media folder
 * (MEDIA_FOLDER, content/media/) becomes AVIF, WebP and its own format at
 * each width of IMAGE_WIDTHS up
 * to its own, oriented as the camera held it, in sRGB, without its EXIF,
 * XMP, IPTC or GPS (sharp writes none unless asked), named by a hash of its
 * bytes and of how it is made. The upload itself is never published.
 *
 * Each image is made once: the files are kept by that hash in
 * node_modules/.cache/stockpay-images/, which `gatsby
 * clean` leaves, and an unchanged image is only copied from there.
 *
 * The site's own images at the root of static/ (remakeImage) are published
 * at their own paths, as sharp encodes them again in their own format and
 * size: oriented, without metadata, and without whatever else the file
 * carried (a comment, an extension block, bytes after the image's end,
 * where a GIF/JavaScript polyglot keeps its script); kept by a hash in
 * node_modules/.cache/stockpay-static-images/.
 *
 * Either is input like any other: one that is too large, not the image its
 * name says, cut short, an SVG, or an animation too long for a page is
 * refused, naming the file; none can hang the build (a time limit) or
 * exhaust its memory (a pixel limit, checked before decoding).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_WIDTHS, SHARE_CROP, type ImageFile, type ImageFormat, type ProcessedImage } from './picture';
import { MEDIA_HEAD_BYTES, imageOfType, imageTypeOf, mediaFileProblem } from './mediaFiles';
import { ANIMATION_MAX_FRAMES, ANIMATION_MAX_PIXELS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './limits';
import { IMAGES, STATIC_IMAGES, keptCacheDir, recordUse, writeWhole, type KeptCache } from '../../system/keptCache.js';

/** The limits on an upload: with the plugin's pure rules, where the CMS preview reads them too. */
export { ANIMATION_MAX_FRAMES, ANIMATION_MAX_PIXELS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS };
/** The widths an animation is made at: each frame is encoded for each, so fewer. */
const ANIMATION_WIDTHS = IMAGE_WIDTHS.slice(0, 2);
/** The longest one image may take to make, in seconds (sharp stops it). */
export const IMAGE_TIMEOUT_SECONDS = 60;

/** Where the files are served from: under /static/, which hosts cache for good, named by their content. */
export const IMAGES_PATH = '/static/images/';

/** How each format is written; part of every image's key, so a change makes every image anew. */
const ENCODINGS = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 76, effort: 2 },
  jpeg: { quality: 80, progressive: true, mozjpeg: false },
  png: { compressionLevel: 9, effort: 4 },
  gif: { effort: 4 },
} as const;

/** The image types sharp names, by the extension names of features/images/mediaFiles.ts. */
const SHARP_FORMATS: Readonly<Record<string, ImageFormat | 'svg' | 'ico'>> = { PNG: 'png', JPEG: 'jpeg', GIF: 'gif', WebP: 'webp', AVIF: 'avif', SVG: 'svg', ICO: 'ico' };

/** What every key depends on besides the bytes: the widths, the encodings, sharp and libvips. */
const SETTINGS = JSON.stringify({ IMAGE_WIDTHS, ANIMATION_WIDTHS, ENCODINGS, SHARE_CROP, sharp: sharp.versions });

/** An upload refused: the message names the file. */
export class ImageError extends Error {}

/** What an editor can do about an upload the step cannot read or make. */
const EXPORT_AGAIN = `export it again from an image editor as a PNG, JPEG, GIF, WebP or AVIF of at most ${IMAGE_MAX_PIXELS / 1e6} megapixels`;

/** What sharp said, on one line (it reports a time limit over two), so that each refusal is one line of the build's message. */
const sharpSaid = (error: unknown) => (error as Error).message.trim().replace(/\s*\n\s*/g, '; ');

/** The formats an image is offered in: AVIF and WebP, then its own as the fallback (WebP for an AVIF upload, which not every browser reads). */
function formatsFor(own: ImageFormat, animated: boolean): { formats: ImageFormat[]; fallback: ImageFormat } {
  if (animated) return own === 'gif' ? { formats: ['webp', 'gif'], fallback: 'gif' } : { formats: ['webp'], fallback: 'webp' };
  const fallback = own === 'avif' ? 'webp' : own;
  return { formats: [...new Set<ImageFormat>(['avif', 'webp', fallback])], fallback };
}

/** `image` encoded as `format`; an animation keeps its own loop count and timing (sharp carries them over) unless `loopForever`. */
function encode(image: Sharp, format: ImageFormat, loopForever: boolean): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(ENCODINGS.avif);
    case 'webp':
      return image.webp({ ...ENCODINGS.webp, ...(loopForever ? { loop: 0 } : {}) });
    case 'jpeg':
      return image.jpeg(ENCODINGS.jpeg);
    case 'png':
      return image.png(ENCODINGS.png);
    case 'gif':
      return image.gif({ ...ENCODINGS.gif, ...(loopForever ? { loop: 0 } : {}) });
  }
}

const EXTENSIONS: Readonly<Record<ImageFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };

/** The widths made of an image `width` wide: each of `widths` below it, and its own when it is narrower than the last. */
export function widthsFor(width: number, widths: readonly number[] = IMAGE_WIDTHS): number[] {
  const below = widths.filter((candidate) => candidate < width);
  return width <= widths[widths.length - 1] ? [...below, width] : [...widths];
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

interface Made {
  image: ProcessedImage;
  /** Files made, by their name in the cache folder. */
  files: Map<string, Uint8Array>;
}

/** What an image is, read by sharp before anything is made of it. */
interface ImageFacts {
  own: ImageFormat;
  animated: boolean;
  /** Of one frame, as it is shown (oriented). */
  width: number;
  height: number;
  /** How sharp opens every frame of it, within the limits. */
  options: sharp.SharpOptions & { limitInputPixels: number; animated: true };
}

/**
 * What `bytes` (the image `source`) is, read with sharp within the limits
 * (pixels, before decoding; frames and pixels of an animation). Throws an
 * ImageError naming it when it is an SVG, not the image its name says, or
 * beyond a limit.
 */
async function readImage(source: string, bytes: Buffer): Promise<ImageFacts> {
  const type = imageTypeOf(source);
  const own = SHARP_FORMATS[type ?? ''];
  const svg = `${source} is an SVG: a drawing can carry script, so the site takes photographs and screenshots only (PNG, JPEG, GIF, WebP, AVIF); export it as a PNG`;
  // Refused before sharp parses it: whatever the drawing holds, the answer is the same.
  if (own === 'svg') throw new ImageError(svg);
  let metadata: sharp.Metadata;
  try {
    // The first frame only: the pixel limit holds for each frame here, and `pages` counts the frames for the animation limits below.
    metadata = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' }).metadata();
  } catch (error) {
    throw new ImageError(`${source} cannot be read as an image (${sharpSaid(error)}); ${EXPORT_AGAIN}`);
  }
  const actual = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (actual === 'svg') throw new ImageError(svg);
  if (own === 'ico' || !own || actual !== own)
    throw new ImageError(
      `${source} is named as ${type ? imageOfType(type) : 'no image'} but holds ${actual ? imageOfType(actual.toUpperCase()) : 'no image sharp reads'}; give it the extension of what it is`,
    );
  const frames = metadata.pages ?? 1;
  const animated = frames > 1;
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const height = animated ? frameHeight : (metadata.autoOrient?.height ?? metadata.height ?? 0);
  if (!width || !height) throw new ImageError(`${source} has no size; ${EXPORT_AGAIN}`);
  if (animated) {
    if (own !== 'gif' && own !== 'webp') throw new ImageError(`${source} has ${frames} frames: only GIF and WebP may move; export it as one of those, or as a still`);
    if (frames > ANIMATION_MAX_FRAMES || width * height * frames > ANIMATION_MAX_PIXELS) {
      throw new ImageError(
        `${source} is an animation of ${frames} frames of ${width} x ${height}: at most ${ANIMATION_MAX_FRAMES} frames and ${ANIMATION_MAX_PIXELS / 1e6} megapixels in all; make it a video elsewhere, or shorter`,
      );
    }
  }
  // Every frame at once from here; an animation is held to ANIMATION_MAX_PIXELS above, not to one image's limit.
  return { own, animated, width, height, options: { limitInputPixels: animated ? ANIMATION_MAX_PIXELS : IMAGE_MAX_PIXELS, failOn: 'truncated', animated: true } };
}

/** Makes every file of an image from its bytes. */
async function make(source: string, bytes: Buffer, key: string, withShare: boolean): Promise<Made> {
  const { own, animated, width, height, options } = await readImage(source, bytes);
  const { formats, fallback } = formatsFor(own, animated);
  const widths = widthsFor(width, animated ? ANIMATION_WIDTHS : IMAGE_WIDTHS);
  const files = new Map<string, Uint8Array>();
  const listed: ImageFile[] = [];
  try {
    // Oriented and in sRGB once, at the largest width needed (a JPEG decodes straight to a smaller size); every file is made from that.
    const base = sharp(bytes, options)
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true });
    const oriented = animated ? await base.toBuffer() : await base.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const from = () =>
      Buffer.isBuffer(oriented)
        ? sharp(oriented, { animated: true, limitInputPixels: options.limitInputPixels }).timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
        : sharp(oriented.data, { raw: oriented.info }).timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
    // Every file at once, the dearest first, so the last to finish is a cheap one: libuv runs four at a time.
    const cost = (format: ImageFormat, target: number) => (format === 'avif' ? 3 : format === 'webp' ? 2 : 1) * target;
    const jobs = formats.flatMap((format) => widths.map((target) => ({ format, target }))).sort((a, b) => cost(b.format, b.target) - cost(a.format, a.target));
    let share: ImageFile | undefined;
    const [stats] = await Promise.all([
      from().resize({ width: 32 }).stats(),
      ...jobs.map(async ({ format, target }) => {
        const { data, info } = await encode(from().resize({ width: target }), format, animated).toBuffer({ resolveWithObject: true });
        const name = `${target}.${EXTENSIONS[format]}`;
        files.set(name, data);
        listed.push({ format, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, path: `${IMAGES_PATH}${key}-${name}`, bytes: data.length });
      }),
      ...(withShare
        ? [
            (async () => {
              const data = await from()
                .resize({ ...SHARE_CROP, fit: 'cover', position: 'attention' })
                .jpeg(ENCODINGS.jpeg)
                .toBuffer();
              files.set('share.jpg', data);
              share = { format: 'jpeg', ...SHARE_CROP, path: `${IMAGES_PATH}${key}-share.jpg`, bytes: data.length };
            })(),
          ]
        : []),
    ]);
    const color = `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`;
    const order = (file: ImageFile) => (file.format === fallback ? 3 : file.format === 'avif' ? 1 : 2) * 1e6 + file.width;
    listed.sort((a, b) => order(a) - order(b));
    const largest = listed.filter((file) => file.format === fallback).at(-1);
    return {
      image: { key, source, width: largest?.width ?? width, height: largest?.height ?? height, color, animated, fallback, files: listed, ...(share ? { share } : {}) },
      files,
    };
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError(`${source} cannot be made into the site's images (${sharpSaid(error)}): it may be cut short, damaged or too slow to decode; ${EXPORT_AGAIN}`);
  }
}

/**
 * The bytes of the image `source` (relative to `projectDir`). Throws an
 * ImageError naming it when it is missing or not a regular file, over
 * IMAGE_MAX_BYTES (before reading a byte of it), or not the image its name
 * says by its first bytes.
 */
function readSource(projectDir: string, source: string): Buffer {
  const file = path.join(projectDir, source);
  const stats = existsSync(file) ? lstatSync(file) : undefined;
  if (!stats?.isFile()) throw new ImageError(`${source} does not exist: upload the image to ${path.posix.dirname(source)}/, or correct its name`);
  if (stats.size > IMAGE_MAX_BYTES)
    throw new ImageError(
      `${source} is ${(stats.size / 1024 / 1024).toFixed(1)} MB, over the ${IMAGE_MAX_BYTES / 1024 / 1024} MB an image may be; export it again from an image editor, smaller`,
    );
  const bytes = readFileSync(file);
  const problem = mediaFileProblem(source, bytes.subarray(0, MEDIA_HEAD_BYTES));
  if (problem) throw new ImageError(`${source} ${problem}; give it the extension of what it is, or ${EXPORT_AGAIN}`);
  return bytes;
}

export interface ImageOptions {
  /** The kept cache's folder; the project's by default. */
  cacheDir?: string;
  /** Also make the 1200 x 630 share image (a post's cover). */
  share?: boolean;
}

/**
 * The upload `source` ('content/media/photo.jpg', relative to `projectDir`)
 * made into the site's files, written into `publicDir` under IMAGES_PATH:
 * from the kept cache when this build or an earlier one made them, else
 * made now (`made`). Throws an ImageError naming the file when it is refused.
 */
export async function processImage(projectDir: string, source: string, publicDir: string, options: ImageOptions = {}): Promise<{ image: ProcessedImage; made: boolean }> {
  const bytes = readSource(projectDir, source);
  const key = createHash('sha256').update(bytes).update(SETTINGS).digest('hex').slice(0, 20);
  const cacheDir = options.cacheDir ?? keptCacheDir(projectDir, IMAGES);
  const entry = path.join(cacheDir, key);
  const record = path.join(entry, 'image.json');
  let image: ProcessedImage | undefined;
  if (existsSync(record)) {
    image = JSON.parse(readFileSync(record, 'utf8')) as ProcessedImage;
    if (options.share && !image.share) image = undefined;
  }
  const made = !image;
  if (image) image = { ...image, source };
  else {
    const result = await make(source, bytes, key, options.share ?? false);
    mkdirSync(entry, { recursive: true });
    for (const [name, data] of result.files) writeWhole(path.join(entry, name), data);
    // The record last: an entry without it is made again, whatever else it holds.
    writeWhole(record, JSON.stringify(result.image));
    image = result.image;
  }
  const target = path.join(publicDir, IMAGES_PATH);
  mkdirSync(target, { recursive: true });
  for (const file of [...image.files, ...(image.share ? [image.share] : [])]) {
    const name = file.path.slice(`${IMAGES_PATH}${key}-`.length);
    const to = path.join(publicDir, file.path);
    // Named by their content: a file already there is this one.
    if (!existsSync(to) || statSync(to).size !== file.bytes) copyFileSync(path.join(entry, name), to);
  }
  return { image, made };
}

/** Records which kept images this build used; those unused for 30 days go. */
export function recordImagesUsed(projectDir: string, keys: Iterable<string>, cacheDir = keptCacheDir(projectDir, IMAGES)): void {
  if (!existsSync(cacheDir)) return;
  recordUse(
    {
      folder: cacheDir,
      filesOf: (key) => [key],
      keyOf: (file) => /^([0-9a-f]{20})(?:\/|$)/.exec(file)?.[1],
    },
    keys,
  );
}

/** Every file an image puts into public/, as paths under it. */
export const imageFiles = (image: ProcessedImage): string[] => [...image.files, ...(image.share ? [image.share] : [])].map((file) => file.path);

/** What every remade image's key depends on besides its bytes: the encodings, sharp and libvips. */
const REMAKE_SETTINGS = JSON.stringify({ ENCODINGS, sharp: sharp.versions });

/** The kept cache of remade images: a file each, `<key>.<extension>`. */
export function remadeImages(cacheDir: string): KeptCache {
  const extensions = Object.values(EXTENSIONS);
  return {
    folder: cacheDir,
    filesOf: (key) => extensions.map((extension) => `${key}.${extension}`),
    keyOf: (file) => {
      const match = /^([0-9a-f]{20})\.([a-z]+)$/.exec(file);
      return match && extensions.includes(match[2]) ? match[1] : undefined;
    },
  };
}

export interface RemadeImage {
  /** The image as the site publishes it: a file of the kept cache. */
  file: string;
  key: string;
  /** The SHA-256 of its bytes, in hex: what the build claims it publishes. */
  sha256: string;
  bytes: number;
  /** Made now, not taken from the cache. */
  made: boolean;
}

/**
 * The site's own image `source` ('static/logo.png', relative to
 * `projectDir`) as the site publishes it at its path: decoded and encoded
 * again by sharp in its own format and size (an animation with all its
 * frames), oriented, in sRGB, without metadata; nothing of the file but its
 * pixels is left, so no comment, extension block or byte after the image's
 * end (a polyglot's script) either. Within an upload's limits (bytes,
 * pixels, frames, time). From the kept cache when an earlier run made it.
 * Throws an ImageError naming the file when it is refused.
 */
export async function remakeImage(projectDir: string, source: string, options: Omit<ImageOptions, 'share'> = {}): Promise<RemadeImage> {
  const bytes = readSource(projectDir, source);
  // Read (not decoded) even when kept: the limits and the type hold for every build.
  const facts = await readImage(source, bytes);
  const key = createHash('sha256').update(bytes).update(REMAKE_SETTINGS).digest('hex').slice(0, 20);
  const cacheDir = options.cacheDir ?? keptCacheDir(projectDir, STATIC_IMAGES);
  const file = path.join(cacheDir, `${key}.${EXTENSIONS[facts.own]}`);
  let data: Buffer;
  const made = !existsSync(file);
  if (made) {
    try {
      const image = sharp(bytes, facts.options).timeout({ seconds: IMAGE_TIMEOUT_SECONDS }).autoOrient();
      // Its own loop count and timing: the site's animation as it was made.
      data = await encode(facts.animated ? image : image.toColourspace('srgb'), facts.own, false).toBuffer();
    } catch (error) {
      throw new ImageError(`${source} cannot be encoded again (${sharpSaid(error)}): it may be cut short, damaged or too slow to decode; ${EXPORT_AGAIN}`);
    }
    mkdirSync(cacheDir, { recursive: true });
    writeWhole(file, data);
  } else data = readFileSync(file);
  return { file, key, sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length, made };
}

/** Records which remade images this build used; those unused for 30 days go. */
export function recordRemadeImagesUsed(projectDir: string, keys: Iterable<string>, cacheDir = keptCacheDir(projectDir, STATIC_IMAGES)): void {
  if (existsSync(cacheDir)) recordUse(remadeImages(cacheDir), keys);
}

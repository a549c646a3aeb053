/**
 * What the CMS's media folder (content/media/, MEDIA_FOLDER in
 * features/images/paths.js) and static/ may hold: images, by
 * extension and by their first bytes alike, so a script or a page renamed
 * .png is refused. Not what makes them safe to publish: an SVG in static/
 * (the site's own logo) is then held whole to the drawings' allowlist
 * (features/images/staticSvg.ts) and static/'s other images are encoded again by
 * the build (features/images/pipeline.node.ts); an SVG in the media folder is never
 * published, since the image step refuses one that a page shows.
 * Pure: features/content/contentTree.node.ts reads the bytes.
 */

/** How many bytes of a file the check reads: enough for any signature and an SVG's prologue. */
export const MEDIA_HEAD_BYTES = 4096;

export type ImageType = 'PNG' | 'JPEG' | 'GIF' | 'WebP' | 'AVIF' | 'ICO' | 'SVG';

/** The extensions allowed, lower-case, and the image each names. */
export const MEDIA_EXTENSIONS: Readonly<Record<string, ImageType>> = {
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  avif: 'AVIF',
  ico: 'ICO',
  svg: 'SVG',
};

const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((byte, index) => bytes[index] === byte);

/** An ISO media file whose `ftyp` box names AVIF as its brand or a compatible one. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/**
 * UTF-8 text whose first element, after an XML declaration, comments and a
 * doctype without an internal subset, is <svg>. Not a sanitiser: the
 * hosting rules sandbox an SVG, and static/'s is held to an allowlist.
 */
function isSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Cut mid-character at the end of the head: only the last few bytes may be incomplete.
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3)));
    } catch {
      return false;
    }
  }
  return /^\uFEFF?\s*(?:<\?xml\s[^>]*\?>\s*)?(?:<!--(?:(?!-->)[\s\S])*-->\s*)*(?:<!DOCTYPE\s+svg\b[^[>]*>\s*)?(?:<!--(?:(?!-->)[\s\S])*-->\s*)*<svg[\s>]/i.test(text);
}

const MATCHES: Readonly<Record<ImageType, (bytes: Uint8Array) => boolean>> = {
  PNG: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  JPEG: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  GIF: (bytes) => ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a',
  WebP: (bytes) => ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP',
  AVIF: isAvif,
  // An icon directory (type 1, not a cursor) of at least one image.
  ICO: (bytes) => startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && (bytes[4] | (bytes[5] << 8)) > 0,
  SVG: isSvg,
};

/**
 * The extensions static/ may hold: every image but an ICO, which sharp
 * cannot read, so the build could not re-encode it (it draws /favicon.ico
 * itself, from favicon.svg).
 */
export const STATIC_EXTENSIONS: readonly string[] = Object.keys(MEDIA_EXTENSIONS).filter((extension) => MEDIA_EXTENSIONS[extension] !== 'ICO');

/** 'whose contents match their extension: .png, .jpg', for messages. */
export const matchingExtensions = (extensions: readonly string[]): string => `whose contents match their extension: ${extensions.map((extension) => `.${extension}`).join(', ')}`;

/** The allowed files, for messages. */
export const MEDIA_RULE = `images only, ${matchingExtensions(Object.keys(MEDIA_EXTENSIONS))}`;

/** The image a file's name says it is, by its extension in any case; undefined for any other name. */
export function imageTypeOf(name: string): ImageType | undefined {
  const key = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return key !== undefined && Object.prototype.hasOwnProperty.call(MEDIA_EXTENSIONS, key) ? MEDIA_EXTENSIONS[key] : undefined;
}

/** 'a PNG image', 'an AVIF image': an image type named in a message. */
export const imageOfType = (type: string): string => `${/^[AEIOS]/.test(type) ? 'an' : 'a'} ${type} image`;

/**
 * Why the file named `name` (a path; its extension counts, any case) with
 * these first bytes (MEDIA_HEAD_BYTES of them, or all of a shorter file) is
 * not an allowed image, or undefined.
 */
export function mediaFileProblem(name: string, head: Uint8Array): string | undefined {
  const extension = /\.([^./]+)$/.exec(name)?.[1];
  const type = imageTypeOf(name);
  if (!type) return extension === undefined ? 'has no extension, so it is not an image' : `is a .${extension} file, not an image`;
  if (!MATCHES[type](head)) return `is named .${extension} but its contents are not ${imageOfType(type)}`;
  return undefined;
}

/**
 * An editor's image as the CMS preview describes it: which upload of the
 * media folder the CMS is asked for, which address it answers with may go
 * into an <img>, the size the site will serve the image at, and what the
 * build will refuse about it. Pure, so it is tested without a browser; the
 * preview (./EntryPreview.tsx) loads the image and says it all in words.
 *
 * The build cannot run here (sharp makes the site's images, features/images/pipeline.node.ts),
 * so the preview shows the upload itself, and reads the rest from the same
 * constants the build obeys.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './limits';
import { MEDIA_FOLDER } from './paths';
import { IMAGE_WIDTHS } from './picture';
import { mediaSource } from './remark-images/transform';
import { MEDIA_EXTENSIONS, mediaFileProblem } from './mediaFiles';
import { UPLOAD_EXTENSIONS } from './uploads';

/** The widest copy the build makes of any image: the last of its widths. */
export const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/**
 * The upload an image's address names (`/media/photo.jpg` ->
 * `content/media/photo.jpg`), to ask the CMS for, and whether it is in a
 * folder of the media folder: the CMS finds an upload by the media folder
 * and the name's last part alone (Decap's selectMediaFilePath), so for one
 * in a folder it would show another file of the same name, and the preview
 * does not ask. Undefined for an address outside the media folder (the
 * build refuses those before the preview draws anything).
 */
export function mediaAsset(url: string): { path: string; subfolder: boolean } | undefined {
  const where = mediaSource(url);
  if ('error' in where) return undefined;
  return { path: where.source, subfolder: where.source.slice(MEDIA_FOLDER.length + 1).includes('/') };
}

/**
 * Whether an address the CMS gave for an upload may go into the preview's
 * <img>: an object or data URL of an image it holds in the browser (new
 * uploads, and every file the git backends and the local one read), or a
 * web address (a backend that serves its files). Anything else (a path the
 * CMS could not resolve, which it hands back as it was asked) is not the
 * upload.
 */
export function isAssetUrl(url: string): boolean {
  return /^blob:/i.test(url) || /^data:image\//i.test(url) || /^https?:\/\//i.test(url);
}

/**
 * The size the site serves an image at, its largest copy: its own up to
 * the widest the build makes, scaled down to that width otherwise, as
 * features/images/pipeline.node.ts (widthsFor) makes it. `natural` is the upload's size as a
 * browser draws it, which applies the camera's orientation as the build
 * does.
 */
export function servedSize(natural: { width: number; height: number }): { width: number; height: number } {
  if (natural.width <= LARGEST_WIDTH) return { width: natural.width, height: natural.height };
  return { width: LARGEST_WIDTH, height: Math.round((natural.height * LARGEST_WIDTH) / natural.width) };
}

/** What the build will refuse about an upload, for the preview to say in its own words. */
export type ImageProblem =
  /** An SVG: a drawing can carry script, so the build takes photographs and screenshots only. */
  | { kind: 'svg' }
  /** Not one of the raster types the build makes images of (`extension` without the dot, '' for none). */
  | { kind: 'type'; extension: string }
  /** Its contents are not what its name says, in the build's words. */
  | { kind: 'content'; message: string }
  /** Larger than the build reads, in bytes. */
  | { kind: 'bytes'; bytes: number; limit: number }
  /** More pixels than the build decodes. */
  | { kind: 'pixels'; width: number; height: number; limit: number };

/** What the preview knows of an upload: its bytes, first bytes and natural size, once each is known. */
export interface UploadFacts {
  bytes?: number;
  head?: Uint8Array;
  width?: number;
  height?: number;
}

/**
 * What the build will refuse about the upload at `path` (content/media/…),
 * from what is known of it so far; empty when nothing is. The raster types
 * the build makes images of are exactly those the CMS uploads
 * (UPLOAD_EXTENSIONS): an SVG or icon put there by other means is refused.
 */
export function imageProblems(path: string, facts: UploadFacts): ImageProblem[] {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  const problems: ImageProblem[] = [];
  if (MEDIA_EXTENSIONS[extension] === 'SVG') problems.push({ kind: 'svg' });
  else if (!UPLOAD_EXTENSIONS.includes(extension)) problems.push({ kind: 'type', extension });
  else if (facts.head) {
    const problem = mediaFileProblem(path, facts.head);
    if (problem) problems.push({ kind: 'content', message: `${path} ${problem}` });
  }
  if (facts.bytes !== undefined && facts.bytes > IMAGE_MAX_BYTES) problems.push({ kind: 'bytes', bytes: facts.bytes, limit: IMAGE_MAX_BYTES });
  if (facts.width !== undefined && facts.height !== undefined && facts.width * facts.height > IMAGE_MAX_PIXELS) {
    problems.push({ kind: 'pixels', width: facts.width, height: facts.height, limit: IMAGE_MAX_PIXELS });
  }
  return problems;
}

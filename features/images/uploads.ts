/**
 * What the CMS may upload into the media folder: the raster images of the
 * build's media rule (features/images/mediaFiles.ts, by extension and by content),
 * up to a size. Not SVG or ICO, although the build accepts them (an SVG is
 * served sandboxed): an editor uploading through the CMS has no need of
 * either, and a document that can carry script is better kept out of the
 * CMS altogether. So whatever the CMS uploads, the build accepts. Pure: the
 * local CMS backend (features/cms/localBackend/server.node.ts) applies it to every upload.
 */
import { MEDIA_EXTENSIONS, imageOfType, mediaFileProblem } from './mediaFiles';

/** The largest image the CMS uploads: a photograph at full size, far above what a page should carry. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The extensions the CMS uploads: the build's, less the vector and icon formats. */
export const UPLOAD_EXTENSIONS = Object.keys(MEDIA_EXTENSIONS).filter((extension) => !['SVG', 'ICO'].includes(MEDIA_EXTENSIONS[extension]));

const TYPES = [...new Set(UPLOAD_EXTENSIONS.map((extension) => MEDIA_EXTENSIONS[extension]))];
const ALLOWED = `${TYPES.join(', ')} images (.${UPLOAD_EXTENSIONS.join(', .')}) up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB`;

/** Why `bytes`, uploaded as `file`, is refused, naming the file and what is allowed; null for an accepted image. */
export function mediaUploadError(file: string, bytes: Uint8Array): string | null {
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  if (!UPLOAD_EXTENSIONS.includes(extension))
    return `${file}: the CMS uploads ${ALLOWED}; ${extension ? `.${extension} files are` : 'a file without an extension is'} not accepted.`;
  if (bytes.length > MEDIA_MAX_BYTES) return `${file}: ${bytes.length} bytes is over the limit; the CMS uploads ${ALLOWED}.`;
  const type = MEDIA_EXTENSIONS[extension];
  if (mediaFileProblem(file, bytes)) return `${file}: its content is not ${imageOfType(type)}, whatever its name says; the CMS uploads ${ALLOWED}.`;
  return null;
}

/**
 * What the CMS may upload into the media folder: raster images only, whose
 * bytes are what their extension says, up to a size. Not SVG: an SVG is a
 * document that can carry script and links, and static/ is served as is.
 * An upload is checked by its content as well as its name, so a page or a
 * script renamed .png is refused too. Pure: the local CMS backend
 * (scripts/contentServer.ts) applies it to every upload.
 */

/** The largest image the CMS uploads: a photograph at full size, far above what a page should carry. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((byte, index) => bytes[at + index] === byte);

/** Each accepted type: its name for messages, its extensions, and how its first bytes look. */
const MEDIA_TYPES: { name: string; extensions: string[]; matches: (bytes: Uint8Array) => boolean }[] = [
  { name: 'PNG', extensions: ['png'], matches: (bytes) => startsWith(bytes, [0x89, ...ascii('PNG\r\n\x1a\n')]) },
  { name: 'JPEG', extensions: ['jpg', 'jpeg'], matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { name: 'GIF', extensions: ['gif'], matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')) },
  { name: 'WebP', extensions: ['webp'], matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
  { name: 'AVIF', extensions: ['avif'], matches: (bytes) => startsWith(bytes, ascii('ftyp'), 4) && (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8)) },
];

export const MEDIA_EXTENSIONS = MEDIA_TYPES.flatMap((type) => type.extensions);

const ALLOWED = `${MEDIA_TYPES.map((type) => type.name).join(', ')} images (.${MEDIA_EXTENSIONS.join(', .')}) up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB`;

/** Why `bytes`, uploaded as `file`, is refused, naming the file and what is allowed; null for an accepted image. */
export function mediaUploadError(file: string, bytes: Uint8Array): string | null {
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  const type = MEDIA_TYPES.find((candidate) => candidate.extensions.includes(extension));
  if (!type) return `${file}: the CMS uploads ${ALLOWED}; ${extension ? `.${extension} files are` : 'a file without an extension is'} not accepted.`;
  if (bytes.length > MEDIA_MAX_BYTES) return `${file}: ${bytes.length} bytes is over the limit; the CMS uploads ${ALLOWED}.`;
  if (!type.matches(bytes)) return `${file}: its content is not ${/^[AEIOU]/.test(type.name) ? 'an' : 'a'} ${type.name} image, whatever its name says; the CMS uploads ${ALLOWED}.`;
  return null;
}

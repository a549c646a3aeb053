import { MEDIA_MAX_BYTES, UPLOAD_EXTENSIONS, mediaUploadError } from '../../features/images/uploads';

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));
const IMAGES: Record<string, Uint8Array> = {
  png: bytes([0x89], 'PNG\r\n\x1a\n', 'rest'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xdb]),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  avif: bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1'),
};
const ALLOWED = 'the CMS uploads PNG, JPEG, GIF, WebP, AVIF images (.png, .jpg, .jpeg, .gif, .webp, .avif) up to 10 MB';

describe('which uploads the CMS accepts', () => {
  it('takes each raster type whose bytes match its extension, in any case of the extension', () => {
    expect(UPLOAD_EXTENSIONS).toEqual(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif']);
    for (const [extension, content] of Object.entries(IMAGES)) {
      expect(mediaUploadError(`content/media/photo.${extension}`, content)).toBeNull();
      expect(mediaUploadError(`content/media/photo.${extension.toUpperCase()}`, content)).toBeNull();
    }
    expect(mediaUploadError('content/media/anim.gif', bytes('GIF87a'))).toBeNull();
    expect(mediaUploadError('content/media/seq.avif', bytes([0, 0, 0, 0x1c], 'ftypavis', [0, 0, 0, 0], 'msf1'))).toBeNull();
  });

  it('refuses other extensions, SVG included, naming the file and what is allowed', () => {
    for (const name of ['logo.svg', 'page.html', 'photo.png.html', 'run.sh', 'favicon.ico', 'doc.pdf']) {
      const extension = name.split('.').pop() as string;
      expect(mediaUploadError(`content/media/${name}`, IMAGES.png)).toBe(`content/media/${name}: ${ALLOWED}; .${extension} files are not accepted.`);
    }
    expect(mediaUploadError('content/media/photo', IMAGES.png)).toBe(`content/media/photo: ${ALLOWED}; a file without an extension is not accepted.`);
  });

  it('refuses content that is not what the extension says', () => {
    expect(mediaUploadError('content/media/invoice.png', bytes('<!doctype html><script>'))).toBe(
      `content/media/invoice.png: its content is not a PNG image, whatever its name says; ${ALLOWED}.`,
    );
    expect(mediaUploadError('content/media/photo.jpg', IMAGES.png)).toBe(`content/media/photo.jpg: its content is not a JPEG image, whatever its name says; ${ALLOWED}.`);
    expect(mediaUploadError('content/media/x.webp', bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toContain('is not a WebP image');
    expect(mediaUploadError('content/media/x.avif', bytes([0, 0, 0, 0x1c], 'ftypheic'))).toContain('is not an AVIF image');
    expect(mediaUploadError('content/media/x.gif', bytes('GIF88a'))).toContain('is not a GIF image');
    expect(mediaUploadError('content/media/empty.png', new Uint8Array())).toContain('is not a PNG image');
  });

  it('refuses an image over the size limit', () => {
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(IMAGES.png);
    expect(mediaUploadError('content/media/huge.png', big)).toBe(`content/media/huge.png: ${MEDIA_MAX_BYTES + 1} bytes is over the limit; ${ALLOWED}.`);
    expect(mediaUploadError('content/media/max.png', big.subarray(0, MEDIA_MAX_BYTES))).toBeNull();
  });
});

/**
 * Image files the tests of the image step (features/images/pipeline.node.ts) write byte by
 * byte, as a camera or an attacker would: metadata sharp cannot write
 * (IPTC), and headers that claim more than the file holds (an animation of
 * thousands of megapixels in a few kilobytes, a picture of 20,000 x 20,000
 * pixels in a hundred bytes).
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

const u16le = (value: number) => [value & 255, (value >> 8) & 255];
const u24le = (value: number) => [value & 255, (value >> 8) & 255, (value >> 16) & 255];
const u32le = (value: number) => [...u24le(value), (value >>> 24) & 255];
const u32be = (value: number) => [(value >>> 24) & 255, (value >> 16) & 255, (value >> 8) & 255, value & 255];

/**
 * A GIF animation of `frames` frames on a `width` x `height` screen, each
 * frame one pixel drawn somewhere on it: the decoder paints every frame at
 * the screen's size, so the file's few bytes a frame claim width x height
 * pixels each.
 */
export function animatedGif(width: number, height: number, frames: number): Buffer {
  const bytes = [
    ...Buffer.from('GIF89a'),
    ...u16le(width),
    ...u16le(height),
    // A global table of two colours: black and white.
    0xf0,
    0,
    0,
    0,
    0,
    0,
    255,
    255,
    255,
    // Loop forever.
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0'),
    3,
    1,
    0,
    0,
    0,
  ];
  for (let frame = 0; frame < frames; frame += 1) {
    // Show for a tenth of a second, then leave it drawn.
    bytes.push(0x21, 0xf9, 4, 0x04, 10, 0, 0, 0);
    // A 1 x 1 image at (frame, 0) whose one pixel is colour 0 (LZW, code size 2: clear, 0, end).
    bytes.push(0x2c, ...u16le(frame % width), ...u16le(0), ...u16le(1), ...u16le(1), 0, 2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

/** A RIFF chunk, padded to an even length. */
const chunk = (name: string, data: readonly number[] | Buffer) =>
  Buffer.concat([Buffer.from(name), Buffer.from(u32le(data.length)), Buffer.from(data), Buffer.alloc(data.length % 2)]);

/**
 * An animated WebP of `frames` frames on a `width` x `height` canvas, each
 * frame a one-pixel lossless image (as sharp encodes one) at the corner:
 * the decoder paints every frame at the canvas's size.
 */
export async function animatedWebp(width: number, height: number, frames: number): Promise<Buffer> {
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ff0000' } })
    .webp({ lossless: true })
    .toBuffer();
  // The VP8L chunk of that file: after "RIFF", its size and "WEBP".
  const frameData = pixel.subarray(12);
  const vp8x = chunk('VP8X', [0x02, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);
  const anim = chunk('ANIM', [0, 0, 0, 0, ...u16le(0)]);
  const anmf = chunk('ANMF', Buffer.concat([Buffer.from([...u24le(0), ...u24le(0), ...u24le(0), ...u24le(0), ...u24le(100), 0]), frameData]));
  const body = Buffer.concat([Buffer.from('WEBP'), vp8x, anim, ...Array.from({ length: frames }, () => anmf)]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from(u32le(body.length)), body]);
}

const pngChunk = (name: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(name), data]);
  return Buffer.concat([Buffer.from(u32be(data.length)), typed, Buffer.from(u32be(zlib.crc32(typed)))]);
};

/**
 * A PNG whose header says `width` x `height` and whose data is one row of
 * black: a decompression bomb's header, a hundred bytes on disk.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.from([...u32be(width), ...u32be(height), 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `jpeg` (a baseline JPEG) with its frame header changed to say `width` x `height` (at most 65,535 each). */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  // SOF0: FF C0, length (2), precision (1), height (2), width (2).
  const frame = copy.indexOf(Buffer.from([0xff, 0xc0]));
  if (frame < 0) throw new Error('not a baseline JPEG');
  copy.writeUInt16BE(height, frame + 5);
  copy.writeUInt16BE(width, frame + 7);
  return copy;
}

/**
 * `jpeg` with an IPTC caption, in the Photoshop segment (APP13) where
 * cameras and photo editors write it; sharp writes none itself.
 */
export function withIptc(jpeg: Buffer, caption: string): Buffer {
  const text = Buffer.from(caption);
  // IPTC record 2, dataset 120 (caption).
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, ...[(text.length >> 8) & 255, text.length & 255]]), text]);
  // A Photoshop image resource 0x0404 (IPTC), with an empty name.
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.from(u32be(iptc.length)), iptc, Buffer.alloc(iptc.length % 2)]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0'), resource]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xed, ((payload.length + 2) >> 8) & 255, (payload.length + 2) & 255]), payload]);
  // After the start of image (FF D8).
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** XMP, as a photo editor writes it: who made the picture, and where. */
export const XMP = [
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/">',
  '<dc:creator>Secret Photographer</dc:creator><exif:GPSLatitude>42,41.85N</exif:GPSLatitude>',
  '</rdf:Description></rdf:RDF></x:xmpmeta>',
].join('');

/** EXIF as a phone writes it: its make and model, the time, and where the photo was taken. */
export const PHONE_EXIF = {
  IFD0: { Make: 'Phone Maker', Model: 'Phone 12 Pro', DateTime: '2026:10:01 12:34:56', Software: 'PhoneOS 19.1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 51/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 19/1 19/1' },
};

/** Text of the metadata above that must never reach a published file. */
export const SECRETS = ['Phone Maker', 'Phone 12 Pro', 'PhoneOS', 'Secret Photographer', 'Secret caption', '2026:10:01'];

/**
 * What in `bytes` (a published image) carries metadata: sharp's reading of
 * it, and the markers of EXIF, XMP and IPTC anywhere in the file. Empty
 * for a clean file.
 */
export async function metadataIn(bytes: Buffer): Promise<string[]> {
  const metadata = await sharp(bytes).metadata();
  const found: string[] = [];
  if (metadata.exif) found.push(`EXIF (${metadata.exif.length} bytes)`);
  if (metadata.xmp) found.push(`XMP (${metadata.xmp.length} bytes)`);
  if (metadata.iptc) found.push(`IPTC (${metadata.iptc.length} bytes)`);
  if (metadata.icc) found.push(`an ICC profile (${metadata.icc.length} bytes)`);
  if (metadata.orientation !== undefined) found.push(`an orientation (${metadata.orientation})`);
  if (metadata.comments?.length) found.push(`comments (${metadata.comments.map((comment) => comment.text).join(', ')})`);
  for (const marker of ['Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'x:xmpmeta', 'Photoshop 3.0', 'Raw profile type', 'ICC_PROFILE', ...SECRETS]) {
    if (bytes.includes(Buffer.from(marker))) found.push(`the bytes "${marker}"`);
  }
  return found;
}

/** A GIF data sub-block sequence: `data` in blocks of at most 255 bytes, then the terminator. */
const subBlocks = (data: Buffer): number[] => {
  const out: number[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const part = data.subarray(at, at + 255);
    out.push(part.length, ...part);
  }
  return [...out, 0];
};

/**
 * A GIF that is also JavaScript: "GIF89a/*" opens a comment in which the
 * picture's bytes (a 1 x 1 image, a comment block and an application block
 * carrying script) sit, and the bytes after the image's end close it and
 * run `alert(1)`. Served as a script from the site's origin, it would run.
 */
export function gifPolyglot(): Buffer {
  const bytes = [
    // The logical screen's width is "/*" read as a number.
    ...Buffer.from('GIF89a/*'),
    ...u16le(1),
    // A global table of two colours: black and white.
    0xf0,
    0,
    0,
    0,
    0,
    0,
    255,
    255,
    255,
    // A comment block and an application block, each with script in it.
    0x21,
    0xfe,
    ...subBlocks(Buffer.from('alert(2) from a comment block')),
    0x21,
    0xff,
    11,
    ...Buffer.from('XMP DataXMP'),
    ...subBlocks(Buffer.from('<x:xmpmeta>alert(3)</x:xmpmeta>')),
    // The one pixel: a 1 x 1 image of colour 0 (LZW, code size 2: clear, 0, end).
    0x2c,
    ...u16le(0),
    ...u16le(0),
    ...u16le(1),
    ...u16le(1),
    0,
    2,
    2,
    0x44,
    0x01,
    0,
    0x3b,
  ];
  return Buffer.concat([Buffer.from(bytes), Buffer.from('*/=1;alert(1);//')]);
}

/** `jpeg` with a comment segment (COM), as cameras and editors write one, after the start of image. */
export function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, ((text.length + 2) >> 8) & 255, (text.length + 2) & 255]), text, jpeg.subarray(2)]);
}

/** `png` with text chunks (tEXt, zTXt, iTXt) before its image data, and `after` appended after its end. */
export function withPngText(png: Buffer, texts: { tEXt?: [string, string][]; zTXt?: [string, string][]; iTXt?: [string, string][] }, after = ''): Buffer {
  const chunks = [
    ...(texts.tEXt ?? []).map(([keyword, text]) => pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'))),
    ...(texts.zTXt ?? []).map(([keyword, text]) => pngChunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), zlib.deflateSync(Buffer.from(text, 'latin1'))]))),
    // Not compressed, no language, no translated keyword.
    ...(texts.iTXt ?? []).map(([keyword, text]) => pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text)]))),
  ];
  // After the signature (8 bytes) and the header chunk (25).
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33), Buffer.from(after)]);
}

/**
 * What a file carries besides its picture, read from its structure: the
 * segments, chunks and blocks that hold metadata, comments or anything an
 * application put there, and bytes after the image's end. Empty for a file
 * that holds its picture alone. JPEG, PNG, GIF and WebP.
 */
export function hiddenParts(bytes: Buffer): string[] {
  const found: string[] = [];
  const after = (end: number) => {
    if (end < bytes.length) found.push(`${bytes.length - end} bytes after the end`);
  };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    // JPEG: markers with a length, up to each scan; a scan's data runs to the next marker that is not a restart.
    let at = 2;
    while (at + 2 <= bytes.length) {
      const marker = bytes[at + 1];
      if (marker === 0xd9) {
        after(at + 2);
        return found;
      }
      if (at + 4 > bytes.length) break;
      const length = bytes.readUInt16BE(at + 2);
      if (marker === 0xfe) found.push(`a comment (COM): ${JSON.stringify(bytes.subarray(at + 4, at + 2 + length).toString('latin1'))}`);
      else if (marker >= 0xe1 && marker <= 0xef) found.push(`an APP${marker - 0xe0} segment (${JSON.stringify(bytes.subarray(at + 4, at + 16).toString('latin1'))})`);
      at += 2 + length;
      if (marker === 0xda) {
        while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && (bytes[at + 1] < 0xd0 || bytes[at + 1] > 0xd7))) at += 1;
      }
    }
    return [...found, 'no end of image'];
  }
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    let at = 8;
    while (at + 8 <= bytes.length) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.subarray(at + 4, at + 8).toString('latin1');
      if (!['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'bKGD', 'pHYs', 'gAMA', 'cHRM', 'sRGB', 'acTL', 'fcTL', 'fdAT'].includes(type)) found.push(`a ${type} chunk`);
      at += 12 + length;
      if (type === 'IEND') {
        after(at);
        return found;
      }
    }
    return [...found, 'no IEND'];
  }
  if (bytes.subarray(0, 3).toString('latin1') === 'GIF') {
    const flags = bytes[10];
    let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    const skipSubBlocks = () => {
      while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
      at += 1;
    };
    while (at < bytes.length) {
      const block = bytes[at];
      if (block === 0x3b) {
        after(at + 1);
        return found;
      }
      if (block === 0x21) {
        const label = bytes[at + 1];
        if (label === 0xff) {
          const application = bytes.subarray(at + 3, at + 14).toString('latin1');
          // The loop count of an animation is the one application block a GIF needs.
          if (application !== 'NETSCAPE2.0') found.push(`an application block (${application})`);
        } else if (label === 0xfe) found.push('a comment block');
        else if (label === 0x01) found.push('a plain text block');
        at += 2;
        skipSubBlocks();
      } else if (block === 0x2c) {
        const local = bytes[at + 9];
        at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1;
        skipSubBlocks();
      } else return [...found, `an unknown block 0x${block.toString(16)}`];
    }
    return [...found, 'no trailer'];
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    const end = 8 + bytes.readUInt32LE(4);
    for (let at = 12; at + 8 <= end; at += 8 + bytes.readUInt32LE(at + 4) + (bytes.readUInt32LE(at + 4) % 2)) {
      const type = bytes.subarray(at, at + 4).toString('latin1');
      if (!['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF'].includes(type)) found.push(`a ${type.trim()} chunk`);
    }
    after(end);
    return found;
  }
  return ['a format this reader does not know'];
}

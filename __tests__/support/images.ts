/**
 * Image files the tests of the image step (node/images.ts) write byte by
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

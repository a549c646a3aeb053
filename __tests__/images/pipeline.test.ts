/** @jest-environment node */
/**
 * The image step's processing with the real sharp, on
 * images made here as cameras and editors make them: a phone photo stored
 * sideways with EXIF orientation 6, GPS, XMP and IPTC; wide-gamut (Display
 * P3) and CMYK pictures; a PNG with transparency; GIFs and WebPs, still and
 * moving; an AVIF. Every file it writes is checked as a browser would get
 * it: its size, format, orientation, colours, and no metadata at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  ANIMATION_MAX_FRAMES,
  ANIMATION_MAX_PIXELS,
  IMAGES_PATH,
  IMAGE_TIMEOUT_SECONDS,
  ImageError,
  processImage,
  recordImagesUsed,
  recordRemadeImagesUsed,
  remadeImages,
  remakeImage,
  widthsFor,
} from '../../features/images/pipeline.node';
import { KEEP_UNUSED_DAYS } from '../../system/keptCache.js';
import { IMAGE_WIDTHS, type ImageFile, type ProcessedImage } from '../../features/images/picture';
import { PHONE_EXIF, SECRETS, XMP, animatedGif, animatedWebp, hiddenParts, metadataIn, pngClaiming, withIptc, withJpegComment } from '../support/images';
import { watchSharp, type SharpRun } from '../support/sharpRuns';
import { publicDirOf } from '../../system/paths.js';

// sharp encodes AVIF, WebP and the upload's format at four widths per image: seconds each on a shared 2-core machine.
jest.setTimeout(120_000);

let dir: string;
let publicDir: string;
let cacheDir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'));
  publicDir = publicDirOf(dir);
  cacheDir = path.join(dir, 'cache');
  fs.mkdirSync(path.join(dir, 'content', 'media'), { recursive: true });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes an upload into the media folder; returns its source name. */
function upload(name: string, bytes: Buffer): string {
  const file = path.join(dir, 'content', 'media', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return `content/media/${name}`;
}
const run = (source: string, options: { share?: boolean } = {}) => processImage(dir, source, publicDir, { cacheDir, ...options });
/** What `run` asked of sharp. */
async function watched(source: string, options: { share?: boolean } = {}): Promise<{ result: Awaited<ReturnType<typeof run>>; runs: readonly SharpRun[] }> {
  const sharpCalls = watchSharp('run');
  try {
    return { result: await run(source, options), runs: sharpCalls.runs };
  } finally {
    sharpCalls.restore();
  }
}
/** The time limits of the pipelines among `runs`, where sharp enforces them (not in metadata or stats). */
const pipelineLimits = (runs: readonly SharpRun[]) => runs.filter((entry) => entry.step === 'toBuffer').map((entry) => entry.limitSeconds);
/** The bytes of a file the step put into public/. */
const published = (file: ImageFile) => fs.readFileSync(path.join(publicDir, file.path));
/** Each file as [format, width, height], in the order the step lists them. */
const shapes = (image: ProcessedImage) => image.files.map((file) => [file.format, file.width, file.height]);

const flat = (width: number, height: number, background: sharp.Color, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background } });

/** The colour at (x, y) of an image, as a browser would draw it (sRGB). */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}
const near = (actual: number[], expected: number[], tolerance: number) => actual.every((value, index) => Math.abs(value - expected[index]) <= tolerance);

/** A phone photo: 1600 x 1200 as stored, left half red and right half blue, taken holding the phone upright (orientation 6). */
async function phonePhoto(): Promise<Buffer> {
  const half = await flat(800, 1200, '#d02020').png().toBuffer();
  const jpeg = await flat(1600, 1200, '#2040d0')
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif(PHONE_EXIF)
    .withXmp(XMP)
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return withIptc(jpeg, 'Secret caption');
}

describe('widthsFor', () => {
  it('makes each width of the list below the image’s own, and its own when it is narrower than the last', () => {
    expect(widthsFor(4032)).toEqual([360, 720, 1080, 1632]);
    expect(widthsFor(1633)).toEqual([360, 720, 1080, 1632]);
    expect(widthsFor(1632)).toEqual([360, 720, 1080, 1632]);
    expect(widthsFor(1631)).toEqual([360, 720, 1080, 1631]);
    expect(widthsFor(1440)).toEqual([360, 720, 1080, 1440]);
    expect(widthsFor(1000)).toEqual([360, 720, 1000]);
    expect(widthsFor(720)).toEqual([360, 720]);
    expect(widthsFor(361)).toEqual([360, 361]);
    expect(widthsFor(360)).toEqual([360]);
    expect(widthsFor(120)).toEqual([120]);
    expect(widthsFor(1)).toEqual([1]);
  });

  it('never enlarges: no width above the image’s own', () => {
    for (let width = 1; width <= 2000; width += 7) {
      const widths = widthsFor(width);
      expect(Math.max(...widths)).toBe(Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]));
      expect([...widths].sort((a, b) => a - b)).toEqual(widths);
      expect(new Set(widths).size).toBe(widths.length);
    }
  });

  it('takes the list to use (an animation is made at fewer widths)', () => {
    expect(widthsFor(1000, [360, 720])).toEqual([360, 720]);
    expect(widthsFor(500, [360, 720])).toEqual([360, 500]);
  });
});

describe('a phone photo stored sideways, with EXIF, GPS, XMP and IPTC', () => {
  let source: string;
  let bytes: Buffer;
  let image: ProcessedImage;
  beforeAll(async () => {
    bytes = await phonePhoto();
    // What the upload carries, so that its absence below means something.
    const before = await sharp(bytes).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([1600, 1200, 6]);
    expect([Boolean(before.exif), Boolean(before.xmp), Boolean(before.iptc)]).toEqual([true, true, true]);
    expect(SECRETS.filter((secret) => bytes.includes(Buffer.from(secret)))).toEqual(SECRETS);
    source = upload('phone.jpg', bytes);
    ({ image } = await run(source, { share: true }));
  });

  it('comes out portrait, as the camera was held: 1200 x 1600, at each width up to its own', () => {
    expect([image.width, image.height, image.fallback, image.animated]).toEqual([1200, 1600, 'jpeg', false]);
    expect(shapes(image)).toEqual([
      ['avif', 360, 480],
      ['avif', 720, 960],
      ['avif', 1080, 1440],
      ['avif', 1200, 1600],
      ['webp', 360, 480],
      ['webp', 720, 960],
      ['webp', 1080, 1440],
      ['webp', 1200, 1600],
      ['jpeg', 360, 480],
      ['jpeg', 720, 960],
      ['jpeg', 1080, 1440],
      ['jpeg', 1200, 1600],
    ]);
  });

  it('writes every file in the format and size it lists, turned the right way up', async () => {
    const formats = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as Record<string, string>;
    for (const file of image.files) {
      const written = published(file);
      const metadata = await sharp(written).metadata();
      expect([file.path, metadata.format, metadata.width, metadata.height]).toEqual([file.path, formats[file.format], file.width, file.height]);
      expect(written.length).toBe(file.bytes);
      // The stored picture's left half (red) is the top as the camera was held; its right half (blue) the bottom.
      const top = await pixel(written, Math.floor(file.width / 2), Math.floor(file.height / 4));
      const bottom = await pixel(written, Math.floor(file.width / 2), Math.floor((file.height * 3) / 4));
      expect([file.path, near(top, [0xd0, 0x20, 0x20], 24), near(bottom, [0x20, 0x40, 0xd0], 24)]).toEqual([file.path, true, true]);
    }
  });

  it('publishes no metadata: no EXIF (so no GPS, camera or time), no XMP, no IPTC, no ICC profile, no orientation', async () => {
    const files = [...image.files, ...(image.share ? [image.share] : [])];
    expect(files.length).toBe(13);
    for (const file of files) expect([file.path, await metadataIn(published(file))]).toEqual([file.path, []]);
  });

  it('makes the 1200 x 630 share image of a cover, without metadata either', async () => {
    expect(image.share).toEqual({ format: 'jpeg', width: 1200, height: 630, path: `${IMAGES_PATH}${image.key}-share.jpg`, bytes: expect.any(Number) });
    const share = await sharp(published(image.share as ImageFile)).metadata();
    expect([share.format, share.width, share.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('names every file by the key, a hash of the bytes and of how they are made, and its width', () => {
    expect(image.key).toMatch(/^[0-9a-f]{20}$/);
    const extension = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };
    for (const file of image.files) expect(file.path).toBe(`${IMAGES_PATH}${image.key}-${file.width}.${extension[file.format]}`);
    // The upload itself is never published, nor anything without the key.
    const names = fs.readdirSync(path.join(publicDir, IMAGES_PATH)).filter((name) => name.startsWith(image.key));
    expect(names.sort()).toEqual([...image.files, image.share as ImageFile].map((file) => path.basename(file.path)).sort());
  });

  it('draws a dominant colour as #rrggbb', () => {
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('gives changed bytes another key, and the same bytes under another name the same key, from the cache', async () => {
    const edited = Buffer.from(bytes);
    // One byte of the IPTC caption: the picture is the same, the file is not.
    edited[edited.indexOf(Buffer.from('Secret caption'))] = 's'.charCodeAt(0);
    const other = await run(upload('phone-edited.jpg', edited));
    expect(other.made).toBe(true);
    expect(other.image.key).not.toBe(image.key);
    expect(other.image.files.every((file) => file.path.includes(other.image.key))).toBe(true);
    const renamed = await run(upload('2026/phone-copy.jpg', bytes), { share: true });
    expect([renamed.made, renamed.image.key, renamed.image.source]).toEqual([false, image.key, 'content/media/2026/phone-copy.jpg']);
  });
});

describe('colours', () => {
  it('converts a wide-gamut (Display P3) picture to sRGB, and drops its profile', async () => {
    // sRGB (230, 40, 40) as a P3 file stores it: other numbers, and the profile that says how to read them.
    const p3 = await flat(800, 600, { r: 230, g: 40, b: 40 }).withIccProfile('p3').png().toBuffer();
    const stored = await pixel(await sharp(p3, { ignoreIcc: true }).png().toBuffer(), 10, 10);
    expect(near(stored, [230, 40, 40], 10)).toBe(false);
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const { image } = await run(upload('wide-gamut.png', p3));
    for (const file of image.files) {
      const written = published(file);
      expect([file.path, near(await pixel(written, 10, 10), [230, 40, 40], 6)]).toEqual([file.path, true]);
      expect([file.path, await metadataIn(written), (await sharp(written).metadata()).space]).toEqual([file.path, [], 'srgb']);
    }
  });

  it('converts a CMYK JPEG with its profile to sRGB, three channels', async () => {
    const cmyk = await flat(800, 600, { r: 40, g: 120, b: 200 }).toColourspace('cmyk').jpeg().withIccProfile('cmyk').toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    // What the CMYK numbers mean in sRGB, read through the file's profile.
    const expected = await pixel(await sharp(cmyk).toColourspace('srgb').png().toBuffer(), 10, 10);
    const { image } = await run(upload('print.jpg', cmyk));
    for (const file of image.files) {
      const written = published(file);
      const metadata = await sharp(written).metadata();
      expect([file.path, metadata.space, metadata.channels]).toEqual([file.path, 'srgb', 3]);
      expect([file.path, near(await pixel(written, 10, 10), expected, 6)]).toEqual([file.path, true]);
      expect([file.path, await metadataIn(written)]).toEqual([file.path, []]);
    }
  });

  it('draws a flat picture’s colour as its dominant colour', async () => {
    const { image } = await run(upload('flat.png', await flat(400, 300, '#2a9d8f').png().toBuffer()));
    // sharp's dominant colour is the centre of a histogram bin 16 levels wide.
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((offset) => parseInt(image.color.slice(offset, offset + 2), 16));
    expect(near([r, g, b], [0x2a, 0x9d, 0x8f], 16)).toBe(true);
  });
});

describe('formats', () => {
  it('a PNG with transparency: AVIF, WebP and PNG, each keeping the alpha channel', async () => {
    const png = await flat(500, 400, { r: 0, g: 128, b: 255, alpha: 0.5 }, 4).png().toBuffer();
    const { image } = await run(upload('badge.png', png));
    expect([image.fallback, image.width, image.height]).toEqual(['png', 500, 400]);
    expect(shapes(image)).toEqual([
      ['avif', 360, 288],
      ['avif', 500, 400],
      ['webp', 360, 288],
      ['webp', 500, 400],
      ['png', 360, 288],
      ['png', 500, 400],
    ]);
    for (const file of image.files) {
      const written = published(file);
      expect([file.path, (await sharp(written).metadata()).hasAlpha, (await pixel(written, 5, 5))[3]]).toEqual([file.path, true, expect.any(Number)]);
      expect(Math.abs((await pixel(written, 5, 5))[3] - 128)).toBeLessThanOrEqual(4);
      expect(await metadataIn(written)).toEqual([]);
    }
  });

  it('a small still GIF: AVIF, WebP and GIF at its own width only, never enlarged', async () => {
    const { image } = await run(upload('icon.gif', await flat(200, 100, '#e76f51').gif().toBuffer()));
    expect([image.fallback, image.animated]).toEqual(['gif', false]);
    expect(shapes(image)).toEqual([
      ['avif', 200, 100],
      ['webp', 200, 100],
      ['gif', 200, 100],
    ]);
    for (const file of image.files) expect((await sharp(published(file)).metadata()).pages ?? 1).toBe(1);
  });

  it('an AVIF upload: AVIF and WebP, WebP the fallback (not every browser reads AVIF)', async () => {
    const { image } = await run(upload('photo.avif', await flat(800, 600, '#264653').avif().toBuffer()));
    expect(image.fallback).toBe('webp');
    expect(shapes(image)).toEqual([
      ['avif', 360, 270],
      ['avif', 720, 540],
      ['avif', 800, 600],
      ['webp', 360, 270],
      ['webp', 720, 540],
      ['webp', 800, 600],
    ]);
  });

  it('a still WebP upload: AVIF and WebP, WebP the fallback', async () => {
    const { image } = await run(upload('still.webp', await flat(400, 300, '#f4a261').webp().toBuffer()));
    expect([image.fallback, image.files.map((file) => file.format)]).toEqual(['webp', ['avif', 'avif', 'webp', 'webp']]);
  });
});

describe('animations', () => {
  /** An animation of `count` frames of 400 x 300 in turning colours, as an editor's tool writes it. */
  const frames = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        flat(400, 300, { r: (index * 80) % 256, g: 100, b: 200 - index * 20 })
          .png()
          .toBuffer(),
      ),
    );

  it('a GIF moves on as an animated WebP and GIF, at the animation widths, every frame kept', async () => {
    const gif = await sharp(await frames(4), { join: { animated: true } })
      .gif({ loop: 0, delay: 100 })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(4);
    const { image } = await run(upload('moving.gif', gif));
    expect([image.animated, image.fallback, image.width, image.height]).toEqual([true, 'gif', 400, 300]);
    expect(shapes(image)).toEqual([
      ['webp', 360, 270],
      ['webp', 400, 300],
      ['gif', 360, 270],
      ['gif', 400, 300],
    ]);
    for (const file of image.files) {
      const metadata = await sharp(published(file), { animated: true }).metadata();
      expect([file.path, metadata.pages, metadata.pageHeight, metadata.loop]).toEqual([file.path, 4, file.height, 0]);
      expect(await metadataIn(published(file))).toEqual([]);
    }
  });

  it('an animated WebP moves on as an animated WebP alone', async () => {
    const webp = await sharp(await frames(3), { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    const { image } = await run(upload('moving.webp', webp));
    expect([image.animated, image.fallback]).toEqual([true, 'webp']);
    expect(shapes(image)).toEqual([
      ['webp', 360, 270],
      ['webp', 400, 300],
    ]);
    for (const file of image.files) expect((await sharp(published(file), { animated: true }).metadata()).pages).toBe(3);
  });

  it(`takes an animation of ${ANIMATION_MAX_FRAMES} frames, and one of up to ${ANIMATION_MAX_PIXELS / 1e6} megapixels in all (above one still image’s limit)`, async () => {
    const many = await run(upload('many-frames.gif', animatedGif(8, 8, ANIMATION_MAX_FRAMES)));
    expect([many.image.animated, shapes(many.image)]).toEqual([
      true,
      [
        ['webp', 8, 8],
        ['gif', 8, 8],
      ],
    ]);
    // 55 frames of 1000 x 1000: 55 megapixels. (Made smaller, its frames differ in nothing, and the encoders merge them.)
    const large = await run(upload('large-frames.gif', animatedGif(1000, 1000, 55)));
    expect(shapes(large.image)).toEqual([
      ['webp', 360, 360],
      ['webp', 720, 720],
      ['gif', 360, 360],
      ['gif', 720, 720],
    ]);
  });

  it.each([
    ['a GIF of one frame too many', 'too-many.gif', () => Promise.resolve(animatedGif(8, 8, ANIMATION_MAX_FRAMES + 1)), `${ANIMATION_MAX_FRAMES + 1} frames of 8 x 8`],
    ['a GIF of 100 frames of 800 x 800 (64 megapixels)', 'too-large.gif', () => Promise.resolve(animatedGif(800, 800, 100)), '100 frames of 800 x 800'],
    ['an animated WebP of one frame too many', 'too-many.webp', () => animatedWebp(8, 8, ANIMATION_MAX_FRAMES + 1), `${ANIMATION_MAX_FRAMES + 1} frames of 8 x 8`],
    ['an animated WebP of 100 frames of 800 x 800', 'too-large.webp', () => animatedWebp(800, 800, 100), '100 frames of 800 x 800'],
  ])('refuses %s, naming the file, from its header: no frame is decoded', async (_, name, make, what) => {
    const source = upload(name, await make());
    const sharpCalls = watchSharp('run');
    try {
      await expect(run(source)).rejects.toThrow(
        new ImageError(`${source} is an animation of ${what}: at most ${ANIMATION_MAX_FRAMES} frames and 60 megapixels in all; make it a video elsewhere, or shorter`),
      );
      expect(sharpCalls.runs).toEqual([{ step: 'metadata', limitSeconds: 0 }]);
    } finally {
      sharpCalls.restore();
    }
  });
});

describe("sharp's time limit", () => {
  // The limit stopping a pipeline, and the refusal naming the post and the upload: __tests__/hostile/images.test.ts.
  it(`reaches every pipeline the step runs, ${IMAGE_TIMEOUT_SECONDS} s each: a still image with its share image, and an animation`, async () => {
    const still = await watched(upload('limits.jpg', await flat(900, 600, '#2a9d8f').jpeg().toBuffer()), { share: true });
    expect(still.result.made).toBe(true);
    // The oriented base, then one pipeline a file and one for the share image.
    expect(pipelineLimits(still.runs)).toEqual(Array(1 + still.result.image.files.length + 1).fill(IMAGE_TIMEOUT_SECONDS));
    const moving = await watched(upload('limits.gif', animatedGif(64, 64, 3)));
    expect([moving.result.made, moving.result.image.animated]).toEqual([true, true]);
    expect(pipelineLimits(moving.runs)).toEqual(Array(1 + moving.result.image.files.length).fill(IMAGE_TIMEOUT_SECONDS));
  });
});

describe('the kept cache', () => {
  let source: string;
  let first: { image: ProcessedImage; made: boolean };
  beforeAll(async () => {
    source = upload('kept.jpg', await flat(900, 600, '#8ab17d').jpeg().withExif(PHONE_EXIF).toBuffer());
    first = await run(source);
  });
  const entry = () => path.join(cacheDir, first.image.key);

  it('makes an image once: the next run takes it from the cache, asking sharp nothing', async () => {
    expect(first.made).toBe(true);
    expect(fs.readdirSync(entry()).sort()).toEqual([...first.image.files.map((file) => path.basename(file.path).slice(21)), 'image.json'].sort());
    const again = await watched(source);
    expect(again.result).toEqual({ image: first.image, made: false });
    expect(again.runs).toEqual([]);
  });

  it('puts the files into a public/ that a clean build emptied, from the cache', async () => {
    fs.rmSync(publicDir, { recursive: true });
    const again = await run(source);
    expect(again.made).toBe(false);
    for (const file of again.image.files) expect(fs.readFileSync(path.join(publicDir, file.path)).length).toBe(file.bytes);
  });

  it('makes an entry again when a killed build left it without its record, whatever else it holds', async () => {
    fs.rmSync(path.join(entry(), 'image.json'));
    // Half of one file, as a build killed mid-write could leave it.
    fs.writeFileSync(path.join(entry(), '360.avif'), 'partial');
    const again = await run(source);
    expect(again.made).toBe(true);
    expect(again.image).toEqual(first.image);
    const avif = again.image.files.find((file) => file.format === 'avif' && file.width === 360) as ImageFile;
    expect((await sharp(fs.readFileSync(path.join(entry(), '360.avif'))).metadata()).format).toBe('heif');
    expect(fs.readFileSync(path.join(publicDir, avif.path)).length).toBe(avif.bytes);
    expect(fs.existsSync(path.join(entry(), 'image.json'))).toBe(true);
  });

  it('makes an entry again when a cover needs the share image it was made without', async () => {
    const cover = await run(source, { share: true });
    expect([cover.made, cover.image.key]).toEqual([true, first.image.key]);
    expect(cover.image.share?.path).toBe(`${IMAGES_PATH}${first.image.key}-share.jpg`);
    expect((await run(source, { share: true })).made).toBe(false);
    // A body that shows it takes the entry with its share image as it is.
    expect((await run(source)).made).toBe(false);
  });

  it(`removes the entries no build used for ${KEEP_UNUSED_DAYS} days`, async () => {
    const other = await run(upload('kept-other.png', await flat(300, 200, '#e9c46a').png().toBuffer()));
    const kept = () => fs.readdirSync(cacheDir).filter((name) => /^[0-9a-f]{20}$/.test(name));
    const now = Date.now();
    recordImagesUsed(dir, [first.image.key, other.image.key], cacheDir);
    expect(kept()).toEqual(expect.arrayContaining([first.image.key, other.image.key]));
    // Thirty days on, the other image is still used; neither goes.
    jest.spyOn(Date, 'now').mockReturnValue(now + KEEP_UNUSED_DAYS * 86_400_000);
    recordImagesUsed(dir, [other.image.key], cacheDir);
    expect(kept()).toEqual(expect.arrayContaining([first.image.key, other.image.key]));
    // A day more, and the first has gone unused for longer than that.
    jest.spyOn(Date, 'now').mockReturnValue(now + (KEEP_UNUSED_DAYS + 1) * 86_400_000);
    recordImagesUsed(dir, [other.image.key], cacheDir);
    jest.restoreAllMocks();
    expect(kept()).toContain(other.image.key);
    expect(kept()).not.toContain(first.image.key);
    // And is made again when it is shown again.
    expect((await run(source)).made).toBe(true);
  });

  it('records nothing when no build made an image yet', () => {
    const empty = path.join(dir, 'no-cache');
    recordImagesUsed(dir, ['0123456789abcdef0123'], empty);
    expect(fs.existsSync(empty)).toBe(false);
  });
});

describe("the site's own images from static/, remade", () => {
  const staticCache = () => path.join(dir, 'static-cache');
  /** Writes an image into static/; returns its source name. */
  function put(name: string, bytes: Buffer): string {
    fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'static', name), bytes);
    return `static/${name}`;
  }
  const remake = (source: string) => remakeImage(dir, source, { cacheDir: staticCache() });
  const remade = async (source: string) => fs.readFileSync((await remake(source)).file);

  it('a phone photo stored sideways: upright as the camera was held, its own format and size, with nothing but its pixels', async () => {
    const photo = withJpegComment(await phonePhoto(), 'Secret caption in a comment');
    expect(hiddenParts(photo)).toEqual([
      'a comment (COM): "Secret caption in a comment"',
      expect.stringMatching(/^an APP13 segment/),
      expect.stringMatching(/^an APP1 segment \("Exif/),
      expect.stringMatching(/^an APP1 segment \("http:\/\/ns\.ad/),
      'an APP2 segment ("ICC_PROFILE\\u0000")',
    ]);
    const bytes = await remade(put('phone.jpg', photo));
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.space]).toEqual(['jpeg', 1200, 1600, 'srgb']);
    expect(await metadataIn(bytes)).toEqual([]);
    expect(hiddenParts(bytes)).toEqual([]);
    // The stored picture's left half (red) is the top as the camera was held.
    expect(near(await pixel(bytes, 600, 400), [0xd0, 0x20, 0x20], 24)).toBe(true);
    expect(near(await pixel(bytes, 600, 1200), [0x20, 0x40, 0xd0], 24)).toBe(true);
  });

  it.each([
    ['a PNG with transparency', 'badge.png', () => flat(120, 80, { r: 0, g: 128, b: 255, alpha: 0.5 }, 4).png().withExif(PHONE_EXIF).toBuffer(), 'png'],
    ['a still GIF', 'still.gif', () => flat(120, 80, '#e76f51').gif().toBuffer(), 'gif'],
    ['a WebP', 'banner.webp', () => flat(120, 80, '#f4a261').webp().withExif(PHONE_EXIF).withXmp(XMP).toBuffer(), 'webp'],
    ['an AVIF', 'banner.avif', () => flat(120, 80, '#264653').avif().withExif(PHONE_EXIF).toBuffer(), 'heif'],
  ])('%s stays one, at its size, with its metadata gone', async (_, name, make, format) => {
    const original = await make();
    const bytes = await remade(put(name, original));
    const [before, after] = [await sharp(original).metadata(), await sharp(bytes).metadata()];
    expect([after.format, after.width, after.height, after.hasAlpha]).toEqual([format, before.width, before.height, before.hasAlpha]);
    expect(await metadataIn(bytes)).toEqual([]);
    if (format !== 'heif') expect(hiddenParts(bytes)).toEqual([]);
  });

  it('an animation keeps every frame, its timing and its loop count', async () => {
    const frames = await Promise.all(
      [0, 1, 2].map((index) =>
        flat(60, 40, { r: index * 100, g: 80, b: 160 })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0, delay: [100, 200, 300] })
      .toBuffer();
    const webp = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 2, delay: [150, 150, 150] })
      .toBuffer();
    for (const [name, bytes, loop, delay] of [
      ['moving.gif', gif, 0, [100, 200, 300]],
      ['moving.webp', webp, 2, [150, 150, 150]],
    ] as const) {
      const metadata = await sharp(await remade(put(name, bytes)), { animated: true }).metadata();
      expect([name, metadata.pages, metadata.pageHeight, metadata.width, metadata.loop, metadata.delay]).toEqual([name, 3, 40, 60, loop, delay]);
    }
  });

  it('refuses what it refuses an upload for, naming the file, and keeps nothing of it: the wrong type, an SVG, too many pixels, frames or bytes', async () => {
    const kept = () => (fs.existsSync(staticCache()) ? fs.readdirSync(staticCache()).sort() : []);
    const before = kept();
    const refusal = (source: string) =>
      remake(source).then(
        () => 'made',
        (error: Error) => [error instanceof ImageError, error.message],
      );
    const png = await flat(8, 8, '#000').png().toBuffer();
    expect(await refusal(put('photo.jpg', png))).toEqual([true, expect.stringMatching(/^static\/photo\.jpg is named \.jpg but its contents are not a JPEG image; /)]);
    expect(await refusal(put('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toEqual([
      true,
      'static/logo.svg is an SVG: a drawing can carry script, so the site takes photographs and screenshots only (PNG, JPEG, GIF, WebP, AVIF); export it as a PNG',
    ]);
    expect(await refusal(put('bomb.png', pngClaiming(20_000, 20_000)))).toEqual([
      true,
      expect.stringMatching(/^static\/bomb\.png cannot be read as an image \(Input image exceeds pixel limit\); /),
    ]);
    expect(await refusal(put('long.gif', animatedGif(8, 8, ANIMATION_MAX_FRAMES + 1)))).toEqual([
      true,
      `static/long.gif is an animation of ${ANIMATION_MAX_FRAMES + 1} frames of 8 x 8: at most ${ANIMATION_MAX_FRAMES} frames and 60 megapixels in all; make it a video elsewhere, or shorter`,
    ]);
    const huge = put('huge.png', png);
    fs.truncateSync(path.join(dir, huge), 26 * 1024 * 1024);
    expect(await refusal(huge)).toEqual([true, 'static/huge.png is 26.0 MB, over the 25 MB an image may be; export it again from an image editor, smaller']);
    expect(kept()).toEqual(before);
  });

  it(`gives every pipeline that decodes the time limit of an upload, ${IMAGE_TIMEOUT_SECONDS} s`, async () => {
    const source = put('timed.png', await flat(40, 30, '#123456').png().toBuffer());
    const sharpRuns = watchSharp('run');
    try {
      await remake(source);
      expect(sharpRuns.runs.filter((run) => run.step === 'toBuffer').map((run) => run.limitSeconds)).toEqual([IMAGE_TIMEOUT_SECONDS]);
    } finally {
      sharpRuns.restore();
    }
  });

  describe('the kept cache', () => {
    let source: string;
    let first: Awaited<ReturnType<typeof remakeImage>>;
    beforeAll(async () => {
      source = put('kept.jpg', await flat(900, 600, '#8ab17d').jpeg().withExif(PHONE_EXIF).toBuffer());
      first = await remake(source);
    });

    it('encodes an image once, named by its key: the next run takes it from the cache and encodes nothing', async () => {
      expect(first.made).toBe(true);
      expect(first.file).toBe(path.join(staticCache(), `${first.key}.jpg`));
      expect(first.bytes).toBe(fs.statSync(first.file).size);
      const encodes = jest.spyOn(sharp.prototype, 'toBuffer');
      try {
        expect(await remake(source)).toEqual({ ...first, made: false });
        // The same bytes under another name are the same image.
        expect(await remake(put('kept-copy.jpg', fs.readFileSync(path.join(dir, source))))).toEqual({ ...first, made: false });
        expect(encodes).not.toHaveBeenCalled();
      } finally {
        encodes.mockRestore();
      }
    });

    it('encodes it again when the kept file is gone', async () => {
      fs.rmSync(first.file);
      expect(await remake(source)).toEqual({ ...first, made: true });
    });

    it(`names its entries by key, and removes those no build used for ${KEEP_UNUSED_DAYS} days`, async () => {
      const cache = remadeImages(staticCache());
      expect([cache.keyOf(`${first.key}.jpg`), cache.keyOf(`${first.key}.txt`), cache.keyOf('used.json'), cache.keyOf(`${first.key}.jpg.1.abcd.tmp`)]).toEqual([
        first.key,
        undefined,
        undefined,
        undefined,
      ]);
      const other = await remake(put('kept-other.png', await flat(30, 20, '#e9c46a').png().toBuffer()));
      const now = Date.now();
      recordRemadeImagesUsed(dir, [first.key, other.key], staticCache());
      jest.spyOn(Date, 'now').mockReturnValue(now + (KEEP_UNUSED_DAYS + 1) * 86_400_000);
      recordRemadeImagesUsed(dir, [other.key], staticCache());
      jest.restoreAllMocks();
      expect([fs.existsSync(first.file), fs.existsSync(other.file)]).toEqual([false, true]);
      expect((await remake(source)).made).toBe(true);
    });
  });
});

/**
 * No published image tells where it was taken or by whom: every image of
 * the built site (editors' photos as the build made them under
 * /static/images/, the share cards, the site's share images, icons and
 * drawings, and the site's own images from static/ at the root), as the
 * server sends it, carries no EXIF (so no GPS, camera or time), no XMP, no
 * IPTC, no ICC profile and no text chunks. An editor's upload is never
 * published itself (features/images/pipeline.node.ts), nor is a raster image of static/
 * (features/images/staticImages.node.ts re-encodes it); this holds the whole public/
 * folder to it. An SVG from static/ is published as it is: it is served
 * within the drawings' allowlist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { FILES_RECORD_PATH, parseFilesRecord } from '../features/hosting/publicOwners';
import { staticSvgProblem } from '../features/images/staticSvg';
import { hiddenParts } from '../__tests__/support/images';
import { PUBLIC_DIR } from './support';

/** The files a browser reads as images, by extension. */
const IMAGE = /\.(png|jpe?g|gif|webp|avif|ico|svg)$/i;

/** Markers of metadata anywhere in a file's bytes: EXIF's header, XMP's namespace and packet, IPTC's Photoshop segment, PNG's text profiles, an ICC profile's JPEG segment. */
const MARKERS = ['Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'x:xmpmeta', 'Photoshop 3.0', 'Raw profile type', 'ICC_PROFILE'];

/** Every image file of the built site, as paths under it. */
function publishedImages(): string[] {
  return (fs.readdirSync(PUBLIC_DIR, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => IMAGE.test(file) && fs.statSync(path.join(PUBLIC_DIR, file)).isFile())
    .sort();
}

/** What in a raster image carries metadata, by sharp's reading and the markers; empty when clean. */
async function rasterMetadata(bytes: Buffer): Promise<string[]> {
  const metadata = await sharp(bytes).metadata();
  const found = [
    metadata.exif && `EXIF (${metadata.exif.length} bytes)`,
    metadata.xmp && `XMP (${metadata.xmp.length} bytes)`,
    metadata.iptc && `IPTC (${metadata.iptc.length} bytes)`,
    metadata.icc && `an ICC profile (${metadata.icc.length} bytes)`,
    metadata.orientation !== undefined && `an orientation (${metadata.orientation})`,
    metadata.comments?.length && `text (${metadata.comments.map((comment) => comment.keyword).join(', ')})`,
  ].filter((entry): entry is string => typeof entry === 'string');
  return [...found, ...MARKERS.filter((marker) => bytes.includes(Buffer.from(marker))).map((marker) => `the bytes "${marker}"`)];
}

/** The images inside an .ico (sharp reads no icons): each entry's bytes, a PNG or a headerless bitmap. */
function iconEntries(bytes: Buffer): Buffer[] {
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + index * 16;
    const [size, offset] = [bytes.readUInt32LE(entry + 8), bytes.readUInt32LE(entry + 12)];
    return bytes.subarray(offset, offset + size);
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What in one published file carries metadata. */
async function metadataOf(file: string, bytes: Buffer): Promise<string[]> {
  if (/\.svg$/i.test(file)) {
    // A drawing's metadata is markup: <metadata>, RDF, XMP.
    const text = bytes.toString('utf8');
    return ['<metadata', 'rdf:RDF', 'xmpmeta', 'exif:'].filter((marker) => text.toLowerCase().includes(marker.toLowerCase()));
  }
  if (/\.ico$/i.test(file)) {
    const found: string[] = [];
    for (const [index, entry] of iconEntries(bytes).entries()) {
      const inside = entry.subarray(0, 8).equals(PNG_SIGNATURE)
        ? await rasterMetadata(entry)
        : MARKERS.filter((marker) => entry.includes(Buffer.from(marker))).map((marker) => `the bytes "${marker}"`);
      found.push(...inside.map((what) => `image ${index + 1}: ${what}`));
    }
    return found;
  }
  return rasterMetadata(bytes);
}

async function served(request: APIRequestContext, file: string): Promise<Buffer> {
  const response = await request.get(`/${file}`);
  expect(response.status(), file).toBe(200);
  return response.body();
}

test('every published image, as served, carries no EXIF, GPS, XMP, IPTC or other metadata', async ({ request }) => {
  const files = publishedImages();
  // The editors' photos, the share cards and the site's own images are all there to be checked.
  expect(files.filter((file) => file.startsWith('static/images/')).length).toBeGreaterThan(0);
  expect(files.filter((file) => file.startsWith('static/share/')).length).toBeGreaterThan(0);
  expect(files).toEqual(expect.arrayContaining(['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'share/en.png']));
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const bytes = await served(request, file);
    expect(bytes.equals(fs.readFileSync(path.join(PUBLIC_DIR, file))), file).toBe(true);
    const metadata = await metadataOf(file, bytes);
    if (metadata.length > 0) found[file] = metadata;
  }
  expect(found).toEqual({});
});

test('the editors’ photos are sRGB, without a profile, and upright as stored (no orientation left to apply)', async ({ request }) => {
  const photos = publishedImages().filter((file) => file.startsWith('static/images/'));
  for (const file of photos) {
    const metadata = await sharp(await served(request, file)).metadata();
    expect([file, metadata.space, metadata.hasProfile, metadata.orientation]).toEqual([file, 'srgb', false, undefined]);
  }
});

test("the site's own images from static/, as served: an SVG within the drawings' allowlist, any other image its pixels alone", async ({ request }) => {
  const { static: files = [] } = parseFilesRecord(fs.readFileSync(path.join(PUBLIC_DIR, FILES_RECORD_PATH), 'utf8'));
  // The logo mark at least, which the icons are drawn from.
  expect(files).toContain('favicon.svg');
  for (const file of files) {
    const bytes = await served(request, file);
    if (/\.svg$/i.test(file)) expect([file, staticSvgProblem(`static/${file}`, bytes)]).toEqual([file, undefined]);
    else expect([file, hiddenParts(bytes)]).toEqual([file, []]);
  }
});

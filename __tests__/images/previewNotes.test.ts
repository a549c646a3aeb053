/** @jest-environment node */
/**
 * What the CMS preview says of an editor's image:
 * which upload it asks the CMS for, which addresses it shows, the size the
 * site serves, and what the build refuses, held to the build's own code
 * where the build can say it (features/images/pipeline.node.ts makes the real photograph).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, processImage } from '../../features/images/pipeline.node';
import { IMAGE_WIDTHS } from '../../features/images/picture';
import { LARGEST_WIDTH, imageProblems, isAssetUrl, mediaAsset, servedSize } from '../../features/images/previewNotes';
import { MEDIA_HEAD_BYTES } from '../../features/images/mediaFiles';
import { UPLOAD_EXTENSIONS } from '../../features/images/uploads';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');
const PHOTO = 'content/media/labelled-stock.jpg';
const head = (file: string) => new Uint8Array(readFileSync(path.join(ROOT, file)).subarray(0, MEDIA_HEAD_BYTES));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('mediaAsset', () => {
  it('names the upload of the media folder a body addresses, as the CMS stores it', () => {
    expect(mediaAsset('/media/labelled-stock.jpg')).toEqual({ path: PHOTO, subfolder: false });
    expect(mediaAsset('/media/my%20photo.png')).toEqual({ path: 'content/media/my photo.png', subfolder: false });
  });

  it('marks one in a folder of the media folder, which the CMS would look up by its last name alone', () => {
    expect(mediaAsset('/media/2026/shelf.jpg')).toEqual({ path: 'content/media/2026/shelf.jpg', subfolder: true });
  });

  it('names nothing for an address the build refuses: another site, another folder, a climb out, a query', () => {
    for (const url of [
      'https://example.com/a.jpg',
      '/static/a.jpg',
      'media/a.jpg',
      '/media/../gatsby-config.ts',
      '/media/a.jpg?x=1',
      '/media/.hidden.png',
      '/media/%E0%A4%A.jpg',
      '',
    ]) {
      expect([url, mediaAsset(url)]).toEqual([url, undefined]);
    }
  });
});

describe('isAssetUrl', () => {
  it("takes the CMS's object and data URLs of an image, and a backend's web address", () => {
    for (const url of [
      'blob:http://127.0.0.1:8000/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab',
      'BLOB:http://x/1',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://raw.githubusercontent.com/a/b/main/content/media/a.jpg',
      'http://127.0.0.1:8081/x.jpg',
    ]) {
      expect([url, isAssetUrl(url)]).toEqual([url, true]);
    }
  });

  it('refuses what the CMS hands back unresolved, and anything that is not an image address', () => {
    for (const url of [
      'content/media/a.jpg',
      '/media/a.jpg',
      '',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      ' blob:x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect([url, isAssetUrl(url)]).toEqual([url, false]);
    }
  });
});

describe('servedSize', () => {
  it('is the widest the build makes: the last of its widths', () => {
    expect(LARGEST_WIDTH).toBe(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  });

  it('keeps an upload no wider than that at its own size, as the build does not enlarge', () => {
    expect(servedSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(servedSize({ width: LARGEST_WIDTH, height: 10 })).toEqual({ width: LARGEST_WIDTH, height: 10 });
    expect(servedSize({ width: 1, height: 1 })).toEqual({ width: 1, height: 1 });
  });

  it('scales a wider one down to that width, keeping its proportions', () => {
    expect(servedSize({ width: 4000, height: 3000 })).toEqual({ width: LARGEST_WIDTH, height: Math.round((3000 * LARGEST_WIDTH) / 4000) });
    expect(servedSize({ width: LARGEST_WIDTH + 1, height: LARGEST_WIDTH + 1 })).toEqual({ width: LARGEST_WIDTH, height: LARGEST_WIDTH });
    expect(servedSize({ width: 3000, height: 1001 })).toEqual({ width: LARGEST_WIDTH, height: Math.round((1001 * LARGEST_WIDTH) / 3000) });
  });

  it("says what the build's image step makes of the real photograph: its largest copy", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stockpay-preview-images-'));
    try {
      const { image } = await processImage(ROOT, PHOTO, publicDirOf(dir), { cacheDir: path.join(dir, 'cache') });
      const largest = image.files.filter((file) => file.format === image.fallback).at(-1);
      expect(servedSize({ width: 2048, height: 1536 })).toEqual({ width: largest?.width, height: largest?.height });
      expect([image.width, image.height]).toEqual([largest?.width, largest?.height]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('imageProblems', () => {
  it('finds nothing in the real photograph, nor in what is not known yet', () => {
    expect(imageProblems(PHOTO, { bytes: readFileSync(path.join(ROOT, PHOTO)).length, head: head(PHOTO), width: 2048, height: 1536 })).toEqual([]);
    expect(imageProblems(PHOTO, {})).toEqual([]);
  });

  it('takes every type the CMS uploads, whatever the case of its extension', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      expect(imageProblems(`content/media/a.${extension}`, {})).toEqual([]);
      expect(imageProblems(`content/media/a.${extension.toUpperCase()}`, {})).toEqual([]);
    }
  });

  it('refuses an SVG, however its name is spelled, and names any other type the build does not take', () => {
    expect(imageProblems('content/media/logo.svg', {})).toEqual([{ kind: 'svg' }]);
    expect(imageProblems('content/media/logo.SvG', { head: bytes('<svg xmlns="http://www.w3.org/2000/svg"/>') })).toEqual([{ kind: 'svg' }]);
    expect(imageProblems('content/media/favicon.ico', {})).toEqual([{ kind: 'type', extension: 'ico' }]);
    expect(imageProblems('content/media/page.HTML', {})).toEqual([{ kind: 'type', extension: 'html' }]);
    expect(imageProblems('content/media/README', {})).toEqual([{ kind: 'type', extension: '' }]);
    expect(imageProblems('content/media/constructor', {})).toEqual([{ kind: 'type', extension: '' }]);
    expect(imageProblems('content/media/a.constructor', {})).toEqual([{ kind: 'type', extension: 'constructor' }]);
  });

  it('refuses contents that are not the image the name says, in the words of the media rule', () => {
    expect(imageProblems('content/media/shelf.png', { head: head(PHOTO) })).toEqual([
      { kind: 'content', message: 'content/media/shelf.png is named .png but its contents are not a PNG image' },
    ]);
    expect(imageProblems('content/media/page.jpg', { head: bytes('<!doctype html><script>alert(1)</script>') })).toEqual([
      { kind: 'content', message: 'content/media/page.jpg is named .jpg but its contents are not a JPEG image' },
    ]);
  });

  it('refuses more bytes or pixels than the build reads, and takes exactly the limit', () => {
    expect(imageProblems(PHOTO, { bytes: IMAGE_MAX_BYTES })).toEqual([]);
    expect(imageProblems(PHOTO, { bytes: IMAGE_MAX_BYTES + 1 })).toEqual([{ kind: 'bytes', bytes: IMAGE_MAX_BYTES + 1, limit: IMAGE_MAX_BYTES }]);
    expect(imageProblems(PHOTO, { width: 10_000, height: IMAGE_MAX_PIXELS / 10_000 })).toEqual([]);
    expect(imageProblems(PHOTO, { width: 10_001, height: IMAGE_MAX_PIXELS / 10_000 })).toEqual([
      { kind: 'pixels', width: 10_001, height: IMAGE_MAX_PIXELS / 10_000, limit: IMAGE_MAX_PIXELS },
    ]);
    expect(imageProblems('content/media/huge.svg', { bytes: IMAGE_MAX_BYTES * 2, width: 20_000, height: 20_000 }).map((problem) => problem.kind)).toEqual([
      'svg',
      'bytes',
      'pixels',
    ]);
  });
});

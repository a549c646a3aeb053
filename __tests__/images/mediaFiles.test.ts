import { MEDIA_EXTENSIONS, MEDIA_RULE, STATIC_EXTENSIONS, imageTypeOf, mediaFileProblem } from '../../features/images/mediaFiles';

const bytes = (...parts: (string | number[])[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'utf8')] : part)));
const size = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const PNG = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const GIF = bytes('GIF89a', [1, 0, 1, 0]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const AVIF = bytes(size(28), 'ftyp', 'avif', [0, 0, 0, 0], 'avif', 'mif1', 'miaf');
const AVIF_COMPATIBLE = bytes(size(32), 'ftyp', 'mif1', [0, 0, 0, 0], 'mif1', 'miaf', 'avif', 'MA1B');
const ICO = bytes([0, 0, 1, 0, 3, 0, 16, 16]);
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');

describe('mediaFileProblem', () => {
  it('passes every allowed image whose bytes match its extension, in any case', () => {
    for (const [name, head] of [
      ['content/media/a.png', PNG],
      ['content/media/b.JPG', JPEG],
      ['content/media/b.jpeg', JPEG],
      ['content/media/c.gif', bytes('GIF87a')],
      ['content/media/c.Gif', GIF],
      ['content/media/d.webp', WEBP],
      ['content/media/e.avif', AVIF],
      ['content/media/e2.avif', AVIF_COMPATIBLE],
      ['content/media/f.ico', ICO],
      ['content/media/g.svg', SVG],
      [
        'content/media/h.SVG',
        bytes('\uFEFF', '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Created with Inkscape -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'),
      ],
    ] as const) {
      expect(mediaFileProblem(name, head)).toBeUndefined();
    }
  });

  it('refuses a file that is not an image by extension, naming the extension', () => {
    expect(mediaFileProblem('content/media/run.sh', bytes('#!/bin/sh\n'))).toBe('is a .sh file, not an image');
    expect(mediaFileProblem('content/media/page.html', bytes('<html>'))).toBe('is a .html file, not an image');
    expect(mediaFileProblem('content/media/x.bmp', bytes('BM'))).toBe('is a .bmp file, not an image');
    expect(mediaFileProblem('content/media/README', bytes('text'))).toBe('has no extension, so it is not an image');
    expect(mediaFileProblem('content/media/.gitkeep', bytes(''))).toBe('is a .gitkeep file, not an image');
    expect(mediaFileProblem('content/media/a.constructor', bytes(''))).toBe('is a .constructor file, not an image');
    expect(mediaFileProblem('content/media/a.__proto__', bytes(''))).toBe('is a .__proto__ file, not an image');
  });

  it('refuses a file whose contents are not the image its extension names', () => {
    expect(mediaFileProblem('content/media/invoice.png', bytes('<script>alert(1)</script>'))).toBe('is named .png but its contents are not a PNG image');
    expect(mediaFileProblem('content/media/photo.jpg', PNG)).toBe('is named .jpg but its contents are not a JPEG image');
    expect(mediaFileProblem('content/media/anim.gif', bytes('GIF90a'))).toBe('is named .gif but its contents are not a GIF image');
    expect(mediaFileProblem('content/media/a.webp', bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe('is named .webp but its contents are not a WebP image');
    expect(mediaFileProblem('content/media/a.avif', bytes(size(20), 'ftyp', 'isom', [0, 0, 0, 0], 'mp41'))).toBe('is named .avif but its contents are not an AVIF image');
    expect(mediaFileProblem('content/media/a.ico', bytes([0, 0, 2, 0, 1, 0]))).toBe('is named .ico but its contents are not an ICO image');
    expect(mediaFileProblem('content/media/a.ico', bytes([0, 0, 1, 0, 0, 0]))).toBe('is named .ico but its contents are not an ICO image');
    expect(mediaFileProblem('content/media/empty.png', new Uint8Array())).toBe('is named .png but its contents are not a PNG image');
  });

  it('refuses an .svg that is a page, is not UTF-8, or hides its root past an internal DTD', () => {
    const notSvg = 'is named .svg but its contents are not an SVG image';
    expect(mediaFileProblem('content/media/a.svg', bytes('<html><body><script>alert(1)</script>'))).toBe(notSvg);
    expect(mediaFileProblem('content/media/a.svg', bytes('<!DOCTYPE svg [<!ENTITY a "lol">]><svg>&a;</svg>'))).toBe(notSvg);
    expect(mediaFileProblem('content/media/a.svg', bytes([0xff, 0xfe], '<\0s\0v\0g\0'))).toBe(notSvg);
    expect(mediaFileProblem('content/media/a.svg', bytes('<svgx>'))).toBe(notSvg);
    expect(mediaFileProblem('content/media/a.svg', PNG)).toBe(notSvg);
  });

  it('lists the allowed extensions for messages', () => {
    expect(Object.keys(MEDIA_EXTENSIONS)).toEqual(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'svg']);
    expect(MEDIA_RULE).toBe('images only, whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .ico, .svg');
    // static/ takes no icon: the build re-encodes its images, and sharp reads no ICO.
    expect(STATIC_EXTENSIONS).toEqual(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg']);
  });
});

describe('imageTypeOf', () => {
  it('names the image a file’s extension says, in any case, and nothing for any other name', () => {
    expect(['a.png', 'b.JPG', 'c.Jpeg', 'static/d.gif', 'e.WEBP', 'f.avif', 'g.ico', 'h.svg'].map(imageTypeOf)).toEqual([
      'PNG',
      'JPEG',
      'JPEG',
      'GIF',
      'WebP',
      'AVIF',
      'ICO',
      'SVG',
    ]);
    for (const name of ['README', 'a.txt', 'a.png.js', 'a.constructor', 'a.__proto__', 'a.', '.png/x', 'png']) expect([name, imageTypeOf(name)]).toEqual([name, undefined]);
  });
});

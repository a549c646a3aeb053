import { APPLE_TOUCH_ICON, FAVICON_ICO_SIZES, MANIFEST_ICONS, icoFromPngs, manifestIcons } from '../../features/share-cards/icons';

/** Reads back what icoFromPngs wrote, field by field. */
function readIco(ico: Uint8Array) {
  const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
  const count = view.getUint16(4, true);
  return {
    reserved: view.getUint16(0, true),
    type: view.getUint16(2, true),
    entries: Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const length = view.getUint32(at + 8, true);
      const offset = view.getUint32(at + 12, true);
      return {
        width: view.getUint8(at),
        height: view.getUint8(at + 1),
        planes: view.getUint16(at + 4, true),
        bits: view.getUint16(at + 6, true),
        data: Array.from(ico.slice(offset, offset + length)),
      };
    }),
  };
}

describe('icoFromPngs', () => {
  it('writes the header, one entry per image and the images after them', () => {
    const ico = icoFromPngs([
      { size: 16, png: new Uint8Array([1, 2, 3]) },
      { size: 32, png: new Uint8Array([4, 5]) },
    ]);
    expect(ico.length).toBe(6 + 16 * 2 + 5);
    expect(readIco(ico)).toEqual({
      reserved: 0,
      type: 1,
      entries: [
        { width: 16, height: 16, planes: 1, bits: 32, data: [1, 2, 3] },
        { width: 32, height: 32, planes: 1, bits: 32, data: [4, 5] },
      ],
    });
  });

  it('writes 256 pixels as 0, as the format wants', () => {
    const [entry] = readIco(icoFromPngs([{ size: 256, png: new Uint8Array([9]) }])).entries;
    expect([entry.width, entry.height]).toEqual([0, 0]);
  });

  it('refuses sizes the format cannot hold', () => {
    for (const size of [0, 257, 1.5]) {
      expect(() => icoFromPngs([{ size, png: new Uint8Array([1]) }])).toThrow(`got ${size}`);
    }
  });

  it('holds no image when given none', () => {
    expect(readIco(icoFromPngs([])).entries).toEqual([]);
  });
});

describe('icon set', () => {
  it('gives the manifest 192 and 512 pixel icons and a maskable one, all PNG', () => {
    expect(manifestIcons()).toEqual([
      { src: '/icons/icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('fills the maskable and Apple icons to the edges, and keeps the others transparent', () => {
    expect(MANIFEST_ICONS.filter((icon) => icon.fullBleed).map((icon) => icon.purpose)).toEqual(['maskable']);
    expect(APPLE_TOUCH_ICON).toEqual({ path: '/apple-touch-icon.png', size: 180, fullBleed: true });
    expect(FAVICON_ICO_SIZES).toEqual([16, 32, 48]);
  });
});

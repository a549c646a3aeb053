/**
 * The site's icons besides static/favicon.svg, all drawn from it at build
 * time by resvg (features/share-cards/brandImages.node.tsx): PNG sizes for the web manifest, a maskable
 * one, Apple's touch icon and favicon.ico for browsers and crawlers that
 * ask for it without reading the page.
 */
export interface IconImage {
  path: string;
  size: number;
  /**
   * Fill the whole square with the brand colour instead of keeping the
   * mark's transparent rounded corners: maskable icons are cropped by the
   * platform, and iOS paints transparency black.
   */
  fullBleed: boolean;
  /** Its purpose in the web manifest; none for icons the manifest does not list. */
  purpose?: 'any' | 'maskable';
}

export const MANIFEST_ICONS: readonly IconImage[] = [
  { path: '/icons/icon-192x192.png', size: 192, fullBleed: false, purpose: 'any' },
  { path: '/icons/icon-512x512.png', size: 512, fullBleed: false, purpose: 'any' },
  // The mark stays within the maskable safe zone (a circle of 40% radius): its farthest point is 10/32 from the centre.
  { path: '/icons/maskable-512x512.png', size: 512, fullBleed: true, purpose: 'maskable' },
];

export const APPLE_TOUCH_ICON: IconImage = { path: '/apple-touch-icon.png', size: 180, fullBleed: true };

export const FAVICON_SVG_PATH = '/favicon.svg';
export const FAVICON_ICO_PATH = '/favicon.ico';
/** The sizes inside favicon.ico: tabs, taskbars and high-density tabs. */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;

/** The icon list of the web manifest, as gatsby-plugin-manifest takes it. */
export function manifestIcons(): { src: string; sizes: string; type: string; purpose: string }[] {
  return MANIFEST_ICONS.map((icon) => ({
    src: icon.path,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose ?? 'any',
  }));
}

/**
 * An .ico file holding PNG images (allowed since Windows Vista, read by
 * every current browser): a 6-byte header, a 16-byte entry per image, then
 * the images. A size of 256 or more is written as 0, as the format wants.
 */
export function icoFromPngs(images: readonly { size: number; png: Uint8Array }[]): Uint8Array {
  const headerSize = 6 + 16 * images.length;
  const total = headerSize + images.reduce((sum, image) => sum + image.png.length, 0);
  const ico = new Uint8Array(total);
  const view = new DataView(ico.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // 1 = icon
  view.setUint16(4, images.length, true);
  let offset = headerSize;
  images.forEach((image, i) => {
    if (!Number.isInteger(image.size) || image.size < 1 || image.size > 256) throw new Error(`An .ico image must be 1 to 256 pixels, got ${image.size}`);
    const entry = 6 + 16 * i;
    const side = image.size >= 256 ? 0 : image.size;
    view.setUint8(entry, side); // width
    view.setUint8(entry + 1, side); // height
    view.setUint8(entry + 2, 0); // no palette
    view.setUint8(entry + 3, 0); // reserved
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.png.length, true);
    view.setUint32(entry + 12, offset, true);
    ico.set(image.png, offset);
    offset += image.png.length;
  });
  return ico;
}

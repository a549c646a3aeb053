import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ShareCardAssets } from '../../features/share-cards/shareCard';
import { SHARE_FONT_FILES } from '../../features/share-cards/postShareImages.node';

const ROOT = path.join(__dirname, '..', '..');

/** The fonts and logo the build draws share cards with (features/share-cards/postShareImages.node.ts reads the same files). */
export const shareCardAssets = (): ShareCardAssets => ({
  regular: readFileSync(path.join(ROOT, SHARE_FONT_FILES.regular)),
  bold: readFileSync(path.join(ROOT, SHARE_FONT_FILES.bold)),
  logoSvg: readFileSync(path.join(ROOT, 'static', 'favicon.svg'), 'utf8'),
});

/** [width, height] from a PNG's IHDR chunk, after checking the signature. */
export function pngSize(png: Uint8Array): [number, number] {
  const bytes = Buffer.from(png);
  if (bytes.subarray(0, 8).toString('latin1') !== '\x89PNG\r\n\x1a\n') throw new Error('not a PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** The <text> elements of an SVG drawn with embedFont: false: their text, x, y and width. */
export function svgTexts(svg: string): { text: string; x: number; y: number; width: number }[] {
  return [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const number = (name: string) => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1]);
    return { text, x: number('x'), y: number('y'), width: number('width') };
  });
}

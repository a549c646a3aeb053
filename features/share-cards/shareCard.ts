/**
 * A blog post's share card (og:image), 1200x630: the logo mark and product
 * name, the post's title (sized and wrapped by features/share-cards/shareCardText.ts)
 * and its date as the language writes it, in the site's colours. Drawn at
 * build time without a browser: satori lays the element tree out into an
 * SVG (text as paths, so nothing later needs the fonts) and resvg turns it
 * into a PNG. Build time only: nothing here reaches the browser bundle.
 */
import { createElement as h, type ReactNode } from 'react';
import satori from 'satori';
import { Resvg, renderAsync } from '@resvg/resvg-js';
import { formatPostDate } from '../blog/blog';
import { BRAND_COLORS as C } from '../site/brand';
import type { Language } from '../site/languages';
import { SHARE_IMAGE } from '../images/shareImage';
import { TITLE_LINE_HEIGHT, TYPEFACE, type FittedTitle } from './shareCardText';

/** What a card shows; everything that changes its pixels but the assets. */
export interface ShareCard {
  language: Language;
  productName: string;
  title: FittedTitle;
  /** YYYY-MM-DD */
  date: string;
}

/** The files a card is drawn with, read once per build. */
export interface ShareCardAssets {
  regular: Buffer;
  bold: Buffer;
  /** static/favicon.svg's text. */
  logoSvg: string;
}

/**
 * Bump when the card's look changes, so cached cards are redrawn
 * (features/share-cards/postShareImages.node.ts keys its cache and the file names on it).
 */
export const SHARE_CARD_VERSION = 1;

const PADDING_X = 72;

/** An SVG document as a data: URL, for an <img> that needs no file. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/** The card as satori's element tree. */
export function shareCardTree(card: ShareCard, logoSvg: string): ReactNode {
  const { width, height } = SHARE_IMAGE;
  const logo = svgDataUrl(logoSvg);
  return h(
    'div',
    {
      lang: card.language,
      style: {
        width,
        height,
        display: 'flex',
        flexDirection: 'column',
        fontFamily: TYPEFACE,
        color: C.ink,
        backgroundColor: C.white,
        backgroundImage: `radial-gradient(circle at 92% 8%, ${C.brandSoft} 0%, rgba(220, 252, 231, 0) 42%)`,
      },
    },
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center', gap: 18, padding: `60px ${PADDING_X}px 0` } },
      h('img', { src: logo, width: 64, height: 64, alt: '' }),
      h('span', { style: { fontSize: 38, fontWeight: 700, letterSpacing: -0.4 } }, card.productName),
    ),
    h(
      'div',
      { style: { flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: `0 ${PADDING_X}px` } },
      ...card.title.lines.map((line, index) =>
        h('div', { key: index, style: { fontSize: card.title.fontSize, fontWeight: 700, lineHeight: TITLE_LINE_HEIGHT, whiteSpace: 'nowrap', letterSpacing: 0 } }, line),
      ),
    ),
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center', gap: 16, padding: `0 ${PADDING_X}px 52px` } },
      h('div', { style: { width: 48, height: 6, borderRadius: 3, backgroundColor: C.brand } }),
      h('span', { style: { fontSize: 30, color: C.muted } }, formatPostDate(card.date, card.language)),
    ),
    h('div', { style: { height: 12, backgroundImage: `linear-gradient(90deg, ${C.brand}, ${C.brandStrong})` } }),
  );
}

/** satori's font list, made once per set of assets (satori caches its parsed fonts by this object). */
const fontLists = new WeakMap<ShareCardAssets, { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]>();

function fontsOf(assets: ShareCardAssets) {
  let fonts = fontLists.get(assets);
  if (!fonts) {
    fonts = [
      { name: TYPEFACE, data: assets.regular, weight: 400, style: 'normal' },
      { name: TYPEFACE, data: assets.bold, weight: 700, style: 'normal' },
    ];
    fontLists.set(assets, fonts);
  }
  return fonts;
}

/** A 1200x630 element tree's SVG. `embedFont: false` keeps the text as <text> elements (for tests); the build draws it as paths. */
export async function cardSvg(tree: ReactNode, assets: ShareCardAssets, options: { embedFont?: boolean } = {}): Promise<string> {
  return satori(tree, {
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    fonts: fontsOf(assets),
    embedFont: options.embedFont ?? true,
  });
}

/** The post card's SVG (see cardSvg). */
export const shareCardSvg = (card: ShareCard, assets: ShareCardAssets, options: { embedFont?: boolean } = {}): Promise<string> =>
  cardSvg(shareCardTree(card, assets.logoSvg), assets, options);

/** An SVG with its text as paths, as a PNG of its own size; no font or system font is read. */
export function svgToPng(svg: string): Uint8Array {
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * The card as a PNG. Rasterised on libuv's thread pool (resvg's renderAsync),
 * about 27 ms of a card's 37: the next card's layout (satori, on this
 * thread) runs meanwhile, when cards are drawn a few at a time.
 */
export async function drawShareCard(card: ShareCard, assets: ShareCardAssets): Promise<Uint8Array> {
  const rendered = await renderAsync(await shareCardSvg(card, assets), { font: { loadSystemFonts: false } });
  return rendered.asPng();
}

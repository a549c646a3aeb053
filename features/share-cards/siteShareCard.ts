/**
 * The site-wide share image of a language (og:image of every page but a
 * blog post), 1200x630: the logo mark and product name, the home page's
 * eyebrow and headline, up to three topics as chips, and a product-like
 * drawing of the app. Drawn like a post's card:
 * satori, then resvg, no browser. Build time only.
 */
import { createElement as h, type ReactNode } from 'react';
import { BRAND_COLORS as C } from '../site/brand';
import type { FontMetrics } from './fontMetrics';
import type { Language } from '../site/languages';
import { SHARE_IMAGE } from '../images/shareImage';
import { svgDataUrl } from './shareCard';
import { TYPEFACE, fitTitle, type FittedTitle, type TextFrame } from './shareCardText';

export interface SiteShareText {
  language: Language;
  productName: string;
  /** The hero's eyebrow line, shown as a pill above the headline. */
  eyebrow: string;
  headline: string;
  /** One to three short topics, shown as chips under the headline. */
  topics: readonly string[];
}

/** The headline's column, left of the drawing. */
export const HEADLINE_FRAME: TextFrame = { sizes: [60, 56, 52, 48, 44, 40, 36, 32], lineHeight: 1.1, width: 552, height: 250, maxLines: 4 };
/** The eyebrow pill: one line, its padding included, in the same column. */
const EYEBROW_SIZES = [20, 19, 18, 17, 16, 15, 14];
const EYEBROW_PADDING_X = 18;

/** The eyebrow's size, or null when it does not fit on one line even at the smallest. */
export function eyebrowSize(eyebrow: string, bold: FontMetrics): number | null {
  return EYEBROW_SIZES.find((size) => bold.width(eyebrow, size) + 2 * EYEBROW_PADDING_X <= HEADLINE_FRAME.width) ?? null;
}

/** What the site image shows, laid out: the text with the headline fitted and the eyebrow sized. */
export interface SiteShareCard extends SiteShareText {
  fittedHeadline: FittedTitle;
  eyebrowSize: number;
}

/** Lays out the text, or says which field cannot be shown and why (the caller names the file). */
export function siteShareCard(text: SiteShareText, bold: FontMetrics): SiteShareCard | { field: string; error: string } {
  const fitted = fitTitle(text.headline, bold, HEADLINE_FRAME);
  if ('error' in fitted) return { field: 'headline', error: fitted.error };
  const size = eyebrowSize(text.eyebrow, bold);
  if (size === null)
    return {
      field: 'eyebrow',
      error: `is too long for the share image: it must fit one line of ${HEADLINE_FRAME.width} px at ${EYEBROW_SIZES[EYEBROW_SIZES.length - 1]} px; shorten it`,
    };
  return { ...text, fittedHeadline: fitted, eyebrowSize: size };
}

/** The chips' check mark. */
const CHECK_ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 18 18"><circle cx="9" cy="9" r="9" fill="${C.brand}"/><path d="M5.2 9.3l2.5 2.5 5-5.2" stroke="${C.white}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * A product-like drawing in the manner of the site's hero illustration: an
 * inventory dashboard (stock cards, a sales chart, a payment split) with a
 * "paid" payment-link card in front. Shapes only, so it needs no translation.
 */
function illustration(): string {
  const bars = [52, 80, 66, 104, 92, 132, 118]
    .map((h, i) => `<rect x="${176 + i * 38}" y="${318 - h}" width="24" height="${h}" rx="5" fill="${i === 5 ? C.brand : C.brandSoft}"/>`)
    .join('');
  const stats = [0, 1, 2]
    .map(
      (i) =>
        `<g transform="translate(${152 + i * 150} 64)"><rect width="136" height="84" rx="12" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>` +
        `<rect x="16" y="18" width="60" height="9" rx="4.5" fill="${C.line}"/>` +
        `<rect x="16" y="42" width="${i === 2 ? 76 : 92}" height="20" rx="7" fill="${i === 1 ? C.bitcoin : C.brand}"/></g>`,
    )
    .join('');
  const rows = [0, 1, 2]
    .map(
      (i) =>
        `<g transform="translate(152 ${362 + i * 32})"><rect y="7" width="170" height="9" rx="4.5" fill="${C.line}"/>` +
        `<rect x="214" y="7" width="70" height="9" rx="4.5" fill="${C.line}"/>` +
        `<rect x="364" width="80" height="22" rx="11" fill="${i === 1 ? C.bitcoin : C.brandSoft}"/></g>`,
    )
    .join('');
  const sidebar = [76, 112, 148, 184, 220]
    .map((y, i) => `<rect x="22" y="${y}" width="${i === 0 ? 84 : 66}" height="11" rx="5.5" fill="${i === 0 ? C.brand : C.muted}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="470" viewBox="0 0 660 470">
  <rect x="1" y="1" width="658" height="468" rx="18" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>
  <path d="M2 19a17 17 0 0117-17h622a17 17 0 0117 17v23H2z" fill="${C.surface}"/>
  <circle cx="24" cy="22" r="6" fill="${C.line}"/><circle cx="44" cy="22" r="6" fill="${C.line}"/><circle cx="64" cy="22" r="6" fill="${C.line}"/>
  <path d="M2 42h128v408a18 18 0 01-1 0H19a17 17 0 01-17-17z" fill="${C.ink}"/>
  ${sidebar}
  ${stats}
  <rect x="152" y="166" width="300" height="172" rx="12" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>
  ${bars}
  <rect x="466" y="166" width="172" height="172" rx="12" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>
  <circle cx="552" cy="240" r="48" fill="${C.brandSoft}"/>
  <path d="M552 192a48 48 0 0141.6 72L552 240z" fill="${C.brand}"/>
  <path d="M593.6 264a48 48 0 01-32 23.1L552 240z" fill="${C.bitcoin}"/>
  <rect x="506" y="306" width="92" height="9" rx="4.5" fill="${C.line}"/>
  ${rows}
</svg>`;
}

/** The floating payment-link card: a paid amount with a check, bitcoin and card marks. */
function paymentCard(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="272" height="150" viewBox="0 0 272 150">
  <rect x="1" y="1" width="270" height="148" rx="16" fill="${C.white}" stroke="${C.line}" stroke-width="2"/>
  <circle cx="44" cy="46" r="22" fill="${C.brandSoft}"/>
  <path d="M34 46.5l7 7 13.5-14" stroke="${C.brand}" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="80" y="30" width="96" height="10" rx="5" fill="${C.line}"/>
  <rect x="80" y="50" width="150" height="16" rx="6" fill="${C.ink}"/>
  <rect x="22" y="92" width="228" height="2" fill="${C.line}"/>
  <circle cx="36" cy="120" r="12" fill="${C.bitcoin}"/>
  <circle cx="66" cy="120" r="12" fill="${C.brand}"/>
  <rect x="88" y="110" width="34" height="20" rx="5" fill="${C.ink}"/>
  <rect x="168" y="110" width="82" height="20" rx="10" fill="${C.brand}"/>
</svg>`;
}

/**
 * A shadow under a card: offset, translucent rounded layers. A CSS
 * box-shadow would be a Gaussian blur, which takes resvg about two seconds
 * on this image; the layers take nothing and read the same at share size.
 */
function softShadow(left: number, top: number, width: number, height: number, radius: number): ReactNode[] {
  return [
    [10, 28, 0.025],
    [5, 20, 0.035],
    [1, 12, 0.05],
  ].map(([grow, drop, alpha], index) =>
    h('div', {
      key: `shadow-${index}`,
      style: {
        position: 'absolute',
        left: left - grow,
        top: top + drop - grow,
        width: width + 2 * grow,
        height: height + 2 * grow,
        borderRadius: radius + grow,
        backgroundColor: `rgba(15, 23, 42, ${alpha})`,
      },
    }),
  );
}

/** The site image as satori's element tree. */
export function siteShareTree(card: SiteShareCard, logoSvg: string): ReactNode {
  const { width, height } = SHARE_IMAGE;
  const check = svgDataUrl(CHECK_ICON);
  return h(
    'div',
    {
      lang: card.language,
      style: {
        width,
        height,
        display: 'flex',
        position: 'relative',
        fontFamily: TYPEFACE,
        color: C.ink,
        backgroundColor: C.white,
        backgroundImage: `radial-gradient(circle at 88% 18%, ${C.brandSoft} 0%, rgba(220, 252, 231, 0) 46%), radial-gradient(circle at 70% 110%, ${C.brandSoft} 0%, rgba(220, 252, 231, 0) 40%)`,
      },
    },
    h(
      'div',
      { style: { position: 'absolute', left: 676, top: 92, width: 660, height: 470, display: 'flex' } },
      ...softShadow(0, 0, 660, 470, 18),
      h('img', { src: svgDataUrl(illustration()), width: 660, height: 470, alt: '', style: { position: 'absolute', left: 0, top: 0 } }),
      ...softShadow(-36, 336, 272, 150, 16),
      h('img', { src: svgDataUrl(paymentCard()), width: 272, height: 150, alt: '', style: { position: 'absolute', left: -36, top: 336 } }),
    ),
    h(
      'div',
      { style: { position: 'absolute', left: 72, top: 64, bottom: 74, width: HEADLINE_FRAME.width, display: 'flex', flexDirection: 'column' } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', gap: 16 } },
        h('img', { src: svgDataUrl(logoSvg), width: 60, height: 60, alt: '' }),
        h('span', { style: { fontSize: 36, fontWeight: 700, letterSpacing: -0.36 } }, card.productName),
      ),
      h(
        'div',
        { style: { flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' } },
        h(
          'div',
          {
            style: {
              display: 'flex',
              alignSelf: 'flex-start',
              padding: `8px ${EYEBROW_PADDING_X}px`,
              borderRadius: 999,
              backgroundColor: C.brandSoft,
              color: C.brandStrong,
              fontSize: card.eyebrowSize,
              fontWeight: 700,
              lineHeight: 1.3,
              whiteSpace: 'nowrap',
            },
          },
          card.eyebrow,
        ),
        h(
          'div',
          { style: { display: 'flex', flexDirection: 'column', marginTop: 22 } },
          ...card.fittedHeadline.lines.map((line, index) =>
            h('div', { key: index, style: { fontSize: card.fittedHeadline.fontSize, fontWeight: 700, lineHeight: HEADLINE_FRAME.lineHeight, whiteSpace: 'nowrap' } }, line),
          ),
        ),
      ),
      h(
        'div',
        { style: { display: 'flex', flexWrap: 'wrap', gap: '10px 22px' } },
        ...card.topics.map((topic, index) =>
          h(
            'div',
            { key: index, style: { display: 'flex', alignItems: 'center', gap: 8, fontSize: 20, color: C.muted, fontWeight: 700 } },
            h('img', { src: check, width: 18, height: 18, alt: '' }),
            topic,
          ),
        ),
      ),
    ),
    h('div', { style: { position: 'absolute', left: 0, right: 0, bottom: 0, height: 10, backgroundImage: `linear-gradient(90deg, ${C.brand}, ${C.brandStrong})` } }),
  );
}

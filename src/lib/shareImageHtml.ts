/**
 * The share image's HTML (build time only: gatsby/brandImages.ts renders it
 * in Chromium; nothing here reaches the browser bundle).
 */
import { BRAND_COLORS as C } from './brand';
import { escapeHtml } from './html';
import type { Language } from './languages';
import { SHARE_IMAGE } from './shareImage';
import { keepShortWordsWithNext } from './shareCardText';

export { keepShortWordsWithNext };

export interface ShareImageText {
  language: Language;
  productName: string;
  /** The hero's eyebrow line, shown as a pill above the headline. */
  eyebrow: string;
  headline: string;
  /** Three short topics, shown as chips under the headline. */
  topics: readonly string[];
}

/** An SVG document as a data: URL, for an <img> that needs no file. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/**
 * Installed fonts only (no web fonts, nothing fetched): Liberation Sans and
 * DejaVu Sans come with Debian's Chromium and both cover Cyrillic; the
 * site's own stack follows for machines that have neither.
 */
const FONT_STACK = `'Liberation Sans', Arial, 'Noto Sans', 'DejaVu Sans', system-ui, sans-serif`;

const CHECK_ICON = `<svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true"><circle cx="9" cy="9" r="9" fill="${C.brand}"/><path d="M5.2 9.3l2.5 2.5 5-5.2" stroke="${C.white}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

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
  return `<svg class="dashboard" width="660" height="470" viewBox="0 0 660 470" aria-hidden="true">
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
  return `<svg class="payment" width="272" height="150" viewBox="0 0 272 150" aria-hidden="true">
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
 * The share image as a complete HTML document, 1200x630. `logoUrl` is the
 * logo mark (static/favicon.svg) as a data: URL. A small script shrinks the
 * headline until it fits, so a longer product name or translation still
 * lays out; the renderer waits for `data-ready` on <html>.
 */
export function shareImageHtml(text: ShareImageText, logoUrl: string): string {
  const { width, height } = SHARE_IMAGE;
  const chips = text.topics.map((topic) => `<li>${CHECK_ICON}<span>${escapeHtml(topic)}</span></li>`).join('');
  return `<!doctype html>
<html lang="${text.language}">
<head>
<meta charset="utf-8">
<style>
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${width}px; height: ${height}px; overflow: hidden; }
  body {
    position: relative;
    font-family: ${FONT_STACK};
    color: ${C.ink};
    background:
      radial-gradient(circle at 88% 18%, ${C.brandSoft} 0, rgba(220, 252, 231, 0) 46%),
      radial-gradient(circle at 70% 110%, ${C.brandSoft} 0, rgba(220, 252, 231, 0) 40%),
      ${C.white};
  }
  .dots {
    position: absolute; inset: 0;
    background-image: radial-gradient(${C.line} 1.6px, transparent 1.8px);
    background-size: 24px 24px;
    -webkit-mask-image: linear-gradient(100deg, transparent 42%, #000 75%);
  }
  .bar { position: absolute; left: 0; right: 0; bottom: 0; height: 10px; background: linear-gradient(90deg, ${C.brand}, ${C.brandStrong}); }
  .copy {
    position: absolute; left: 72px; top: 64px; bottom: 74px; width: 552px;
    display: flex; flex-direction: column;
  }
  .brand { display: flex; align-items: center; gap: 16px; }
  .brand img { width: 60px; height: 60px; }
  .brand span { font-size: 36px; font-weight: 700; letter-spacing: -0.01em; }
  .main { flex: 1; display: flex; flex-direction: column; justify-content: center; }
  .eyebrow {
    align-self: flex-start;
    padding: 8px 18px; border-radius: 999px;
    background: ${C.brandSoft}; color: ${C.brandStrong};
    font-size: 20px; font-weight: 700; line-height: 1.3;
    white-space: nowrap;
  }
  h1 {
    margin-top: 22px;
    font-size: 60px; line-height: 1.1; font-weight: 700; letter-spacing: -0.02em;
    text-wrap: balance;
  }
  ul { list-style: none; display: flex; flex-wrap: wrap; gap: 10px 22px; }
  li { display: flex; align-items: center; gap: 8px; font-size: 20px; color: ${C.muted}; font-weight: 600; }
  li svg { flex: none; }
  .art { position: absolute; left: 676px; top: 92px; }
  .dashboard { display: block; filter: drop-shadow(0 24px 48px rgba(15, 23, 42, 0.16)); }
  .payment { position: absolute; left: -36px; top: 336px; filter: drop-shadow(0 18px 36px rgba(15, 23, 42, 0.18)); }
</style>
</head>
<body>
<div class="dots"></div>
<div class="art">${illustration()}${paymentCard()}</div>
<div class="copy">
  <div class="brand"><img src="${logoUrl}" alt=""><span>${escapeHtml(text.productName)}</span></div>
  <div class="main">
    <p class="eyebrow">${escapeHtml(text.eyebrow)}</p>
    <h1>${escapeHtml(keepShortWordsWithNext(text.headline))}</h1>
  </div>
  <ul>${chips}</ul>
</div>
<div class="bar"></div>
<script>
  // Shrink the headline (and the eyebrow) until the column fits its box. In
  // a function: the renderer reuses one page, and top-level consts would clash.
  (() => {
  const main = document.querySelector('.main');
  const h1 = document.querySelector('h1');
  const eyebrow = document.querySelector('.eyebrow');
  let size = 60;
  while (size > 30 && main.scrollHeight > main.clientHeight) {
    size -= 2;
    h1.style.fontSize = size + 'px';
  }
  let small = 20;
  while (small > 14 && eyebrow.scrollWidth > eyebrow.parentElement.clientWidth) {
    small -= 1;
    eyebrow.style.fontSize = small + 'px';
  }
  document.documentElement.dataset.ready = 'true';
  })();
</script>
</body>
</html>
`;
}

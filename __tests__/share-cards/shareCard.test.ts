/**
 * @jest-environment node
 */
import { fontMetrics } from '../../features/share-cards/fontMetrics';
import { drawShareCard, shareCardSvg, type ShareCard } from '../../features/share-cards/shareCard';
import { TITLE_BOX, fitTitle, type FittedTitle } from '../../features/share-cards/shareCardText';
import { pngSize, shareCardAssets, svgTexts } from '../support/shareCard';

const assets = shareCardAssets();
const bold = fontMetrics(assets.bold);

function card(language: ShareCard['language'], title: string, date: string): ShareCard {
  const fitted = fitTitle(title, bold);
  if ('error' in fitted) throw new Error(fitted.error);
  return { language, productName: 'StockPay', title: fitted as FittedTitle, date };
}

const CARDS: [string, ShareCard, string][] = [
  ['en', card('en', 'Lightning payment links: get paid in seconds, not days', '2026-09-15'), 'September 15, 2026'],
  ['bg', card('bg', 'Годишна инвентаризация в малкия магазин и склад: стъпка по стъпка', '2026-11-18'), '18 ноември 2026 г.'],
];

describe.each(CARDS)('the %s share card', (_language, shown, date) => {
  it('holds the title, line by line, the product name and the date in the language’s format', async () => {
    const texts = svgTexts(await shareCardSvg(shown, assets, { embedFont: false }));
    const joined = (y: number) =>
      texts
        .filter((text) => text.y === y)
        .map((text) => text.text)
        .join('')
        .replace(/\u00a0/g, ' ');
    const rows = [...new Set(texts.map((text) => text.y))].map(joined);
    for (const line of shown.title.lines) expect(rows).toContain(line.replace(/\u00a0/g, ' '));
    expect(rows).toContain('StockPay');
    expect(rows).toContain(date);
  });

  it('keeps every word inside the card’s margins, as measured', async () => {
    const texts = svgTexts(await shareCardSvg(shown, assets, { embedFont: false }));
    for (const text of texts) {
      expect(text.x).toBeGreaterThanOrEqual(72);
      expect(text.x + text.width).toBeLessThanOrEqual(72 + TITLE_BOX.width + 0.5);
    }
  });

  it('draws a 1200x630 PNG, its text as paths (no font needed to show it)', async () => {
    const svg = await shareCardSvg(shown, assets);
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/^<svg width="1200" height="630"/);
    expect(pngSize(await drawShareCard(shown, assets))).toEqual([1200, 630]);
  });
});

describe('a long Bulgarian word', () => {
  it('is drawn smaller, whole, and inside the margins', async () => {
    const shown = card('bg', 'Високотехнологичноинвентаризационните процедури в склада', '2026-11-18');
    const texts = svgTexts(await shareCardSvg(shown, assets, { embedFont: false }));
    const word = texts.find((text) => text.text === 'Високотехнологичноинвентаризационните');
    expect(word).toBeDefined();
    expect((word?.x ?? 0) + (word?.width ?? Infinity)).toBeLessThanOrEqual(72 + TITLE_BOX.width);
    // The renderer's width never exceeds the measured one: the fitting is on the safe side.
    expect(word?.width).toBeLessThanOrEqual(bold.width('Високотехнологичноинвентаризационните', shown.title.fontSize) + 0.5);
  });
});

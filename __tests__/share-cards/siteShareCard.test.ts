/**
 * @jest-environment node
 */
import { fontMetrics } from '../../features/share-cards/fontMetrics';
import { cardSvg, svgToPng } from '../../features/share-cards/shareCard';
import { HEADLINE_FRAME, eyebrowSize, siteShareCard, siteShareTree, type SiteShareText } from '../../features/share-cards/siteShareCard';
import { pngSize, shareCardAssets, svgTexts } from '../support/shareCard';

const assets = shareCardAssets();
const bold = fontMetrics(assets.bold);

const BG: SiteShareText = {
  language: 'bg',
  productName: 'StockPay',
  eyebrow: 'Наличности, продажби и плащания в едно приложение',
  headline: 'Лесно управление на наличности и плащания',
  topics: ['Управление на наличности', 'Обработка на фактури', 'Плащания в биткойн'],
};

describe('siteShareCard', () => {
  it('fits the headline in its column, between words, and sizes the eyebrow to one line', () => {
    const card = siteShareCard(BG, bold);
    if ('error' in card) throw new Error(card.error);
    expect(card.fittedHeadline.lines.join(' ').replace(/\u00a0/g, ' ')).toBe(BG.headline);
    for (const line of card.fittedHeadline.lines) expect(bold.width(line, card.fittedHeadline.fontSize)).toBeLessThanOrEqual(HEADLINE_FRAME.width);
    expect(card.eyebrowSize).toBe(eyebrowSize(BG.eyebrow, bold));
    expect(card.eyebrowSize).toBeGreaterThanOrEqual(14);
  });

  it('names the field it cannot show: a headline too long, an eyebrow too wide', () => {
    expect(siteShareCard({ ...BG, headline: 'Наличности и плащания '.repeat(10) }, bold)).toEqual({
      field: 'headline',
      error: expect.stringMatching(/^is too long for the share image: at its smallest size \(32 px\) it takes \d+ lines and the card holds 4; shorten the title$/),
    });
    expect(siteShareCard({ ...BG, eyebrow: 'Наличности, продажби, фактури, доставки и плащания в едно-единствено приложение' }, bold)).toEqual({
      field: 'eyebrow',
      error: 'is too long for the share image: it must fit one line of 552 px at 14 px; shorten it',
    });
  });

  it('draws a 1200x630 image holding the product name, eyebrow, headline and topics', async () => {
    const card = siteShareCard(BG, bold);
    if ('error' in card) throw new Error(card.error);
    const texts = svgTexts(await cardSvg(siteShareTree(card, assets.logoSvg), assets, { embedFont: false }));
    const rows = [...new Set(texts.map((text) => text.y))].map((y) =>
      texts
        .filter((text) => text.y === y)
        .map((text) => text.text)
        .join('')
        .replace(/\u00a0/g, ' '),
    );
    for (const expected of ['StockPay', BG.eyebrow, ...card.fittedHeadline.lines.map((line) => line.replace(/\u00a0/g, ' '))]) expect(rows).toContain(expected);
    for (const topic of BG.topics) expect(rows.join('\n')).toContain(topic);
    expect(pngSize(svgToPng(await cardSvg(siteShareTree(card, assets.logoSvg), assets)))).toEqual([1200, 630]);
  });
});

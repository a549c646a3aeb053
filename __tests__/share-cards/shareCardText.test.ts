/**
 * @jest-environment node
 */
import { fontMetrics } from '../../features/share-cards/fontMetrics';
import {
  TITLE_BOX,
  TITLE_LINE_HEIGHT,
  TITLE_MAX_LINES,
  TITLE_SIZES,
  fitTitle,
  keepShortWordsWithNext,
  missingGlyphs,
  type FittedTitle,
} from '../../features/share-cards/shareCardText';
import { shareCardAssets } from '../support/shareCard';

const NBSP = '\u00a0';
const bold = fontMetrics(shareCardAssets().bold);

function fitted(title: string): FittedTitle {
  const result = fitTitle(title, bold);
  if ('error' in result) throw new Error(result.error);
  return result;
}

/** The words as the card shows them: no line may cut one. */
const words = (text: string) => text.split(/[ \u00a0]+/);

describe('fontMetrics (Liberation Sans Bold)', () => {
  it('maps Latin, Cyrillic, Bulgarian quotes and dashes, and nothing for emoji or private use', () => {
    for (const character of 'AzЖжЩщЪъЮюЯя„“–—’€0123456789') expect(bold.has(character.codePointAt(0) ?? 0)).toBe(true);
    for (const codePoint of [0x1f600, 0xe000, 0x4e2d]) expect(bold.has(codePoint)).toBe(false);
  });

  it('measures widths in proportion to the size, and wider text wider', () => {
    expect(bold.width('Склад', 72)).toBeCloseTo(bold.width('Склад', 36) * 2, 6);
    expect(bold.width('Складове', 72)).toBeGreaterThan(bold.width('Склад', 72));
    expect(bold.width('', 72)).toBe(0);
  });
});

describe('fitTitle', () => {
  it('keeps a short title at the largest size on one line', () => {
    expect(fitted('Stock habits')).toEqual({ fontSize: TITLE_SIZES[0], lines: ['Stock habits'] });
  });

  it.each([
    'Годишна инвентаризация в малкия магазин и склад: стъпка по стъпка',
    'От поръчка за продажба до фактура, без да въвеждате нищо два пъти',
    'Lightning payment links: get paid in seconds, not days',
  ])('wraps "%s" between words, within the box', (title) => {
    const { fontSize, lines } = fitted(title);
    expect(lines.join(' ').split(/[ \u00a0]+/)).toEqual(words(title));
    for (const line of lines) expect(bold.width(line, fontSize)).toBeLessThanOrEqual(TITLE_BOX.width);
    expect(lines.length * fontSize * TITLE_LINE_HEIGHT).toBeLessThanOrEqual(TITLE_BOX.height);
  });

  it('balances the lines instead of leaving one word alone on the last', () => {
    const { lines } = fitted('Lightning payment links: get paid in seconds, not days');
    expect(lines).toHaveLength(2);
    expect(words(lines[1]).length).toBeGreaterThan(1);
  });

  it('never ends a line with a one-letter Bulgarian word', () => {
    const { lines } = fitted('Годишна инвентаризация в малкия магазин и склад: стъпка по стъпка');
    for (const line of lines) expect(line).not.toMatch(/(^|\s)[\p{L}&]$/u);
  });

  it('shrinks a title with a long Bulgarian word until the word fits, and never cuts it', () => {
    const word = 'Високотехнологичноинвентаризационните';
    const { fontSize, lines } = fitted(`${word} процедури`);
    expect(fontSize).toBeLessThan(TITLE_SIZES[0]);
    expect(bold.width(word, TITLE_SIZES[0])).toBeGreaterThan(TITLE_BOX.width);
    expect(lines[0]).toBe(word);
    for (const line of lines) expect(bold.width(line, fontSize)).toBeLessThanOrEqual(TITLE_BOX.width);
  });

  it('refuses a word too wide at the smallest size, naming the word and the limits', () => {
    const word = 'Противоконституционно'.repeat(3);
    expect(fitTitle(`Ново: ${word}`, bold)).toEqual({
      error: expect.stringMatching(
        new RegExp(`^has a word too wide for the share image even at its smallest size \\(40 px\\): "${word}" \\(\\d+ px, the card has 1056 px\\); use shorter words$`),
      ),
    });
  });

  it('refuses a title that takes more lines than the card holds at the smallest size', () => {
    const result = fitTitle('Навици за наличности '.repeat(12), bold);
    expect(result).toEqual({
      error: expect.stringMatching(/^is too long for the share image: at its smallest size \(40 px\) it takes \d+ lines and the card holds 5; shorten the title$/),
    });
    expect(TITLE_MAX_LINES).toBe(5);
  });
});

describe('keepShortWordsWithNext', () => {
  it('binds one-letter words and & to the next word', () => {
    expect(keepShortWordsWithNext('Наличности и плащания в склада')).toBe(`Наличности и${NBSP}плащания в${NBSP}склада`);
    expect(keepShortWordsWithNext('Stock & sales, a habit')).toBe(`Stock &${NBSP}sales, a${NBSP}habit`);
  });
});

describe('missingGlyphs', () => {
  it('accepts Latin, Cyrillic and typographic punctuation', () => {
    expect(missingGlyphs('„Склад“ — Stock’s 50 € – ok?', bold)).toBeNull();
  });

  it('names each character the typeface cannot draw once, with its code point', () => {
    expect(missingGlyphs('Продажби 🚀 и 🚀 中', bold)).toBe(
      'has characters the share image\'s typeface (Liberation Sans) cannot draw: "🚀" (U+1F680), "中" (U+4E2D); it draws Latin, Greek and Cyrillic letters, digits and common punctuation',
    );
  });
});

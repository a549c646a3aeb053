/**
 * How a title sits on a share card (a post's title, the home page's
 * headline): the largest of a few sizes at which every word fits the
 * frame's width and all the lines fit its height,
 * broken only between words and balanced (no long line over a lonely last
 * word). A title that fits at none, or that holds a character the typeface
 * cannot draw, is refused here with what is allowed; the caller adds the
 * file and field.
 */
import type { FontMetrics } from './fontMetrics';

/** Where a title may go on a card, in pixels; the card lays itself out around it. */
export interface TextFrame {
  /** Largest first; the last is the smallest allowed. */
  sizes: readonly number[];
  lineHeight: number;
  width: number;
  height: number;
  /** More lines than this reads as a paragraph, not a title. */
  maxLines: number;
}

/** A post's title on its card (features/share-cards/shareCard.ts). */
export const POST_TITLE_FRAME: TextFrame = { sizes: [72, 64, 56, 48, 40], lineHeight: 1.15, width: 1056, height: 300, maxLines: 5 };
export const TITLE_SIZES = POST_TITLE_FRAME.sizes;
export const TITLE_LINE_HEIGHT = POST_TITLE_FRAME.lineHeight;
export const TITLE_BOX = { width: POST_TITLE_FRAME.width, height: POST_TITLE_FRAME.height } as const;
export const TITLE_MAX_LINES = POST_TITLE_FRAME.maxLines;

/** The name the refusals give the typeface. */
export const TYPEFACE = 'Liberation Sans';

export interface FittedTitle {
  fontSize: number;
  lines: string[];
}

/**
 * Binds one-letter words and '&' to the word after them with a no-break
 * space, so no line ends in 'и', 'в' or '&' (a rule of Bulgarian
 * typesetting that reads better in English too).
 */
export const keepShortWordsWithNext = (text: string): string => text.replace(/(?<=^|\s)([\p{L}&])\s+(?=\S)/gu, '$1\u00a0');

/** The title's words: runs between spaces (a no-break space keeps its two sides together). */
const wordsOf = (title: string): string[] => keepShortWordsWithNext(title.trim()).split(/[ \t\r\n]+/);

/** Greedy lines of at most `width` pixels; a word wider than `width` gets a line of its own. */
function breakLines(words: readonly string[], width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The narrowest width that still gives `count` lines, as CSS's text-wrap: balance does. */
function balancedLines(words: readonly string[], width: number, measure: (text: string) => number): string[] {
  const lines = breakLines(words, width, measure);
  let low = Math.max(...words.map(measure));
  let high = width;
  while (high - low > 1) {
    const middle = (low + high) / 2;
    if (breakLines(words, middle, measure).length <= lines.length) high = middle;
    else low = middle;
  }
  return breakLines(words, high, measure);
}

const maxLinesAt = (frame: TextFrame, fontSize: number): number => Math.min(frame.maxLines, Math.floor(frame.height / (fontSize * frame.lineHeight)));

/** The title's size and lines in `frame`, or why it cannot be drawn there. */
export function fitTitle(title: string, metrics: FontMetrics, frame: TextFrame = POST_TITLE_FRAME): FittedTitle | { error: string } {
  const words = wordsOf(title);
  for (const fontSize of frame.sizes) {
    const measure = (text: string) => metrics.width(text, fontSize);
    if (words.some((word) => measure(word) > frame.width)) continue;
    const lines = balancedLines(words, frame.width, measure);
    if (lines.length <= maxLinesAt(frame, fontSize)) return { fontSize, lines };
  }
  const smallest = frame.sizes[frame.sizes.length - 1];
  const wide = words.find((word) => metrics.width(word, smallest) > frame.width);
  if (wide) {
    return {
      error: `has a word too wide for the share image even at its smallest size (${smallest} px): "${wide.replace(/\u00a0/g, ' ')}" (${Math.ceil(metrics.width(wide, smallest))} px, the card has ${frame.width} px); use shorter words`,
    };
  }
  const lines = balancedLines(words, frame.width, (text) => metrics.width(text, smallest)).length;
  return {
    error: `is too long for the share image: at its smallest size (${smallest} px) it takes ${lines} lines and the card holds ${maxLinesAt(frame, smallest)}; shorten the title`,
  };
}

/** U+1F600 */
const codePointName = (character: string): string => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` cannot be drawn with the typeface (each missing character once, with its code point), or null. */
export function missingGlyphs(text: string, metrics: FontMetrics): string | null {
  const missing = [...new Set(text)].filter((character) => !metrics.has(character.codePointAt(0) ?? 0));
  if (missing.length === 0) return null;
  const listed = missing.map((character) => `"${character}" (${codePointName(character)})`).join(', ');
  return `has characters the share image's typeface (${TYPEFACE}) cannot draw: ${listed}; it draws Latin, Greek and Cyrillic letters, digits and common punctuation`;
}

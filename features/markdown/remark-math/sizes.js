// @ts-check
/**
 * Sizes written in a formula, bounded below as KaTeX's maxSize bounds them
 * above. KaTeX caps a size at maxSize (20em) but lets any negative one
 * through: `\kern{-1000em}`, `\raisebox{-100em}{…}`, `\\[-50em]` or
 * `\rule[-100em]…` move a formula's text anywhere over the page. A formula
 * with a size below -maxSize is refused, and so is one whose sizes below
 * zero add up to more than maxSize: ten `\kern{-19em}` in a row, or five
 * rows of `\\[-5em]`, move text 190em and 25em as surely as one size would.
 *
 * The sum is of every size below zero in the formula, horizontal and
 * vertical together, wherever each is nested, with no size above zero
 * taken off: a glyph is moved by some of those sizes at most (the ones
 * before it in its row, around it in its boxes, above it in its column),
 * so their sum bounds how far any glyph goes, whichever way and whatever
 * KaTeX lays out between them. A running total that positive sizes wind
 * back would have to follow KaTeX's layout (which sizes move which glyph,
 * in which direction) to be sound; the plain sum needs none of it, and the
 * site's formulas use a few thin negative spaces (`\!`, -0.1667em; the
 * -3mu joints of `\longrightarrow`), far from 20em.
 *
 * Read from KaTeX's own parse tree (katex.__parse, the very function
 * renderToString parses with, given the same options), where every
 * argument of type "size" is a {number, unit} pair whatever command took
 * it: \kern, \hspace, \mkern, \mskip, \hskip, \rule, \raisebox, a line
 * break's gap, a fraction bar, and any command a later KaTeX adds, with no
 * list of commands to fall behind. Not from the rendered HTML's lengths:
 * those also hold the layout KaTeX computes from the content (a matrix of
 * fifteen rows is 20em tall), which no written size caused.
 *
 * Units become em as KaTeX's calculateSize converts them at the text size
 * (katex/src/units.ts and fontMetrics.ts): 10pt to the em, the other
 * absolute units through pt, ex the x-height (0.431em), mu 1/18 em.
 * KaTeX's em inside \scriptstyle or \tiny is that size's em, so an absolute
 * unit there makes more of them; the bound is the formula's normal size.
 * Pure (the build and the CMS preview run it).
 */

/** TeX points in one of each absolute unit, KaTeX's table. */
const PT_PER_UNIT = /** @type {Readonly<Record<string, number>>} */ ({
  pt: 1,
  mm: 7227 / 2540,
  cm: 7227 / 254,
  in: 72.27,
  bp: 803 / 800,
  pc: 12,
  dd: 1238 / 1157,
  cc: 14856 / 1157,
  nd: 685 / 642,
  nc: 1370 / 107,
  sp: 1 / 65536,
  px: 803 / 800,
});
const PT_PER_EM = 10;
/** The relative units at the text size: KaTeX's quad, x-height and math unit. */
const EM_PER_RELATIVE_UNIT = /** @type {Readonly<Record<string, number>>} */ ({ em: 1, ex: 0.431, mu: 1 / 18 });

/** @typedef {{ number: number, unit: string }} Measurement */

/**
 * A size in em as KaTeX writes it at the text size, or null for a unit
 * KaTeX does not know (it refuses those itself).
 * @param {Measurement} size
 * @returns {number | null}
 */
function toEm({ number, unit }) {
  if (Object.prototype.hasOwnProperty.call(PT_PER_UNIT, unit)) return (number * PT_PER_UNIT[unit]) / PT_PER_EM;
  if (Object.prototype.hasOwnProperty.call(EM_PER_RELATIVE_UNIT, unit)) return number * EM_PER_RELATIVE_UNIT[unit];
  return null;
}

/** How messages name the commands that give each kind of parse node a size. */
const COMMANDS = /** @type {Readonly<Record<string, string>>} */ ({
  kern: '\\kern, \\hspace, \\mkern, \\mskip or \\hskip',
  rule: '\\rule',
  raisebox: '\\raisebox',
  cr: 'a line break (\\\\[…])',
  array: "a row's gap (\\\\[…])",
  genfrac: 'a fraction bar (\\above, \\genfrac)',
});

/** @param {unknown} value @returns {value is Measurement} */
const isMeasurement = (value) =>
  typeof value === 'object' && value !== null && typeof (/** @type {Measurement} */ (value).number) === 'number' && typeof (/** @type {Measurement} */ (value).unit) === 'string';

/**
 * Every size in a KaTeX parse tree, with how messages name the command
 * that holds it (by the nearest parse node's type). A node's `loc` is
 * left out: it points at the lexer, whose settings hold the macros a
 * formula defined (\tag does), which point back into the tree.
 * @param {unknown} tree what katex.__parse returned
 * @returns {{ size: Measurement, command: string }[]}
 */
function sizesIn(tree) {
  /** @type {{ size: Measurement, command: string }[]} */
  const found = [];
  /** @type {Set<object>} the objects being visited, so that no cycle is followed */
  const open = new Set();
  /** @param {unknown} value @param {string} type */
  const visit = (value, type) => {
    if (typeof value !== 'object' || value === null || open.has(value)) return;
    if (isMeasurement(value)) {
      found.push({ size: { number: value.number, unit: value.unit }, command: COMMANDS[type] ?? 'a size' });
      return;
    }
    const own = /** @type {{ type?: unknown }} */ (value).type;
    const next = typeof own === 'string' && own !== 'size' ? own : type;
    open.add(value);
    for (const [key, child] of Object.entries(value)) if (key !== 'loc') visit(child, next);
    open.delete(value);
  };
  visit(tree, '');
  return found;
}

/** An em value as KaTeX writes one (four decimals). @param {number} em */
const emText = (em) => `${+em.toFixed(4)}em`;

/** A size as written, and in em when written in another unit. @param {Measurement} size @param {number} em */
const shownSize = (size, em) => {
  const written = `${size.number}${size.unit}`;
  return size.unit === 'em' ? written : `${written} (${emText(em)})`;
};

/**
 * Why a formula's parse tree is refused for its sizes, or null: the first
 * size below -maxSize, written and in em; else, when its sizes below zero
 * add up to more than maxSize below zero, their sum, how many and the
 * largest.
 * @param {unknown} tree what katex.__parse returned for the formula
 * @param {number} maxSize KaTeX's maxSize, in em
 * @returns {string | null}
 */
function sizeProblem(tree, maxSize) {
  /** @type {{ size: Measurement, command: string, em: number }[]} */
  const negative = [];
  for (const { size, command } of sizesIn(tree)) {
    const em = toEm(size);
    if (em === null || em >= 0) continue;
    if (em < -maxSize) {
      return `the size ${shownSize(size, em)} in ${command} is more than ${maxSize}em below zero; a size may go at most ${maxSize}em either way (1em is 10pt or 18mu): use a smaller one`;
    }
    negative.push({ size, command, em });
  }
  // Rounded as KaTeX writes em, so that 120 thin spaces of -1/6em make -20em, not a hair below.
  const total = +negative.reduce((sum, { em }) => sum + em, 0).toFixed(4);
  if (total >= -maxSize) return null;
  const largest = negative.reduce((most, each) => (each.em < most.em ? each : most));
  return (
    `its sizes below zero add up to ${emText(total)}, more than ${maxSize}em below zero: ${negative.length} sizes, the largest ${shownSize(largest.size, largest.em)} in ${largest.command}; ` +
    `a formula's sizes below zero may add up to at most ${maxSize}em, whichever way each moves (1em is 10pt or 18mu): use fewer or smaller ones`
  );
}

module.exports = { PT_PER_UNIT, EM_PER_RELATIVE_UNIT, toEm, sizesIn, sizeProblem };

/** @jest-environment node */
/**
 * Hostile formulas (__tests__/fixtures/hostile/katex/): whatever a formula
 * does to make KaTeX loop or amplify, the build fails, naming the file, the
 * line and the formula, before KaTeX does much: a macro or an overlong
 * formula is refused before KaTeX reads it, and the site's maxExpand (200,
 * where KaTeX's own 1,000 lets builtin-expansions.md through) stops the
 * built-in macros; what KaTeX runs untrusted (\href, \html…)
 * stays text, and sizes stay bounded: KaTeX caps them at 20em, and a size
 * more than 20em below zero, in any unit and any command, is refused, as
 * is a formula whose sizes below zero add up to more than 20em.
 */
import fs from 'node:fs';
import katex from 'katex';
import remarkMath from '../../features/markdown/remark-math';
import { fixture, openedElements, renderContent, scratch, textOf } from '../support/hostile';

const CLASS = 'katex';
const { KATEX_OPTIONS } = remarkMath as unknown as { KATEX_OPTIONS: object };
const MACROS = 'formulas may not define macros or write to the log';

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const render = (name: string) => renderContent(dir, `blog/en/${name}`, fixture(CLASS, name));

describe('hostile formulas', () => {
  it.each([
    ['recursive-def.md', 7, '"\\\\def\\\\a{\\\\a}\\\\a"', '\\def'],
    ['edef-loop.md', 7, '"\\\\edef\\\\x{\\\\x\\\\x} \\\\x"', '\\edef'],
    ['gdef-spaced.md', 9, '"\\\\gdef \\\\loop {\\\\loop x} \\\\loop"', '\\gdef'],
    ['global-long-def.md', 7, '"\\\\global\\\\long\\\\def\\\\b#1{\\\\b{#1#1}}\\\\b{x}"', '\\global'],
    ['let-futurelet.md', 7, '"\\\\let\\\\x=\\\\x \\\\x"', '\\let'],
    ['amplify.md', 7, '"\\\\def\\\\a{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"', '\\def'],
  ])('refuses %s before KaTeX reads it, naming the file, the line and the formula', async (name, line, formula, command) => {
    const { error } = await render(name);
    expect(error).toMatch(
      new RegExp(`^content/blog/en/${name}:${line}: the formula ${escapeRegExp(formula)} cannot be rendered: ${escapeRegExp(command)} is not allowed: ${MACROS}`),
    );
  });

  it('lists every refused formula of a file, each with its line', async () => {
    const { error } = await render('newcommand.md');
    expect(error?.split('\n').map((line) => line.replace(/ is not allowed: .*/, ''))).toEqual([
      'content/blog/en/newcommand.md:7: the formula "\\\\newcommand{\\\\c}{\\\\c\\\\c}\\\\c" cannot be rendered: \\newcommand',
      'content/blog/en/newcommand.md:7: the formula "\\\\renewcommand\\\\frac[2]{\\\\frac{#1}{#2}}\\\\fr…" cannot be rendered: \\renewcommand',
      'content/blog/en/newcommand.md:7: the formula "\\\\providecommand\\\\d{\\\\d}\\\\d" cannot be rendered: \\providecommand',
    ]);
  });

  it('stops built-in macros at the site’s maxExpand', async () => {
    const { error } = await render('builtin-expansions.md');
    expect(error).toMatch(/^content\/blog\/en\/builtin-expansions\.md:7: the formula "\\\\varinjlim\\\\varinjlim.*" cannot be rendered: KaTeX parse error: Too many expansions/);
  });

  it('would stop a recursive or amplifying macro at maxExpand too, if one reached KaTeX', () => {
    for (const tex of ['\\def\\a{\\a}\\a', '\\def\\a{\\a}\\edef\\b{\\a}', '\\gdef\\loop{\\loop x}\\loop', '\\global\\def\\c{\\c\\c}\\c']) {
      expect(() => katex.renderToString(tex, KATEX_OPTIONS)).toThrow('Too many expansions');
    }
    // An argument that doubles at each expansion overflows KaTeX's stack before maxExpand counts it: why macros are refused.
    expect(() => katex.renderToString('\\def\\a#1{\\a{#1#1}}\\a x', KATEX_OPTIONS)).toThrow();
  });

  it('refuses a formula over the length limit before KaTeX reads it', async () => {
    const { error } = await render('long-formula.md');
    expect(error).toBe(`content/blog/en/long-formula.md:7: the formula "${'x+'.repeat(19)}x…" cannot be rendered: it has 3000 characters; a formula may have at most 2000`);
  });

  it('keeps untrusted commands as text, and sizes bounded: the page gets no link, class, id, style or image from a formula', async () => {
    const { html, error } = await render('untrusted-commands.md');
    expect(error).toBeUndefined();
    expect(openedElements(html ?? '').filter((name) => /^(a|img|image|svg|script)$/.test(name))).toEqual([]);
    // The formulas' source stays in MathML's <annotation> as text; no attribute carries any of it.
    const attributes = [...(html ?? '').matchAll(/\s([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]);
    expect(attributes.filter(([name]) => /^(href|src|id|data-.*|on.*)$/i.test(name))).toEqual([]);
    expect(attributes.filter(([, value]) => /visually-hidden|position|url\(|main|onload|(^|[^.\d])\d{3,}(\.\d+)?em/i.test(value))).toEqual([]);
    expect(textOf(html ?? '')).toContain('<img src=x onerror=alert(4)>');
  });
});

describe('hostile sizes: bounded both ways', () => {
  const KERNS = '\\kern, \\hspace, \\mkern, \\mskip or \\hskip';
  const BOUND = 'is more than 20em below zero; a size may go at most 20em either way (1em is 10pt or 18mu): use a smaller one';

  /** Each refusal of a file as [line, the size as written (and in em), the command], checking the rest of its words. */
  async function refusedSizes(name: string): Promise<[number, string, string][]> {
    const { error, html } = await render(name);
    expect(html).toBeUndefined();
    return (error ?? '').split('\n').map((line) => {
      const match = new RegExp(`^content/blog/en/${escapeRegExp(name)}:(\\d+): the formula ".+" cannot be rendered: the size (.+) in (.+) ${escapeRegExp(BOUND)}$`).exec(line);
      if (!match) throw new Error(`not a size refusal: ${line}`);
      return [Number(match[1]), match[2], match[3]];
    });
  }

  it('refuses kerns far below zero, with braces or without, in em, mu and pt, naming file, line and formula', async () => {
    const { error } = await render('negative-kerns.md');
    expect(error?.split('\n')[0]).toBe(
      `content/blog/en/negative-kerns.md:7: the formula "\\\\kern{-1000em}\\\\text{Your account is loc…" cannot be rendered: the size -1000em in ${KERNS} ${BOUND}`,
    );
    expect(await refusedSizes('negative-kerns.md')).toEqual([
      [7, '-1000em', KERNS],
      [9, '-1000em', KERNS],
      [11, '-5000em', KERNS],
      [11, '-50em', KERNS],
      [13, '-1000mu (-55.5556em)', KERNS],
      [13, '-999mu (-55.5em)', KERNS],
      [15, '-1000pt (-100em)', KERNS],
    ]);
  });

  it('converts every unit KaTeX knows to em as KaTeX does, and refuses each', async () => {
    expect(await refusedSizes('negative-units.md')).toEqual([
      [7, '-30in (-216.81em)', KERNS],
      [7, '-100cm (-284.5276em)', KERNS],
      [7, '-1000ex (-431em)', KERNS],
      [7, '-600mm (-170.7165em)', KERNS],
      [9, '-99999999sp (-152.5879em)', KERNS],
      [9, '-1000bp (-100.375em)', KERNS],
      [9, '-100pc (-120em)', KERNS],
      [9, '-1000px (-100.375em)', KERNS],
      [11, '-1000dd (-107.0009em)', KERNS],
      [11, '-100cc (-128.401em)', KERNS],
      [11, '-1000nd (-106.6978em)', KERNS],
      [11, '-100nc (-128.0374em)', KERNS],
      [13, '-1000em', KERNS],
    ]);
  });

  it('refuses rules, raised boxes, line gaps and fraction bars far below zero', async () => {
    expect(await refusedSizes('negative-boxes.md')).toEqual([
      [7, '-100em', '\\rule'],
      [7, '-100em', '\\rule'],
      [9, '-100em', '\\rule'],
      [11, '-100em', '\\raisebox'],
      [11, '-25em', '\\raisebox'],
    ]);
    const gap = "a row's gap (\\\\[…])";
    expect(await refusedSizes('negative-gaps.md')).toEqual([
      [7, '-100em', gap],
      [11, '-50em', 'a line break (\\\\[…])'],
      [15, '-1000em', 'a fraction bar (\\above, \\genfrac)'],
      [15, '-1000em', 'a fraction bar (\\above, \\genfrac)'],
      [15, '-50em', 'a fraction bar (\\above, \\genfrac)'],
    ]);
  });

  it("finds a size wherever it is: in a root's index, a subscript, text, delimiters, a matrix, a relation, a colour, a box", async () => {
    expect((await refusedSizes('hidden-sizes.md')).map(([line, size]) => [line, size])).toEqual([
      [7, '-99em'],
      [7, '-99em'],
      [7, '-1000em'],
      [9, '-50em'],
      [9, '-30em'],
      [11, '-999mu (-55.5em)'],
      [11, '-25em'],
      [11, '-21em'],
    ]);
  });

  it('refuses sizes each within the bound that add up past it, across rows, units and boxes, naming file, line, the sum and the largest', async () => {
    const { error, html } = await render('negative-sums.md');
    expect(html).toBeUndefined();
    const TOTAL = "a formula's sizes below zero may add up to at most 20em, whichever way each moves (1em is 10pt or 18mu): use fewer or smaller ones";
    expect(
      (error ?? '').split('\n').map((line) => {
        const match = new RegExp(
          `^content/blog/en/negative-sums\\.md:(\\d+): the formula ".+" cannot be rendered: its sizes below zero add up to (.+), more than 20em below zero: (\\d+) sizes, the largest (.+) in (.+); ${escapeRegExp(TOTAL)}$`,
        ).exec(line);
        if (!match) throw new Error(`not a sum refusal: ${line}`);
        return [Number(match[1]), match[2], Number(match[3]), match[4], match[5]];
      }),
    ).toEqual([
      [7, '-190em', 10, '-19em', KERNS],
      [9, '-25em', 5, '-5em', "a row's gap (\\\\[…])"],
      [13, '-20.6906em', 3, '-100pt (-10em)', KERNS],
      [13, '-21em', 2, '-11em', '\\raisebox'],
      [15, '-21em', 2, '-11em', KERNS],
      [15, '-21em', 2, '-11em', KERNS],
    ]);
  });

  it('renders sizes down to -20em, and caps those above 20em as KaTeX does: no length the sizes write passes 20em either way', async () => {
    const { html, error } = await render('sizes-within.md');
    expect(error).toBeUndefined();
    const lengths = [...(html ?? '').matchAll(/style="([^"]*)"/g)].flatMap(([, style]) => [...style.matchAll(/(-?[\d.]+)em/g)].map(([, value]) => Number(value)));
    expect(lengths).toContain(-20);
    expect(lengths).toContain(20);
    expect(lengths.filter((value) => Math.abs(value) > 20)).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

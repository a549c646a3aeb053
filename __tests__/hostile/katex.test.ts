/** @jest-environment node */
/**
 * Hostile formulas (__tests__/fixtures/hostile/katex/): whatever a formula
 * does to make KaTeX loop or amplify, the build fails fast, naming the file,
 * the line and the formula; what KaTeX runs untrusted (\href, \html…)
 * stays text, and sizes stay bounded.
 */
import fs from 'node:fs';
import katex from 'katex';
import remarkMath from '../../plugins/stockpay-remark-math';
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
  ])('refuses %s fast, naming the file, the line and the formula', async (name, line, formula, command) => {
    const { error, ms } = await render(name);
    expect(error).toMatch(
      new RegExp(`^content/blog/en/${name}:${line}: the formula ${escapeRegExp(formula)} cannot be rendered: ${escapeRegExp(command)} is not allowed: ${MACROS}`),
    );
    expect(ms).toBeLessThan(1000);
  });

  it('lists every refused formula of a file, each with its line', async () => {
    const { error } = await render('newcommand.md');
    expect(error?.split('\n').map((line) => line.replace(/ is not allowed: .*/, ''))).toEqual([
      'content/blog/en/newcommand.md:7: the formula "\\\\newcommand{\\\\c}{\\\\c\\\\c}\\\\c" cannot be rendered: \\newcommand',
      'content/blog/en/newcommand.md:7: the formula "\\\\renewcommand\\\\frac[2]{\\\\frac{#1}{#2}}\\\\fr…" cannot be rendered: \\renewcommand',
      'content/blog/en/newcommand.md:7: the formula "\\\\providecommand\\\\d{\\\\d}\\\\d" cannot be rendered: \\providecommand',
    ]);
  });

  it('stops built-in macros at maxExpand, fast', async () => {
    const { error, ms } = await render('builtin-expansions.md');
    expect(error).toMatch(/^content\/blog\/en\/builtin-expansions\.md:7: the formula "\\\\varinjlim\\\\varinjlim.*" cannot be rendered: KaTeX parse error: Too many expansions/);
    expect(ms).toBeLessThan(1000);
  });

  it('would stop a recursive or amplifying macro at maxExpand too, fast, if one reached KaTeX', () => {
    for (const tex of ['\\def\\a{\\a}\\a', '\\def\\a{\\a}\\edef\\b{\\a}', '\\gdef\\loop{\\loop x}\\loop', '\\global\\def\\c{\\c\\c}\\c']) {
      const started = Date.now();
      expect(() => katex.renderToString(tex, KATEX_OPTIONS)).toThrow('Too many expansions');
      expect(Date.now() - started).toBeLessThan(1000);
    }
    // An argument that doubles at each expansion overflows KaTeX's stack before maxExpand counts it: fast, but why macros are refused.
    const started = Date.now();
    expect(() => katex.renderToString('\\def\\a#1{\\a{#1#1}}\\a x', KATEX_OPTIONS)).toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a formula over the length limit', async () => {
    const { error, ms } = await render('long-formula.md');
    expect(error).toBe(`content/blog/en/long-formula.md:7: the formula "${'x+'.repeat(19)}x…" cannot be rendered: it has 3000 characters; a formula may have at most 2000`);
    expect(ms).toBeLessThan(1000);
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

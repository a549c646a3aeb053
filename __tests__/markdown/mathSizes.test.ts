/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { EM_PER_RELATIVE_UNIT, PT_PER_UNIT, sizeProblem, sizesIn, toEm } from '../../features/markdown/remark-math/sizes';
import { KATEX_OPTIONS, renderFormula } from '../../features/markdown/remark-math/transform';

const parse = (tex: string, displayMode = false): unknown =>
  (katex as unknown as { __parse(tex: string, options: object): unknown }).__parse(tex, { ...KATEX_OPTIONS, displayMode });
const problem = (tex: string, displayMode = false) => sizeProblem(parse(tex, displayMode), 20);
const KERNS = '\\kern, \\hspace, \\mkern, \\mskip or \\hskip';
const refusal = (shown: string, command: string) =>
  `the size ${shown} in ${command} is more than 20em below zero; a size may go at most 20em either way (1em is 10pt or 18mu): use a smaller one`;

/** The margin KaTeX itself writes for `\kern{<size>}` in a text-style formula, in em. */
const katexKern = (size: string): number => {
  const match = /margin-right:(-?[\d.]+)em/.exec(katex.renderToString(`\\kern{${size}}x`, KATEX_OPTIONS));
  if (!match) throw new Error(`KaTeX wrote no kern for ${size}`);
  return Number(match[1]);
};

describe('toEm', () => {
  it.each([...Object.keys(PT_PER_UNIT), ...Object.keys(EM_PER_RELATIVE_UNIT)])('converts %s as KaTeX does at the text size', (unit) => {
    for (const number of [1, 2.5, -7]) {
      expect(toEm({ number, unit })).toBeCloseTo(katexKern(`${number}${unit}`), 3);
    }
  });

  it('knows every unit KaTeX knows, and nothing else', () => {
    expect(Object.keys({ ...PT_PER_UNIT, ...EM_PER_RELATIVE_UNIT }).sort()).toEqual(['bp', 'cc', 'cm', 'dd', 'em', 'ex', 'in', 'mm', 'mu', 'nc', 'nd', 'pc', 'pt', 'px', 'sp']);
    expect(toEm({ number: 1, unit: 'vw' })).toBeNull();
    expect(toEm({ number: 1, unit: 'constructor' })).toBeNull();
  });
});

describe('sizesIn', () => {
  it('finds every size of every command, wherever it is nested, named by its command', () => {
    const found = sizesIn(
      parse(
        '\\kern1em \\hspace*{2em} \\mkern3mu \\mskip4mu \\hskip5pt \\rule[6em]{7em}{8ex} \\raisebox{9em}{x} a \\above{10em} b ' +
          '\\genfrac(){11em}{0}{a}{b} \\sqrt[\\kern12em]{x_{\\kern13em}} \\text{\\kern14em} \\left(\\kern15em\\right) \\begin{matrix} a \\\\[16em] b \\end{matrix} c \\\\[17em] d',
      ),
    ).map(({ size, command }) => `${size.number}${size.unit} ${command}`);
    expect(found.sort()).toEqual(
      [
        `1em ${KERNS}`,
        '0pt \\rule',
        '0pt \\rule',
        `2em ${KERNS}`,
        `3mu ${KERNS}`,
        `4mu ${KERNS}`,
        `5pt ${KERNS}`,
        '6em \\rule',
        '7em \\rule',
        '8ex \\rule',
        '9em \\raisebox',
        '10em a fraction bar (\\above, \\genfrac)',
        '11em a fraction bar (\\above, \\genfrac)',
        `12em ${KERNS}`,
        `13em ${KERNS}`,
        `14em ${KERNS}`,
        `15em ${KERNS}`,
        "16em a row's gap (\\\\[…])",
        '17em a line break (\\\\[…])',
      ].sort(),
    );
  });

  it("follows no cycle: \\tag's macro points back into the tree through a node's location", () => {
    expect(sizesIn(parse('\\textbf{x} \\kern-1em \\tag{1}', true)).map(({ size }) => size)).toEqual([{ number: -1, unit: 'em' }]);
    expect(problem('\\textbf{x} \\kern-21em \\tag{1}', true)).toBe(refusal('-21em', KERNS));
  });

  it('finds nothing in a formula without sizes, and built-in spacing commands as the kerns they are', () => {
    expect(sizesIn(parse('R = d \\times L + S'))).toEqual([]);
    expect(sizesIn(parse('a\\!b\\negthickspace c')).map(({ size }) => toEm(size))).toEqual([expect.closeTo(-1 / 6, 5), expect.closeTo(-5 / 18, 5)]);
  });
});

describe('sizeProblem', () => {
  it.each([
    ['\\kern{-1000em}x', refusal('-1000em', KERNS)],
    ['\\kern-1000em x', refusal('-1000em', KERNS)],
    ['\\kern{ - 1000 em }x', refusal('-1000em', KERNS)],
    ['\\hspace{-5000em}x', refusal('-5000em', KERNS)],
    ['\\hspace*{-50em}', refusal('-50em', KERNS)],
    ['\\mkern-1000mu x', refusal('-1000mu (-55.5556em)', KERNS)],
    ['\\mskip-361mu x', refusal('-361mu (-20.0556em)', KERNS)],
    ['\\hskip-1000pt x', refusal('-1000pt (-100em)', KERNS)],
    ['\\kern-201pt x', refusal('-201pt (-20.1em)', KERNS)],
    ['\\kern-30in x', refusal('-30in (-216.81em)', KERNS)],
    ['\\kern{-8cm}x', refusal('-8cm (-22.7622em)', KERNS)],
    ['\\kern{-71mm}x', refusal('-71mm (-20.2015em)', KERNS)],
    ['\\kern{-47ex}x', refusal('-47ex (-20.257em)', KERNS)],
    ['\\kern{-17pc}x', refusal('-17pc (-20.4em)', KERNS)],
    ['\\kern{-200bp}x', refusal('-200bp (-20.075em)', KERNS)],
    ['\\kern{-200px}x', refusal('-200px (-20.075em)', KERNS)],
    ['\\kern{-190dd}x', refusal('-190dd (-20.3302em)', KERNS)],
    ['\\kern{-16cc}x', refusal('-16cc (-20.5442em)', KERNS)],
    ['\\kern{-190nd}x', refusal('-190nd (-20.2726em)', KERNS)],
    ['\\kern{-16nc}x', refusal('-16nc (-20.486em)', KERNS)],
    ['\\kern-99999999sp x', refusal('-99999999sp (-152.5879em)', KERNS)],
    ['\\rule[-100em]{1em}{1em}', refusal('-100em', '\\rule')],
    ['\\rule{-21em}{1em}', refusal('-21em', '\\rule')],
    ['\\rule{1em}{-21em}', refusal('-21em', '\\rule')],
    ['\\raisebox{-100em}{x}', refusal('-100em', '\\raisebox')],
    ['a\\\\[-50em]b', refusal('-50em', 'a line break (\\\\[…])')],
    ['\\begin{aligned}a\\\\[-100em]b\\end{aligned}', refusal('-100em', "a row's gap (\\\\[…])")],
    ['a \\above{-1000em} b', refusal('-1000em', 'a fraction bar (\\above, \\genfrac)')],
    ['\\genfrac(){-1000em}{0}{a}{b}', refusal('-1000em', 'a fraction bar (\\above, \\genfrac)')],
    ['\\sqrt[\\kern-99em]{x}', refusal('-99em', KERNS)],
    ['x_{\\kern-99em}', refusal('-99em', KERNS)],
    ['\\text{\\kern-1000em x}', refusal('-1000em', KERNS)],
  ])('refuses %s', (tex, message) => {
    expect(problem(tex)).toBe(message);
  });

  it.each([
    '\\kern{-20em}x',
    '\\kern-200pt x',
    '\\mkern-360mu x',
    '\\kern{-3cm}x',
    '\\kern{-46.4ex}x',
    '\\rule{-10em}{-10em}',
    '\\rule[-20em]{1em}{1em}',
    '\\raisebox{-20em}{x}',
    '\\kern{1000em}x',
    '\\rule{100000em}{100000em}',
    '\\raisebox{1000em}{x}',
    'a\\!b\\negthickspace c \\longrightarrow \\iff',
    '\\begin{pmatrix} a \\\\[-1em] b \\end{pmatrix}',
  ])('passes %s: at most 20em below zero, or above zero, where KaTeX caps it', (tex) => {
    expect(problem(tex)).toBeNull();
  });

  it('reports the first size below the bound when there are several', () => {
    expect(problem('\\kern-1em \\kern-30em \\kern-40em')).toBe(refusal('-30em', KERNS));
  });
});

describe('sizeProblem: the sizes below zero in all', () => {
  /** The refusal of a formula whose sizes below zero add up to `total`, in `count` sizes, the largest `largest` in `command`. */
  const totalRefusal = (total: string, count: number, largest: string, command: string) =>
    `its sizes below zero add up to ${total}, more than 20em below zero: ${count} sizes, the largest ${largest} in ${command}; ` +
    "a formula's sizes below zero may add up to at most 20em, whichever way each moves (1em is 10pt or 18mu): use fewer or smaller ones";
  const LINE = 'a line break (\\\\[…])';
  const ROW = "a row's gap (\\\\[…])";
  const rows = (count: number, gap: string) => Array.from({ length: count + 1 }, (_, row) => `r${row}`).join(`\\\\[${gap}]`);

  it.each([
    ['ten \\kern{-19em} in a row', '\\kern{-19em}'.repeat(10) + 'x', totalRefusal('-190em', 10, '-19em', KERNS)],
    ['two \\kern{-19em} apart', '\\kern{-19em}a\\kern{-19em}b', totalRefusal('-38em', 2, '-19em', KERNS)],
    ['five rows of \\\\[-5em] (vertical)', rows(5, '-5em'), totalRefusal('-25em', 5, '-5em', LINE)],
    ['five rows of \\\\[-5em] in an aligned block', `\\begin{aligned}${rows(5, '-5em')}\\end{aligned}`, totalRefusal('-25em', 5, '-5em', ROW)],
    ['a mix of units', '\\kern-100pt \\mkern-90mu \\kern{-2cm} x', totalRefusal('-20.6906em', 3, '-100pt (-10em)', KERNS)],
    ['thin negative spaces past the bound: 121 \\mkern-3mu', `a${'\\mkern-3mu '.repeat(121)}b`, totalRefusal('-20.1667em', 121, '-3mu (-0.1667em)', KERNS)],
    ['nested raised boxes', '\\raisebox{-10em}{\\raisebox{-11em}{x}}', totalRefusal('-21em', 2, '-11em', '\\raisebox')],
    ['nested groups', '{\\kern-10em{\\kern-11em x}}', totalRefusal('-21em', 2, '-11em', KERNS)],
    ['a subscript and a superscript', 'x_{\\kern-10em a}^{\\kern-11em b}', totalRefusal('-21em', 2, '-11em', KERNS)],
    ['numerator and denominator', '\\frac{\\kern-10em a}{\\kern-10.5em b}', totalRefusal('-20.5em', 2, '-10.5em', KERNS)],
    ['text inside the formula', '\\text{\\kern-15em a}\\kern-6em b', totalRefusal('-21em', 2, '-15em', KERNS)],
    ['horizontal and vertical together', '\\kern{-10em}\\raisebox{-11em}{x}', totalRefusal('-21em', 2, '-11em', '\\raisebox')],
    ["a rule's raise, width and height", '\\rule[-1em]{-10em}{-10em}', totalRefusal('-21em', 3, '-10em', '\\rule')],
    ['sizes below zero with sizes above zero between them, which do not wind them back', '\\kern{-10em}\\kern{20em}\\kern{-11em}x', totalRefusal('-21em', 2, '-11em', KERNS)],
  ])('refuses %s', (_, tex, message) => {
    expect(problem(tex)).toBe(message);
    expect(problem(tex, true)).toBe(message);
  });

  it.each([
    ['one \\kern{-19em}, then as much back', '\\kern{-19em}x\\kern{19em}'],
    ['two sizes that make 20em exactly', '\\kern{-10em}\\raisebox{-10em}{x}'],
    ['120 thin negative spaces of -1/6em (\\mkern-3mu, what \\! is): 20em, not a hair below', `a${'\\mkern-3mu '.repeat(120)}b`],
    ['four rows of \\\\[-5em]', rows(4, '-5em')],
    ['a negative rule at the bound', '\\rule{-10em}{-10em}'],
    ['sizes above zero, any number of them (KaTeX caps each; they move nothing back over the page)', '\\kern{20em}'.repeat(10) + 'x'],
    ['the joints of long arrows', 'a \\longrightarrow b \\Longleftrightarrow c \\hookrightarrow d \\mapsto e \\coloneqq f'],
  ])('passes %s', (_, tex) => {
    expect(problem(tex)).toBeNull();
  });

  it('still names a single size past the bound first, as before', () => {
    expect(problem('\\kern-19em \\kern-19em \\kern-30em')).toBe(refusal('-30em', KERNS));
  });
});

describe('renderFormula', () => {
  it('refuses a size below the bound before KaTeX renders it, in display mode too', () => {
    expect(renderFormula('\\kern{-1000em}x', false)).toEqual({ error: refusal('-1000em', KERNS) });
    expect(renderFormula('\\kern{-19em}\\kern{-19em}x', true)).toEqual({ error: expect.stringMatching(/^its sizes below zero add up to -38em, /) });
    expect(renderFormula('a\\\\[-50em]b', true)).toEqual({ error: refusal('-50em', 'a line break (\\\\[…])') });
  });

  it('leaves KaTeX its own refusals and caps', () => {
    expect(renderFormula('\\kern{-1000vw}x', false)).toEqual({ error: expect.stringContaining("Invalid unit: 'vw'") });
    expect('html' in renderFormula('\\kern{1000em}x', false) && renderFormula('\\kern{1000em}x', false)).toEqual({ html: expect.stringContaining('margin-right:20em;') });
  });

  it("renders every formula of the site's content exactly as KaTeX alone does", () => {
    const files = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
      });
    const formulas = files(path.join(__dirname, '..', '..', 'content')).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```|`[^`\n]*`/g, '');
      return [
        ...[...text.matchAll(/^\$\$\n([\s\S]*?)\n\$\$$/gm)].map((match) => ({ tex: match[1], displayMode: true })),
        ...[...text.replace(/^\$\$\n[\s\S]*?\n\$\$$/gm, '').matchAll(/\$([^$\n]+)\$/g)].map((match) => ({ tex: match[1], displayMode: false })),
      ];
    });
    expect(formulas.length).toBeGreaterThan(20);
    for (const { tex, displayMode } of formulas) {
      expect([tex, renderFormula(tex, displayMode)]).toEqual([tex, { html: katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode }) }]);
    }
  });
});

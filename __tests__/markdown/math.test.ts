/** @jest-environment node */
import katex from 'katex';
import remarkMath from '../../features/markdown/remark-math';
import { transformMarkdown, type MarkdownParent } from '../support/transformRemark';

const { KATEX_OPTIONS, MAX_FORMULA_LENGTH } = remarkMath as unknown as { KATEX_OPTIONS: object; MAX_FORMULA_LENGTH: number };

let files = 0;
async function render(markdown: string): Promise<string> {
  files += 1;
  const file: MarkdownParent = { id: `math-${files}`, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath: '/site/content/blog/en/post.md' };
  return (await transformMarkdown(file, markdown, ['stockpay-remark-math'], { language: 'en' })).html();
}

const mathNode = (type: 'inlineMath' | 'math', value: string) => ({ type, value, data: {} as { hChildren?: unknown[] } });

describe('stockpay-remark-math', () => {
  it("renders inline and display math into the element remark-math makes, KaTeX's HTML and MathML inside", async () => {
    const html = await render('Reorder at $R = d \\times L + S$.\n\n$$\nT = \\sum_i q_i\n$$\n');
    expect(html).toMatch(/^<p>Reorder at <span class="math math-inline"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
    expect(html).toContain('<annotation encoding="application/x-tex">R = d \\times L + S</annotation>');
    expect(html).toContain('<div class="math math-display"><span class="katex-display"><span class="katex">');
    // KaTeX's own markup for the formula, as it renders it with the site's options.
    expect(html).toContain(katex.renderToString('T = \\sum_i q_i', { ...KATEX_OPTIONS, displayMode: true }).slice(-200));
  });

  it('runs KaTeX untrusted and bounded', () => {
    expect(KATEX_OPTIONS).toEqual({ maxExpand: 200, maxSize: 20, trust: false, strict: 'ignore', throwOnError: true });
  });

  it('caches each rendered formula by KaTeX version, options, display mode and source, and uses the cache', async () => {
    const store = new Map<string, unknown>();
    const cache = { get: jest.fn(async (key: string) => store.get(key)), set: jest.fn(async (key: string, value: unknown) => store.set(key, value)) };
    const tree = { type: 'root', children: [mathNode('inlineMath', 'x^2'), mathNode('math', 'x^2'), mathNode('inlineMath', 'x^2')] };
    await remarkMath({ markdownAST: tree, cache });
    expect(cache.set).toHaveBeenCalledTimes(2); // inline and display differ; the third is the first again
    const [inlineKey, displayKey] = cache.set.mock.calls.map(([key]) => key);
    expect(inlineKey).toMatch(/^katex-[0-9a-f]{64}$/);
    expect(displayKey).not.toBe(inlineKey);

    store.set(inlineKey, '<span class="katex">cached</span>');
    const again = { type: 'root', children: [mathNode('inlineMath', 'x^2')] };
    await remarkMath({ markdownAST: again, cache });
    expect(again.children[0].data.hChildren).toEqual([{ type: 'element', tagName: 'span', properties: { className: ['katex'] }, children: [{ type: 'text', value: 'cached' }] }]);
  });

  it("fails the build naming the file, the line and the formula's start when KaTeX cannot render it", async () => {
    await expect(render('Intro.\n\nA broken one: $\\frac{1}{$ and\n\n$$\n\\begin{matrix} a & b\n$$\n')).rejects.toThrow(
      'content/blog/en/post.md:3: the formula "\\\\frac{1}{" cannot be rendered: KaTeX parse error: Unexpected end of input in a macro argument, expected \'}\' at end of input: \\frac{1}{\n' +
        'content/blog/en/post.md:5: the formula "\\\\begin{matrix} a & b" cannot be rendered: KaTeX parse error: Expected & or \\\\ or \\cr or \\end at end of input',
    );
  });

  it('refuses a formula longer than the limit, naming it', async () => {
    const long = 'x+'.repeat(MAX_FORMULA_LENGTH / 2 + 1);
    await expect(render(`$${long}$`)).rejects.toThrow(
      `content/blog/en/post.md:1: the formula "${'x+'.repeat(19)}x…" cannot be rendered: it has ${long.length} characters; a formula may have at most ${MAX_FORMULA_LENGTH}`,
    );
  });
});

/** @jest-environment node */
/**
 * The CMS preview's markdown against the
 * build's (gatsby-transformer-remark with the site's plugins, as
 * __tests__/support/transformRemark.ts runs it): one fixture post, both
 * ways, the same HTML, in each language; and the same refusals.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownLabels } from '../../features/markdown/labels';
import { localeText } from '../../features/i18n/locales.node';
import { closeRenderer } from '../../features/markdown/remark-mermaid';
import { DIAGRAM_PLACEHOLDER, bodyHtml, renderMarkdown, type MarkdownSource } from '../../features/cms/preview/markdown';
import { LANGUAGES, type Language } from '../../features/site/languages';
import { SITE_PLUGINS, transformMarkdown, type PluginEntry } from '../support/transformRemark';

const POST = readFileSync(path.join(__dirname, '..', 'fixtures', 'preview', 'post.md'), 'utf8');

/** The build's plugins, but with diagrams shown as source (no browser to draw them): the preview draws its own. */
const BUILD_PLUGINS: PluginEntry[] = SITE_PLUGINS.map((entry) =>
  (typeof entry === 'string' ? entry : entry.resolve) === 'stockpay-remark-mermaid'
    ? { resolve: 'stockpay-remark-mermaid', options: { withoutChromium: 'source', cacheDirectory: false } }
    : entry,
);

const source = (language: Language, name = `content/blog/${language}/fixture.md`): MarkdownSource => ({
  name,
  lineOffset: 0,
  labels: markdownLabels((namespace, key, field) => localeText(language, namespace, key, field)),
  productName: 'StockPay',
});

let files = 0;
async function buildHtml(markdown: string, language: Language, plugins: PluginEntry[] = BUILD_PLUGINS): Promise<string> {
  files += 1;
  const file = { id: `file-${files}`, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath: `/site/content/blog/${language}/fixture.md` };
  return (await transformMarkdown(file, markdown, plugins, { language })).html();
}

async function buildRefusal(markdown: string, language: Language = 'en'): Promise<string> {
  try {
    await buildHtml(markdown, language, SITE_PLUGINS);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the build took the markdown');
}

/** A drawn or source diagram's place as the preview leaves it, so the rest can be compared byte for byte. */
const withDiagramPlaces = (html: string) =>
  html
    .replace(/<figure class="diagram">[\s\S]*?<\/figure>/g, DIAGRAM_PLACEHOLDER)
    .replace(/<div class="code-block"><div class="code-block-toolbar" data-language="Mermaid"[\s\S]*?<\/div>\n<\/div>/g, DIAGRAM_PLACEHOLDER);

afterAll(() => closeRenderer());

describe('the preview renders markdown as the build does', () => {
  // The first run loads the transformer, Prism's grammars and KaTeX: seconds on a busy machine.
  it.each(LANGUAGES)(
    'a post in %s: the same HTML, headings, ids, math and code',
    async (language) => {
      const built = withDiagramPlaces(await buildHtml(POST, language));
      const previewed = bodyHtml(POST, source(language));
      if (!('html' in previewed)) throw new Error(previewed.refused);
      expect(previewed.html).toBe(built);
      // What the equality covers, spelled out.
      expect(previewed.html).toContain('<h2 id="what-product-does-"><a href="#what-product-does-" class="heading-link">What {{product}} does ⚡</a></h2>');
      expect(previewed.html).toContain('<h3 id="sales">');
      expect(previewed.html).toContain('<span class="katex-display">');
      expect(previewed.html).toContain('<span class="token function">npm</span>');
      expect(previewed.html).toContain(`<span class="visually-hidden"> ${localeText(language, 'common', 'newTab')}</span>`);
      expect(previewed.diagrams).toEqual(['flowchart LR\n  A[Order] --> B[Invoice]']);
    },
    20_000,
  );

  it('fills in the product name as the pages do, escaped', () => {
    const rendered = renderMarkdown('Hello {{product}}', { ...source('en'), productName: 'A<b>' });
    expect(rendered).toEqual({ html: '<p>Hello A&lt;b&gt;</p>', diagrams: [] });
  });
});

describe("the preview's parser", () => {
  it("is the very copy of remark and its plugins gatsby-transformer-remark parses with, and turns trees into HTML with the transformer's modules", () => {
    const transformer = path.dirname(require.resolve('gatsby-transformer-remark/package.json'));
    for (const name of ['remark', 'remark-gfm', 'remark-footnotes', 'mdast-util-to-hast', 'hast-util-to-html']) {
      expect([name, require.resolve(name)]).toEqual([name, require.resolve(name, { paths: [transformer] })]);
    }
  });
});

describe('the preview refuses what the build refuses, in the same words', () => {
  it.each([
    ['a script', 'Hello\n\n<script>alert(1)</script>\n'],
    ['a javascript: link', 'A [link](javascript:alert(1)).\n'],
    ['a fence with text after its language', '```js title="x"\nx\n```\n'],
    ['a formula defining a macro', 'Math $\\def\\x{1}\\x$ here.\n'],
    ['a formula whose sizes below zero add up past the bound', 'Math $\\kern{-19em}\\kern{-19em}x$ here.\n'],
    ['five rows of a formula each 5em below the last', '$$\n\\begin{aligned} a \\\\[-5em] b \\\\[-5em] c \\\\[-5em] d \\\\[-5em] e \\\\[-5em] f \\end{aligned}\n$$\n'],
    ['a diagram directive', '```mermaid\n%%{init: {"theme": "dark"}}%%\nflowchart LR\n  A --> B\n```\n'],
    ['a heading id used twice', '## One {#a}\n\n## Two {#a}\n'],
  ])('%s', async (_, markdown) => {
    const refusal = await buildRefusal(markdown);
    const previewed = bodyHtml(markdown, source('en'));
    expect(previewed).toEqual({ refused: refusal });
    expect(refusal).toContain('content/blog/en/fixture.md');
  });
});

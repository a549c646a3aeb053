/** @jest-environment node */
import { localeText, localeValue } from '../../features/i18n/locales.node';
import { LANGUAGES } from '../../features/site/languages';
import { loadLocales } from '../support/locales';
import { SITE_PLUGINS, transformMarkdown, type MarkdownParent, type PluginEntry } from '../support/transformRemark';

const EMOJI = 'stockpay-remark-emoji';
const HEADING_IDS = 'stockpay-remark-heading-ids';
const EXTERNAL_LINKS = 'stockpay-remark-external-links';
const BLOCK_FRAMES = 'stockpay-remark-block-frames';
const MATH = 'stockpay-remark-math';

let files = 0;
/** content/<relativePath> as gatsby-source-filesystem gives it (its text is passed to the transformer, not read). */
const markdownFile = (relativePath: string): MarkdownParent => {
  files += 1;
  return { id: `file-${files}`, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath: `/site/content/${relativePath}` };
};

/**
 * The HTML a page gets from `markdown` in content/docs/<language>/readme.md:
 * parsed by gatsby-transformer-remark's own remark (GFM, math, footnotes),
 * then run through `plugins`.
 */
async function render(markdown: string, plugins: PluginEntry[], language = 'en'): Promise<string> {
  const file = markdownFile(`docs/${language}/readme.md`);
  return (await transformMarkdown(file, markdown, plugins, { language })).html();
}

describe('stockpay-remark-emoji', () => {
  it('turns shortcodes in prose into emoji', async () => {
    expect(await render('Ship it :rocket: fast :zap: **:bulb:**', [EMOJI])).toBe('<p>Ship it 🚀 fast ⚡ <strong>💡</strong></p>');
  });

  it('leaves code spans, code blocks, math and HTML blocks as written', async () => {
    // KaTeX after the emoji, so this plugin meets the math itself, not KaTeX's HTML.
    const html = await render('`:rocket:` and $a :zap: b$\n\n```bash\necho ":rocket:"\n```\n\n<kbd>\n:bulb:\n</kbd>\n', [EMOJI, MATH]);
    expect(html).toContain('<code>:rocket:</code>');
    expect(html).toContain('<annotation encoding="application/x-tex">a :zap: b</annotation>');
    expect(html).toContain('<pre><code class="language-bash">echo ":rocket:"\n</code></pre>');
    expect(html).toContain('<kbd>\n:bulb:\n</kbd>');
    expect(html).not.toMatch(/[🚀⚡💡]/u);
  });

  it('treats the text between inline HTML tags as prose: each tag is a node of its own', async () => {
    expect(await render('Press <kbd>:zap:</kbd>', [EMOJI])).toBe('<p>Press <kbd>⚡</kbd></p>');
  });

  it('leaves times and unknown shortcodes as typed', async () => {
    expect(await render('Open 09:30:00 :not_an_emoji:', [EMOJI])).toBe('<p>Open 09:30:00 :not_an_emoji:</p>');
  });
});

describe('stockpay-remark-heading-ids', () => {
  const heading = (level: number, id: string, inner: string) => `<h${level} id="${id}"><a href="#${id}" class="heading-link">${inner}</a></h${level}>`;

  it('takes a custom id and removes it from the text, after inline markup too', async () => {
    const html = await render('## Често задавани въпроси {#faq}\n\n## The **API** {#api}', [HEADING_IDS], 'bg');
    expect(html).toBe(`${heading(2, 'faq', 'Често задавани въпроси')}\n${heading(2, 'api', 'The <strong>API</strong>')}`);
  });

  it('slugs headings without one, uniquely', async () => {
    const html = await render('## Getting started\n\n### Getting started', [HEADING_IDS]);
    expect(html).toBe(`${heading(2, 'getting-started', 'Getting started')}\n${heading(3, 'getting-started-1', 'Getting started')}`);
  });

  it('slugs the text of inline markup, and an image by its alt text', async () => {
    const html = await render('## Use `npm test` *now*\n\n## Install ![build](/media/labelled-stock.jpg)', [HEADING_IDS, 'stockpay-remark-images']);
    expect(html).toContain('<h2 id="use-npm-test-now">');
    expect(html).toContain('<h2 id="install-build">');
  });

  it('moves every heading down a level when the document has its own h1', async () => {
    const html = await render('# README\n\n## Install\n\n###### Deep', [HEADING_IDS]);
    expect(html).toBe([heading(2, 'readme', 'README'), heading(3, 'install', 'Install'), heading(6, 'deep', 'Deep')].join('\n'));
    expect(await render('## Install', [HEADING_IDS])).toBe(heading(2, 'install', 'Install'));
  });

  it('names the file when a custom id repeats', async () => {
    await expect(render('## A {#same}\n\n## B {#same}', [HEADING_IDS], 'bg')).rejects.toThrow('content/docs/bg/readme.md: the heading id "same" is used twice');
  });
});

describe('stockpay-remark-external-links', () => {
  it("opens other sites in a new tab and says so in the file's language, however the link is written", async () => {
    const html = await render('[Stripe](https://stripe.com/privacy), <https://example.com>, https://example.org, [us](/bg/contact/), [FAQ](#faq)', [EXTERNAL_LINKS], 'bg');
    const external = (href: string, text: string) =>
      `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}<span class="visually-hidden"> (отваря се в нов раздел)</span></a>`;
    expect(html).toBe(
      `<p>${external('https://stripe.com/privacy', 'Stripe')}, ${external('https://example.com', 'https://example.com')},` +
        ` ${external('https://example.org', 'https://example.org')}, <a href="/bg/contact/">us</a>, <a href="#faq">FAQ</a></p>`,
    );
  });
});

describe('stockpay-remark-block-frames', () => {
  const frame = (language?: string) => `<div class="code-block"><div class="code-block-toolbar"${language ? ` data-language="${language}"` : ''} data-copy-slot></div>`;
  const region = (label: string, className = 'scroll-region') => `<div class="${className}" role="group" aria-label="${label}" tabindex="0">`;
  const table = '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>';

  it("frames code blocks with a toolbar slot around a focusable region, and puts tables in one, wherever they are, named in the file's language", async () => {
    const html = await render('```bash\nnpm test\n```\n\n- Then:\n\n      indented\n\n> | a |\n> |---|\n> | 1 |\n', [BLOCK_FRAMES], 'bg');
    expect(html).toBe(
      [
        frame('bash'),
        region('Код: bash'),
        '<pre><code class="language-bash">npm test\n</code></pre>',
        '</div>',
        '</div>',
        '<ul>',
        '<li>',
        '<p>Then:</p>',
        frame(),
        region('Код'),
        '<pre><code>indented\n</code></pre>',
        '</div>',
        '</div>',
        '</li>',
        '</ul>',
        '<blockquote>',
        region('Таблица', 'scroll-region table-region'),
        table,
        '</div>',
        '</blockquote>',
      ].join('\n'),
    );
  });

  it('names the language of the fence and escapes it', async () => {
    const html = await render('```a"b<c\nx\n```\n', [BLOCK_FRAMES]);
    expect(html).toContain(`${frame('a&quot;b&lt;c')}\n${region('Code: a&quot;b&lt;c')}\n`);
  });

  it("leaves a diagram alone: it is the mermaid plugin's to draw", async () => {
    expect(await render('```mermaid\nflowchart TD\n```\n', [BLOCK_FRAMES])).toBe('<pre><code class="language-mermaid">flowchart TD\n</code></pre>');
  });

  it("with the site's plugins, has Prism highlight the code inside the region", async () => {
    const html = await render('```bash\ncurl -X POST\n```\n', SITE_PLUGINS);
    expect(html).toMatch(
      new RegExp(
        `^${frame('bash')}\n${region('Code: bash')}\n` +
          '<div class="gatsby-highlight" data-language="bash"><pre class="language-bash"><code class="language-bash"><span class="token function">curl</span>[^]*</code></pre></div>\n' +
          '</div>\n</div>$',
      ),
    );
  });
});

describe("the plugins' UI strings (features/i18n/locales.node.js)", () => {
  it.each(LANGUAGES)('come from locales/%s, like the rest of the site', (language) => {
    const locales = loadLocales()[language];
    expect(localeValue(language, 'common', 'newTab')).toBe((locales.common as Record<string, unknown>).newTab);
    expect(localeValue(language, 'content', 'scrollRegion')).toEqual((locales.content as Record<string, unknown>).scrollRegion);
  });

  it('fail the build, naming the file, for a language without them or a file without a language, instead of falling back to English', async () => {
    await expect(render('[site](https://example.com/)', [EXTERNAL_LINKS], 'xx')).rejects.toThrow('locales/xx/common.json is missing: the markdown in "xx" needs its "newTab" text');
    await expect(render('| a |\n|---|\n| 1 |\n', [BLOCK_FRAMES], 'xx')).rejects.toThrow('locales/xx/content.json is missing');
    const withoutLanguage = await transformMarkdown(markdownFile('docs/xx/readme.md'), '| a |\n|---|\n| 1 |\n', [BLOCK_FRAMES]);
    await expect(withoutLanguage.html()).rejects.toThrow("content/docs/xx/readme.md has no language field: gatsby/onCreateNode.ts sets it from the file's folder");
    expect(() => localeValue('en', 'common', 'noSuchKey')).toThrow('locales/en/common.json has no "noSuchKey"');
    expect(() => localeText('en', 'content', 'scrollRegion')).toThrow('locales/en/content.json: "scrollRegion" must be a string of text');
    expect(() => localeText('en', 'content', 'scrollRegion', 'nothing')).toThrow('locales/en/content.json: "scrollRegion.nothing" must be a string of text');
    expect(() => localeValue('../en', 'common', 'newTab')).toThrow('locales/../en/common.json is not a UI string file name');
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALLOWED_CODE_FENCE, checkHtml, checkUrl } from '../../features/markdown/remark-safe-markdown/rules';
import { FRONTMATTER_ENGINES } from '../../features/content/frontmatterParser';
import { SITE_PLUGINS, TRANSFORMER_OPTIONS, transformMarkdown, transformerOptions, writeContentFile, type PluginEntry } from '../support/transformRemark';

const ALLOWED = 'use only <br>, <kbd>, <sub>, <sup> and <abbr title="…">';
const SCHEMES = 'use http, https, mailto, tel or a relative URL';
const javascript = `the scheme "javascript:" is not allowed; ${SCHEMES}`;

/** Only the check, with math parsed as the site parses it. */
const checkOnly: PluginEntry[] = ['stockpay-remark-safe-markdown', 'stockpay-remark-math'];
/** The real content's images become the site's pictures first, as in a build. */
const contentChecks: PluginEntry[] = ['stockpay-remark-safe-markdown', 'stockpay-remark-images', 'stockpay-remark-math'];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safe-markdown-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A home section whose line 9 is `line`; resolves to its html or rejects with the build error. */
let files = 0;
async function renderHome(line: string, plugins: PluginEntry[] = checkOnly): Promise<string> {
  files += 1;
  const source = `---\norder: 1\ntitle: Test\nillustration: features\n---\n\nIntro paragraph.\n\n${line}\n\nClosing paragraph.\n`;
  const file = writeContentFile(path.join(dir, String(files)), 'home/en/01-test.md', source);
  return (await transformMarkdown(file, source, plugins, { language: 'en' })).html();
}
const failure = (line: string) =>
  renderHome(line).then(
    () => 'no error',
    (error: Error) => error.message,
  );

describe('gatsby-config', () => {
  it('checks the markdown before any other remark plugin adds HTML', () => {
    expect(SITE_PLUGINS[0]).toBe('stockpay-remark-safe-markdown');
  });

  it('leaves frontmatter as data: no JavaScript frontmatter engine (---js) is turned on', () => {
    expect(TRANSFORMER_OPTIONS).not.toHaveProperty('jsFrontmatterEngine');
    // YAML only: __tests__/hostile/frontmatter.test.ts runs the transformer with them.
    expect(TRANSFORMER_OPTIONS).toHaveProperty('engines', FRONTMATTER_ENGINES);
  });

  it('gives the transformer only options its schema declares, so a build does not warn of an unknown one', async () => {
    const { value, unknown } = await transformerOptions();
    expect(unknown).toEqual([]);
    expect(value.engines).toMatchObject({ yaml: FRONTMATTER_ENGINES.yaml });
  });
});

describe('raw HTML in markdown', () => {
  it('keeps the allowed tags as written and removes comments', async () => {
    const html = await renderHome(
      'Press <kbd>Ctrl</kbd> + <KBD>C</KBD>, H<sub>2</sub>O, x<sup>2</sup>, <abbr title="Value-added tax">VAT</abbr>,' +
        " <abbr title='a > b'>GT</abbr>, <abbr>ABBR</abbr>, one<br>two<br/>three<br />four <!-- editor note -->",
      SITE_PLUGINS,
    );
    expect(html).toContain(
      'Press <kbd>Ctrl</kbd> + <KBD>C</KBD>, H<sub>2</sub>O, x<sup>2</sup>, <abbr title="Value-added tax">VAT</abbr>,' +
        " <abbr title='a > b'>GT</abbr>, <abbr>ABBR</abbr>, one<br>two<br/>three<br />four",
    );
    expect(html).not.toContain('editor note');
    expect(html).not.toContain('<!--');
  });

  it("keeps allowed tags in an HTML block, and the site plugins' own HTML", async () => {
    const html = await renderHome('<kbd>\nCtrl\n</kbd>\n\n[Stripe](https://stripe.com/privacy) and $a<b$', SITE_PLUGINS);
    expect(html).toContain('<kbd>\nCtrl\n</kbd>');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('class="katex"');
  });

  it.each([
    ['<script>alert(1)</script>', `content/home/en/01-test.md:9: raw HTML "<script>" is not allowed; ${ALLOWED}`],
    ['<iframe src="https://example.com"></iframe>', `content/home/en/01-test.md:9: raw HTML "<iframe src=\\"https://example.com\\">" is not allowed; ${ALLOWED}`],
    ['<img src=x onerror=alert(1)>', `content/home/en/01-test.md:9: raw HTML "<img src=x onerror=alert(1)>" is not allowed; ${ALLOWED}`],
    ['<a href="javascript:alert(1)">x</a>', `content/home/en/01-test.md:9: raw HTML "<a href=\\"javascript:alert(1)\\">" is not allowed; ${ALLOWED}`],
    ['<style>body{display:none}</style>', `content/home/en/01-test.md:9: raw HTML "<style>" is not allowed; ${ALLOWED}`],
    ['Text <span>inline</span> text', `content/home/en/01-test.md:9: raw HTML "<span>" is not allowed; ${ALLOWED}`],
    [
      'VAT <abbr title="x" onclick="alert(1)">VAT</abbr>',
      'content/home/en/01-test.md:9: "<abbr title=\\"x\\" onclick=\\"alert(1)\\">" has an attribute that is not allowed (onclick); <abbr> may carry only title',
    ],
    [
      'VAT <ABBR TITLE="x" ONCLICK="alert(1)">VAT</ABBR>',
      'content/home/en/01-test.md:9: "<ABBR TITLE=\\"x\\" ONCLICK=\\"alert(1)\\">" has an attribute that is not allowed (onclick); <abbr> may carry only title',
    ],
    [
      'VAT <abbr title="x" title="y">VAT</abbr>',
      'content/home/en/01-test.md:9: "<abbr title=\\"x\\" title=\\"y\\">" has an attribute that is not allowed (title); <abbr> may carry only title',
    ],
    ['Key <kbd class=x>K</kbd>', 'content/home/en/01-test.md:9: "<kbd class=x>" has an attribute that is not allowed (class); <kbd> takes no attributes'],
    [
      'Line <br onmouseover="alert(1)"> break',
      'content/home/en/01-test.md:9: "<br onmouseover=\\"alert(1)\\">" has an attribute that is not allowed (onmouseover); <br> takes no attributes',
    ],
    [
      'Two\n<kbd\nonfocus=alert(1) tabindex=0>K</kbd>',
      'content/home/en/01-test.md:10: "<kbd onfocus=alert(1) tabindex=0>" has an attribute that is not allowed (onfocus, tabindex); <kbd> takes no attributes',
    ],
    ['<!DOCTYPE html>', `content/home/en/01-test.md:9: raw HTML "<!DOCTYPE html>" is not allowed; ${ALLOWED}`],
    ['<?php echo 1; ?>', `content/home/en/01-test.md:9: raw HTML "<?php echo 1; ?>" is not allowed; ${ALLOWED}`],
    ['<![CDATA[x]]>', `content/home/en/01-test.md:9: raw HTML "<![CDATA[x]]>" is not allowed; ${ALLOWED}`],
    ['<!-- note --><script>alert(1)</script>', `content/home/en/01-test.md:9: raw HTML "<script>" is not allowed; ${ALLOWED}`],
    ['<!-->', 'content/home/en/01-test.md:9: an HTML comment that is not closed with "-->" ("<!-->")'],
    ['<!-- a --!> <script>alert(1)</script> -->', 'content/home/en/01-test.md:9: an HTML comment that is not closed with "-->" ("<!-- a --!> <script>alert(1)</script> -…")'],
    ['<!-- never closed', 'content/home/en/01-test.md:9: an HTML comment that is not closed with "-->" ("<!-- never closed Closing paragraph. ")'],
    [
      '<div>\n<kbd>ok</kbd>\n<img src=x\nonerror=alert(1)>\n</div>',
      `content/home/en/01-test.md:9: raw HTML "<div>" is not allowed; ${ALLOWED}\ncontent/home/en/01-test.md:11: raw HTML "<img src=x onerror=alert(1)>" is not allowed; ${ALLOWED}`,
    ],
    ['<kbd>\n<abbr title="', 'content/home/en/01-test.md:10: an HTML tag that is not closed with ">" ("<abbr title=\\"")'],
  ])('fails the build on %j, naming the file, the line and what was found', async (line, message) => {
    expect(await failure(line)).toBe(message);
  });

  it('lists every problem of a file, line by line', async () => {
    expect(await failure('<script>x</script>\n\n[a](javascript:alert(1))\n\n<kbd class=x>K</kbd>')).toBe(
      [
        `content/home/en/01-test.md:9: raw HTML "<script>" is not allowed; ${ALLOWED}`,
        `content/home/en/01-test.md:11: link "javascript:alert(1)": ${javascript}`,
        'content/home/en/01-test.md:13: "<kbd class=x>" has an attribute that is not allowed (class); <kbd> takes no attributes',
      ].join('\n'),
    );
  });

  it('refuses a code block language that could leave an attribute, and keeps the usual ones', async () => {
    expect(await failure('```x"onmouseover="alert(1)\nx\n```')).toBe(
      'content/home/en/01-test.md:9: code block language "x\\"onmouseover=\\"alert(1)": letters, digits and + # . - _ only (bash, json, c++, c#, mermaid)',
    );
    for (const language of ['bash', 'json', 'c++', 'c#', 'objective-c', 'shell_session']) expect(await failure(`\`\`\`${language}\nx\n\`\`\``)).toBe('no error');
  });

  it('refuses any text after the language of a fence, saying what a fence takes', async () => {
    expect(await failure('```js title="app.js"\nx\n```')).toBe(
      `content/home/en/01-test.md:9: code block "js title=\\"app.js\\"" has text after its language ("title=\\"app.js\\""); ${ALLOWED_CODE_FENCE}`,
    );
    expect(await failure('~~~bash {1,3}\nx\n~~~')).toBe(`content/home/en/01-test.md:9: code block "bash {1,3}" has text after its language ("{1,3}"); ${ALLOWED_CODE_FENCE}`);
    for (const fence of ['```bash   \nx\n```', '```\nx\n```', '    indented']) expect(await failure(fence)).toBe('no error');
  });

  it('leaves a "<" that starts no tag as text', () => {
    expect(checkHtml('<br> 3 < 4 <')).toEqual({ problems: [], html: '<br> 3 < 4 <' });
  });

  it('shows markup that markdown does not take for HTML as text, and would refuse it as HTML', async () => {
    const html = await renderHome('<svg/onload=alert(1)> and <kbd>K</kbd onclick=x> and <abbr title="x"onclick="y">A</abbr>');
    expect(html).toContain('&#x3C;svg/onload=alert(1)>');
    expect(html).toContain('&#x3C;/kbd onclick=x>');
    expect(html).toContain('&#x3C;abbr title="x"onclick="y">');
    expect(checkHtml('<svg/onload=alert(1)>').problems).toEqual([
      { offset: 0, message: `raw HTML "<svg/onload=alert(1)>" is not allowed; ${ALLOWED}`, tag: 'svg', closing: false },
    ]);
    expect(checkHtml('</kbd onclick=x>').problems.map((p) => p.message)).toEqual(['the closing tag "</kbd onclick=x>" cannot carry attributes']);
    expect(checkHtml('<abbr title="x"onclick="y">').problems.map((p) => p.message)).toEqual([
      '"<abbr title=\\"x\\"onclick=\\"y\\">" has an attribute that is not allowed (onclick); <abbr> may carry only title',
    ]);
    expect(checkHtml('<abbr/title="x">').problems).toEqual([]);
    expect(checkHtml('</ kbd>').problems.map((p) => p.message)).toEqual([`raw HTML "</ kbd>" is not allowed; ${ALLOWED}`]);
  });
});

describe('link and image URLs in markdown', () => {
  it('keeps http, https, mailto, tel and relative URLs', async () => {
    const html = await renderHome(
      '[a](https://example.com) [b](http://example.com) [c](mailto:sales@example.com) [d](tel:+359888123456) ' +
        '[e](/contact/) [f](#faq) [g](../docs/) [h](//example.com/x) [i](?q=1) [j](HTTPS://EXAMPLE.COM) [k](/a:b) ' +
        '<https://example.com/auto> www.example.com ![logo](/logo.svg) [ref]\n\n[ref]: https://example.com/ref',
    );
    for (const href of ['https://example.com', 'mailto:sales@example.com', 'tel:+359888123456', '/contact/', '#faq', '/a:b', 'http://www.example.com']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('src="/logo.svg"');
    for (const url of ['https://x', 'mailto:a@b.c', 'tel:1', '/x', 'x/y', '#a', '', '//x', 'HTTP://X']) expect(checkUrl(url)).toBeNull();
  });

  it.each([
    ['[a](javascript:alert(1))', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](JaVaScRiPt:alert(1))', `content/home/en/01-test.md:9: link "JaVaScRiPt:alert(1)": ${javascript}`],
    ['[a](   javascript:alert(1))', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](<  javascript:alert(1)>)', `content/home/en/01-test.md:9: link "  javascript:alert(1)": ${javascript}`],
    ['[a](javascript&#58;alert(1))', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](&#x6A;avascript:alert(1))', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](javascript&colon;alert(1))', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](javascript&amp;#58;alert(1))', `content/home/en/01-test.md:9: link "javascript&#58;alert(1)": ${javascript}`],
    ['[a](java&#x09;script:alert(1))', `content/home/en/01-test.md:9: link "java\\tscript:alert(1)": ${javascript}`],
    ['[a](<java\tscript:alert(1)>)', `content/home/en/01-test.md:9: link "java\\tscript:alert(1)": ${javascript}`],
    ['<javascript:alert(1)>', `content/home/en/01-test.md:9: link "javascript:alert(1)": ${javascript}`],
    ['[a](vbscript:msgbox(1))', `content/home/en/01-test.md:9: link "vbscript:msgbox(1)": the scheme "vbscript:" is not allowed; ${SCHEMES}`],
    ['[a](data:text/html;base64,PHNjcmlwdD4=)', `content/home/en/01-test.md:9: link "data:text/html;base64,PHNjcmlwdD4=": the scheme "data:" is not allowed; ${SCHEMES}`],
    ['![i](data:image/svg+xml;base64,PHN2Zz4=)', `content/home/en/01-test.md:9: image "data:image/svg+xml;base64,PHN2Zz4=": the scheme "data:" is not allowed; ${SCHEMES}`],
    ['[a](file:///etc/passwd)', `content/home/en/01-test.md:9: link "file:///etc/passwd": the scheme "file:" is not allowed; ${SCHEMES}`],
    ['See [the docs][docs].\n\n[docs]: javascript:alert(1)', `content/home/en/01-test.md:11: link definition "javascript:alert(1)": ${javascript}`],
    [
      '![chart][img]\n\n[img]: DATA:image/png;base64,AAAA',
      `content/home/en/01-test.md:11: link definition "DATA:image/png;base64,AAAA": the scheme "data:" is not allowed; ${SCHEMES}`,
    ],
    ['- item\n  - [nested](javascript:alert(1))', `content/home/en/01-test.md:10: link "javascript:alert(1)": ${javascript}`],
  ])('fails the build on %j, naming the file, the line and the URL', async (line, message) => {
    expect(await failure(line)).toBe(message);
  });

  it('gets no link out of math either: KaTeX runs untrusted, so \\href and \\url stay text', async () => {
    const html = await renderHome('$\\href{javascript:alert(1)}{x}$ and $\\url{javascript:alert(2)}$', SITE_PLUGINS);
    expect(html).toContain('class="katex');
    expect(html).not.toMatch(/href="javascript/i);
  });

  it('reads a URL the way a browser does: controls and spaces around it, tabs and newlines inside', () => {
    expect(checkUrl('\uFFFDjavascript:x')).toBeNull(); // what [a](&#0;javascript:x) becomes: a relative URL
    expect(checkUrl('\u0001 javascript:x')).toContain('"javascript:"');
    expect(checkUrl('java\nscript:x')).toContain('"javascript:"');
    expect(checkUrl('javascript\r:x')).toContain('"javascript:"');
  });
});

describe('a README fetched from DOCS_README_URL_*', () => {
  it('is held to the same rules, the message naming its URL and line', async () => {
    const url = 'https://raw.example.com/README.md';
    const source = '---\ntitle: Guide\n---\n# Guide\n\nFine <kbd>K</kbd>.\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n';
    const readme = { id: 'remote-readme-en', url, internal: { type: 'RemoteReadme', mediaType: 'text/markdown', content: source } };
    const { html } = await transformMarkdown(readme, source, SITE_PLUGINS, { language: 'en' });
    await expect(html()).rejects.toThrow(
      [`${url}:8: raw HTML "<img src=x onerror=alert(1)>" is not allowed; ${ALLOWED}`, `${url}:10: link "javascript:alert(1)": ${javascript}`].join('\n'),
    );
  });
});

describe('the real content', () => {
  const root = path.join(__dirname, '..', '..', 'content');
  const files = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
    });

  it.each(files(root).map((file) => [path.relative(root, file)]))('content/%s keeps to the rules', async (relative) => {
    const absolutePath = path.join(root, relative);
    const source = fs.readFileSync(absolutePath, 'utf8');
    const file = { id: relative, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath };
    const language = relative.split('/')[1];
    await expect((await transformMarkdown(file, source, contentChecks, { language })).html()).resolves.toEqual(expect.any(String));
  });
});

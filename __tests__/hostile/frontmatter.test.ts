/**
 * @jest-environment node
 *
 * Hostile class "frontmatter": markdown files whose frontmatter would run
 * code (`---js` and its spellings, CoffeeScript), is not YAML (JSON, TOML),
 * would exhaust the build (aliases, depth, size), or carries markup in its
 * strings. Each fixture in __tests__/fixtures/hostile/frontmatter/ goes
 * through the real readers: the share images',
 * gatsby-transformer-remark with gatsby-config's options followed by
 * the content check (features/content/contentNodes.node.ts), and Decap CMS itself, in Chromium, listing a
 * folder that holds one. Each is refused naming the file and runs nothing
 * (no marker file, no mark on the CMS page); markup that got past
 * the check anyway shows only as text at every exit: the page's HTML and
 * head, its JSON-LD and the share image (the feeds: hostile/feeds.test.ts).
 * The product name is hostile too, so {{product}} is filled in as text.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { chromium, type Browser } from 'playwright-core';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Helmet } from 'react-helmet';
import { readContentFrontmatter } from '../../features/content/contentFile.node';
import BlogPostTemplate from '../../src/templates/blogPost';
import { siteConfig } from '../../features/site/settings';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { fillProductName } from '../../features/site/productName';
import { fontMetrics } from '../../features/share-cards/fontMetrics';
import { shareCardSvg } from '../../features/share-cards/shareCard';
import { fitTitle, missingGlyphs } from '../../features/share-cards/shareCardText';
import { shareCardAssets } from '../support/shareCard';
import { parse, stringify } from 'yaml';
import { readAdminIntegrity, writeAdmin } from '../../features/cms/admin.node';
import { ADMIN_PATH } from '../../features/site/routes';
import { ADMIN_SCRIPT, DECAP_SCRIPT } from '../../features/cms/adminPage';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { listen } from '../../system/listen';
import { createStaticApp } from '../../features/hosting/staticServer.node';
import { buildRefusal as refusalOf } from '../support/buildRefusal';
import { withI18n } from '../support/renderWithI18n';

jest.mock('../../features/site/settings', () => {
  const actual = jest.requireActual('../../features/site/settings');
  return { ...actual, siteConfig: { ...actual.siteConfig, productName: 'Stock<img src=x onerror=alert(1)>Pay & "Co"' } };
});

const { DOMParser } = new JSDOM('').window;
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'frontmatter');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const PRODUCT = siteConfig.productName;

/** Where a fixture's code would leave its mark had it run (each names its own file). */
const marker = (name: string): string => path.join(os.tmpdir(), `stockpay-hostile-${name.replace(/\.md$/, '')}`);
const CODE = ['engine-js.md', 'engine-javascript-crlf.md', 'engine-js-spaced.md', 'engine-JavaScript-mixed-case.md', 'engine-coffee.md'];
/** Written for the editor's browser rather than the build machine. */
const CODE_FOR_THE_CMS = 'engine-js-browser.md';
const NOT_YAML = [...CODE, CODE_FOR_THE_CMS, 'engine-json.md', 'toml-plus.md', 'json-brace.md'];
const EXHAUSTING = ['yaml-billion-laughs.md', 'yaml-merge-alias.md', 'yaml-tags.md'];
const MARKUP = [
  'markup-title.md',
  'markup-description-uppercase.md',
  'markup-entities.md',
  'markup-tags.md',
  'markup-author-json-ld.md',
  'markup-comment-whitespace.md',
  'control-characters.md',
];

let dir: string;
let count = 0;
/** A fresh project folder for each case. */
const project = (): string => path.join(dir, String((count += 1)));
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-frontmatter-'));
  for (const name of CODE) fs.rmSync(marker(name), { force: true });
  // The transformer's own warning for ---js; it runs nothing.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const name of CODE) expect([name, fs.existsSync(marker(name))]).toEqual([name, false]);
});

/** What a build says of `source` at content/<relativePath> of a fresh project. */
const buildRefusal = (relativePath: string, source: string) => refusalOf(project(), relativePath, source);

describe('frontmatter that is not YAML', () => {
  it.each(NOT_YAML)("%s: the share images' reader refuses it, naming the file, before anything runs", (name) => {
    const directory = project();
    fs.mkdirSync(path.join(directory, 'content', 'home', 'en'), { recursive: true });
    fs.writeFileSync(path.join(directory, 'content', 'home', 'en', 'hero.md'), fixture(name));
    expect(() => readContentFrontmatter(directory, 'home', 'en', 'hero')).toThrow(/^content\/home\/en\/hero\.md: its frontmatter opens with "(---|\+\+\+|\{)/);
  });

  it.each(NOT_YAML)('%s: a build refuses it, naming the file, though every field of a documentation page is optional', async (name) => {
    const refusal = await buildRefusal('docs/en/readme.md', fixture(name));
    expect(refusal).toMatch(/content\/docs\/en\/readme\.md:\s+its frontmatter (opens with|is written in)/);
  });

  it('gives the opening line or the language in the message', async () => {
    expect(await buildRefusal('docs/en/readme.md', fixture('engine-js-spaced.md'))).toBe(
      'content/docs/en/readme.md: its frontmatter opens with "---  JS", which names the language JavaScript; frontmatter is YAML only, between two lines of exactly "---", with nothing after the dashes',
    );
    // gray-matter reaches the transformer's engines before our hook: JSON is refused there, naming the file.
    expect(await buildRefusal('docs/bg/readme.md', fixture('engine-json.md'))).toMatch(
      /^Error processing Markdown file \/.+\/content\/docs\/bg\/readme\.md:\n\s+its frontmatter is written in JSON; frontmatter is YAML only/,
    );
  });
});

describe('YAML built to exhaust or trick the build', () => {
  it.each(EXHAUSTING)('%s: refused by both readers, naming the file', async (name) => {
    const directory = project();
    fs.mkdirSync(path.join(directory, 'content', 'home', 'en'), { recursive: true });
    fs.writeFileSync(path.join(directory, 'content', 'home', 'en', 'hero.md'), fixture(name));
    expect(() => readContentFrontmatter(directory, 'home', 'en', 'hero')).toThrow(
      /^content\/home\/en\/hero\.md: the frontmatter (uses the YAML alias|gives a value the YAML tag|is not valid YAML)/,
    );
    expect(await buildRefusal('docs/en/readme.md', fixture(name))).toMatch(
      /content\/docs\/en\/readme\.md:\n?\s*the frontmatter (uses the YAML alias|gives a value the YAML tag|is not valid YAML)/,
    );
  });

  // Written here rather than as fixtures: 40 KB of brackets and 70 KB of text.
  it.each([
    ['20,000 nested brackets (which take Node down when parsed)', `---\ntitle: ${'['.repeat(20000)}${']'.repeat(20000)}\n---\n`, 'the frontmatter nests deeper than 32 levels'],
    ['20,000 nested list dashes', `---\ntitle: x\nitems:\n${'- '.repeat(20000)}x\n---\n`, 'the frontmatter nests deeper than 32 levels'],
    ['70 KB of frontmatter', `---\ntitle: Docs\ndescription: ${'A'.repeat(70000)}\n---\n`, 'characters long; the most it may hold is 65536'],
  ])('%s: refused by a build, naming the file', async (_, source, message) => {
    const refusal = await buildRefusal('docs/en/readme.md', source);
    expect(refusal).toMatch(/content\/docs\/en\/readme\.md:/);
    expect(refusal).toContain(message);
  });
});

/** The post a fixture describes, as the page query returns it (dates formatted YYYY-MM-DD). */
function postOf(name: string) {
  const { data } = readFrontmatter(name, fixture(name));
  return {
    title: String(data.title),
    description: String(data.description),
    date: '2026-09-15',
    updated: null,
    author: typeof data.author === 'string' ? data.author : null,
    tags: Array.isArray(data.tags) ? data.tags.map(String) : null,
  };
}
type Post = ReturnType<typeof postOf>;

/** The post's page as gatsby build writes it: the body's markup and the head that Helmet collects. */
function postPage(frontmatter: Post): Document {
  const data = { post: { html: '<p>Body.</p>', headings: [], fields: { name: 'a-post', readingMinutes: 1 }, frontmatter } };
  const props = { data, pageContext: { language: 'en', slug: 'a-post', newer: null, older: null } } as unknown as React.ComponentProps<typeof BlogPostTemplate>;
  // Server rendering, as gatsby build does, so Helmet hands its tags over.
  Helmet.canUseDOM = false;
  const body = renderToStaticMarkup(withI18n(React.createElement(BlogPostTemplate, props), { originalPath: '/blog/a-post/' }));
  const helmet = Helmet.renderStatic();
  const head = renderToStaticMarkup(
    React.createElement(React.Fragment, null, helmet.title.toComponent(), helmet.meta.toComponent(), helmet.link.toComponent(), helmet.script.toComponent()),
  );
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, 'text/html');
}

/** Every element in order, with its attribute names: what markup in a value would change. */
const shape = (document: Document): string[] =>
  [...document.querySelectorAll('*')].map(
    (element) =>
      `${element.tagName}[${[...element.attributes]
        .map((attribute) => attribute.name)
        .sort()
        .join(',')}]`,
  );

/** The same post with every string replaced by plain words. */
const plain = (post: Post): Post => ({
  ...post,
  title: 'Plain title',
  description: 'Plain description',
  author: post.author === null ? null : 'Plain author',
  tags: post.tags?.map((_, index) => `tag${index}`) ?? null,
});

/** Text as an HTML parser keeps it: a NUL is dropped from text and becomes U+FFFD in an attribute. */
const parsed = (text: string | null | undefined): string | undefined => text?.replaceAll('\u0000', '').replaceAll('\uFFFD', '');

const assets = shareCardAssets();
const bold = fontMetrics(assets.bold);

describe('markup in frontmatter strings', () => {
  it.each(MARKUP)('%s: a build refuses it, naming the file and the field', async (name) => {
    const refusal = await buildRefusal('blog/en/a-post.md', fixture(name));
    expect(refusal).toMatch(/^content\/blog\/en\/a-post\.md: frontmatter field "(title|description|author|tags\[\d\])" must be plain text, but it contains /);
  });

  it.each(MARKUP)("%s: the post's page shows it as text only: heading, head, tags, author and JSON-LD", (name) => {
    const post = postOf(name);
    const page = postPage(post);
    // No element or attribute came from a value.
    expect(shape(page)).toEqual(shape(postPage(plain(post))));
    const title = fillProductName(post.title, PRODUCT);
    const description = fillProductName(post.description, PRODUCT);
    expect(parsed(page.querySelector('h1')?.textContent)).toBe(parsed(title));
    expect(parsed(page.title)).toBe(parsed(`${title} | ${PRODUCT}`));
    expect(parsed(page.querySelector('meta[name="description"]')?.getAttribute('content'))).toBe(parsed(description));
    expect(parsed(page.querySelector('meta[property="og:title"]')?.getAttribute('content'))).toBe(parsed(`${title} | ${PRODUCT}`));
    if (post.tags) expect([...page.querySelectorAll('ul[aria-label="Tags"] li')].map((item) => item.textContent)).toEqual(post.tags);
    const author = post.author ? fillProductName(post.author, PRODUCT) : null;
    if (author) expect(page.body.textContent).toContain(`By ${author}`);
    const [jsonLd, ...others] = [...page.querySelectorAll('script')];
    expect(others).toEqual([]);
    expect(jsonLd.getAttribute('type')).toBe('application/ld+json');
    expect(JSON.parse(jsonLd.textContent ?? '')).toMatchObject({ headline: title, description, author: author ? { name: author } : { name: PRODUCT } });
    expect(jsonLd.textContent).not.toMatch(/<\/script|<!--/i);
  });

  it.each(MARKUP)("%s: the post's share card refuses it or draws it as text only", async (name) => {
    const post = postOf(name);
    // Control characters have no glyph: the card refuses them before drawing (features/share-cards/postShareImages.node.ts names the file).
    const missing = missingGlyphs(post.title, bold);
    if ([...post.title].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) {
      expect(missing).toMatch(/^has characters the share image's typeface \(Liberation Sans\) cannot draw: .*\(U\+00[01][0-9A-F]\)/);
      return;
    }
    expect(missing).toBeNull();
    const svg = async (text: Post) => {
      const title = fitTitle(fillProductName(text.title, PRODUCT), bold);
      if ('error' in title) throw new Error(title.error);
      return new DOMParser().parseFromString(
        await shareCardSvg({ language: 'en', productName: PRODUCT, title, date: '2026-09-15' }, assets, { embedFont: false }),
        'image/svg+xml',
      );
    };
    const image = await svg(post);
    // No element or attribute the plain title's card lacks: the text stayed text.
    expect(new Set(shape(image))).toEqual(new Set(shape(await svg(plain(post)))));
    const drawn = [...image.querySelectorAll('text')].map((text) => text.textContent).join('');
    const squeezed = (text: string | undefined) => text?.replace(/[\s\u00a0]+/g, '');
    expect(squeezed(drawn)).toContain(squeezed(fillProductName(post.title, PRODUCT)));
  });
});

/**
 * The editors' CMS as a build writes it, with Decap's
 * in-browser test backend standing in for the repository: its files are
 * `repo`, folder by folder. `guarded` false leaves out the admin script.
 */
async function cmsPage(browser: Browser, repo: Record<string, unknown>, guarded: boolean): Promise<{ mark: string | null; shown: string; close: () => Promise<void> }> {
  const site = project();
  const admin = path.join(site, ADMIN_PATH);
  writeAdmin(path.join(__dirname, '..', '..'), admin, { name: 'git-gateway', branch: 'main' }, 'StockPay');
  const config = parse(fs.readFileSync(path.join(admin, 'config.yml'), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(path.join(admin, 'config.yml'), stringify({ ...config, backend: { name: 'test-repo' }, publish_mode: undefined }));
  const repoScript = `window.repoFiles = ${JSON.stringify(repo)};`;
  fs.writeFileSync(path.join(admin, 'repo.js'), repoScript);
  const page = fs.readFileSync(path.join(admin, 'index.html'), 'utf8');
  const integrity = readAdminIntegrity(admin);
  if (!integrity) throw new Error('writeAdmin wrote no scripts');
  const decap = `<script src="${DECAP_SCRIPT}" integrity="${integrity[DECAP_SCRIPT]}"></script>`;
  const script = `<script src="${ADMIN_SCRIPT}" integrity="${integrity[ADMIN_SCRIPT]}"></script>`;
  expect(page).toContain(`${decap}\n${script}`);
  // The page trusts scripts by hash: the stand-in repository is trusted the same way, in the page and its policy.
  const repoIntegrity = `sha384-${createHash('sha384').update(repoScript).digest('base64')}`;
  fs.writeFileSync(
    path.join(admin, 'index.html'),
    page
      .replace('script-src ', `script-src &#39;${repoIntegrity}&#39; `)
      .replace(decap, `<script src="repo.js" integrity="${repoIntegrity}"></script>${decap}`)
      .replace(guarded ? '' : script, ''),
  );
  const server = await listen(createStaticApp(site), 0);
  const tab = await browser.newPage();
  await tab.goto(`${server.url}${ADMIN_PATH}`);
  await tab.getByRole('button', { name: 'Login' }).click();
  await tab.goto(`${server.url}${ADMIN_PATH}#/collections/banners`);
  // Decap parses every entry of a listing in one step before it shows any, so the hostile one has run, or failed, once the plain one shows.
  await tab.getByText('A plain banner').waitFor();
  return {
    // Read through the DOM: the page's own eval is gone, and Playwright's evaluate would use it.
    mark: await tab.locator('html').getAttribute('data-pwned'),
    shown: await tab.locator('body').innerText(),
    close: async () => {
      await tab.close();
      await server.close();
    },
  };
}

describe('Decap CMS listing a folder that holds a ---js file (its bundled gray-matter evaluates it)', () => {
  const executablePath = findChromium();
  let browser: Browser;
  beforeAll(async () => {
    if (!executablePath) throw new Error('This test runs Decap CMS in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const banner = (title: string) => `---\norder: 2\ntitle: ${title}\nillustration: features\n---\nBody.\n`;
  const repo = {
    'content/banners': {
      en: { '01-evil.md': { content: fixture(CODE_FOR_THE_CMS) }, '02-plain.md': { content: banner('A plain banner') } },
      bg: { '01-evil.md': { content: banner('Банер') }, '02-plain.md': { content: banner('Обикновен банер') } },
    },
  };

  it('runs nothing with the admin script: the file fails to open and the rest of the CMS works', async () => {
    const cms = await cmsPage(browser, repo, true);
    try {
      expect(cms.mark).toBeNull();
      expect(cms.shown).toContain('A plain banner');
      expect(cms.shown).not.toContain('Spring sale');
    } finally {
      await cms.close();
    }
  }, 60_000);

  it("runs it in the editor's browser without the admin script (the hole the script closes)", async () => {
    const cms = await cmsPage(browser, repo, false);
    try {
      expect(cms.mark).toBe('ran in the editor');
      expect(cms.shown).toContain('Spring sale');
    } finally {
      await cms.close();
    }
  }, 60_000);
});

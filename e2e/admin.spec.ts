/**
 * The editors' CMS at /admin/ as an editor uses it: Decap CMS from the
 * build's admin folder, over its local backend
 * on a temporary copy of content/ and locales/,
 * so the repository's files are never touched. Each test edits in the
 * browser, saves, and reads the files the CMS wrote.
 */
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import type { Node } from 'gatsby';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeAdmin } from '../features/cms/admin.node';
import { startContentServer, type ContentServer } from '../features/cms/localBackend/server.node';
import { listen, type RunningServer } from '../system/listen';
import { createStaticApp } from '../features/hosting/staticServer.node';
import { BLOG_POST_TEMPLATE, plannedBlogPages, publishedPosts } from '../features/blog/pages.node';
import { findDuplicateNames, findMissingTranslations, parseContentPath, validateFrontmatter, type ContentFile } from '../features/content/checks';
import { readFrontmatter } from '../features/content/frontmatterParser';
import { main as translationsMain, translationNotice, translationsAtBuild } from '../features/translations/translations.node';

const ROOT = path.join(__dirname, '..');
const BANNER = 'content/banners/bg/01-sale-orders.md';
const BANNER_EN = 'content/banners/en/01-sale-orders.md';
const COMMON_BG = 'locales/bg/common.json';

let dir: string;
let content: ContentServer;
let site: RunningServer;
const read = (file: string) => readFileSync(path.join(dir, 'repo', file), 'utf8');
const original = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test.beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stockpay-cms-'));
  for (const folder of ['content', 'locales']) cpSync(path.join(ROOT, folder), path.join(dir, 'repo', folder), { recursive: true });
  // The site first: the backend answers no web page but the one serving /admin/.
  site = await listen(createStaticApp(path.join(dir, 'site')), 0);
  content = await startContentServer(path.join(dir, 'repo'), 0, 'warn', { siteOrigins: [site.url] });
  writeAdmin(ROOT, path.join(dir, 'site', 'admin'), { name: 'local', url: content.apiUrl }, 'StockPay', site.url);
});

test.afterEach(async () => {
  await Promise.all([content.close(), site.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Opens the CMS logged in to the local backend, at `route` (#/collections/…). */
async function openCms(page: Page, route: string): Promise<void> {
  await page.goto(`${site.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${site.url}/admin/#${route}`);
}

/** A Bulgarian field of the side-by-side editor: the default language's pane is on the left, the other on the right. */
const bulgarian = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).nth(1);

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

test.describe("the editors' CMS on its local backend", () => {
  test.setTimeout(60_000);

  test('changes a Bulgarian banner title and keeps the rest of both files', async ({ page }) => {
    await openCms(page, '/collections/banners/entries/01-sale-orders');
    const title = bulgarian(page, 'Title');
    await expect(title).toHaveValue('Поръчки за продажба, които редактирате до експедицията');
    await title.fill('Поръчки, които редактирате до последния момент');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();

    await expect.poll(() => readFrontmatter(BANNER, read(BANNER)).data.title).toBe('Поръчки, които редактирате до последния момент');
    const before = readFrontmatter(BANNER, original(BANNER));
    const after = readFrontmatter(BANNER, read(BANNER));
    expect(after.data).toEqual({ ...before.data, title: 'Поръчки, които редактирате до последния момент' });
    expect(after.content.trim()).toBe(before.content.trim());
    // Byte for byte: only the title line changed.
    expect(read(BANNER)).toBe(original(BANNER).replace(`title: ${before.data.title}`, 'title: Поръчки, които редактирате до последния момент'));
    expect(read(BANNER_EN)).toBe(original(BANNER_EN));
    expect(validateFrontmatter(BANNER, 'banners', '01-sale-orders', after.data, read(BANNER))).toEqual([]);
  });

  test('refuses to save a banner whose required title is cleared, and says why', async ({ page }) => {
    await openCms(page, '/collections/banners/entries/01-sale-orders');
    await bulgarian(page, 'Title').fill('');
    await publish(page);
    await expect(page.getByText('Bulgarian: "Title" is required.')).toBeVisible();
    expect(read(BANNER)).toBe(original(BANNER));
  });

  test('changes one UI string in locales/bg/ and nothing else', async ({ page }) => {
    await openCms(page, '/collections/ui_strings/entries/common_bg');
    const label = page.getByRole('textbox', { name: 'launchApp', exact: true });
    await expect(label).toHaveValue(JSON.parse(original(COMMON_BG)).launchApp);
    await label.fill('Отвори приложението');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => JSON.parse(read(COMMON_BG)).launchApp).toBe('Отвори приложението');
    // Byte for byte: only that value changed, the keys in their order (features/cms/rules.ts inReferenceOrder).
    const launchApp = JSON.stringify(JSON.parse(original(COMMON_BG)).launchApp);
    expect(read(COMMON_BG)).toBe(original(COMMON_BG).replace(`"launchApp": ${launchApp}`, '"launchApp": "Отвори приложението"'));
    expect(read('locales/en/common.json')).toBe(original('locales/en/common.json'));
  });
});

test('the built site serves the CMS under its own policy: it starts, offers to log in, and breaks no rule of the policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const response = await page.goto('/admin/');
  expect(response?.status()).toBe(200);
  // The checks build with CMS_BACKEND=git-gateway (system/processes.ts): Decap asks for Netlify Identity.
  await expect(page.getByRole('button', { name: /login/i })).toBeVisible({ timeout: 20_000 });
  expect(refused).toEqual([]);
});

test.describe('a script planted where the CMS keeps its own', () => {
  // What a static/admin/*.js would have done, had the build not refused it (__tests__/hostile/files.test.ts), or had anything else replaced the file.
  for (const script of ['admin.js', 'decap-cms.js', 'preview.js']) {
    test(`never runs in its place: ${script}`, async ({ page }) => {
      writeFileSync(path.join(dir, 'site', 'admin', script), "document.documentElement.dataset.planted = 'yes'; document.title = 'planted';\n");
      const refused: string[] = [];
      page.on('console', (message) => refused.push(message.text()));
      await page.goto(`${site.url}/admin/`);
      await expect.poll(() => refused.filter((text) => /integrity/i.test(text) && text.includes(script))).not.toEqual([]);
      // Read without evaluating in the page: the CMS page's own eval throws (features/cms/adminPage.ts EVAL_REFUSED).
      await expect(page.locator('html')).not.toHaveAttribute('data-planted', 'yes');
      expect(await page.title()).not.toBe('planted');
    });
  }
});

/** The preview pane's frame (Decap draws it in an iframe). */
const preview = (page: Page) => page.frameLocator('#preview-pane');

/** Shows the preview beside the default language's form, in `language` ('EN' or 'BG'): Decap shows both forms side by side until asked. */
async function showPreview(page: Page, language: 'EN' | 'BG' = 'EN'): Promise<void> {
  await page.getByTitle('Toggle i18n').click();
  await page.getByTitle('Toggle preview').click();
  if (language !== 'EN') {
    await page.getByRole('button', { name: 'Writing in EN' }).click();
    await page.getByRole('menuitem', { name: language.toLowerCase(), exact: true }).click();
  }
}

test.describe("the CMS's preview draws an entry as its page", () => {
  test.setTimeout(60_000);

  test("a post: its heading ids, KaTeX's math and the diagram drawn as SVG, and a link to its page, under the CMS's policy", async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    // A post's collection holds one language: the preview shows beside its form from the start.
    await openCms(page, '/collections/blog_en/entries/from-sale-order-to-invoice');
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'From sale order to invoice without retyping a thing' })).toBeVisible();
    await expect(frame.locator('h2#path-of-a-sale a.heading-link')).toHaveText('The path of a sale');
    await expect(frame.locator('.katex-display .katex-mathml annotation').first()).toHaveText(/\\sum/);
    await expect(frame.locator('figure.diagram svg').first()).toBeVisible({ timeout: 20_000 });
    await expect(frame.getByText('November 3, 2026')).toBeVisible();
    const link = frame.getByRole('link', { name: /View on site/ });
    // The site's address, whichever origin serves the CMS (docs/deploy.md, "The CMS on its own origin").
    await expect(link).toHaveAttribute('href', `${site.url}/blog/from-sale-order-to-invoice/`);
    await expect(link).toHaveAttribute('target', '_blank');
    // Decap's own "View Live": the default language's page on the site the CMS was built for.
    await expect(page.getByRole('link', { name: 'View Live' })).toHaveAttribute('href', `${site.url}/blog/from-sale-order-to-invoice/`);
    // Mermaid, the drawing page and the components' styles load under the page's policy (features/cms/adminPage.ts).
    expect(refused).toEqual([]);
  });

  test("shows the built page's text: the same headings, ids, math and code, in each language", async ({ page, browser, baseURL }) => {
    // The built page without JavaScript (no copy buttons), and its text as the browser parsed it.
    const builtContext = await browser.newContext({ javaScriptEnabled: false });
    const built = await builtContext.newPage();
    /** The markdown body's HTML, each diagram's place and each copy button's slot emptied: the preview draws those itself. */
    const bodyOf = async (html: string) =>
      html
        .replace(/<figure class="diagram">[\s\S]*?<\/figure>/g, '<figure class="diagram"></figure>')
        .replace(/(<div class="code-block-toolbar"[^>]*data-copy-slot="">)[\s\S]*?(<\/div>)/g, '$1$2');
    const frame = preview(page);
    for (const language of ['en', 'bg'] as const) {
      // Each language's post is an entry of its own collection. Decap loads an entry only into a new editor, which its /edit/ route makes (a change of address from one entry to another does not).
      const route = `/edit/blog_${language}/from-sale-order-to-invoice`;
      if (language === 'en') await openCms(page, route);
      else await page.goto(`${site.url}/admin/#${route}`);
      await built.goto(`${baseURL}${language === 'bg' ? '/bg' : ''}/blog/from-sale-order-to-invoice/`);
      const builtBody = await bodyOf(await built.locator('article [class*="prose"]').first().innerHTML());
      await expect(frame.locator('[lang] h1')).toHaveText(await built.locator('h1').first().innerText());
      await expect(frame.locator('figure.diagram svg').first()).toBeVisible({ timeout: 20_000 });
      const previewBody = await bodyOf(await frame.locator('article [class*="prose"]').first().innerHTML());
      expect(previewBody).toBe(builtBody);
      expect(builtBody).toContain('class="katex-display"');
    }
    await builtContext.close();
  });

  test('follows the Bulgarian post: a changed Bulgarian title shows in the Bulgarian preview, with its date and link', async ({ page }) => {
    await openCms(page, '/collections/blog_bg/entries/from-sale-order-to-invoice');
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('От поръчка за продажба до фактура, без да въвеждате нищо два пъти');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Нова заглавка за {{product}}');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Нова заглавка за StockPay');
    await expect(frame.getByText('3 ноември 2026 г.')).toBeVisible();
    await expect(frame.locator('h2#path-of-a-sale')).toHaveText('Пътят на една продажба');
    await expect(frame.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', `${site.url}/bg/blog/from-sale-order-to-invoice/`);
    // Nothing is saved by previewing.
    expect(read('content/blog/bg/from-sale-order-to-invoice.md')).toBe(original('content/blog/bg/from-sale-order-to-invoice.md'));
  });

  test('reports a refused <script> as the build would, and runs nothing', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openCms(page, '/collections/privacy/entries/policy');
    await showPreview(page);
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const body = page.getByRole('textbox').last();
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\n<script>alert("ran")</script>\n');
    const alert = frame.getByRole('alert');
    await expect(alert).toContainText('The build refuses this text');
    await expect(alert).toContainText(/content\/privacy\/en\/policy\.md:\d+: .*<script>/);
    await expect(frame.locator('script')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test("the hero as the home page's first screen, in its file's language", async ({ page }) => {
    // One file a language: the preview shows beside the form from the start.
    await openCms(page, '/collections/home/entries/hero_bg');
    const frame = preview(page);
    await expect(frame.locator('section h1#hero-title')).toHaveText(readFrontmatter('hero.md', original('content/home/bg/hero.md')).data.headline as string);
    await expect(frame.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', `${site.url}/bg/`);
    await expect(page.getByRole('link', { name: 'View Live' })).toHaveAttribute('href', `${site.url}/bg/`);
  });

  test("a banner as its home page section, in the pane's language", async ({ page }) => {
    await openCms(page, '/collections/banners/entries/01-sale-orders');
    await showPreview(page, 'BG');
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 2, name: 'Поръчки за продажба, които редактирате до експедицията' })).toBeVisible();
    await expect(frame.locator('section p').first()).toContainText('Съставете поръчка');
    await expect(frame.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', `${site.url}/bg/`);
  });
});

test.describe("editors' images in the CMS and its preview", () => {
  test.setTimeout(90_000);
  const PHOTO = 'content/media/labelled-stock.jpg';
  /** The words of the preview's note (features/cms/preview/EntryPreview.tsx PREVIEW_TEXT), as the test expects them. */
  const SERVED = 'The site shows it at up to 1632 × 1224 px.';

  test('an image already in a post: the upload shown as the CMS holds it, with the size the site serves and its alt text', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await openCms(page, '/collections/blog_en/entries/stock-control-habits');
    const frame = preview(page);
    const alt = 'Packs of red eggs on a shop shelf, each with a price label and a barcode';
    const image = frame.locator('figure.image img');
    await expect(image).toHaveAttribute('alt', alt);
    await expect(image).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([2048, 1536]);
    // The body's image: the post's cover, when it has one, has a note of its own at the top.
    const note = frame.locator('figure.image + div [data-preview-image-note]');
    await expect(note).toContainText(SERVED);
    await expect(note).toContainText('The upload is 2048 × 1536 px');
    await expect(note).toContainText(`Alt text (what a screen reader says): ${alt}`);
    await expect(note.getByRole('alert')).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('an image uploaded in the body: shown in the preview, then saved into content/media/ and written as ![alt](/media/<name>)', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const post = 'content/blog/en/lightning-payment-links.md';
    await openCms(page, '/collections/blog_en/entries/lightning-payment-links');
    // Decap inserts images from the rich-text editor's components; the body opens as markdown source.
    await page.getByText('Rich Text', { exact: true }).locator('..').getByRole('switch').click();
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('menuitem', { name: 'Image' }).click();
    // The component's own image field (a post has a cover field too).
    await page.getByLabel('object field').getByRole('button', { name: 'Choose an image' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'shelf-photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(ROOT, PHOTO)) });
    await page.getByRole('button', { name: 'Choose selected' }).click();
    await page.getByRole('textbox', { name: 'Alt Text' }).fill('A shelf of labelled stock');

    const frame = preview(page);
    const image = frame.locator('img[alt="A shelf of labelled stock"]');
    await expect(image).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048);
    const note = frame.locator('[data-preview-image-note]');
    await expect(note).toContainText(SERVED);
    await expect(note).toContainText('Alt text (what a screen reader says): A shelf of labelled stock');

    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => read(post)).toContain('![A shelf of labelled stock](/media/shelf-photo.jpg)');
    expect(readFileSync(path.join(dir, 'repo', 'content/media/shelf-photo.jpg'))).toEqual(readFileSync(path.join(ROOT, PHOTO)));
    expect(refused).toEqual([]);
  });

  test("a cover set with the post's image field: at the top of the preview with its note, then saved as image and imageAlt", async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const post = 'content/blog/en/lightning-payment-links.md';
    await openCms(page, '/collections/blog_en/entries/lightning-payment-links');
    await page.getByRole('button', { name: 'Choose an image' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'Till Photo.JPG', mimeType: 'image/jpeg', buffer: readFileSync(path.join(ROOT, PHOTO)) });
    await page.getByRole('button', { name: 'Choose selected' }).click();
    const frame = preview(page);
    const cover = frame.locator('article > figure').first();
    // No alt text yet: the note says the build refuses the cover without it.
    await expect(cover).toContainText('The cover has no alt text yet');
    await page.getByRole('textbox', { name: /^Image alt/ }).fill('A till with a payment terminal');
    await expect(cover.locator('img')).toHaveAttribute('alt', 'A till with a payment terminal');
    await expect(cover.locator('img')).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    await expect(cover).toContainText(SERVED);
    await expect(cover).toContainText('when the post is shared, cropped to 1200 × 630 px');
    await expect(cover).not.toContainText('The cover has no alt text yet');

    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    // Decap names the upload in lower case, spaces as hyphens.
    await expect.poll(() => readFrontmatter(post, read(post)).data).toMatchObject({ image: '/media/till-photo.jpg', imageAlt: 'A till with a payment terminal' });
    expect(readFileSync(path.join(dir, 'repo', 'content/media/till-photo.jpg'))).toEqual(readFileSync(path.join(ROOT, PHOTO)));
    expect(validateFrontmatter(post, 'blog', 'lightning-payment-links', readFrontmatter(post, read(post)).data, read(post))).toEqual([]);
    expect(refused).toEqual([]);
  });
});

/**
 * The blog pages the build would make of the posts in the temporary copy:
 * features/blog/pages.node.ts's own planning, over the files as the build reads
 * them and marks them (a draft is not published,
 * features/content/contentNodes.node.ts). Every file is first held to the build's checks.
 */
function plannedPostPages(): { path: string; component: string }[] {
  const files: ContentFile[] = [];
  const nodes: Node[] = [];
  for (const language of ['en', 'bg']) {
    for (const base of readdirSync(path.join(dir, 'repo', 'content', 'blog', language)).sort()) {
      const relative = `blog/${language}/${base}`;
      const parsed = parseContentPath(relative);
      if ('error' in parsed) throw new Error(parsed.error);
      const file = `content/${relative}`;
      files.push({ path: file, ...parsed });
      const { data } = readFrontmatter(file, read(file));
      expect(validateFrontmatter(file, parsed.section, parsed.name, data, read(file))).toEqual([]);
      const fields = { section: parsed.section, language: parsed.language, name: parsed.name, published: data.draft !== true };
      nodes.push({ id: file, parent: null, children: [], internal: { type: 'MarkdownRemark', contentDigest: file, owner: 'e2e' }, fields, frontmatter: data });
    }
  }
  // A post in one language is no missing translation (the other sections' files are not read here); no two files are one page.
  expect([...findMissingTranslations(files).filter((error) => error.startsWith('content/blog/')), ...findDuplicateNames(files)]).toEqual([]);
  return plannedBlogPages(publishedPosts(nodes)).map((planned) => ({ path: planned.path, component: planned.component }));
}

/** The posts' files of a language in the temporary copy. */
const postFiles = (language: 'en' | 'bg') => readdirSync(path.join(dir, 'repo', 'content', 'blog', language)).sort();

/** A field of the one-language post form, by its label: Decap adds " (optional)" to a field not required, as the address is. */
const field = (page: Page, label: 'Address' | 'Title' | 'Description') => page.getByRole('textbox', { name: label === 'Address' ? 'Address (optional)' : label, exact: true });
/** The post's date: Decap's datetime widget is a date input here (time_format: false). */
const dateField = (page: Page) => page.getByLabel('Date', { exact: true });

/** Types a markdown body into the post form's body, which opens as markdown source (its last text box). */
async function typeBody(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox').last().click();
  await page.keyboard.type(text);
}

test.describe('a post in one language: each language its own collection, paired by address', () => {
  test.setTimeout(90_000);
  const ADDRESS = 'zimen-sklad-2026';
  const BG = `content/blog/bg/${ADDRESS}.md`;
  const EN = `content/blog/en/${ADDRESS}.md`;
  const DATE = '2026-12-01';
  const TITLE_BG = 'Зимният склад: как да подредите стоката преди празниците';
  const DESCRIPTION_BG = 'Пет стъпки за подреждане на склада в {{product}} преди декемврийските продажби.';
  const GODISHNA = 'content/blog/bg/godishna-inventarizatsiya.md';
  const GODISHNA_TITLE = 'Годишна инвентаризация в малкия магазин и склад: стъпка по стъпка';

  /** Writes a new Bulgarian post from the blog_bg collection, with its address, and saves it; the CMS then shows it saved. */
  async function createBulgarianPost(page: Page): Promise<void> {
    await openCms(page, '/collections/blog_bg/new');
    await field(page, 'Address').fill(ADDRESS);
    await field(page, 'Title').fill(TITLE_BG);
    await field(page, 'Description').fill(DESCRIPTION_BG);
    await dateField(page).fill(DATE);
    await typeBody(page, 'Преди празниците складът е пълен.\n\n## Подреждане {#order}\n\nПо-продаваното отпред.');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => existsSync(path.join(dir, 'repo', BG))).toBe(true);
  }

  test('lists both collections, the Bulgarian-only post under the Bulgarian one alone', async ({ page }) => {
    await openCms(page, '/collections/blog_bg');
    const english = page.getByRole('link', { name: 'Blog posts · English', exact: true });
    await expect(english).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blog posts · Bulgarian', exact: true })).toBeVisible();
    await expect(page.getByText(GODISHNA_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByText('От поръчка за продажба до фактура, без да въвеждате нищо два пъти', { exact: true })).toBeVisible();
    await english.click();
    await expect(page.getByText('From sale order to invoice without retyping a thing', { exact: true })).toBeVisible();
    await expect(page.getByText(GODISHNA_TITLE, { exact: true })).toHaveCount(0);
  });

  test('a new post in Bulgarian alone: previewed in Bulgarian with no English translation yet, saved as content/blog/bg/<address>.md without its address, published at /bg/blog/<address>/ only', async ({
    page,
  }) => {
    const english = postFiles('en');
    await openCms(page, '/collections/blog_bg/new');
    const frame = preview(page);
    await field(page, 'Address').fill(ADDRESS);
    await field(page, 'Title').fill(TITLE_BG);
    await field(page, 'Description').fill(DESCRIPTION_BG);
    await dateField(page).fill(DATE);
    await typeBody(page, 'Преди празниците складът е пълен.\n\n## Подреждане {#order}\n\nПо-продаваното отпред.');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TITLE_BG);
    await expect(frame.locator('h2#order')).toHaveText('Подреждане');
    await expect(frame.getByText('1 декември 2026 г.')).toBeVisible();
    await expect(frame.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', `${site.url}/bg/blog/${ADDRESS}/`);
    const translation = frame.locator('[data-preview-translation="en"]');
    await expect(translation).toHaveText('No English translation yet: start it with this address');
    // The address is free: no warning.
    await expect(frame.getByRole('alert')).toHaveCount(0);

    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => existsSync(path.join(dir, 'repo', BG))).toBe(true);
    await expect(page).toHaveURL(new RegExp(`#/collections/blog_bg/entries/${ADDRESS}$`));
    const text = read(BG);
    const { data, content: body } = readFrontmatter(BG, text);
    // The address is the file's name, not a field of it.
    expect(Object.keys(data)).not.toContain('address');
    expect(text).not.toMatch(/^address:/m);
    expect(data).toMatchObject({ title: TITLE_BG, description: DESCRIPTION_BG });
    expect(body).toContain('## Подреждане {#order}');
    expect(validateFrontmatter(BG, 'blog', ADDRESS, data, text)).toEqual([]);
    expect(existsSync(path.join(dir, 'repo', EN))).toBe(false);
    expect(postFiles('en')).toEqual(english);
    // What the build makes of it: the Bulgarian page alone (the real build of the Bulgarian-only godishna-inventarizatsiya is in e2e/search.spec.ts and e2e/head.spec.ts).
    const pages = plannedPostPages().filter((planned) => planned.path.includes(ADDRESS));
    expect(pages).toEqual([{ path: `/bg/blog/${ADDRESS}/`, component: BLOG_POST_TEMPLATE }]);

    // Saved again at once, it keeps its file, and says so nowhere in it.
    await expect(translation).toHaveText('No English translation yet: start it with this address');
    await field(page, 'Description').fill('Пет стъпки, преди да дойдат празниците.');
    await publish(page);
    await expect.poll(() => readFrontmatter(BG, read(BG)).data.description).toBe('Пет стъпки, преди да дойдат празниците.');
    expect(read(BG)).toBe(text.replace(DESCRIPTION_BG, 'Пет стъпки, преди да дойдат празниците.'));
    expect(postFiles('bg').filter((file) => file.startsWith(ADDRESS))).toEqual([`${ADDRESS}.md`]);
  });

  test("its English translation, started from the Bulgarian post's preview with the same address and date, saved beside it; each preview then opens the other", async ({
    page,
  }) => {
    await createBulgarianPost(page);
    const bulgarian = read(BG);
    // Opened again as an editor would, from a fresh page.
    await page.goto(`${site.url}/admin/#/collections/blog_bg/entries/${ADDRESS}`);
    await page.reload();
    const frame = preview(page);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TITLE_BG);
    const start = frame.locator('[data-preview-translation="en"]').getByRole('link', { name: 'start it with this address' });
    await expect(start).toHaveAttribute('href', new RegExp(`#/collections/blog_en/new\\?address=${ADDRESS}&date=${DATE}$`));
    await start.click();

    await expect(page).toHaveURL(new RegExp(`#/collections/blog_en/new\\?address=${ADDRESS}&date=${DATE}$`));
    await expect(field(page, 'Address')).toHaveValue(ADDRESS);
    await expect(dateField(page)).toHaveValue(DATE);
    await expect(field(page, 'Title')).toHaveValue('');
    await field(page, 'Title').fill('The winter stockroom: setting out stock before the holidays');
    await field(page, 'Description').fill('Five steps to set out the stockroom in {{product}} before December sales.');
    await typeBody(page, 'Before the holidays the stockroom is full.\n\n## Setting out {#order}\n\nBest sellers at the front.');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('The winter stockroom: setting out stock before the holidays');
    await expect(frame.getByRole('link', { name: /View on site/ })).toHaveAttribute('href', `${site.url}/blog/${ADDRESS}/`);
    await expect(frame.locator('[data-preview-translation="bg"]')).toHaveText('Bulgarian translation: open it');
    await expect(frame.getByRole('alert')).toHaveCount(0);
    // The editor is the new entry's own (features/cms/preview/EntryPreview.tsx startAnew): leaving it unsaved, the CMS asks first.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${site.url}/admin/#/collections/blog_en`);
    await expect.poll(() => asked).toEqual(['Are you sure you want to leave this page?']);
    // Told to stay, it stays (the address bar keeps the address typed, as Decap's history leaves it).
    await expect(field(page, 'Title')).toHaveValue('The winter stockroom: setting out stock before the holidays');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();

    await expect.poll(() => existsSync(path.join(dir, 'repo', EN))).toBe(true);
    await expect(page).toHaveURL(new RegExp(`#/collections/blog_en/entries/${ADDRESS}$`));
    const { data } = readFrontmatter(EN, read(EN));
    expect(Object.keys(data)).not.toContain('address');
    expect(data).toMatchObject({ title: 'The winter stockroom: setting out stock before the holidays' });
    expect(data.date).toEqual(readFrontmatter(BG, bulgarian).data.date);
    expect(validateFrontmatter(EN, 'blog', ADDRESS, data, read(EN))).toEqual([]);
    expect(read(BG)).toBe(bulgarian);
    expect(plannedPostPages().filter((planned) => planned.path.includes(ADDRESS))).toEqual(
      [`/blog/${ADDRESS}/`, `/en/blog/${ADDRESS}/`, `/bg/blog/${ADDRESS}/`].map((pagePath) => ({ path: pagePath, component: BLOG_POST_TEMPLATE })),
    );

    // The Bulgarian post now finds its translation, and opens it.
    await page.goto(`${site.url}/admin/#/edit/blog_bg/${ADDRESS}`);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TITLE_BG);
    const open = frame.locator('[data-preview-translation="en"]');
    await expect(open).toHaveText('English translation: open it');
    await open.getByRole('link', { name: 'open it' }).click();
    await expect(page).toHaveURL(new RegExp(`#/collections/blog_en/entries/${ADDRESS}$`));
    await expect(field(page, 'Title')).toHaveValue('The winter stockroom: setting out stock before the holidays');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('The winter stockroom: setting out stock before the holidays');
    // Once saved, the address is the file's name: the field stays empty.
    await expect(field(page, 'Address')).toHaveValue('');
  });

  test('the Bulgarian-only godishna-inventarizatsiya, opened from the Bulgarian list: a changed description is the only change, and no English file appears', async ({ page }) => {
    await openCms(page, '/collections/blog_bg');
    await page.getByText(GODISHNA_TITLE, { exact: true }).click();
    await expect(page).toHaveURL(/#\/collections\/blog_bg\/entries\/godishna-inventarizatsiya$/);
    const before = readFrontmatter(GODISHNA, original(GODISHNA));
    const description = field(page, 'Description');
    await expect(description).toHaveValue(before.data.description as string);
    await expect(preview(page).locator('[data-preview-translation="en"]')).toHaveText('No English translation yet: start it with this address');
    await description.fill('Инвентаризацията с {{product}}: броене, разлики и документи.');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => readFrontmatter(GODISHNA, read(GODISHNA)).data.description).toBe('Инвентаризацията с {{product}}: броене, разлики и документи.');
    const after = readFrontmatter(GODISHNA, read(GODISHNA));
    expect(after.data).toEqual({ ...before.data, description: 'Инвентаризацията с {{product}}: броене, разлики и документи.' });
    // Byte for byte: the description line changed, and the tags are written as Decap's YAML writer writes a list, one item a line; the rest is as it was.
    expect(read(GODISHNA)).toBe(
      original(GODISHNA)
        .replace(`description: "${before.data.description as string}"`, 'description: "Инвентаризацията с {{product}}: броене, разлики и документи."')
        .replace('tags: [наличности, инвентаризация]\n', 'tags:\n  - наличности\n  - инвентаризация\n'),
    );
    expect(validateFrontmatter(GODISHNA, 'blog', 'godishna-inventarizatsiya', after.data, read(GODISHNA))).toEqual([]);
    expect(existsSync(path.join(dir, 'repo', GODISHNA.replace('/bg/', '/en/')))).toBe(false);
  });

  test('refuses a new post with no address and a title in Cyrillic letters alone, saying what to do, and writes nothing', async ({ page }) => {
    const [english, bulgarian] = [postFiles('en'), postFiles('bg')];
    await openCms(page, '/collections/blog_bg/new');
    await field(page, 'Title').fill('Отчет за склада');
    await field(page, 'Description').fill('Какво показва отчетът.');
    await dateField(page).fill(DATE);
    await publish(page);
    await expect(page.getByText('Bulgarian: the Title "Отчет за склада" names the new entry\'s file content/blog/bg/.md')).toBeVisible();
    await expect(page.getByText('Give the entry an Address (lower-case letters (a-z), digits and single hyphens), or change the Title')).toBeVisible();
    expect([postFiles('en'), postFiles('bg')]).toEqual([english, bulgarian]);
  });

  test("warns in the preview when a new post's address is one its collection has already", async ({ page }) => {
    await openCms(page, '/collections/blog_bg/new');
    await field(page, 'Title').fill('Още за инвентаризацията');
    await field(page, 'Address').fill('godishna-inventarizatsiya');
    const frame = preview(page);
    await expect(frame.getByRole('alert')).toHaveText(
      'This collection has an entry with the address godishna-inventarizatsiya already: saved, this one would be named godishna-inventarizatsiya-1, and be no translation of anything. Choose another address.',
    );
    // A free one clears it.
    await field(page, 'Address').fill('oshte-za-inventarizatsiyata');
    await expect(frame.locator('[data-preview-translation="en"]')).toHaveText('No English translation yet: start it with this address');
    await expect(frame.getByRole('alert')).toHaveCount(0);
  });
});

/** The line of `entry` in what `npm run translations` prints for the files of `repo`. */
function reportedLine(repo: string, entry: string): string | undefined {
  const lines: string[] = [];
  translationsMain([], repo, (line) => lines.push(line));
  return lines
    .join('\n')
    .split('\n')
    .find((line) => line.startsWith(`${entry} `));
}

test.describe('a translation behind its original, in the CMS', () => {
  test.setTimeout(90_000);
  const POLICY_EN = 'content/privacy/en/policy.md';
  const POLICY_BG = 'content/privacy/bg/policy.md';

  test('a paragraph changed in the English policy: the list and the preview mark the Bulgarian one behind, naming the section; marked up to date in the form, the report, the production refusal and the notice are gone', async ({
    page,
  }) => {
    const repo = path.join(dir, 'repo');
    const changed = read(POLICY_EN).replace(/(## (10\. [^\n]*)\n\n)/, '$1You may also object to processing based on our legitimate interests.\n\n');
    // As a reader sees it: without its {#id}.
    const heading = (/## (10\. [^\n]*)/.exec(changed)?.[1] ?? '').replace(/\s*\{#[^}]*\}$/, '');
    expect(changed).not.toBe(read(POLICY_EN));
    writeFileSync(path.join(repo, POLICY_EN), changed);
    const reported = () => reportedLine(repo, 'privacy/policy');
    expect(reported()).toMatch(new RegExp(`^privacy/policy +original +behind since 2025-05-30: ${heading.replace(/[.]/g, '\\.')}$`));
    expect(translationsAtBuild(repo, { production: true }).error).toContain(POLICY_BG);
    expect(translationNotice(repo, 'privacy', 'policy', 'bg')).not.toBeNull();

    // The list: the policy's card says its Bulgarian translation is behind.
    await openCms(page, '/collections/privacy');
    const card = page.getByRole('link', { name: /Bulgarian translation behind/ });
    await expect(card).toBeVisible();
    await card.click();

    // The form, side by side: the English copy is the original; the Bulgarian one is behind, by the changed section's heading.
    const fields = page.getByRole('note', { name: 'Translation' });
    await expect(fields.nth(0)).toContainText('This copy is the original. The Bulgarian translation is behind: 1 section changed since it was marked.');
    await expect(fields.nth(1)).toContainText('Behind the English original, last dated');
    await expect(fields.nth(1).getByRole('listitem')).toHaveText([heading]);
    await expect(fields.nth(1).getByRole('link', { name: 'Open the English original' })).toHaveAttribute('href', `${site.url}/privacy-policy/`);

    // The Bulgarian preview says the same, and where to mark it.
    await showPreview(page, 'BG');
    const shown = preview(page).getByRole('note', { name: 'Translation' });
    await expect(shown).toContainText('Behind the English original');
    await expect(shown.getByRole('listitem')).toHaveText([heading]);
    await expect(shown).toContainText('mark it up to date with the Translation field of the form');

    const field = page.getByRole('note', { name: 'Translation' });
    await field.getByRole('button', { name: 'Mark as up to date with the English original' }).click();
    await expect(field).toContainText('Up to date with the English original.');
    await expect(field.getByRole('status')).toHaveText('Marked up to date: the mark is saved with the entry when you save or publish it.');
    await expect(shown).toContainText('Up to date with the English original.');
    // Nothing is written until the editor saves.
    expect(read(POLICY_BG)).toBe(original(POLICY_BG));
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();

    // The record is the one value that changed (Decap writes the frontmatter in its own YAML style), and what the build reads clears all three.
    await expect.poll(() => read(POLICY_BG)).not.toBe(original(POLICY_BG));
    const before = readFrontmatter(POLICY_BG, original(POLICY_BG));
    const after = readFrontmatter(POLICY_BG, read(POLICY_BG));
    expect(after.data).toEqual({ ...before.data, translation: expect.stringMatching(/^en( [0-9a-f]{12})+$/) });
    expect(after.data.translation).not.toBe(before.data.translation);
    expect(after.content).toBe(before.content);
    // Decap saves both languages of a side-by-side entry: the English one says what it said.
    expect(readFrontmatter(POLICY_EN, read(POLICY_EN)).data).toEqual(readFrontmatter(POLICY_EN, changed).data);
    expect(readFrontmatter(POLICY_EN, read(POLICY_EN)).content.trim()).toBe(readFrontmatter(POLICY_EN, changed).content.trim());
    expect(reported()).toMatch(/^privacy\/policy +original +up to date$/);
    expect(translationsAtBuild(repo, { production: true }).error).toBeUndefined();
    expect(translationNotice(repo, 'privacy', 'policy', 'bg')).toBeNull();

    // And the list no longer marks it (the CMS is signed in already).
    await page.goto(`${site.url}/admin/#/collections/privacy`);
    await expect(page.locator('a[href$="/collections/privacy/entries/policy"]')).toBeVisible();
    await expect(page.locator('[data-translation-mark]')).toHaveCount(0);
  });

  test('follows the English as the editor changes it beside the Bulgarian, before anything is saved', async ({ page }) => {
    await openCms(page, '/collections/privacy/entries/policy');
    const bulgarianField = page.getByRole('note', { name: 'Translation' }).nth(1);
    await expect(bulgarianField).toContainText('Up to date with the English original.');
    const englishTitle = page.getByRole('textbox', { name: 'Title', exact: true }).first();
    await englishTitle.fill('Privacy Policy of StockPay');
    await expect(bulgarianField).toContainText('Behind the English original');
    await expect(bulgarianField.getByRole('listitem')).toHaveText(['the frontmatter (title, description…)']);
    // Back as it was: up to date again, and no file was written.
    await englishTitle.fill('Privacy Policy');
    await expect(bulgarianField).toContainText('Up to date with the English original.');
    expect(read(POLICY_EN)).toBe(original(POLICY_EN));
  });
});

test.describe('UI strings behind their English, in the CMS', () => {
  test.setTimeout(90_000);
  const COMMON_EN = 'locales/en/common.json';
  const RECORDS = 'locales/translations.yml';

  test("a changed English string: the Bulgarian file is marked behind in the list and in the records' form, naming its key, until marked there", async ({ page }) => {
    const repo = path.join(dir, 'repo');
    const english = JSON.parse(read(COMMON_EN)) as Record<string, unknown>;
    writeFileSync(path.join(repo, COMMON_EN), `${JSON.stringify({ ...english, skipToContent: 'Skip to the content' }, null, 2)}\n`);
    const reported = () => reportedLine(repo, 'locales/common');
    expect(reported()).toMatch(/^locales\/common +original +behind: skipToContent$/);

    await openCms(page, '/collections/ui_strings');
    await expect(page.locator('a[href$="/collections/ui_strings/entries/common_bg"]')).toContainText('Behind its English original');
    await expect(page.locator('a[href$="/collections/ui_strings/entries/common_en"]')).toContainText('Bulgarian translation behind');
    await expect(page.locator('a[href$="/collections/ui_strings/entries/blog_bg"] [data-translation-mark]')).toHaveCount(0);

    await page.goto(`${site.url}/admin/#/collections/ui_translations/entries/translations`);
    // The fields are the namespaces in order: blog, then common.
    const common = page.getByRole('note', { name: 'Translation' }).nth(1);
    await expect(common).toContainText('Behind the English original');
    await expect(common.getByRole('listitem')).toHaveText(['skipToContent']);
    await expect(common.getByRole('link', { name: 'Open the English original' })).toHaveAttribute('href', /#\/edit\/ui_strings\/common_en$/);
    await common.getByRole('button', { name: 'Mark as up to date with the English original' }).click();
    await expect(common).toContainText('Up to date with the English original.');
    await publish(page);
    await expect(page.getByText('Entry saved', { exact: false })).toBeVisible();
    await expect.poll(() => reported()).toMatch(/^locales\/common +original +up to date$/);
    // The other files' records are as they were.
    const records = parse(read(RECORDS)) as { bg: Record<string, string> };
    const before = parse(original(RECORDS)) as { bg: Record<string, string> };
    expect(Object.keys(records.bg).sort()).toEqual(Object.keys(before.bg).sort());
    for (const namespace of Object.keys(before.bg)) if (namespace !== 'common') expect(records.bg[namespace]).toBe(before.bg[namespace]);
    expect(records.bg.common).not.toBe(before.bg.common);
  });
});

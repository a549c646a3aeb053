/**
 * The editors' CMS at /admin/ as an editor uses it: Decap CMS from the
 * build's admin folder (gatsby/admin.ts), over its local backend
 * (cms/localBackend.ts) on a temporary copy of content/ and locales/,
 * so the repository's files are never touched. Each test edits in the
 * browser, saves, and reads the files the CMS wrote.
 */
import { expect, test, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeAdmin } from '../gatsby/admin';
import { startContentServer, type ContentServer } from '../cms/localBackend';
import { listen, type RunningServer } from '../node/listen';
import { createStaticApp } from '../hosting/staticServer';
import { validateFrontmatter } from '../src/build/content';
import { readFrontmatter } from '../src/build/frontmatterParser';

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
    // Byte for byte: only that value changed, the keys in their order (src/build/cmsRules.ts inReferenceOrder).
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
  // The checks build with CMS_BACKEND=git-gateway (node/processes.ts): Decap asks for Netlify Identity.
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
      // Read without evaluating in the page: the CMS page's own eval throws (src/build/adminPage.ts EVAL_REFUSED).
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
    await openCms(page, '/collections/blog/entries/from-sale-order-to-invoice');
    await showPreview(page);
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
    // Mermaid, the drawing page and the components' styles load under the page's policy (src/build/adminPage.ts).
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
    await openCms(page, '/collections/blog/entries/from-sale-order-to-invoice');
    await showPreview(page);
    const frame = preview(page);
    for (const language of ['EN', 'BG'] as const) {
      if (language === 'BG') {
        await page.getByRole('button', { name: 'Writing in EN' }).click();
        await page.getByRole('menuitem', { name: 'bg', exact: true }).click();
      }
      await built.goto(`${baseURL}${language === 'BG' ? '/bg' : ''}/blog/from-sale-order-to-invoice/`);
      const builtBody = await bodyOf(await built.locator('article [class*="prose"]').first().innerHTML());
      await expect(frame.locator('[lang] h1')).toHaveText(await built.locator('h1').first().innerText());
      await expect(frame.locator('figure.diagram svg').first()).toBeVisible({ timeout: 20_000 });
      const previewBody = await bodyOf(await frame.locator('article [class*="prose"]').first().innerHTML());
      expect(previewBody).toBe(builtBody);
      expect(builtBody).toContain('class="katex-display"');
    }
    await builtContext.close();
  });

  test('follows the Bulgarian pane: a changed Bulgarian title shows in the Bulgarian preview, with its date and link', async ({ page }) => {
    await openCms(page, '/collections/blog/entries/from-sale-order-to-invoice');
    await showPreview(page, 'BG');
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
  /** The words of the preview's note (src/browser/preview/EntryPreview.tsx PREVIEW_TEXT), as the test expects them. */
  const SERVED = 'The site shows it at up to 1632 × 1224 px.';

  test('an image already in a post: the upload shown as the CMS holds it, with the size the site serves and its alt text', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await openCms(page, '/collections/blog/entries/stock-control-habits');
    await showPreview(page);
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
    await openCms(page, '/collections/blog/entries/lightning-payment-links');
    await showPreview(page);
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
    await openCms(page, '/collections/blog/entries/lightning-payment-links');
    await showPreview(page);
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

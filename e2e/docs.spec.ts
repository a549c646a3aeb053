import { expect, test, type Page } from '@playwright/test';
import { htmlFiles } from '../system/folderTree';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readBuildRecord } from '../features/hosting/publicFiles.node';
import { pageScripts } from '../features/runtime/runtimeMarkup.node';
import { COPY_RESET_MS } from '../features/markdown/rendered';
import { installClock, isSameDocument, markDocument, pauseClock, waitForHydration } from './support';
import { PUBLIC_DIR } from '../system/paths.js';

const PUBLIC = PUBLIC_DIR;

for (const { prefix, heading, toc, faq } of [
  { prefix: '', heading: 'Documentation', toc: 'On this page', faq: 'FAQ' },
  { prefix: '/bg', heading: 'Документация', toc: 'На тази страница', faq: 'Често задавани въпроси' },
]) {
  test(`docs ${prefix || '/'}: math, diagram, emoji and a table of contents, rendered at build time`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${prefix}/docs/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const article = page.getByRole('article');
    await expect(article.locator('.katex').first()).toBeVisible();
    await expect(article.locator('.katex-display')).toHaveCount(1);
    await expect(article.locator('figure.diagram svg')).toBeVisible();
    await expect(article.locator('figure.diagram svg text, figure.diagram svg tspan').first()).toBeAttached();
    expect(await article.textContent()).toMatch(/\p{Extended_Pictographic}/u);
    expect(await article.textContent()).not.toMatch(/:(rocket|zap|bulb|package):/);

    const contents = page.getByRole('navigation', { name: toc }).filter({ visible: true });
    await expect(contents.getByRole('link').first()).toBeVisible();
    await contents.getByRole('link', { name: faq, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/docs/#faq$`));
    await expect(page.locator('#faq')).toBeInViewport();

    await expect(page.locator(`link[rel="stylesheet"][href*="katex"]`)).toHaveCount(1);
    expect(scripts.filter((url) => /katex|mermaid/i.test(url))).toEqual([]);
  });
}

test('the footer FAQ and Roadmap links land on their sections of the documentation', async ({ page }) => {
  await page.goto('/bg/pricing/');
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Пътна карта' }).click();
  await expect(page).toHaveURL(/\/bg\/docs\/#roadmap$/);
  await expect(page.locator('#roadmap')).toBeInViewport();
  expect(await isSameDocument(page)).toBe(true);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Често задавани въпроси' }).click();
  await expect(page.locator('#faq')).toBeInViewport();
});

/**
 * Clicks the table of contents' FAQ link and says, for each scroll event
 * until #faq is in view, the scroll behaviour in force (computed, so a
 * stylesheet that overrode the page's would show). How many frames a smooth
 * scroll gets is the machine's speed; that the browser animates it is the page's.
 */
async function scrollBehavioursToFaq(page: Page): Promise<string[]> {
  await page.goto('/docs/');
  await waitForHydration(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as Window & { behaviours?: string[] }).behaviours = seen;
    window.addEventListener('scroll', () => seen.push(getComputedStyle(document.documentElement).scrollBehavior));
  });
  await page.getByRole('navigation', { name: 'On this page' }).filter({ visible: true }).getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page.locator('#faq')).toBeInViewport();
  // Then the smooth behaviour is switched off again, so focus scrolls stay instant.
  await expect.poll(() => page.evaluate(() => document.documentElement.style.scrollBehavior)).toBe('');
  return page.evaluate(() => (window as Window & { behaviours?: string[] }).behaviours ?? []);
}

test.describe('in-page links', () => {
  test('scroll smoothly: the browser animates the scroll', async ({ page }) => {
    const behaviours = await scrollBehavioursToFaq(page);
    expect(behaviours[0]).toBe('smooth');
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('jump in one step', async ({ page }) => {
      expect(await scrollBehavioursToFaq(page)).toEqual(['auto']);
    });
  });
});

test.describe('copy buttons', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copy the code block, say Copied for 3 seconds, then Copy again', async ({ page }) => {
    // The page's time stands still once it has loaded, and moves only as the test says.
    await installClock(page);
    await page.goto('/docs/');
    await waitForHydration(page);
    await pauseClock(page);
    const block = page.locator('.code-block').first();
    const code = (await block.locator('pre').textContent()) ?? '';
    expect(code).toContain('curl');
    // Located by place, not name: the name changes to 'Copied'.
    const button = block.getByRole('button');
    await expect(button).toHaveText('Copy');
    await button.click();
    await expect(button).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.getByRole('status').filter({ hasText: 'Code copied to the clipboard.' })).toHaveCount(1);
    await page.clock.runFor(COPY_RESET_MS - 1);
    await expect(button).toHaveText('Copied');
    await page.clock.runFor(1);
    await expect(button).toHaveText('Copy');
  });

  test('work from the keyboard, in Bulgarian', async ({ page }) => {
    await page.goto('/bg/docs/');
    const button = page.locator('.code-block').nth(1).getByRole('button');
    await expect(button).toHaveText('Копирай');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveText('Копирано');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"status"');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the documentation reads fully and offers no copy button that cannot work', async ({ page }) => {
    await page.goto('/docs/');
    await expect(page.locator('.katex').first()).toBeVisible();
    await expect(page.locator('figure.diagram svg')).toBeVisible();
    await expect(page.locator('.code-block pre').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(0);
  });
});

test('the built pages load no KaTeX or mermaid script, and only math pages link KaTeX CSS', () => {
  const files = htmlFiles(PUBLIC).map((file) => path.join(PUBLIC, file));
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const scripts = pageScripts(html, readBuildRecord(PUBLIC).runtime.scripts);
    expect([file, scripts.filter((src) => /katex|mermaid/i.test(src))]).toEqual([file, []]);
    expect([file, /mermaid\.(min\.)?js/.test(html)]).toEqual([file, false]);
  }
  const docs = readFileSync(path.join(PUBLIC, 'docs', 'index.html'), 'utf8');
  expect(docs).toContain('class="katex"');
  expect(docs).toMatch(/<figure class="diagram"><svg[^>]*role="graphics-document document"/);
  expect(docs).toMatch(/<link[^>]*rel="stylesheet"[^>]*katex[^>]*katex\.min\.css/);
  for (const other of ['index.html', 'bg/index.html', 'privacy-policy/index.html', 'pricing/index.html']) {
    expect([other, /katex\.min\.css/.test(readFileSync(path.join(PUBLIC, other), 'utf8'))]).toEqual([other, false]);
  }
});

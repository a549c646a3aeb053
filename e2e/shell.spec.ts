import { expect, test } from '@playwright/test';
import { APP_URL, PHONE, isSameDocument, markDocument, waitForHydration } from './support';

test.describe('Launch App', () => {
  for (const { path, name, url } of [
    { path: '/', name: 'Launch App', url: `${APP_URL}/en-US/` },
    { path: '/en/docs/', name: 'Launch App', url: `${APP_URL}/en-US/` },
    { path: '/bg/pricing/', name: 'Към приложението', url: `${APP_URL}/bg/` },
  ]) {
    test(`opens the application in a new tab from ${path}`, async ({ page, context }) => {
      await page.goto(path);
      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('banner').getByRole('link', { name }).click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(url);
      await expect(tab.getByRole('heading', { name: 'Application stand-in' })).toBeVisible();
      expect(page.url()).toContain(path);
    });
  }
});

test('internal links navigate without a full reload', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await markDocument(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/docs\/$/);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact\/$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy\/$/);
  expect(await isSameDocument(page)).toBe(true);
});

test('going back restores the scroll position', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  // A dispatched click: Playwright's own click would first scroll the link into view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).dispatchEvent('click');
  await expect(page).toHaveURL(/\/pricing\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Within a few pixels: Chromium's scroll anchoring may nudge the position it saved.
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - 900)).toBeLessThanOrEqual(4);
});

test('back to top: the floating button appears after scrolling, and both controls go to the top', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const floating = page.getByRole('button', { name: 'Back to top' });
  await expect(floating).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(floating).toBeVisible();
  await floating.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('banner')).toBeFocused();
  await expect(floating).toBeHidden();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(new URL(page.url()).hash).toBe('');
});

test.describe('on a phone', () => {
  // The keyboard walk through the menu is in keyboard.spec.ts.
  test.use({ viewport: PHONE, hasTouch: true });

  test('the menu opens by touch and a tap navigates', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('summary', { hasText: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).tap();
    await expect(page).toHaveURL(/\/pricing\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});

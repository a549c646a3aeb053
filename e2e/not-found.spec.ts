import { expect, test } from '@playwright/test';
import { waitForHydration } from './support';

test.describe('unknown paths show the Not-found page in their language', () => {
  for (const { path, lang, message, home, contact } of [
    { path: '/no/such/page', lang: 'en', message: "I'm afraid I can't do that.", home: '/', contact: '/contact/' },
    { path: '/en/anything', lang: 'en', message: "I'm afraid I can't do that.", home: '/en/', contact: '/en/contact/' },
    { path: '/bg/anything', lang: 'bg', message: 'Опасявам се, че не мога да направя това.', home: '/bg/', contact: '/bg/contact/' },
  ]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // After hydration too: the match path (/bg/*, not /bg/bg/*) picks the page.
      await expect(page.getByRole('heading', { level: 1 })).toContainText(message);
      await expect(page.getByRole('main').locator('p', { hasText: /^404$/ })).toBeVisible();
      const help = page.getByRole('main').locator('p').last();
      await expect(help.getByRole('link').first()).toHaveAttribute('href', home);
      await expect(help.getByRole('link').last()).toHaveAttribute('href', contact);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('English copy and links', async ({ page }) => {
    await page.goto('/missing');
    await expect(page.getByRole('main')).toContainText('Join the product back at the homepage or contact us for help.');
    // A click while the 404 page hydrates can leave it showing at /contact/
    // (about 1 in 8 clicks in the first second; filed as its own issue).
    // This test checks the copy and the link, so it clicks once hydrated.
    await waitForHydration(page);
    await page.getByRole('link', { name: 'contact us' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });

  // The page hydrates in a transition: a link clicked before the router
  // listened used to change the address and leave the 404 page showing
  // (4 of 32 such clicks). Clicks from the first paint on, at several delays.
  for (const delay of [0, 50, 100, 200, 300, 400, 600]) {
    test(`a link clicked ${delay} ms after the page appears, while it hydrates, still leads to its page`, async ({ page }) => {
      await page.goto('/missing', { waitUntil: 'commit' });
      const contact = page.getByRole('link', { name: 'contact us' });
      await contact.waitFor();
      await page.waitForTimeout(delay);
      await contact.click();
      await expect(page).toHaveURL(/\/contact\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    });
  }
});

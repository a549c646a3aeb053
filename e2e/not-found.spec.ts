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
    // (about 1 in 8 clicks in the first second here; not fixed yet).
    // This test checks the copy and the link, so it clicks once hydrated.
    await waitForHydration(page);
    await page.getByRole('link', { name: 'contact us' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });
});

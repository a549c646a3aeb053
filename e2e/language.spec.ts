import { expect, test, type Page } from '@playwright/test';
import { isSameDocument, languageToggle, markDocument, waitForHydration } from './support';

async function switchLanguage(page: Page, option: string) {
  await languageToggle(page).click();
  await page.getByRole('link', { name: option }).click();
}

test('the language dropdown round trip reloads the page each time', async ({ page }) => {
  await page.goto('/pricing/');
  await waitForHydration(page);
  await markDocument(page);

  await switchLanguage(page, 'BG - Bulgarian');
  await expect(page).toHaveURL(/\/bg\/pricing\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ясни цени, които растат с вас');
  expect(await isSameDocument(page)).toBe(false);

  await waitForHydration(page);
  await markDocument(page);
  await switchLanguage(page, 'EN - Английски');
  await expect(page).toHaveURL(/\/en\/pricing\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await isSameDocument(page)).toBe(false);
});

test('an unsupported language leaves the page as it is and logs a warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/contact/');
  await waitForHydration(page);
  await markDocument(page);
  await languageToggle(page).click();
  const bulgarian = page.getByRole('link', { name: 'BG - Bulgarian' });
  await bulgarian.evaluate((link) => link.setAttribute('hreflang', 'fr'));
  await bulgarian.click();

  await expect.poll(() => warnings).toContain('Language switch ignored: "fr" is not one of en, bg.');
  await expect(page).toHaveURL(/\/contact\/$/);
  expect(new URL(page.url()).pathname).toBe('/contact/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await isSameDocument(page)).toBe(true);
});

// The dropdown by keyboard (Enter, Space, Tab, Escape) is walked in keyboard.spec.ts.

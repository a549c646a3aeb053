import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sandbox, waitForHydration } from './support';

/** axe-core's WCAG 2.1 A and AA rules, on the page as a visitor sees it. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.beforeEach(async ({ request }) => sandbox.reset(request));

for (const path of ['/', '/docs/', '/pricing/', '/contact/', '/privacy-policy/', '/bg/', '/bg/pricing/', '/bg/contact/', '/bg/nowhere']) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    if (path.endsWith('pricing/')) await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('the contact form with its errors showing has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/contact/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open menu has no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/bg/');
    await waitForHydration(page);
    await page.locator('summary', { hasText: 'Меню' }).click();
    expect(await violations(page)).toEqual([]);
  });
});

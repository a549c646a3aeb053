import { expect, test } from '@playwright/test';
import { isSameDocument, markDocument, waitForHydration } from './support';

for (const { prefix, facts, contact, contactPath, updated } of [
  {
    prefix: '',
    updated: 'Last updated: May 30, 2025',
    facts: ['7 years after the account is deleted', 'Usage data** is kept for **2 years'.replace(/\*/g, ''), 'within 30 days', 'not intended for people under 16'],
    contact: 'contact page',
    contactPath: '/contact/',
  },
  {
    prefix: '/bg',
    updated: 'Последна актуализация: 30 май 2025 г.',
    facts: ['7 години', '2 години', '30 дни', '16'],
    contact: 'страницата за контакт',
    contactPath: '/bg/contact/',
  },
]) {
  test(`privacy policy ${prefix || '/'}: 14 sections, the stated facts, links`, async ({ page }) => {
    await page.goto(`${prefix}/privacy-policy/`);
    const article = page.getByRole('article');
    const sections = article.getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(14);
    for (let n = 1; n <= 14; n++) await expect(sections.nth(n - 1)).toHaveText(new RegExp(`^${n}\\. `));
    await expect(article).toContainText(updated);
    for (const fact of facts) await expect(article).toContainText(fact);

    const stripe = article.locator('a[href="https://stripe.com/privacy"]');
    await expect(stripe).toHaveAttribute('target', '_blank');
    await expect(stripe).toHaveAttribute('rel', 'noopener noreferrer');

    await waitForHydration(page);
    await markDocument(page);
    await article.getByRole('link', { name: contact }).first().click();
    await expect(page).toHaveURL(new RegExp(`${contactPath}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', prefix ? 'bg' : 'en');
    expect(await isSameDocument(page)).toBe(true);
  });
}

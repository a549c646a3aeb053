import { expect, test } from '@playwright/test';
import { languageToggle } from './support';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the language switch and navigation are plain links that reach their pages', async ({ page }) => {
    await page.goto('/pricing/');
    await languageToggle(page).click();
    await page.getByRole('link', { name: 'BG - Bulgarian' }).click();
    await expect(page).toHaveURL(/\/bg\/pricing\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bg');

    await page.getByRole('navigation', { name: 'Основна' }).getByRole('link', { name: 'Документация' }).click();
    await expect(page).toHaveURL(/\/bg\/docs\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Документация');

    await languageToggle(page).click();
    await page.getByRole('link', { name: 'EN - Английски' }).click();
    await expect(page).toHaveURL(/\/en\/docs\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('home and 404 render their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory & Payment Management Made Simple');
    await expect(page.getByRole('region', { name: 'Everything your business runs on' }).getByRole('listitem')).toHaveCount(17);
    await page.goto('/bg/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Опасявам се, че не мога да направя това.');
  });

  for (const [path, labels, note] of [
    ['/contact/', { name: 'Name', email: 'Email Address', message: 'Message', submit: 'Submit' }, 'This form needs JavaScript'],
    ['/bg/contact/', { name: 'Име', email: 'Имейл адрес', message: 'Съобщение', submit: 'Изпрати' }, 'Тази форма се нуждае от JavaScript'],
  ] as const) {
    test(`${path}: nothing typed reaches a URL, and a note offers another way to write`, async ({ page }) => {
      await page.goto(path);
      const noteText = page.getByText(note);
      await expect(noteText).toBeVisible();
      await expect(noteText.getByRole('link')).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/);
      const typed = { name: 'Ana Secret', email: 'ana.secret@example.com', message: 'A private message' };
      await page.getByLabel(labels.name, { exact: true }).fill(typed.name);
      await page.getByLabel(labels.email).fill(typed.email);
      await page.getByLabel(labels.message).fill(typed.message);
      const before = page.url();
      const submit = page.getByRole('button', { name: labels.submit });
      await expect(submit).toBeDisabled();
      await submit.click({ force: true });
      // Enter in a field is the other way a form submits itself.
      await page.getByLabel(labels.email).press('Enter');
      await page.waitForTimeout(300);
      expect(page.url()).toBe(before);
      for (const value of Object.values(typed)) {
        expect(decodeURIComponent(page.url())).not.toContain(value.split(' ')[0]);
      }
      await expect(page.getByLabel(labels.message)).toHaveValue(typed.message);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu still opens and its links work', async ({ page }) => {
      await page.goto('/');
      await page.locator('summary', { hasText: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact\/$/);
    });
  });
});

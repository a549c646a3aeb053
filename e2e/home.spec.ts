import { expect, test } from '@playwright/test';
import { APP_URL } from './support';

test('home shows the headline, the three banner sections, the topics and the calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory & Payment Management Made Simple');
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections).toHaveText([
    'Sale orders you can edit until they ship',
    'Features built for day-to-day trade',
    'Payments Made Simple',
    'Everything your business runs on',
    'Ready when you are',
  ]);
  await expect(page.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', `${APP_URL}/en-US/`);
  await expect(page.getByRole('link', { name: /Try StockPay for free/ }).first()).toHaveAttribute('href', `${APP_URL}/en-US/`);
  const demo = page.getByRole('button', { name: /Demo Account/ });
  await expect(demo).toBeDisabled();
  await expect(demo).toContainText('soon');
  await expect(page.getByRole('region', { name: 'Everything your business runs on' }).getByRole('listitem')).toHaveCount(17);
});

test('Bulgarian home is in Bulgarian', async ({ page }) => {
  await page.goto('/bg/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Лесно управление на наличности и плащания');
  await expect(page.getByRole('heading', { name: 'Плащанията стават лесни' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Опитайте StockPay безплатно/ }).first()).toHaveAttribute('href', `${APP_URL}/bg/`);
  await expect(page.getByRole('button', { name: /Демо акаунт/ })).toContainText('скоро');
});

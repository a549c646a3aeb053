import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../features/site/languages';
import { PHONE, POST_PATHS, PREFIXES, ROUTES, languageOf, languageToggle, sandbox, waitForHydration } from './support';

/**
 * axe-core on every page and every state a visitor can bring about, in both
 * languages, at desktop and phone widths. Each page is loaded once and
 * checked at both widths: the layout is CSS only (no script reads the
 * viewport), so resizing gives the phone layout without a second load.
 */
const DESKTOP = { width: 1280, height: 800 } as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's WCAG 2.0/2.1 A and AA rules and its best practices, on the page as a visitor sees it now. */
async function violations(page: Page): Promise<string[]> {
  // Only violations carry node details: axe's reports of passes are large and slow to build.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Checks the page at desktop width, then at phone width. */
async function expectNoViolations(page: Page): Promise<void> {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    expect.soft(await violations(page), `axe violations at ${name} width (${viewport.width} px)`).toEqual([]);
  }
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

test.use({ viewport: DESKTOP });
test.beforeEach(async ({ request }) => sandbox.reset(request));
test.afterAll(async ({ request }) => sandbox.reset(request));

test.describe('every page', () => {
  // Every route under every prefix, the 404 page each prefix serves for an unknown address, and every blog post.
  const paths = [...PREFIXES.flatMap((prefix) => [...ROUTES.map((route) => `${prefix}${route}`), `${prefix}/nowhere`]), ...POST_PATHS];
  for (const path of paths) {
    test(`${path} has no axe violations at desktop and phone widths`, async ({ page }) => {
      await open(page, path);
      if (path.endsWith('/pricing/')) await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      await expectNoViolations(page);
    });
  }
});

test.describe('states', () => {
  for (const path of ['/search/?q=payment', '/bg/search/?q=инвентаризация']) {
    test(`the search page with results (${path})`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('status')).toHaveText(/\d/);
      await expect(page.getByRole('main').locator('mark').first()).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('the open language dropdown', async ({ page }) => {
    await open(page, '/bg/');
    await languageToggle(page).click();
    await expect(page.getByRole('link', { name: 'EN - Английски' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the pricing page when the live plans cannot be loaded', async ({ page, request }) => {
    await sandbox.fault(request, { target: 'plans', kind: 'status', status: 503 });
    await open(page, '/pricing/');
    await expect(page.getByRole('status')).toContainText('We could not check for newer prices.');
    await expectNoViolations(page);
  });

  test('the contact form with its errors showing', async ({ page }) => {
    await open(page, '/contact/');
    // The pointer moving to Submit is the visitor's first interaction: it loads the form's engine and enables Submit.
    await page.getByRole('button', { name: 'Submit' }).hover();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expectNoViolations(page);
  });

  /** The contact form's labels in every language: a new language adds its own. */
  const FORM: Record<Language, { name: string; email: string; message: string; submit: string }> = {
    en: { name: 'Name', email: 'Email Address', message: 'Message', submit: 'Submit' },
    bg: { name: 'Име', email: 'Имейл адрес', message: 'Съобщение', submit: 'Изпрати' },
  };
  async function sendMessage(page: Page, prefix: '' | '/bg') {
    const form = FORM[languageOf(prefix)];
    await open(page, `${prefix}/contact/`);
    await page.getByLabel(form.name, { exact: true }).fill('Ana');
    await page.getByLabel(form.email).fill('ana@example.com');
    await page.getByLabel(form.message).fill('Please call me.');
    await page.getByRole('button', { name: form.submit }).click();
  }

  test('the contact form after a successful send', async ({ page }) => {
    await sendMessage(page, '/bg');
    await expect(page.getByRole('status').filter({ hasText: 'Благодарим ви!' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the contact form after a failed send', async ({ page, request }) => {
    await sandbox.fault(request, { target: 'contact', kind: 'status', status: 500 });
    await sendMessage(page, '');
    await expect(page.getByRole('alert')).toContainText('Your message was not sent.');
    await expectNoViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the open menu', async ({ page }) => {
      await open(page, '/bg/');
      await page.locator('summary', { hasText: 'Меню' }).click();
      await expect(page.getByRole('navigation', { name: 'Основна' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
});

import { expect, test, type Page } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../features/site/api';
import { APP_URL, SANDBOX_URL, installClock, sandbox } from './support';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.beforeEach(async ({ request }) => {
  await sandbox.reset(request);
});
test.afterAll(async ({ request }) => {
  await sandbox.reset(request);
});

test('a spinner in a 400 px region, then the annual plans by default', async ({ page, request }) => {
  // The plans are held until the test has looked, however fast the page loads.
  await sandbox.fault(request, { target: 'plans', kind: 'hold' });
  await page.goto('/pricing/');
  const loading = page.getByRole('status').filter({ hasText: 'Loading subscription plans...' });
  await expect(loading).toBeVisible();
  const region = page.locator('[aria-busy]');
  expect((await region.boundingBox())?.height).toBeGreaterThanOrEqual(400);
  await sandbox.waitingFor(request, 1);
  expect(await sandbox.release(request)).toBe(1);
  await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
  expect((await region.boundingBox())?.height).toBeGreaterThanOrEqual(400);
  await expect(page.getByRole('radio', { name: /ANNUAL/ })).toBeChecked();
});

test('each period shows its cards, badges, prices and per-month text', async ({ page }) => {
  await page.goto('/pricing/');
  await expect(page.getByRole('radio', { name: 'MONTHLY' })).toBeVisible();
  await expect(page.getByText('-10%', { exact: true })).toBeVisible();
  await expect(page.getByText('-15%', { exact: true })).toBeVisible();

  const expectations = {
    MONTHLY: { prices: ['BGN 29.00', 'BGN 79.00', 'BGN 199.00'], per: 'per month' },
    ANNUAL: { prices: ['BGN 26.10', 'BGN 71.10', 'BGN 179.10'], per: 'per month (billed annually)' },
    BITCOIN: { prices: ['BGN 24.65', 'BGN 67.15', 'BGN 169.15'], per: 'per month (billed annually)' },
  };
  for (const [label, { prices, per }] of Object.entries(expectations)) {
    await page.getByRole('radio', { name: new RegExp(label) }).check();
    await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
    const texts = (await cards(page).allTextContents()).map(plain);
    prices.forEach((price, i) => expect(texts[i]).toContain(`${price}${per}`));
  }
  const [entrepreneur, small, mid] = (await cards(page).allTextContents()).map(plain);
  expect(entrepreneur).toContain('1 user8,000 orders per year1 store locationFull accessNo API access');
  expect(small).toContain('5 users60,000 orders per year5 store locationsUser access rightsLimited API access');
  expect(mid).toContain('10 users300,000 orders per year50 store locationsUser access rightsFull API access');
});

// The period selector by keyboard (Tab, arrow keys) is walked in keyboard.spec.ts.

test('Bulgarian: лв., Bulgarian texts, and Choose Plan opens the Bulgarian plan page', async ({ page, context }) => {
  await page.goto('/bg/pricing/');
  await expect(names(page)).toHaveText(['Предприемач', 'Малък бизнес', 'Среден бизнес']);
  expect(plain(await cards(page).nth(1).textContent())).toContain('71,10 лв.на месец (при годишно плащане)');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    cards(page)
      .nth(1)
      .getByRole('link', { name: /Изберете план/ })
      .click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${APP_URL}/bg/plans/plan_small_year`);
});

test('English Choose Plan opens the en-US plan page in a new tab', async ({ page, context }) => {
  await page.goto('/en/pricing/');
  await page.getByRole('radio', { name: 'MONTHLY' }).check();
  const link = cards(page)
    .nth(2)
    .getByRole('link', { name: /Choose Plan/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${APP_URL}/en-US/plans/plan_mid_month`);
});

test('onboarding notes and the custom plan block', async ({ page }) => {
  await page.goto('/pricing/');
  const onboarding = page.getByRole('region', { name: 'Onboarding' }).getByRole('listitem');
  await expect(onboarding).toHaveCount(3);
  await expect(onboarding.nth(0)).toContainText('No onboarding fee');
  await expect(onboarding.nth(0)).not.toContainText('Required one-time payment');
  for (const [i, fee] of [
    [1, 'BGN 299.00'],
    [2, 'BGN 799.00'],
  ] as const) {
    expect(plain(await onboarding.nth(i).textContent())).toContain(`One-time onboarding fee${fee}Required one-time payment in addition to subscription`);
  }
  const custom = page.getByRole('region', { name: 'Need a Custom Plan?' });
  await expect(custom).toContainText('tailored solution');
  await expect(custom).toContainText('quote');
  await custom.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact\/$/);
});

test('the apiKey header reaches the payments API, which refuses a call without it', async ({ page, request }) => {
  await page.goto('/pricing/');
  await expect(names(page)).toHaveCount(3);
  const calls = await sandbox.requests<{ path: string; apiKey?: string; origin?: string }>(request);
  expect(calls.filter((c) => c.path === '/available-plans/')).toEqual([
    { method: 'GET', path: '/available-plans/', apiKey: 'sandbox-payments-key', origin: new URL(page.url()).origin },
  ]);
  expect((await request.get(`${SANDBOX_URL}/available-plans/`)).status()).toBe(401);
});

test.describe('when the plans API fails', () => {
  for (const { name, fault, message } of [
    { name: 'an error status', fault: { kind: 'status', status: 503 }, message: 'We could not load the plans.' },
    { name: 'malformed JSON', fault: { kind: 'malformed' }, message: 'We could not load the plans.' },
    { name: 'a refused key', fault: { kind: 'unauthorized' }, message: 'We could not load the plans.' },
    { name: 'an empty list', fault: { kind: 'empty' }, message: 'No plans are available right now.' },
  ]) {
    test(`${name}: a message, then Retry recovers`, async ({ page, request }) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await sandbox.fault(request, { target: 'plans', ...fault });
      await page.goto('/pricing/');
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(cards(page)).toHaveCount(0);
      if (fault.kind !== 'empty') expect(errors.some((e) => e.includes('Could not load the subscription plans'))).toBe(true);

      await sandbox.reset(request);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
      await expect(page.locator('[aria-busy]')).toBeFocused();
    });
  }

  test('no answer in time: a message in Bulgarian, and Retry recovers', async ({ page, request }) => {
    // The answer never comes: the page's own time limit, its clock moved past it, is what ends the wait.
    await sandbox.fault(request, { target: 'plans', kind: 'hold' });
    await installClock(page);
    await page.goto('/bg/pricing/');
    await expect(page.getByRole('status').filter({ hasText: 'Зареждане на абонаментните планове...' })).toBeVisible();
    await sandbox.waitingFor(request, 1);
    await page.clock.fastForward(REQUEST_TIMEOUT_MS);
    await expect(page.getByRole('alert')).toContainText('Зареждането на плановете отне твърде дълго.');
    await sandbox.reset(request);
    await page.getByRole('button', { name: 'Опитайте отново' }).click();
    await expect(names(page)).toHaveCount(3);
  });

  test('plans with missing or wrongly typed fields are dropped; the valid ones show', async ({ page, request }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await sandbox.fault(request, { target: 'plans', kind: 'invalid-plans' });
    await page.goto('/pricing/');
    await expect(names(page)).toHaveText(['Small Business', 'Mid-size']);
    await page.getByRole('radio', { name: 'MONTHLY' }).check();
    await expect(names(page)).toHaveText(['Mid-size']);
    expect(warnings.some((w) => w.includes('dropped as invalid'))).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page says how to see prices', async ({ page }) => {
    await page.goto('/pricing/');
    await expect(page.getByText('Turn on JavaScript to see the current prices')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Need a Custom Plan?' }).getByRole('link', { name: 'Contact Us' })).toBeVisible();
  });
});

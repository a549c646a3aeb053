import { expect, test, type Page } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../features/site/api';
import { pricesDate } from '../features/pricing/snapshot';
import { LIGHTHOUSE_PHONE, recordShifts, shiftsOf } from './layoutShifts';
import { APP_URL, SANDBOX_URL, SITE_URL, installClock, sandbox, waitForHydration } from './support';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.beforeEach(async ({ request }) => {
  await sandbox.reset(request);
});
test.afterAll(async ({ request }) => {
  await sandbox.reset(request);
});

test("the build's plans are in the page at once, dated, with no spinner while the live call runs", async ({ page, request }) => {
  // The live answer is held until the test has looked, however fast the page loads.
  await sandbox.fault(request, { target: 'plans', kind: 'hold' });
  await page.goto('/pricing/');
  await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
  await expect(page.getByRole('radio', { name: /ANNUAL/ })).toBeChecked();
  await expect(page.getByRole('status')).toHaveText(/^Prices as of [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
  await expect(page.getByText('Loading subscription plans...')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await sandbox.waitingFor(request, 1);
  expect(await sandbox.release(request)).toBe(1);
  await expect(page.getByRole('status')).toHaveText(`Prices as of ${today('en')}.`);
  await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
});

test('the API answering other prices: the cards show them, and nothing moves', async ({ browser }) => {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  try {
    const page = await context.newPage();
    await recordShifts(page);
    // The live answer, every price one lev higher than the build's.
    await page.route('**/available-plans/', async (route) => {
      const response = await route.fetch();
      const plans = (await response.json()) as { amount: number }[];
      await route.fulfill({ response, json: plans.map((plan) => ({ ...plan, amount: plan.amount + 100 })) });
    });
    await page.goto(`${SITE_URL}/bg/pricing/`);
    await expect(cards(page).first()).toContainText('27,10 лв.');
    await expect(cards(page).nth(2)).toContainText('180,10 лв.');
    await expect(page.getByRole('status')).toHaveText(`Цени към ${today('bg')}`);
    await waitForHydration(page);
    expect(await shiftsOf(page)).toEqual([]);
  } finally {
    await context.close();
  }
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
  // The built cards show before the live call is made: wait for its answer, not for cards.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/available-plans/');
  await page.goto('/pricing/');
  await answered;
  const calls = await sandbox.requests<{ path: string; apiKey?: string; origin?: string }>(request);
  expect(calls.filter((c) => c.path === '/available-plans/')).toEqual([
    { method: 'GET', path: '/available-plans/', apiKey: 'sandbox-payments-key', origin: new URL(page.url()).origin },
  ]);
  expect((await request.get(`${SANDBOX_URL}/available-plans/`)).status()).toBe(401);
});

test.describe('when the plans API fails or sends broken plans', () => {
  for (const { name, fault } of [
    { name: 'an error status', fault: { kind: 'status', status: 503 } },
    { name: 'malformed JSON', fault: { kind: 'malformed' } },
    { name: 'a refused key', fault: { kind: 'unauthorized' } },
    { name: 'an empty list', fault: { kind: 'empty' } },
  ]) {
    test(`${name}: a quiet note with the prices' date, then Retry brings the live prices`, async ({ page, request }) => {
      await sandbox.fault(request, { target: 'plans', ...fault });
      await page.goto('/pricing/');
      const status = page.getByRole('status');
      await expect(status).toHaveText(/^We could not check for newer prices\. These are the prices of [A-Z][a-z]+ \d{1,2}, \d{4}\.Retry$/);
      await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
      await expect(page.getByRole('alert')).toHaveCount(0);

      await sandbox.reset(request);
      await status.getByRole('button', { name: 'Retry' }).click();
      await expect(status).toHaveText(`Prices as of ${today('en')}.`);
      await expect(names(page)).toHaveText(['Entrepreneur', 'Small Business', 'Mid-size']);
      // Keyboard focus stays in the plans' region, which the button was in.
      await expect(page.locator('[tabindex="-1"][aria-busy]')).toBeFocused();
    });
  }

  test('no answer in time: the note in Bulgarian, and Retry recovers', async ({ page, request }) => {
    // The answer never comes: the page's own time limit, its clock moved past it, is what ends the wait.
    await sandbox.fault(request, { target: 'plans', kind: 'hold' });
    await installClock(page);
    await page.goto('/bg/pricing/');
    await expect(names(page)).toHaveText(['Предприемач', 'Малък бизнес', 'Среден бизнес']);
    await sandbox.waitingFor(request, 1);
    await page.clock.fastForward(REQUEST_TIMEOUT_MS);
    await expect(page.getByRole('status')).toContainText('Не успяхме да проверим за по-нови цени. Това са цените към');
    await sandbox.reset(request);
    await page.getByRole('button', { name: 'Опитайте отново' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Цени към /);
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

  const PERIODS = {
    en: { path: '/pricing/', names: ['Entrepreneur', 'Small Business', 'Mid-size'], date: /^Prices as of [A-Z][a-z]+ \d{1,2}, \d{4}\.$/ },
    bg: { path: '/bg/pricing/', names: ['Предприемач', 'Малък бизнес', 'Среден бизнес'], date: /^Цени към \d{1,2} [а-я]+ \d{4} г\.$/ },
  } as const;
  const PRICES = {
    en: { MONTHLY: ['BGN 29.00', 'BGN 79.00', 'BGN 199.00'], ANNUAL: ['BGN 26.10', 'BGN 71.10', 'BGN 179.10'], BITCOIN: ['BGN 24.65', 'BGN 67.15', 'BGN 169.15'] },
    bg: { МЕСЕЧНО: ['29,00 лв.', '79,00 лв.', '199,00 лв.'], ГОДИШНО: ['26,10 лв.', '71,10 лв.', '179,10 лв.'], БИТКОЙН: ['24,65 лв.', '67,15 лв.', '169,15 лв.'] },
  } as const;

  for (const language of ['en', 'bg'] as const) {
    const { path, names: planNames, date } = PERIODS[language];
    test(`${path}: every plan's name and price for each period, the period chosen by its radio, and the prices' date`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('status')).toHaveText(date);
      for (const [label, prices] of Object.entries(PRICES[language]) as [string, readonly string[]][]) {
        await page.getByRole('radio', { name: new RegExp(label) }).check();
        await expect(names(page)).toHaveText([...planNames]);
        const texts = (await cards(page).allTextContents()).map(plain);
        prices.forEach((price, i) => expect(texts[i]).toContain(price));
      }
      await expect(page.getByText(/Turn on JavaScript|Включете JavaScript/)).toHaveCount(0);
    });
  }

  test('the onboarding fees and the custom plan are there too', async ({ page }) => {
    await page.goto('/pricing/');
    await expect(page.getByRole('region', { name: 'Onboarding' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Need a Custom Plan?' }).getByRole('link', { name: 'Contact Us' })).toBeVisible();
  });
});

/** Today in the page's words: the live answer is dated when it came. */
function today(language: 'en' | 'bg'): string {
  return pricesDate(new Date().toISOString(), language);
}

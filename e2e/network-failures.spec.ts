/**
 * Failures below HTTP: an answer the browser refuses for want of CORS
 * headers (the 'cors' fault: the preflight fails, the request is never
 * sent) and a connection dropped without an answer (the 'reset' fault).
 * The site sees both as a network error; the pages must say so, keep what
 * the visitor did, and recover once the API is back.
 */
import { expect, test, type Page } from '@playwright/test';
import { sandbox, waitForHydration } from './support';

const FAULTS = ['cors', 'reset'] as const;

const EN = { name: 'Name', email: 'Email Address', business: 'Business (optional)', message: 'Message', submit: 'Submit' };
const THANKS = "Thank You! Your message has been received. We'll get back to you soon.";
const NOT_SENT = 'Your message was not sent.';
const PLANS_NOT_CHECKED = 'We could not check for newer prices.';
const PLAN_NAMES = ['Entrepreneur', 'Small Business', 'Mid-size'];

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 });

interface Received {
  body: { email: string; subject: string; body: string };
}

test.beforeEach(async ({ request }) => sandbox.reset(request));
test.afterAll(async ({ request }) => sandbox.reset(request));

test.describe("pricing: a network failure keeps the build's plans with a note, and Retry brings the live ones", () => {
  for (const kind of FAULTS) {
    test(kind, async ({ page, request }) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await sandbox.fault(request, { target: 'plans', kind });
      await page.goto('/pricing/');
      const status = page.getByRole('status');
      await expect(status).toContainText(PLANS_NOT_CHECKED);
      await expect(names(page)).toHaveText(PLAN_NAMES);
      const retry = status.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeVisible();
      expect(errors.some((e) => e.includes('Could not load the subscription plans'))).toBe(true);

      await sandbox.reset(request);
      await retry.click();
      await expect(status).toHaveText(/^Prices as of /);
      await expect(names(page)).toHaveText(PLAN_NAMES);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
});

test.describe('contact: a network failure keeps everything typed, and Submit succeeds afterwards', () => {
  for (const kind of FAULTS) {
    test(kind, async ({ page, request }) => {
      await sandbox.fault(request, { target: 'contact', kind });
      await page.goto('/contact/');
      await waitForHydration(page);
      const values = { name: 'Ana Petrova', email: 'ana@example.com', business: 'Ana Ltd', message: `Please call me.\nAbout the ${kind} case.` };
      // Filling the fields is the visitor's first interaction: it loads the form's engine, which enables Submit.
      await page.getByLabel(EN.name, { exact: true }).fill(values.name);
      await page.getByLabel(EN.email).fill(values.email);
      await page.getByLabel(EN.business).fill(values.business);
      await page.getByLabel(EN.message).fill(values.message);
      const submit = page.getByRole('button', { name: EN.submit });
      await expect(submit).toBeEnabled();
      await submit.click();

      await expect(page.getByRole('alert')).toContainText(NOT_SENT);
      await expect(page.getByLabel(EN.name, { exact: true })).toHaveValue(values.name);
      await expect(page.getByLabel(EN.email)).toHaveValue(values.email);
      await expect(page.getByLabel(EN.business)).toHaveValue(values.business);
      await expect(page.getByLabel(EN.message)).toHaveValue(values.message);
      await expect(submit).toBeEnabled();
      await expect(page.getByText(THANKS)).toHaveCount(0);
      // Neither fault lets the message through: 'cors' stops at the preflight, 'reset' drops it unrecorded.
      expect(await sandbox.messages(request)).toEqual([]);

      await sandbox.reset(request);
      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
      const received = await sandbox.messages<Received>(request);
      expect(received).toHaveLength(1);
      expect(received[0].body.email).toBe(values.email);
      expect(received[0].body.body).toContain('Please call me.<br>About the');
    });
  }
});

import { expect, test, type Page } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../features/site/api';
import { installClock, sandbox, waitForHydration } from './support';

interface Received {
  headers: { apiKey?: string; contentType?: string; origin?: string; csrf?: string };
  body: { email: string; subject: string; body: string };
}

const EN = { name: 'Name', email: 'Email Address', business: 'Business (optional)', message: 'Message', submit: 'Submit' };
const BG = { name: 'Име', email: 'Имейл адрес', business: 'Фирма (по избор)', message: 'Съобщение', submit: 'Изпрати' };
const THANKS = "Thank You! Your message has been received. We'll get back to you soon.";

async function open(page: Page, path = '/contact/') {
  await page.goto(path);
  await waitForHydration(page);
}

async function fill(page: Page, labels: typeof EN, values: { name: string; email: string; business?: string; message: string }) {
  await page.getByLabel(labels.name, { exact: true }).fill(values.name);
  await page.getByLabel(labels.email).fill(values.email);
  if (values.business) await page.getByLabel(labels.business).fill(values.business);
  await page.getByLabel(labels.message).fill(values.message);
}

test.beforeEach(async ({ request }) => sandbox.reset(request));
test.afterAll(async ({ request }) => sandbox.reset(request));

test('the page: title, labelled fields, a 160 px message box that resizes vertically only', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page).toHaveTitle('Contact Us | StockPay');
  const message = page.getByLabel(EN.message);
  expect(await message.evaluate((el) => [getComputedStyle(el).height, getComputedStyle(el).resize])).toEqual(['160px', 'vertical']);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('ContactPage');
});

test('errors appear only after a field is touched or changed, tied to the field', async ({ page }) => {
  await open(page);
  const name = page.getByLabel(EN.name);
  await expect(page.getByText('Name is required.')).toHaveCount(0);
  await name.focus();
  await page.getByLabel(EN.email).focus();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-describedby', 'contact-name-error');
  await expect(page.getByText('Valid email is required.')).toHaveCount(0);
  await page.getByLabel(EN.email).pressSequentially('ana@');
  await expect(page.getByText('Valid email is required.')).toBeVisible();
  await page.getByLabel(EN.email).pressSequentially('example.com');
  await expect(page.getByText('Valid email is required.')).toHaveCount(0);
  await expect(page.getByText('Message is required.')).toHaveCount(0);
});

test('an invalid submit sends nothing, logs "form invalid" and focuses the first invalid field', async ({ page, request }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await open(page);
  await page.getByLabel(EN.name).fill('Ana');
  await page.getByRole('button', { name: EN.submit }).click();
  await expect(page.getByLabel(EN.email)).toBeFocused();
  await expect(page.getByText('Valid email is required.')).toBeVisible();
  await expect(page.getByText('Message is required.')).toBeVisible();
  expect(logs).toContain('form invalid');
  expect(await sandbox.messages(request)).toEqual([]);
});

test('a valid message reaches the API with its headers and an escaped body, then the form is done', async ({ page, request }) => {
  await open(page);
  await fill(page, EN, {
    name: '<script>alert(1)</script>',
    email: 'ana@example.com',
    business: '"><img src=x onerror=alert(1)>',
    message: 'First line\nSecond line',
  });
  await page.getByRole('button', { name: EN.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  for (const label of Object.values(EN).slice(0, 4)) await expect(page.getByLabel(label)).toBeDisabled();
  await expect(page.getByRole('button', { name: EN.submit })).toBeDisabled();

  const [received] = await sandbox.messages<Received>(request);
  expect(received.headers).toMatchObject({ apiKey: 'sandbox-api-key', contentType: 'application/json', origin: new URL(page.url()).origin });
  expect(received.headers.csrf).toBeUndefined();
  expect(received.body.email).toBe('ana@example.com');
  expect(received.body.subject).toBe('StockPay contacted');
  expect(received.body.body).toBe(
    '<p><strong>Business:</strong> &quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>' +
      '<p><strong>Name:</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>' +
      '<p><strong>Email:</strong> ana@example.com</p><p>First line<br>Second line</p>',
  );
});

test.describe('when the contact API fails, the values stay and a retry succeeds', () => {
  for (const { name, fault, message } of [
    { name: '500', fault: { kind: 'status', status: 500 }, message: 'Your message was not sent.' },
    { name: '401', fault: { kind: 'unauthorized' }, message: 'The contact service is not available right now' },
    // Held, the answer never comes: the page's own time limit, its clock moved past it, is what ends the wait.
    { name: 'no answer in time', fault: { kind: 'hold' }, message: 'The server took too long to answer' },
  ]) {
    test(name, async ({ page, request }) => {
      await sandbox.fault(request, { target: 'contact', ...fault });
      if (fault.kind === 'hold') await installClock(page);
      await open(page);
      const values = { name: 'Ana', email: 'ana@example.com', business: 'Ana Ltd', message: 'Please call me.' };
      await fill(page, EN, values);
      await page.getByRole('button', { name: EN.submit }).click();
      if (fault.kind === 'hold') {
        await sandbox.waitingFor(request, 1);
        await page.clock.fastForward(REQUEST_TIMEOUT_MS);
      }
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(page.getByLabel(EN.name)).toHaveValue(values.name);
      await expect(page.getByLabel(EN.email)).toHaveValue(values.email);
      await expect(page.getByLabel(EN.business)).toHaveValue(values.business);
      await expect(page.getByLabel(EN.message)).toHaveValue(values.message);
      await expect(page.getByRole('button', { name: EN.submit })).toBeEnabled();

      await sandbox.reset(request);
      await page.getByRole('button', { name: EN.submit }).click();
      await expect(page.getByText(THANKS)).toBeVisible();
      const received = await sandbox.messages<Received>(request);
      expect(received).toHaveLength(1);
      expect(received[0].body.body).toContain('Please call me.');
    });
  }
});

test('a double click sends one message', async ({ page, request }) => {
  // The first send is held until the test releases it, so the second click always comes while it is on its way.
  await sandbox.fault(request, { target: 'contact', kind: 'hold' });
  await open(page);
  await fill(page, EN, { name: 'Ana', email: 'ana@example.com', message: 'Once, please.' });
  await page.getByRole('button', { name: EN.submit }).dblclick();
  await sandbox.waitingFor(request, 1);
  expect(await sandbox.release(request)).toBe(1);
  await expect(page.getByText(THANKS)).toBeVisible();
  expect(await sandbox.messages(request)).toHaveLength(1);
});

test('Bulgarian: translated labels and errors, and a message that arrives', async ({ page, request }) => {
  await open(page, '/bg/contact/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Свържете се с нас');
  // The pointer moving to Submit is the visitor's first interaction: it loads the form's engine and enables Submit.
  await page.getByRole('button', { name: BG.submit }).hover();
  await page.getByRole('button', { name: BG.submit }).click();
  await expect(page.getByText('Името е задължително.')).toBeVisible();
  await expect(page.getByText('Необходим е валиден имейл адрес.')).toBeVisible();
  await expect(page.getByText('Съобщението е задължително.')).toBeVisible();
  await expect(page.getByLabel(BG.name, { exact: true })).toBeFocused();
  await fill(page, BG, { name: 'Иван', email: 'ivan@пример.бг', message: 'Здравейте!' });
  await page.getByRole('button', { name: BG.submit }).click();
  await expect(page.getByText('Благодарим ви! Съобщението ви е получено.')).toBeVisible();
  const [received] = await sandbox.messages<Received>(request);
  expect(received.body.body).toContain('Здравейте!');
});

test('typing while the form engine is still on its way loses nothing, and Submit waits for it', async ({ page, request }) => {
  // The engine (Formik and yup) is a separate chunk, loaded on first use so the page paints without it: hold it back.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/contact-engine-[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page);
  const submit = page.getByRole('button', { name: EN.submit });
  await expect(submit).toBeDisabled();
  const name = page.getByLabel(EN.name);
  await name.focus();
  await page.keyboard.type('Ana');
  await expect(name).toHaveValue('Ana');
  await expect(submit).toBeDisabled();
  release();
  await expect(submit).toBeEnabled();
  await expect(name).toBeFocused();
  await page.keyboard.type(' Petrova');
  await expect(name).toHaveValue('Ana Petrova');
  await page.getByLabel(EN.email).fill('ana@example.com');
  await page.getByLabel(EN.message).fill('Typed before the form was ready.');
  await submit.click();
  await expect(page.getByText(THANKS)).toBeVisible();
  const [received] = await sandbox.messages<Received>(request);
  expect(received.body.body).toContain('Ana Petrova');
});

test('the draft survives a reload until it is sent', async ({ page, request }) => {
  await open(page);
  await page.getByLabel(EN.name).fill('Ana');
  await page.getByLabel(EN.message).fill('Unfinished thought');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(EN.name)).toHaveValue('Ana');
  await expect(page.getByLabel(EN.message)).toHaveValue('Unfinished thought');
  await page.getByLabel(EN.email).fill('ana@example.com');
  await page.getByRole('button', { name: EN.submit }).click();
  await expect(page.getByText(THANKS)).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(EN.name)).toHaveValue('');
  expect(await sandbox.messages(request)).toHaveLength(1);
});

// keyboard.spec.ts checks that Tab never reaches the honeypot.
test('the honeypot is not announced', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('textbox')).toHaveCount(4);
  // The header's search forms are forms too: the contact form by its name.
  const snapshot = await page.getByRole('form', { name: 'Contact form' }).ariaSnapshot();
  expect(snapshot).not.toMatch(/Leave this field empty/);
});

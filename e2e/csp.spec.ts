/**
 * The pages under their Content-Security-Policy, as nginx sends it
 * (features/hosting/nginxConfig.ts): nothing on any page is refused, the pages that
 * call the APIs still reach them (connect-src), and no page can be framed.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../features/site/languages';
import { SEARCH_PATH } from '../features/site/routes';
import { APP_URL, POST_PATHS, PREFIXES, ROUTES, SITE_URL, sandbox, waitForHydration } from './support';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

type Recording = { __cspViolations?: Violation[] };

/**
 * Records the page's securitypolicyviolation events from the start of each
 * document (an init script, which the policy does not govern), and the
 * console's "Content Security Policy" messages besides.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const recording = window as unknown as Recording;
    recording.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      recording.__cspViolations?.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return async () => [...((await page.evaluate(() => (window as unknown as Recording).__cspViolations)) ?? []).map((violation) => JSON.stringify(violation)), ...messages];
}

test.describe('no page breaks its policy', () => {
  const unknown = ['/nonsense/', ...LANGUAGES.map((language) => `/${language}/nonsense/`)];
  // Every page: each route in each language, every post, and the unknown paths' 404 pages (/admin/: e2e/admin.spec.ts).
  for (const path of [...PREFIXES.flatMap((prefix) => ROUTES.map((route) => `${prefix}${route}`)), ...POST_PATHS, ...unknown]) {
    test(path, async ({ page }) => {
      const violations = await watchPolicy(page);
      const response = await page.goto(path);
      // The search pages alone may compile WebAssembly (Pagefind's: features/hosting/rules.ts searchPolicy).
      const scripts = path.endsWith(SEARCH_PATH) ? "script-src 'self' 'wasm-unsafe-eval';" : "script-src 'self';";
      expect(response?.headers()['content-security-policy']).toContain(scripts);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  // With a query, the search page loads Pagefind's script, its WebAssembly and the index of its language.
  for (const path of ['/search/?q=payment', '/bg/search/?q=инвентаризация', '/en/search/?q=invoice']) {
    test(path, async ({ page }) => {
      const violations = await watchPolicy(page);
      const fetched: string[] = [];
      page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(fetched).toEqual(expect.arrayContaining(['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json']));
      expect(fetched.some((file) => /^\/pagefind\/wasm\.[a-z]+\.pagefind$/.test(file))).toBe(true);
      expect(await violations()).toEqual([]);
    });
  }
});

test.describe('the APIs under connect-src', () => {
  test.beforeEach(async ({ request }) => sandbox.reset(request));
  test.afterAll(async ({ request }) => sandbox.reset(request));

  for (const [path, plan] of [
    ['/pricing/', 'Entrepreneur'],
    ['/bg/pricing/', 'Предприемач'],
  ]) {
    test(`${path} loads the live plans`, async ({ page }) => {
      const violations = await watchPolicy(page);
      const answer = page.waitForResponse((response) => response.url().endsWith('/available-plans/') && response.request().method() === 'GET');
      await page.goto(path);
      expect((await answer).status()).toBe(200);
      await expect(page.getByRole('main').getByRole('article').getByRole('heading', { level: 3, name: plan })).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test('/contact/ sends a message', async ({ page, request }) => {
    const violations = await watchPolicy(page);
    await page.goto('/contact/');
    await waitForHydration(page);
    await page.getByLabel('Name', { exact: true }).fill('Ana');
    await page.getByLabel('Email Address').fill('ana@example.com');
    await page.getByLabel('Message').fill('Sent under the policy.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your message has been received' })).toBeVisible();
    const received = await sandbox.messages<{ body: { body: string } }>(request);
    expect(received).toHaveLength(1);
    expect(received[0].body.body).toContain('Sent under the policy.');
    expect(await violations()).toEqual([]);
  });
});

test('no page can be framed, while a page without the policy can', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text());
  });
  // Another origin (the sandbox's application stand-in) frames a page of the site, and one of its own as a control.
  await page.goto(`${APP_URL}/host`);
  await page.evaluate(
    (sources) => {
      for (const [name, src] of Object.entries(sources)) {
        const frame = document.createElement('iframe');
        frame.name = name;
        frame.src = src;
        document.body.append(frame);
      }
    },
    { site: `${SITE_URL}/`, control: `${APP_URL}/framed` },
  );
  await expect(page.frameLocator('iframe[name="control"]').getByRole('heading', { name: 'Application stand-in' })).toBeVisible();
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(refused.join('\n')).toContain(SITE_URL);
  // Chromium shows its error page in the frame instead: none of the site's document is there.
  await expect.poll(() => page.frame({ name: 'site' })?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe[name="site"]').locator('#___gatsby')).toHaveCount(0);
  await expect(page.frameLocator('iframe[name="control"]').locator('#app-path')).toHaveText('/framed');
});

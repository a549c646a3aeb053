/**
 * No layout shift, ever, on a slow phone. Lighthouse's budget is
 * CLS 0; these tests make the conditions under which the home page shifted
 * in CI (0.0107: the hero's Demo Account button painted before its text had
 * arrived, then wrapped to the next line) happen on purpose.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { after, middleOfMain, startSlowDocumentServer } from './slowDocument';
import { LIGHTHOUSE_PHONE, recordShifts, shiftsOf, type Shift } from './layoutShifts';
import { PREFIXES, ROUTES, SITE_URL, waitForHydration } from './support';

/** When the first content painted; the load event can come before that frame. */
async function firstContentfulPaint(page: Page): Promise<number> {
  const entry = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  return (await entry.jsonValue()) as number;
}

test.describe('the first paint waits for the whole page', () => {
  const PAUSE_MS = 1_500;

  for (const prefix of ['', '/bg'] as const) {
    for (const route of ROUTES) {
      const path = `${prefix}${route}`;
      test(`${path}: nothing paints while the HTML stops in the middle of <main>`, async ({ browser }) => {
        const slow = await startSlowDocumentServer(SITE_URL, { pauseMs: PAUSE_MS, splitAt: middleOfMain });
        const context = await browser.newContext(LIGHTHOUSE_PHONE);
        try {
          const page = await context.newPage();
          await recordShifts(page);
          await page.goto(`${slow.url}${path}`);
          expect(await firstContentfulPaint(page)).toBeGreaterThanOrEqual(PAUSE_MS);
          expect(await shiftsOf(page)).toEqual([]);
        } finally {
          await context.close();
          await slow.close();
        }
      });
    }
  }

  test('the home page does not move when its HTML stops inside the Demo Account button', async ({ browser }) => {
    const slow = await startSlowDocumentServer(SITE_URL, { pauseMs: PAUSE_MS, splitAt: after('aria-describedby="demo-note">') });
    const context = await browser.newContext(LIGHTHOUSE_PHONE);
    try {
      const page = await context.newPage();
      await recordShifts(page);
      await page.goto(`${slow.url}/`);
      await waitForHydration(page);
      expect(await shiftsOf(page)).toEqual([]);
    } finally {
      await context.close();
      await slow.close();
    }
  });
});

/** Lighthouse's mobile throttling, applied by the browser: slow 4G and a 6x slower CPU. */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

test.describe('no layout shift on a throttled phone', () => {
  const LOADS = 20;
  for (const prefix of PREFIXES.filter((p) => p !== '/en')) {
    const path = `${prefix}/`;
    test(`${path}: CLS 0 over ${LOADS} cold loads at 6x CPU slowdown on slow 4G`, async ({ browser }) => {
      test.setTimeout(LOADS * 15_000);
      const seen: Shift[][] = [];
      for (let load = 0; load < LOADS; load += 1) {
        const context = await browser.newContext(LIGHTHOUSE_PHONE);
        try {
          const page = await context.newPage();
          await throttle(context, page);
          await recordShifts(page);
          await page.goto(path, { timeout: 30_000 });
          await waitForHydration(page);
          const shifts = await shiftsOf(page);
          if (shifts.length > 0) seen.push(shifts);
        } finally {
          await context.close();
        }
      }
      expect(seen, `layout shifts in ${seen.length} of ${LOADS} loads`).toEqual([]);
    });
  }
});

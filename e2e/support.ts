/** Shared facts and helpers for the browser tests (started by scripts/e2e.ts). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from '../features/site/languages';
import { postPath } from '../features/blog/blog';
import { blogSources } from './checks/sitePages';
import { NOT_FOUND_PATH, ROUTES as SITE_ROUTES } from '../features/site/routes';
import { HYDRATED_ATTRIBUTE } from '../features/site/hydration';
import { SANDBOX_APP_PATH } from '../features/site/apiContract';
import { PUBLIC_DIR } from '../system/paths.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with "npm run test:e2e"`);
  return value;
}

export const SITE_URL = required('E2E_BASE_URL');
export const SANDBOX_URL = required('E2E_SANDBOX_URL');
export const APP_URL = `${SANDBOX_URL}${SANDBOX_APP_PATH}`;
/** The built site the server serves. */
export { PUBLIC_DIR };

/** The unprefixed default language, then every language under its prefix. */
export const PREFIXES = ['', ...LANGUAGES.map((language) => `/${language}`)];
/** Every page, and the not-found page at its own address. */
export const ROUTES = [...SITE_ROUTES, NOT_FOUND_PATH];

/** Every published blog post at its canonical address ('/blog/a-post/', '/bg/blog/a-post/'). */
export const POST_PATHS = blogSources().map((post) => localizedPath(post.language, postPath(post.slug), false));

export const languageOf = (prefix: string): Language => LANGUAGES.find((language) => prefix === `/${language}`) ?? DEFAULT_LANGUAGE;

/** The phone the tests use (an iPhone 12 to 15 in CSS pixels); the header switches to the menu below 900 px. */
export const PHONE = { width: 390, height: 844 } as const;

/** Marks the current document; a full page load clears the mark, client-side navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/**
 * Waits until React has hydrated the page, so clicks and keys are handled by
 * it: the layout marks <html> from an effect, which runs only once hydration
 * has committed (gatsby-browser.tsx hydrates in a transition, over several
 * tasks).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

export const sandbox = {
  async reset(request: APIRequestContext): Promise<void> {
    await request.post(`${SANDBOX_URL}/__sandbox/reset`);
  },
  async fault(request: APIRequestContext, fault: Record<string, unknown>): Promise<void> {
    const response = await request.post(`${SANDBOX_URL}/__sandbox/fault`, { data: fault });
    if (!response.ok()) throw new Error(`sandbox refused the fault: ${await response.text()}`);
  },
  async messages<T>(request: APIRequestContext): Promise<T[]> {
    return (await request.get(`${SANDBOX_URL}/__sandbox/messages`)).json();
  },
  async requests<T>(request: APIRequestContext): Promise<T[]> {
    return (await request.get(`${SANDBOX_URL}/__sandbox/requests`)).json();
  },
  /** Resolves once the sandbox keeps `count` requests waiting (a `hold` or `slow` fault): asked, not guessed from a pause. */
  async waitingFor(request: APIRequestContext, count: number): Promise<void> {
    await expect.poll(async () => ((await (await request.get(`${SANDBOX_URL}/__sandbox/waiting`)).json()) as { waiting: number }).waiting).toBeGreaterThanOrEqual(count);
  },
  /** Answers the requests a `hold` fault keeps waiting and switches it off; says how many there were. */
  async release(request: APIRequestContext): Promise<number> {
    return ((await (await request.post(`${SANDBOX_URL}/__sandbox/release`)).json()) as { released: number }).released;
  },
};

/** Where a page's clock starts when a test moves time itself (installClock). */
const CLOCK_START = Date.UTC(2026, 0, 1);

/** Gives the page a clock the test can move (page.clock.fastForward); time runs as usual until pauseClock. */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
}

/** Stops the page's time once it has loaded (an hour on from CLOCK_START, later than any load ends): from here only the test moves it. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_START + 3_600_000);
}

/** The language dropdown's toggle, named 'Language: …' or 'Език: …'. */
export const languageToggle = (page: Page) => page.getByRole('banner').getByLabel(/^(Language|Език): /);

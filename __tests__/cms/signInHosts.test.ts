/** @jest-environment node */
/**
 * Editors sign in on a git server of the site's own, end to end in
 * Chromium: a GitHub Enterprise Server and a self-hosted GitLab, each a
 * stand-in on a free loopback port (__tests__/support/fakeGitServer.ts),
 * configured as docs/deploy.md tells a deployer to: the build's variables
 * (CMS_GITHUB_URL or CMS_GITLAB_URL, with CMS_OAUTH_ORIGIN or
 * CMS_GITLAB_APP_ID) read by features/site/settings.ts and written by the build's
 * own writeAdmin, the exchange's (OAUTH_GITHUB_URL, OAUTH_GITLAB_URL) read
 * by oauthSettingsFromEnv and served by its Node server, and the CMS page
 * served with the build record's policy (npm start's server). Then what an
 * editor does: opens /admin/, logs in through the popup (or GitLab's PKCE
 * redirect), and sees the collections; and, when GitLab ends the sign-in
 * under them, is told so and gets their unsaved changes back after
 * signing in again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readAdminIntegrity, writeAdmin } from '../../features/cms/admin.node';
import { exchangeListener } from '../../features/cms/signIn/server.node';
import { BUILD_RECORD_PATH, buildRecord } from '../../features/hosting/buildRecord';
import { createStaticApp } from '../../features/hosting/staticServer.node';
import { listen, type RunningServer } from '../../system/listen';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { ADMIN_PATH } from '../../features/site/routes';
import { SESSION_ENDED_ID } from '../../features/cms/admin.browser';
import { cmsBackendFromEnv } from '../../features/cms/settings.node';
import { type CmsEnv } from '../../features/cms/settings';
import { oauthSettingsFromEnv } from '../../features/cms/signIn/settings.node';
import { type OAuthEnv } from '../../features/cms/signIn/settings';
import { startFakeGitServer, type FakeGitServer } from '../support/fakeGitServer';

const ROOT = path.join(__dirname, '..', '..');
const REPO = 'acme/site';
const LOGIN = 'editor';
const GITHUB_CLIENT = { id: 'ghe-client-0123', secret: 'ghe-secret-never-shown-0123456789' };
const GITLAB_CLIENT = { id: 'a'.repeat(64), secret: 'gloas-secret-never-shown-0123456789' };
/** A local build's variables, as `SITE_ENV=local npm run build` reads them: plain http on this machine is allowed there alone. */
const LOCAL_BUILD = { gatsby_executing_command: 'build', SITE_ENV: 'local' } as const;

/** A server on 127.0.0.1's free port whose handler is set once its address is known (the exchange's settings hold its own origin). */
async function listenLate(): Promise<{ server: RunningServer; handle: (listener: RequestListener) => void }> {
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = await listen((request, response) => listener(request, response), 0);
  return { server, handle: (next) => (listener = next) };
}

interface Deployment {
  site: string;
  /** What the exchange logged: one line per refusal or failure. */
  reports: string[];
  close(): Promise<void>;
}

const open: Deployment[] = [];

/**
 * The CMS as a build writes it from `cmsEnv` (with CMS_OAUTH_ORIGIN, when
 * `exchangeEnv` is given, the exchange's origin), with the build record
 * npm start's server reads its policy from, and the exchange configured
 * from `exchangeEnv` with the build's values it shares.
 */
async function deploy(cmsEnv: CmsEnv, exchangeEnv?: OAuthEnv): Promise<Deployment> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sign-in-hosts-'));
  const site = await listen(createStaticApp(dir), 0);
  const exchange = exchangeEnv ? await listenLate() : undefined;
  const reports: string[] = [];
  const env = { ...LOCAL_BUILD, ...cmsEnv, ...(exchange ? { CMS_OAUTH_ORIGIN: exchange.server.url } : {}) };
  const backend = cmsBackendFromEnv(env);
  if (!backend || 'error' in backend) throw new Error(`The build refuses its settings: ${JSON.stringify(backend)}`);
  writeAdmin(ROOT, path.join(dir, ADMIN_PATH), backend, 'StockPay', site.url);
  for (const page of ['index.html', '404.html', 'bg/index.html', 'bg/404.html', 'en/404.html']) {
    mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
    writeFileSync(path.join(dir, page), `<!doctype html><html lang="en"><title>${page}</title></html>`);
  }
  const record = buildRecord(
    { siteUrl: site.url, paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
    backend,
    { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
    readAdminIntegrity(path.join(dir, ADMIN_PATH)),
  );
  writeFileSync(path.join(dir, BUILD_RECORD_PATH), JSON.stringify(record));
  if (exchange && exchangeEnv) {
    const settings = oauthSettingsFromEnv({ ...exchangeEnv, CMS_OAUTH_ORIGIN: exchange.server.url, GATSBY_SITE_URL: site.url });
    if ('errors' in settings) throw new Error(`The exchange refuses its settings: ${settings.errors.join('; ')}`);
    exchange.handle(exchangeListener(settings, undefined, (event) => reports.push(event)));
  }
  const deployment: Deployment = {
    site: site.url,
    reports,
    close: async () => {
      await exchange?.server.close();
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  open.push(deployment);
  return deployment;
}

let ghe: FakeGitServer;
let gitlab: FakeGitServer;
let pkceGitlab: FakeGitServer;
let browser: Browser;

beforeAll(async () => {
  ghe = await startFakeGitServer({ kind: 'github', clientId: GITHUB_CLIENT.id, clientSecret: GITHUB_CLIENT.secret, repo: REPO, login: LOGIN });
  gitlab = await startFakeGitServer({ kind: 'gitlab', clientId: GITLAB_CLIENT.id, clientSecret: GITLAB_CLIENT.secret, repo: REPO, login: LOGIN });
  pkceGitlab = await startFakeGitServer({ kind: 'gitlab', clientId: GITLAB_CLIENT.id, repo: REPO, login: LOGIN });
  const executablePath = findChromium();
  if (!executablePath) throw new Error('This test signs in in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
  // Every name resolves nowhere, so nothing the CMS asks for leaves this machine: github.com's status page included.
  browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const deployment of open) await deployment.close();
  for (const server of [ghe, gitlab, pkceGitlab]) await server?.close();
});

/** What the page reports that its policy refused, and any script error. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Clicks Decap's login button and follows the popup until it closes, the token handed over; if it stays open, says what it shows. */
async function logInThroughPopup(page: Page, host: 'GitHub' | 'GitLab'): Promise<void> {
  const button = page.getByRole('button', { name: `Login with ${host}` });
  await button.waitFor({ timeout: 30_000 });
  const [popup] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  try {
    // Checked in the same turn as the wait starts: a popup that closed while the click resolved sends no more events.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 });
  } catch (error) {
    const shown = await popup
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(nothing)');
    throw new Error(`The sign-in popup stayed open at ${popup.url()}, showing: ${shown}`, { cause: error });
  }
}

/** Decap's signed-in screen: its sections and the collections of the site's config.yml. */
async function expectCollections(page: Page): Promise<void> {
  await page.getByText('Quick add', { exact: true }).waitFor({ timeout: 30_000 });
  for (const shown of ['Workflow', 'Media', 'Collections', 'Home page banners', 'Interface text']) {
    expect([shown, await page.getByText(shown, { exact: true }).count()]).toEqual([shown, 1]);
  }
}

/** What `read` gives once it gives `wanted`, or its last answer after `timeout` ms: read again every 100 ms, as Decap renders. */
async function eventually<T>(read: () => Promise<T>, wanted: T, timeout = 30_000): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + timeout; value !== wanted && Date.now() < deadline; value = await read()) await new Promise((done) => setTimeout(done, 100));
  return value;
}

/** The CMS's policy's connect-src, as the served header gives it. */
const connectSources = (policy: string | undefined) => (policy ?? '').split('; ').find((directive) => directive.startsWith('connect-src '));

async function withContext<T>(run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

describe('GitHub Enterprise Server', () => {
  it('signs an editor in through the exchange, against the server CMS_GITHUB_URL and OAUTH_GITHUB_URL name, and shows the collections', async () => {
    const deployment = await deploy(
      { CMS_BACKEND: 'github', CMS_REPO: REPO, CMS_GITHUB_URL: ghe.url },
      { OAUTH_GITHUB_CLIENT_ID: GITHUB_CLIENT.id, OAUTH_GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret, OAUTH_GITHUB_URL: ghe.url, CMS_GITHUB_URL: ghe.url },
    );
    await withContext(async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      const response = await page.goto(`${deployment.site}/admin/`);
      // The page's policy lets it reach the server's API, and no longer github.com's.
      expect(connectSources(response?.headers()['content-security-policy'])).toBe(`connect-src 'self' blob: ${ghe.url}`);
      await logInThroughPopup(page, 'GitHub');
      await expectCollections(page);
      // Signed in at the server, its API asked with the token it issued: nothing went to github.com.
      expect(ghe.requests.slice(0, 2)).toEqual(['GET /login/oauth/authorize', 'POST /login/oauth/access_token']);
      expect(ghe.requests).toEqual(expect.arrayContaining(['GET /api/v3/user', `GET /api/v3/repos/${REPO}`]));
      expect(ghe.unknown).toEqual([]);
      expect(ghe.tokens).toHaveLength(1);
      expect(deployment.reports).toEqual([]);
      expect(problems).toEqual([]);
    });
  }, 120_000);
});

describe('a self-hosted GitLab, through the exchange', () => {
  let deployment: Deployment;
  beforeAll(async () => {
    deployment = await deploy(
      { CMS_BACKEND: 'gitlab', CMS_REPO: REPO, CMS_GITLAB_URL: gitlab.url },
      { OAUTH_GITLAB_CLIENT_ID: GITLAB_CLIENT.id, OAUTH_GITLAB_CLIENT_SECRET: GITLAB_CLIENT.secret, OAUTH_GITLAB_URL: gitlab.url, CMS_GITLAB_URL: gitlab.url },
    );
  }, 60_000);

  it('signs an editor in against the GitLab CMS_GITLAB_URL and OAUTH_GITLAB_URL name, and shows the collections', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      const response = await page.goto(`${deployment.site}/admin/`);
      expect(connectSources(response?.headers()['content-security-policy'])).toBe(`connect-src 'self' blob: ${gitlab.url}`);
      await logInThroughPopup(page, 'GitLab');
      await expectCollections(page);
      expect(gitlab.requests.slice(0, 2)).toEqual(['GET /oauth/authorize', 'POST /oauth/token']);
      expect(gitlab.requests).toEqual(expect.arrayContaining(['GET /api/v4/user', `GET /api/v4/projects/${encodeURIComponent(REPO)}`]));
      expect(gitlab.unknown).toEqual([]);
      expect(deployment.reports).toEqual([]);
      expect(problems).toEqual([]);
    });
  }, 120_000);

  it('says so when GitLab ends the sign-in under an editor, and gives the unsaved changes back once they sign in again', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${deployment.site}/admin/#/collections/blog_en/new`);
      await logInThroughPopup(page, 'GitLab');
      const title = page.getByRole('textbox', { name: 'Title', exact: true });
      await title.fill('Stock counts at the end of the year');
      await page.getByRole('textbox', { name: 'Description', exact: true }).fill('How to count the stockroom in a day.');
      await page.getByLabel('Date', { exact: true }).fill('2026-12-01');
      // The editor is in the middle of a new post when GitLab's two hours are up, and saves.
      gitlab.expire();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // Decap's own word for it, which docs/editing.md quotes.
      await page.getByText(/^Failed to persist entry: ACCESS_TOKEN_ERROR: Can't refresh access token when using implicit auth/).waitFor({ timeout: 30_000 });
      const notice = page.locator(`#${SESSION_ENDED_ID}`);
      await expect(notice.textContent({ timeout: 30_000 })).resolves.toMatch(/^Your GitLab sign-in has ended \(GitLab ends each sign-in after two hours\)/);
      expect(await notice.getAttribute('role')).toBe('alert');
      // What it tells the editor to do: log out, log in again, and take the backup Decap offers.
      const offered: string[] = [];
      page.on('dialog', (dialog) => {
        offered.push(dialog.message());
        void dialog.accept();
      });
      await page.getByRole('button', { name: 'Account options dropdown' }).click();
      await page.getByText('Log Out', { exact: true }).click();
      const restored = page.waitForEvent('dialog', { timeout: 30_000 });
      await logInThroughPopup(page, 'GitLab');
      await restored;
      expect(await eventually(() => title.inputValue(), 'Stock counts at the end of the year')).toBe('Stock counts at the end of the year');
      expect(offered).toEqual(['A local backup was recovered for this entry, would you like to use it?']);
      // GitLab accepts the new sign-in: the notice is gone.
      await notice.waitFor({ state: 'detached', timeout: 30_000 });
      // No refresh token was ever used: the exchange hands none over.
      expect(gitlab.refreshed).toEqual([]);
    });
  }, 180_000);
});

describe('a self-hosted GitLab, with PKCE', () => {
  it('signs an editor in at the GitLab CMS_GITLAB_URL names, without an exchange, and renews the token there when it ends', async () => {
    const deployment = await deploy({ CMS_BACKEND: 'gitlab', CMS_REPO: REPO, CMS_GITLAB_URL: pkceGitlab.url, CMS_GITLAB_APP_ID: GITLAB_CLIENT.id });
    await withContext(async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      const response = await page.goto(`${deployment.site}/admin/`);
      expect(connectSources(response?.headers()['content-security-policy'])).toBe(`connect-src 'self' blob: ${pkceGitlab.url}`);
      // The page itself goes to GitLab's authorize page and comes back with a code, which it trades with its verifier.
      await page.getByRole('button', { name: 'Login with GitLab' }).click();
      await expectCollections(page);
      expect(pkceGitlab.requests.slice(0, 3)).toEqual(['GET /oauth/authorize', 'OPTIONS /oauth/token', 'POST /oauth/token']);
      expect(pkceGitlab.tokens).toHaveLength(1);
      // GitLab ends the token; the next call renews it with the refresh token, at the same GitLab, and the editor sees nothing.
      pkceGitlab.expire();
      const listed = page.waitForResponse(
        (answer) => answer.url().startsWith(`${pkceGitlab.url}/api/v4/projects/${encodeURIComponent(REPO)}/repository/tree?`) && answer.status() === 200,
        { timeout: 30_000 },
      );
      await page.getByRole('link', { name: 'Home page banners' }).click();
      // The banners' folder, listed with the renewed token after GitLab refused the first.
      expect((await listed).request().headers().authorization).toBe(`Bearer ${pkceGitlab.tokens[1]}`);
      expect(pkceGitlab.refreshed).toEqual([`refresh-${pkceGitlab.tokens[0]}`]);
      await page.getByText('Quick add', { exact: true }).waitFor();
      expect(await page.locator(`#${SESSION_ENDED_ID}`).count()).toBe(0);
      expect(pkceGitlab.unknown).toEqual([]);
      expect(problems).toEqual([]);
    });
  }, 120_000);
});

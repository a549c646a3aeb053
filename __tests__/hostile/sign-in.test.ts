/** @jest-environment node */
/**
 * Hostile class "sign-in": the editors' sign-in through the site's own
 * OAuth code exchange (features/cms/signIn/; docs/deploy.md, "Sign-in for editors").
 * What an attacker wants is an editor's GitHub or GitLab token: have the
 * provider send the code elsewhere (a redirect_uri of theirs), finish a
 * sign-in that is not the browser's (a forged state), or have the token
 * handed to a page of theirs (a window of another origin that opened the
 * sign-in). The real path: the CMS folder as a build writes it
 * (features/cms/admin.node.ts writeAdmin: a github backend whose base_url is the
 * exchange), served by nginx with the generated config (the CMS page's
 * opener policy, /oauth/ proxied to the exchange's Node server,
 * features/cms/signIn/server.node.ts), a stand-in for GitHub (its authorize page sends
 * the editor back with a code; its token endpoint checks the client, the
 * secret and the code), and Chromium, in which Decap signs in.
 *
 * The hostile answers (a token answer without end, HEAD and other methods
 * at the callback, a wrong state with a good cookie, a replay, parameters
 * of an attacker's) are one table, run against every runtime of the
 * exchange: the Node server behind nginx, answerAtEdge
 * and both CDN functions as their CLIs bundle them, so they cannot drift.
 * nginx's logs are read after a sign-in, and with the exchange down: no
 * code or state in them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readAdminIntegrity, writeAdmin } from '../../features/cms/admin.node';
import { answerAtEdge } from '../../features/cms/signIn/edge.node';
import { CALLBACK_SCRIPT, TOKEN_ANSWER_MAX_BYTES, stateCookieName, type ExchangeSettings } from '../../features/cms/signIn/exchange';
import { startExchangeServer, type RunningExchange } from '../../features/cms/signIn/server.node';
import { BUILD_RECORD_PATH, buildRecord, type BuildRecord } from '../../features/hosting/buildRecord';
import { nginxSiteConfig, nginxStandaloneConfig } from '../../features/hosting/nginxConfig';
import { findNginx, freePort, nginxMissing } from '../../features/hosting/nginxServer.node';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { createStaticApp } from '../../features/hosting/staticServer.node';
import { CMS_PAGE_OPENER_POLICY } from '../../features/hosting/rules';
import { SECURITY_HEADERS } from '../../features/site/policies';
import { ADMIN_PATH } from '../../features/site/routes';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { CLOUDFLARE_BUILD, CLOUDFLARE_FUNCTION, NETLIFY_BUILD, NETLIFY_FUNCTION, bundle, loadBundle, type CloudflareExports, type NetlifyExports } from '../support/edgeBundles';
import { ENDLESS_CHUNK_BYTES, HUGE_LENGTH, streamWithoutEnd, type EndlessAnswer } from '../support/endlessAnswer';
import { fixtureLines } from '../support/hostile';

const CLASS = 'sign-in';
const ROOT = path.join(__dirname, '..', '..');
const CLIENT_ID = 'stand-in-client';
const CLIENT_SECRET = 'stand-in-secret-never-shown-0123456789';
const CODE = 'code-from-the-stand-in-0123';
const TOKEN = 'gho_StandInToken0123456789abcdefABCDEF';
const REPO = 'acme/site';
/** The stand-in for GitHub, on a host name of its own: its answer comes back across sites, as GitHub's does. */
const GITHUB_HOST = 'github.test';
const EVIL_HOST = 'evil.test';

/** A server on 127.0.0.1 (port 0: a free one). */
function serve(listener: RequestListener, port = 0): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener).listen(port, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}
const closeServer = (server: Server | undefined) =>
  new Promise<void>((done) => {
    if (!server) return done();
    server.closeAllConnections();
    server.close(() => done());
  });

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

/** What the stand-in for GitHub was asked, and the answers without end it sent. */
const github = { authorized: [] as URLSearchParams[], traded: [] as URLSearchParams[], endless: [] as EndlessAnswer[] };
/** How the stand-in's token endpoint answers: a token (or a refusal of a wrong code), or a body without end, announcing a length or not. */
let tokenAnswer: 'token' | 'endless' | 'announced' = 'token';

/** GitHub's two OAuth endpoints, as a stand-in: authorize sends the editor straight back with a code; the token endpoint checks what it gets. */
const fakeGitHub: RequestListener = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://github.test');
  if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
    github.authorized.push(url.searchParams);
    const back = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== CLIENT_ID || !back.endsWith('/oauth/callback')) {
      response.writeHead(400).end('The application is not registered with that callback.');
      return;
    }
    response.writeHead(302, { Location: `${back}?code=${CODE}&state=${encodeURIComponent(url.searchParams.get('state') ?? '')}` }).end();
    return;
  }
  if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
    void body(request).then((text) => {
      const form = new URLSearchParams(text);
      github.traded.push(form);
      if (tokenAnswer !== 'token') {
        response.writeHead(200, { 'Content-Type': 'application/json', ...(tokenAnswer === 'announced' ? { 'Content-Length': String(HUGE_LENGTH) } : {}) });
        github.endless.push(streamWithoutEnd(response));
        return;
      }
      const good = form.get('client_id') === CLIENT_ID && form.get('client_secret') === CLIENT_SECRET && form.get('code') === CODE;
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(good ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } : { error: 'bad_verification_code' }));
    });
    return;
  }
  response.writeHead(404).end();
};

/** Which pages of evil.test hold what: a page that opens the sign-in and listens for anything it is handed. */
const evilPage = (exchange: string) => `<!doctype html><html><head><title>A page of another origin</title></head><body>
<button id="open">Open</button>
<script>
window.received = [];
addEventListener('message', function (event) { window.received.push(String(event.origin) + ' ' + String(event.data)); });
document.getElementById('open').onclick = function () {
  window.popup = window.open('${exchange}/oauth/auth?provider=github&site_id=evil.test&scope=repo', 'Netlify Authorization', 'width=600,height=600');
  // Answer any greeting as the CMS would, and ask for the token outright.
  window.asking = setInterval(function () { try { window.popup.postMessage('authorizing:github', '*'); } catch (e) {} }, 100);
};
</script></body></html>`;

interface SignInNginx {
  close: () => Promise<void>;
  config: string;
  logs: { access: string; error: string };
}

/**
 * nginx over `publicDir` with the generated config (changed by `edit`, for
 * a comparison), /oauth/ proxied to `upstream`: started and stopped here,
 * since its options include the exchange's address.
 */
async function startNginxWith(publicDir: string, port: number, upstream: string, edit: (site: string) => string = (site) => site): Promise<SignInNginx> {
  const nginx = findNginx();
  const missing = nginxMissing();
  if (missing || !nginx) throw new Error(missing ?? 'nginx is missing');
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'sign-in-nginx-'));
  const logs = { access: path.join(tempDir, 'access.log'), error: path.join(tempDir, 'error.log') };
  const site = edit(nginxSiteConfig(readPublicRules(publicDir), { root: publicDir, listen: [`127.0.0.1:${port}`], oauthUpstream: upstream, accessLog: logs.access }));
  const config = path.join(tempDir, 'nginx.conf');
  writeFileSync(config, nginxStandaloneConfig({ site, tempDir, user: process.getuid?.() === 0 ? 'root' : undefined }));
  const child: ChildProcess = spawn(nginx, ['-p', `${tempDir}/`, '-e', 'stderr', '-c', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  for (const deadline = Date.now() + 15_000; !(await accepts());) {
    if (Date.now() > deadline) throw new Error(`nginx did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    config: site,
    logs,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

let dir: string;
let direct: string;
let site: string;
let record: BuildRecord;
let fake: { server: Server; port: number };
let evil: { server: Server; port: number };
let exchange: RunningExchange;
let nginx: SignInNginx;
const reports: string[] = [];

/** The exchange's settings on `origin`, for the CMS on `cmsOrigin`, with the stand-in's addresses (its authorize page by its host name, its token endpoint on loopback). */
const exchangeSettings = (origin: string, cmsOrigin: string): ExchangeSettings => ({
  origin,
  cmsOrigin,
  github: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scope: 'repo', url: 'https://github.com' },
  endpoints: { github: { authorize: `http://${GITHUB_HOST}:${fake.port}/login/oauth/authorize`, token: `http://127.0.0.1:${fake.port}/login/oauth/access_token` } },
});

beforeAll(async () => {
  fake = await serve(fakeGitHub);
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-sign-in-'));
  // The CMS as a build writes it, signing in through the exchange on the site's own origin.
  const backend = { name: 'github', repo: REPO, branch: 'main', oauthOrigin: site } as const;
  writeAdmin(ROOT, path.join(dir, ADMIN_PATH), backend, 'StockPay', site);
  for (const page of ['index.html', '404.html', 'bg/index.html', 'bg/404.html', 'en/404.html']) {
    mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
    writeFileSync(path.join(dir, page), `<!doctype html><html lang="en"><title>${page}</title></html>`);
  }
  record = buildRecord(
    { siteUrl: site, paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
    backend,
    { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
    readAdminIntegrity(path.join(dir, ADMIN_PATH)),
  );
  writeFileSync(path.join(dir, BUILD_RECORD_PATH), JSON.stringify(record));
  exchange = await startExchangeServer(exchangeSettings(site, site), { host: '127.0.0.1', port: 0 }, undefined, (event) => reports.push(event));
  nginx = await startNginxWith(dir, port, new URL(exchange.url).host);
  evil = await serve((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(evilPage(site)));
  // The same folder once more, for the exchange on an origin of its own (config.yml is not among the hashed scripts).
  direct = mkdtempSync(path.join(os.tmpdir(), 'hostile-sign-in-direct-'));
  cpSync(dir, direct, { recursive: true });
}, 180_000);

afterAll(async () => {
  await nginx?.close();
  await exchange?.close();
  await closeServer(fake?.server);
  await closeServer(evil?.server);
  for (const folder of [dir, direct]) if (folder) rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  github.authorized.length = 0;
  github.traded.length = 0;
  github.endless.length = 0;
  tokenAnswer = 'token';
  reports.length = 0;
});

/** A sign-in started from outside a browser: the cookie and the state the exchange gave it. */
async function startSignIn(): Promise<{ cookie: string; state: string }> {
  const response = await fetch(`${site}/oauth/auth?provider=github&site_id=127.0.0.1&scope=repo`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return { cookie: response.headers.getSetCookie()[0].split(';')[0], state: new URL(response.headers.get('location') ?? '').searchParams.get('state') ?? '' };
}

describe('the exchange behind nginx, over HTTP', () => {
  it("answers at the site's /oauth/ with its own headers, and nginx's security headers once, without the opener policy that would cut the popup off", async () => {
    const response = await fetch(`${site}/oauth/auth?provider=github&site_id=127.0.0.1&scope=repo`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').origin).toBe(`http://${GITHUB_HOST}:${fake.port}`);
    const raw = [...response.headers].filter(([name]) => name !== 'set-cookie');
    for (const [name, value] of Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'Cross-Origin-Opener-Policy')) {
      expect([name, raw.filter(([seen]) => seen === name.toLowerCase()).map(([, v]) => v)]).toEqual([name, [value]]);
    }
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    // The CMS page beside it: its policy, and the opener policy that keeps the popup's answer.
    const admin = await fetch(`${site}/admin/`);
    expect([admin.status, admin.headers.get('cross-origin-opener-policy')]).toEqual([200, CMS_PAGE_OPENER_POLICY]);
    expect((await fetch(`${site}/`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it.each(fixtureLines(CLASS, 'auth-queries.txt'))('refuses the start /oauth/auth?%s: no redirect to any provider, no cookie', async (query) => {
    const response = await fetch(`${site}/oauth/auth?${query}`, { redirect: 'manual' });
    expect([query, response.status, response.headers.get('location'), response.headers.getSetCookie()]).toEqual([query, 400, null, []]);
    expect(await response.text()).toMatch(/^Sign-in refused: /);
    expect(github.authorized).toEqual([]);
  });

  it.each(fixtureLines(CLASS, 'callback-queries.txt'))('refuses the answer /oauth/callback?%s: no token asked for, none handed over', async (template) => {
    const { cookie, state } = await startSignIn();
    const query = template.replaceAll('{state}', state).replaceAll('{code}', CODE);
    const response = await fetch(`${site}/oauth/callback?${query}`, { headers: { cookie } });
    const text = await response.text();
    expect([template, [400, 403].includes(response.status)]).toEqual([template, true]);
    expect(text).toMatch(/^Sign-in refused: /);
    expect(text).not.toContain(TOKEN);
    expect(github.traded).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^refused: /);
  });

  it('finishes the sign-in those cases stand beside: the right state and code get the token, once', async () => {
    const { cookie, state } = await startSignIn();
    const response = await fetch(`${site}/oauth/callback?code=${CODE}&state=${state}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(TOKEN);
    expect(github.traded.map((form) => form.get('client_secret'))).toEqual([CLIENT_SECRET]);
    // Used once: the same answer again finds no sign-in under way.
    const again = await fetch(`${site}/oauth/callback?code=${CODE}&state=${state}`);
    expect(again.status).toBe(400);
    expect(reports).toEqual(['refused: no sign-in cookie']);
    for (const report of reports) for (const secret of [CODE, TOKEN, CLIENT_SECRET, state]) expect(report).not.toContain(secret);
  });
});

/** One runtime of the exchange, as the table drives it: a request on its origin in, its answer out, and what it logged. */
interface Runtime {
  name: string;
  /** The origin its requests name: the site's behind nginx, the configured one at the edge. */
  origin: () => string;
  handle: (request: Request) => Promise<Response>;
  logged: string[];
  /** Sets up what the runtime reads from the process's globals, for its cases (undone by jest.restoreAllMocks). */
  prepare?: () => void;
}

/** The settings a CDN function reads from its environment, with the stand-in's client. */
const EDGE_ORIGIN = 'https://www.stockpay.com';
const EDGE_ENV = { CMS_OAUTH_ORIGIN: EDGE_ORIGIN, GATSBY_SITE_URL: EDGE_ORIGIN, OAUTH_GITHUB_CLIENT_ID: CLIENT_ID, OAUTH_GITHUB_CLIENT_SECRET: CLIENT_SECRET };
const GITHUB_TOKEN_ENDPOINT = 'https://github.com/login/oauth/access_token';

/** Node's own fetch, as it was before a case's runtime redirects the global one. */
const nodeFetch = globalThis.fetch;
/** The runtime's fetch at the edge: GitHub's token endpoint reaches the stand-in on loopback, over a real connection; nothing else is expected. */
const edgeFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  if (String(input) !== GITHUB_TOKEN_ENDPOINT) throw new Error(`The exchange fetched ${String(input)}`);
  return nodeFetch(`http://127.0.0.1:${fake.port}/login/oauth/access_token`, init);
};

const edgeLogged: string[] = [];
const cloudflareLogged: string[] = [];
const netlifyLogged: string[] = [];
const lineLogger = (lines: string[]) => ({ error: (line: string) => lines.push(line), log: () => undefined, warn: () => undefined });
const cloudflare = loadBundle<CloudflareExports>(bundle(CLOUDFLARE_FUNCTION, CLOUDFLARE_BUILD).code, {
  fetch: edgeFetch,
  process: { env: {} },
  console: lineLogger(cloudflareLogged),
});
const netlify = loadBundle<NetlifyExports>(bundle(NETLIFY_FUNCTION, NETLIFY_BUILD).code, {
  fetch: edgeFetch,
  process: { env: EDGE_ENV },
  console: lineLogger(netlifyLogged),
});

const RUNTIMES: Runtime[] = [
  { name: 'the Node server (npm run oauth) behind nginx', origin: () => site, handle: (request) => fetch(request), logged: reports },
  {
    name: 'answerAtEdge',
    origin: () => EDGE_ORIGIN,
    handle: (request) => answerAtEdge(request, EDGE_ENV),
    logged: edgeLogged,
    // It calls the global fetch, and logs to the console.
    prepare: () => {
      jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => (String(input) === GITHUB_TOKEN_ENDPOINT ? edgeFetch(input, init) : nodeFetch(input, init)));
      jest.spyOn(console, 'error').mockImplementation((line: string) => void edgeLogged.push(line));
    },
  },
  { name: 'the Cloudflare Pages Function', origin: () => EDGE_ORIGIN, handle: (request) => cloudflare.onRequest({ request, env: EDGE_ENV }), logged: cloudflareLogged },
  { name: 'the Netlify Function', origin: () => EDGE_ORIGIN, handle: (request) => netlify.default(request), logged: netlifyLogged },
];

/** A request to `runtime` at `target` (a path and query), with `cookie` if any. */
const send = (runtime: Runtime, target: string, options: { method?: string; cookie?: string } = {}) =>
  runtime.handle(new Request(`${runtime.origin()}${target}`, { method: options.method ?? 'GET', headers: options.cookie ? { cookie: options.cookie } : {}, redirect: 'manual' }));

/** A sign-in started on `runtime`: the cookie (name=value) and the state it gave. */
async function startOn(runtime: Runtime): Promise<{ cookie: string; state: string }> {
  const response = await send(runtime, '/oauth/auth?provider=github&site_id=www.stockpay.com&scope=repo');
  expect(response.status).toBe(302);
  return { cookie: response.headers.getSetCookie()[0].split(';')[0], state: new URL(response.headers.get('location') ?? '').searchParams.get('state') ?? '' };
}

/** Whether `response` clears the sign-in cookie. */
const clearsCookie = (response: Response) => response.headers.getSetCookie().some((cookie) => /^(?:__Host-)?stockpay-sign-in=; .*Max-Age=0/.test(cookie));

/** A whole sign-in on `runtime` against the stand-in as it answers now: the callback's answer. */
async function signInOn(runtime: Runtime): Promise<Response> {
  const { cookie, state } = await startOn(runtime);
  return send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { cookie });
}

/** What a body without end may have put out before the exchange hung up: the limit, a chunk, and what the sockets buffer; never without end. */
const MOST_SENT = TOKEN_ANSWER_MAX_BYTES + ENDLESS_CHUNK_BYTES + 64 * 1024 * 1024;
/** How much the process may grow while one sign-in refuses such an answer: a read of the whole would grow it by what was sent, without end (6.1 GB before Node aborted, in the review). */
const MOST_GROWTH = 64 * 1024 * 1024;

const HOSTILE_CASES: [string, (runtime: Runtime) => Promise<void>][] = [
  ...(['endless', 'announced'] as const).map((answer): [string, (runtime: Runtime) => Promise<void>] => [
    `a token answer without end${answer === 'announced' ? ', announcing 3 GB' : ''}: refused with a page naming the limit, the provider hung up on, the memory bounded; the next sign-in works`,
    async (runtime) => {
      tokenAnswer = answer;
      const before = process.memoryUsage();
      const refused = await signInOn(runtime);
      expect(refused.status).toBe(502);
      const page = await refused.text();
      const limit =
        answer === 'announced'
          ? `the body is ${HUGE_LENGTH} bytes, more than the limit of ${TOKEN_ANSWER_MAX_BYTES}`
          : `the body is more than the limit of ${TOKEN_ANSWER_MAX_BYTES} bytes`;
      expect(page).toContain(`GitHub&#39;s answer was refused: ${limit}.`);
      expect(clearsCookie(refused)).toBe(true);
      expect(github.endless).toHaveLength(1);
      const sent = await github.endless[0].hungUp;
      const after = process.memoryUsage();
      expect(sent).toBeLessThan(MOST_SENT);
      expect(after.rss - before.rss).toBeLessThan(MOST_GROWTH);
      // The event alone (the functions' lines say whose it is first).
      expect(runtime.logged.map((line) => line.replace(/^Sign-in exchange: /, ''))).toEqual(['failed: provider answer too large']);
      tokenAnswer = 'token';
      const next = await signInOn(runtime);
      expect([next.status, (await next.text()).includes(TOKEN)]).toEqual([200, true]);
    },
  ]),
  [
    'HEAD at the callback: 405, Allow: GET, nothing traded or spent; the GET that follows signs in',
    async (runtime) => {
      const { cookie, state } = await startOn(runtime);
      const head = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { method: 'HEAD', cookie });
      expect([head.status, head.headers.get('allow'), clearsCookie(head)]).toEqual([405, 'GET', false]);
      expect(github.traded).toEqual([]);
      const get = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { cookie });
      expect([get.status, (await get.text()).includes(TOKEN), github.traded.length]).toEqual([200, true, 1]);
    },
  ],
  [
    'every other method at the callback: 405, nothing traded',
    async (runtime) => {
      const { cookie, state } = await startOn(runtime);
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
        const response = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { method, cookie });
        expect([method, response.status, response.headers.get('allow')]).toEqual([method, 405, 'GET']);
      }
      expect(github.traded).toEqual([]);
    },
  ],
  [
    'a wrong state with a good cookie: 403, nothing traded, the cookie cleared',
    async (runtime) => {
      const { cookie } = await startOn(runtime);
      const response = await send(runtime, `/oauth/callback?code=${CODE}&state=${'A'.repeat(43)}`, { cookie });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('its state does not match');
      expect(clearsCookie(response)).toBe(true);
      expect(github.traded).toEqual([]);
    },
  ],
  [
    'the same callback sent twice, its cookie replayed: traded once, the second refused 403',
    async (runtime) => {
      const { cookie, state } = await startOn(runtime);
      const first = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { cookie });
      expect([first.status, (await first.text()).includes(TOKEN)]).toEqual([200, true]);
      const again = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}`, { cookie });
      const text = await again.text();
      expect([again.status, text.includes(TOKEN), clearsCookie(again)]).toEqual([403, false, true]);
      expect(text).toContain('this answer was used already');
      expect(github.traded).toHaveLength(1);
    },
  ],
  [
    "parameters of an attacker's: refused 400 at both ends, nothing traded, no cookie given",
    async (runtime) => {
      const { cookie, state } = await startOn(runtime);
      const callback = await send(runtime, `/oauth/callback?code=${CODE}&state=${state}&redirect_uri=https%3A%2F%2Fevil.example%2F`, { cookie });
      expect([callback.status, clearsCookie(callback)]).toEqual([400, true]);
      expect(await callback.text()).toContain('does not take "redirect_uri"');
      const start = await send(runtime, '/oauth/auth?provider=github&client_id=evils-own-app');
      expect([start.status, start.headers.getSetCookie(), start.headers.get('location')]).toEqual([400, [], null]);
      expect(github.traded).toEqual([]);
    },
  ],
];

describe.each(RUNTIMES)('the hostile answers against $name', (runtime) => {
  beforeAll(() => runtime.prepare?.());
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    runtime.logged.length = 0;
  });
  afterEach(() => {
    // Whatever a runtime logs says what happened, never with a code, a state, a token or the secret.
    for (const line of runtime.logged) for (const secret of [CODE, TOKEN, CLIENT_SECRET]) expect(line).not.toContain(secret);
    for (const line of runtime.logged) expect(line).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  it.each(HOSTILE_CASES)('%s', async (_, run) => {
    await run(runtime);
  });
});

describe("nginx's logs", () => {
  const read = (file: string, from = 0) => (existsSync(file) ? readFileSync(file).subarray(from).toString('utf8') : '');
  /** The lines the log at `file` got past `from` bytes, once one of them names `pathName` (nginx writes the access line after its answer is on its way). */
  async function linesOnceLogged(file: string, pathName: string, from = 0): Promise<string[]> {
    for (const deadline = Date.now() + 15_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const lines = read(file, from).split('\n');
      if (lines.some((line) => line.includes(pathName))) return lines;
      if (Date.now() > deadline) throw new Error(`nginx logged no request for ${pathName} in ${file}`);
    }
  }

  it('keep no code or state of a sign-in: the access lines name the path alone', async () => {
    const from = existsSync(nginx.logs.access) ? statSync(nginx.logs.access).size : 0;
    const { cookie, state } = await startSignIn();
    const response = await fetch(`${site}/oauth/callback?code=${CODE}&state=${state}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const lines = await linesOnceLogged(nginx.logs.access, '/oauth/callback', from);
    expect(lines.filter((line) => line.includes('"GET /oauth/callback HTTP/1.1" 200 '))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"GET /oauth/auth HTTP/1.1" 302 '))).toHaveLength(1);
    for (const secret of [CODE, state, TOKEN]) expect(`${read(nginx.logs.access)}${read(nginx.logs.error)}`).not.toContain(secret);
  });

  it("keep none when the exchange is down, though nginx's error lines quote the request: shown by the same config without its two log lines", async () => {
    const nowhere = `127.0.0.1:${await freePort()}`;
    const state = 'S'.repeat(43);
    const withoutLogLines = (config: string) =>
      config
        .split('\n')
        .filter((line) => !/^\s+(?:access_log|error_log) /.test(line))
        .join('\n');
    const seen: Record<string, string> = {};
    for (const [name, edit] of [
      ['generated', undefined],
      ['without its log lines', withoutLogLines],
    ] as const) {
      const port = await freePort();
      const down = await startNginxWith(dir, port, nowhere, edit);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/oauth/callback?code=${CODE}&state=${state}`);
        expect([name, response.status]).toEqual([name, 502]);
        await linesOnceLogged(down.logs.access, '/oauth/callback');
        seen[name] = `${read(down.logs.access)}${read(down.logs.error)}`;
      } finally {
        await down.close();
      }
    }
    expect(seen.generated).toContain('"GET /oauth/callback HTTP/1.1" 502 ');
    for (const secret of [CODE, state]) expect(seen.generated).not.toContain(secret);
    // The same request, logged as nginx logs it by default: the access line and the error line both quote the query.
    expect(seen['without its log lines']).toContain(`"GET /oauth/callback?code=${CODE}&state=${state} HTTP/1.1" 502 `);
    expect(seen['without its log lines']).toContain(`request: "GET /oauth/callback?code=${CODE}&state=${state} HTTP/1.1"`);
  });
});

describe('Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('This test signs in in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
    browser = await chromium.launch({
      executablePath,
      // The stand-in's and the attacker's host names on this machine, every other name nowhere: nothing leaves it.
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${GITHUB_HOST} 127.0.0.1, MAP ${EVIL_HOST} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A context whose GitHub API answers Decap's first calls as GitHub would for an editor who may push to the repository. */
  async function editorContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.route('https://api.github.com/**', async (route) => {
      const url = new URL(route.request().url());
      const authorized = route.request().headers().authorization === `token ${TOKEN}`;
      if (!authorized) return route.fulfill({ status: 401, json: { message: 'Bad credentials' } });
      if (url.pathname === '/user') return route.fulfill({ json: { login: 'editor', name: 'An Editor', avatar_url: '' } });
      if (url.pathname === `/repos/${REPO}`) return route.fulfill({ json: { full_name: REPO, owner: { login: 'acme' }, permissions: { push: true, admin: false } } });
      if (url.pathname.startsWith(`/repos/${REPO}/pulls`) || url.pathname.startsWith(`/repos/${REPO}/branches`)) return route.fulfill({ json: [] });
      return route.fulfill({ status: 404, json: { message: 'Not Found' } });
    });
    await context.route('https://www.githubstatus.com/**', (route) => route.fulfill({ json: { components: [] } }));
    return context;
  }

  /** Clicks Decap's GitHub button on `page` and follows the popup to the callback page. */
  async function signIn(page: Page): Promise<Page> {
    await page.getByRole('button', { name: /Login with GitHub/i }).waitFor({ timeout: 30_000 });
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /Login with GitHub/i }).click()]);
    return popup;
  }

  /**
   * The user Decap keeps in its origin's localStorage once signed in, read
   * through the browser's storage, not a script in the page: the CMS's
   * admin script takes eval away, which page.evaluate would need.
   */
  async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
    const origin = new URL(page.url()).origin;
    const { origins } = await page.context().storageState();
    const stored = origins.find((entry) => entry.origin === origin)?.localStorage.find((item) => item.name === 'decap-cms-user');
    return stored ? (JSON.parse(stored.value) as Record<string, unknown>) : null;
  }

  /** Decap's user once it keeps one, or null after `timeout` ms. */
  async function signedInUser(page: Page, timeout = 30_000): Promise<Record<string, unknown> | null> {
    for (const deadline = Date.now() + timeout; Date.now() < deadline; await page.waitForTimeout(250)) {
      const user = await storedUser(page);
      if (user) return user;
    }
    return null;
  }

  it('signs an editor in: the CMS opens the exchange in a popup, GitHub sends back a code, the exchange hands the token to the CMS, which keeps it and shows the editor in', async () => {
    const context = await editorContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    try {
      await page.goto(`${site}/admin/`);
      const popup = await signIn(page);
      await popup.waitForEvent('close', { timeout: 30_000 });
      expect(await signedInUser(page)).toMatchObject({ token: TOKEN, backendName: 'github', login: 'editor' });
      await page.getByRole('button', { name: /Login with GitHub/i }).waitFor({ state: 'detached', timeout: 30_000 });
      // Decap's signed-in screen: its sections and the collections of the site's config.yml.
      await page.getByText('Quick add', { exact: true }).waitFor({ timeout: 30_000 });
      for (const shown of ['Workflow', 'Media', 'Collections', 'Home page banners', 'Interface text'])
        expect([shown, await page.getByText(shown, { exact: true }).count()]).toEqual([shown, 1]);
      // What GitHub was asked: the client, the exchange's own callback, the scope, the state; then the code, with the secret.
      expect(github.authorized.map((query) => [query.get('client_id'), query.get('redirect_uri'), query.get('scope')])).toEqual([[CLIENT_ID, `${site}/oauth/callback`, 'repo']]);
      expect(github.traded.map((form) => [form.get('code'), form.get('client_secret')])).toEqual([[CODE, CLIENT_SECRET]]);
      expect(problems).toEqual([]);
      // The state cookie is gone once used; no cookie of the exchange remains.
      expect((await context.cookies(site)).filter((cookie) => cookie.name === stateCookieName(false))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('hands nothing to a window of another origin that opened the sign-in, however it asks', async () => {
    const context = await editorContext();
    const page = await context.newPage();
    try {
      await page.goto(`http://${EVIL_HOST}:${evil.port}/`);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#open')]);
      await popup.waitForURL(`${site}/oauth/callback?**`, { timeout: 30_000 });
      await popup.waitForLoadState('load');
      // The provider did sign the editor in, and the page holds the token: it is the handing over that must not happen.
      expect(github.traded).toHaveLength(1);
      await page.waitForTimeout(2_000);
      expect(await page.evaluate(() => (window as unknown as { received: string[] }).received)).toEqual([]);
      expect(await popup.locator('#status').textContent()).toBe('Signing in… This window closes by itself.');
      expect(popup.isClosed()).toBe(false);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('lets no page of another origin that opens the CMS keep a reference to it: only the popups the CMS opens keep theirs', async () => {
    const context = await editorContext();
    const page = await context.newPage();
    try {
      await page.goto(`http://${EVIL_HOST}:${evil.port}/`);
      const [cms] = await Promise.all([
        context.waitForEvent('page'),
        page.evaluate((url) => void ((window as unknown as { cms: Window | null }).cms = window.open(url, 'cms')), `${site}/admin/`),
      ]);
      await cms.waitForLoadState('load');
      await cms.getByRole('button', { name: /Login with GitHub/i }).waitFor({ timeout: 30_000 });
      // The browser put the CMS in a group of its own: the opener's handle reads as closed, and reaches nothing.
      expect(await page.evaluate(() => (window as unknown as { cms: Window }).cms.closed)).toBe(true);
      expect(cms.isClosed()).toBe(false);
    } finally {
      await context.close();
    }
  }, 120_000);

  describe('the exchange on an origin of its own, the CMS page served by npm start (features/hosting/staticServer.node.ts)', () => {
    let exchangeDirect: RunningExchange;
    let cms: { server: Server; port: number };
    /** The opener policy the CMS page is served with: the rules', or the site's same-origin as before. */
    let opener: 'rules' | 'same-origin' = 'rules';
    beforeAll(async () => {
      const exchangePort = await freePort();
      const cmsPort = await freePort();
      const exchangeOrigin = `http://127.0.0.1:${exchangePort}`;
      const config = path.join(direct, ADMIN_PATH, 'config.yml');
      writeFileSync(config, readFileSync(config, 'utf8').replace(`base_url: ${site}`, `base_url: ${exchangeOrigin}`));
      expect(readFileSync(config, 'utf8')).toContain(`base_url: ${exchangeOrigin}\n`);
      exchangeDirect = await startExchangeServer(
        exchangeSettings(exchangeOrigin, `http://127.0.0.1:${cmsPort}`),
        { host: '127.0.0.1', port: exchangePort },
        undefined,
        () => undefined,
      );
      const app = createStaticApp(direct);
      cms = await serve((request, response) => {
        if (opener === 'same-origin') {
          const setHeader = response.setHeader.bind(response);
          response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cross-origin-opener-policy' ? 'same-origin' : value);
        }
        app(request, response);
      }, cmsPort);
    });
    afterAll(async () => {
      await exchangeDirect?.close();
      await closeServer(cms?.server);
    });

    it('signs an editor in across origins, under the CMS page opener policy', async () => {
      opener = 'rules';
      const context = await editorContext();
      const page = await context.newPage();
      try {
        const response = await page.goto(`http://127.0.0.1:${cms.port}/admin/`);
        expect(response?.headers()['cross-origin-opener-policy']).toBe(CMS_PAGE_OPENER_POLICY);
        const popup = await signIn(page);
        await popup.waitForEvent('close', { timeout: 30_000 });
        expect(await signedInUser(page)).toMatchObject({ token: TOKEN });
      } finally {
        await context.close();
      }
    }, 120_000);

    it("never signs in under same-origin, every other page's opener policy: the popup has lost its opener and says so (why the CMS page differs)", async () => {
      opener = 'same-origin';
      const context = await editorContext();
      const page = await context.newPage();
      try {
        const response = await page.goto(`http://127.0.0.1:${cms.port}/admin/`);
        expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
        const popup = await signIn(page);
        await popup.waitForURL('**/oauth/callback?**', { timeout: 30_000 });
        await popup.waitForLoadState('load');
        expect(await popup.locator('#status').textContent()).toBe('This window was not opened by the content manager: close it, and sign in from the content manager.');
        await page.waitForTimeout(2_000);
        expect(await storedUser(page)).toBeNull();
        expect(github.traded).toHaveLength(1);
        expect(await popup.content()).toContain(CALLBACK_SCRIPT);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
});

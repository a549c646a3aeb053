/** @jest-environment node */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startExchangeServer, type RunningExchange } from '../../features/cms/signIn/server.node';
import { CALLBACK_SCRIPT, spentStates, stateCookieName, type ExchangeDeps, type ExchangeSettings } from '../../features/cms/signIn/exchange';
import { freePort } from '../../features/hosting/nginxServer.node';
import { rawGet } from '../support/rawHttp';

/**
 * The sign-in exchange as `npm run oauth` serves it (features/cms/signIn/server.node.ts,
 * scripts/oauth.ts), over HTTP on loopback: the adapter hands the exchange
 * the path, query, method and cookie, writes its answer back whole (both
 * cookies' headers, no body for HEAD), and logs one line for what was not
 * a success, with no code, token or secret in it.
 */
const ROOT = path.join(__dirname, '..', '..');
const SECRET = 'server-test-secret-0123456789';
const TOKEN = 'gho_servertesttoken0123456789';
const CODE = 'code0123456789abcdef';
const STATE = Buffer.alloc(32, 9).toString('base64url');
const SETTINGS: ExchangeSettings = {
  origin: 'https://www.stockpay.com',
  cmsOrigin: 'https://www.stockpay.com',
  github: { clientId: 'client', clientSecret: SECRET, scope: 'repo', url: 'https://github.com' },
};
const COOKIE = `${stateCookieName(true)}=github.${Math.floor(Date.now() / 1000)}.${STATE}`;

let running: RunningExchange;
const reports: string[] = [];
let broken = false;
const deps: ExchangeDeps = {
  fetch: async () => Response.json({ access_token: TOKEN }),
  random: (length) => {
    if (broken) throw new Error(`random broke while ${SECRET} was at hand`);
    return new Uint8Array(length).fill(9);
  },
  now: () => Date.now(),
  spent: spentStates(),
};

beforeAll(async () => {
  running = await startExchangeServer(SETTINGS, { host: '127.0.0.1', port: 0 }, deps, (event) => reports.push(event));
});
afterAll(async () => {
  await running?.close();
});
beforeEach(() => {
  reports.length = 0;
  broken = false;
});

const port = () => Number(new URL(running.url).port);

describe('the exchange over HTTP', () => {
  it('listens on loopback and starts a sign-in: a redirect to the provider and the state cookie, nothing logged', async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${running.url}/oauth/auth?provider=github&site_id=www.stockpay.com&scope=repo`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('state')).toBe(STATE);
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(reports).toEqual([]);
  });

  it('finishes it: the page that hands the token over, the cookie cleared', async () => {
    const response = await fetch(`${running.url}/oauth/callback?code=${CODE}&state=${STATE}`, { headers: { cookie: COOKIE } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(CALLBACK_SCRIPT);
    expect(html).toContain(TOKEN);
    expect(html).not.toContain(SECRET);
    expect(response.headers.getSetCookie()).toEqual([`${stateCookieName(true)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`]);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(reports).toEqual([]);
  });

  it('logs one line for each refusal, saying what happened and nothing of the request', async () => {
    const wrong = await fetch(`${running.url}/oauth/callback?code=${CODE}&state=${'A'.repeat(43)}`, { headers: { cookie: COOKIE } });
    expect(wrong.status).toBe(403);
    const none = await fetch(`${running.url}/oauth/callback?code=${CODE}&state=${STATE}`);
    expect(none.status).toBe(400);
    const other = await fetch(`${running.url}/oauth/auth?provider=github&redirect_uri=https://evil.example/`);
    expect(other.status).toBe(400);
    expect(reports).toEqual(['refused: state does not match', 'refused: no sign-in cookie', 'refused: unexpected parameter']);
    for (const report of reports) for (const secret of [CODE, STATE, SECRET, TOKEN, 'evil.example']) expect(report).not.toContain(secret);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(`${running.url}/oauth/auth?provider=github`, { method: 'HEAD', redirect: 'manual' });
    expect([response.status, await response.text()]).toEqual([302, '']);
  });

  it('refuses a request line that names another host, and passes no header but the cookie on', async () => {
    const absolute = await rawGet(port(), 'http://evil.example/oauth/auth?provider=github');
    expect(absolute.status).toBe(400);
    const doubled = await rawGet(port(), '//evil.example/oauth/auth?provider=github');
    expect(doubled.status).toBe(400);
    expect(reports).toEqual(['refused: not a path', 'refused: not a path']);
    // Whatever Host it came with, the exchange speaks for its configured origin.
    const hosted = await rawGet(port(), '/oauth/auth?provider=github', 'evil.example');
    expect(new URL(hosted.headers.location?.[0] ?? '').searchParams.get('redirect_uri')).toBe('https://www.stockpay.com/oauth/callback');
  });

  it('answers 500 when the exchange fails, and logs that alone, not the error (which may quote anything)', async () => {
    broken = true;
    const response = await fetch(`${running.url}/oauth/auth?provider=github`, { redirect: 'manual' });
    expect([response.status, await response.text()]).toEqual([500, 'The sign-in exchange failed; try again.\n']);
    expect(reports).toEqual(['failed: internal error']);
  });
});

describe('npm run oauth (scripts/oauth.ts)', () => {
  /** Runs the command with `env` only (and PATH), until it prints `until` or exits. */
  function run(env: Record<string, string>, until: RegExp | null): Promise<{ code: number | null; out: string; stop: () => Promise<number | null> }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'oauth.ts')], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      const look = (chunk: Buffer) => {
        out += chunk.toString();
        if (until && until.test(out)) resolve({ code: null, out, stop });
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      void exited.then((code) => resolve({ code, out, stop }));
    });
  }

  it('stops at once without its settings, naming each variable at fault and no secret', async () => {
    const { code, out } = await run({ OAUTH_GITHUB_CLIENT_SECRET: 'a secret value', CMS_OAUTH_ORIGIN: 'http://www.stockpay.com' }, null);
    expect(code).toBe(1);
    expect(out).toContain('The sign-in exchange is not configured (docs/configuration.md, "The sign-in exchange"):');
    expect(out).toContain('  - CMS_OAUTH_ORIGIN must use https (plain http only on this machine); got "http://www.stockpay.com"');
    expect(out).toContain('  - GATSBY_SITE_URL is not set');
    expect(out).toContain('  - OAUTH_GITHUB_CLIENT_SECRET is set, but OAUTH_GITHUB_CLIENT_ID is not');
    expect(out).not.toContain('a secret value');
  }, 60_000);

  it('serves on the port it is given until SIGTERM, saying where and for whom', async () => {
    const free = await freePort();
    const env = {
      CMS_OAUTH_ORIGIN: 'https://www.stockpay.com',
      GATSBY_SITE_URL: 'https://www.stockpay.com',
      OAUTH_GITHUB_CLIENT_ID: 'client',
      OAUTH_GITHUB_CLIENT_SECRET: SECRET,
      OAUTH_PORT: String(free),
    };
    const started = await run(env, /tokens go to/);
    try {
      expect(started.out).toBe(
        `Sign-in exchange (github) at http://127.0.0.1:${free}/oauth/, public at https://www.stockpay.com/oauth/; tokens go to https://www.stockpay.com only.\n`,
      );
      const response = await fetch(`http://127.0.0.1:${free}/oauth/auth?provider=github`, { redirect: 'manual' });
      expect(new URL(response.headers.get('location') ?? '').origin).toBe('https://github.com');
    } finally {
      expect(await started.stop()).toBe(0);
    }
    expect(started.out).not.toContain(SECRET);
  }, 60_000);
});

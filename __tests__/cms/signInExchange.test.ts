/** @jest-environment node */
import { createHash } from 'node:crypto';
import { runnableInlineScripts } from '../support/runnableScripts';
import {
  AUTH_PATH,
  CALLBACK_PATH,
  CALLBACK_SCRIPT,
  CALLBACK_SCRIPT_HASH,
  EXCHANGE_SECURITY_HEADERS,
  SPENT_STATES_KEPT,
  STATE_LIFETIME,
  TOKEN_ANSWER_MAX_BYTES,
  exchange,
  providerEndpoints,
  sameInConstantTime,
  spentStates,
  stateCookieName,
  type ExchangeDeps,
  type ExchangeSettings,
} from '../../features/cms/signIn/exchange';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS, SIGN_IN_ANSWER_DIRECTIVES, policyText, signInPageDirectives } from '../../features/site/policies';

/**
 * The sign-in exchange, pure over its inputs: every
 * branch, every refusal, with a stand-in for the provider's token endpoint,
 * a fixed random source and a fixed clock.
 */
const ORIGIN = 'https://www.stockpay.com';
const CMS = 'https://cms.stockpay.com';
const GITHUB_SECRET = 'github-client-secret-0123456789abcdef';
const GITLAB_SECRET = 'gitlab-client-secret-0123456789abcdef';
const SETTINGS: ExchangeSettings = {
  origin: ORIGIN,
  cmsOrigin: CMS,
  github: { clientId: 'github-client', clientSecret: GITHUB_SECRET, scope: 'repo', url: 'https://github.com' },
  gitlab: { clientId: 'gitlab-client', clientSecret: GITLAB_SECRET, url: 'https://git.stockpay.com/gitlab' },
};
const NOW = 1_800_000_000_000;
/** What the fixed random source gives: 32 bytes of 7, whose base64url is the state below. */
const STATE = Buffer.alloc(32, 7).toString('base64url');
const COOKIE = stateCookieName(true);
const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
const CODE = 'c0ffee0123456789abcd';

interface Call {
  url: string;
  init: RequestInit;
}

/** The world the exchange runs in: `answer` is the provider's token endpoint. */
function world(answer: (call: Call) => Response | Promise<Response> = () => Response.json({ access_token: TOKEN, token_type: 'bearer', scope: 'repo' })) {
  const calls: Call[] = [];
  const deps: ExchangeDeps = {
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer({ url, init });
    },
    random: (length) => new Uint8Array(length).fill(7),
    now: () => NOW,
    spent: spentStates(),
  };
  return { deps, calls };
}

const get = (target: string, cookie?: string, method = 'GET') => new Request(`${ORIGIN}${target}`, { method, headers: cookie === undefined ? {} : { cookie } });
const started = (provider = 'github', issued = NOW / 1000, state = STATE) => `${COOKIE}=${provider}.${issued}.${state}`;
/** The provider's answer to this browser: with the cookie of a started sign-in, another, or none (null). */
const callback = (query: string, cookie: string | null = started()) => get(`${CALLBACK_PATH}?${query}`, cookie ?? undefined);

/** A body of 64 KiB chunks of spaces without end, as a stream. */
const spaces = () =>
  new ReadableStream<Uint8Array>({
    pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(0x20)),
  });

/** The data the callback page hands its script, as the script reads it. */
function pageData(html: string): { origin: string; greeting: string; message: string; alone: string } {
  const match = /<script type="application\/json" id="sign-in">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1]);
}

const ANSWER_POLICY = policyText(SIGN_IN_ANSWER_DIRECTIVES);
const PAGE_POLICY = policyText(signInPageDirectives(CALLBACK_SCRIPT_HASH));

/** What every answer carries: the site's security headers but the opener policy, no-store, a policy. */
function expectExchangeHeaders(response: Response, policy: string): void {
  for (const [name, value] of Object.entries(EXCHANGE_SECURITY_HEADERS)) expect([name, response.headers.get(name)]).toEqual([name, value]);
  expect(response.headers.get(OPENER_POLICY_HEADER)).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-security-policy')).toBe(policy);
}

describe('the callback page', () => {
  it('runs one script, whose hash is the one its policy names, under a policy that lets nothing else load, run or frame it', () => {
    expect(CALLBACK_SCRIPT_HASH).toBe(`sha256-${createHash('sha256').update(CALLBACK_SCRIPT).digest('base64')}`);
    expect(PAGE_POLICY).toBe(`default-src 'none'; script-src '${CALLBACK_SCRIPT_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    expect(ANSWER_POLICY).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  });

  it('posts only to the origin its data names, never "*", and answers only its opener from that origin with the greeting', () => {
    expect(CALLBACK_SCRIPT).not.toContain('"*"');
    expect(CALLBACK_SCRIPT).toContain('opener.postMessage(data.greeting, data.origin)');
    expect(CALLBACK_SCRIPT).toContain('opener.postMessage(data.message, data.origin)');
    expect(CALLBACK_SCRIPT).toContain('event.source !== opener || event.origin !== data.origin || event.data !== data.greeting');
  });

  it("carries the site's security headers but the opener policy, which would cut the popup off from the CMS", () => {
    expect(EXCHANGE_SECURITY_HEADERS).toEqual(Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'Cross-Origin-Opener-Policy')));
    expect(Object.keys(EXCHANGE_SECURITY_HEADERS)).toHaveLength(Object.keys(SECURITY_HEADERS).length - 1);
  });
});

describe('/oauth/auth', () => {
  it("sends the editor to GitHub's authorize page with the client, the fixed callback, the scope and a random state, bound to the browser by a cookie", async () => {
    const { deps } = world();
    const { response, event } = await exchange(get(`${AUTH_PATH}?provider=github&site_id=www.stockpay.com&scope=repo`), SETTINGS, deps);
    expect([response.status, event]).toEqual([302, null]);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: 'github-client',
      redirect_uri: `${ORIGIN}/oauth/callback`,
      scope: 'repo',
      state: STATE,
      allow_signup: 'false',
    });
    expect(STATE).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.getSetCookie()).toEqual([`${COOKIE}=github.${NOW / 1000}.${STATE}; Path=/; Max-Age=${STATE_LIFETIME}; HttpOnly; SameSite=Lax; Secure`]);
    expect(COOKIE).toBe('__Host-stockpay-sign-in');
    expectExchangeHeaders(response, ANSWER_POLICY);
    expect(JSON.stringify([...response.headers])).not.toContain(GITHUB_SECRET);
  });

  it("sends the editor to GitLab's own address (a GitLab of one's own too), asking for a code and the api scope", async () => {
    const { deps } = world();
    const { response } = await exchange(get(`${AUTH_PATH}?provider=gitlab&site_id=x&scope=api`), SETTINGS, deps);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://git.stockpay.com/gitlab/oauth/authorize');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: 'gitlab-client',
      redirect_uri: `${ORIGIN}/oauth/callback`,
      scope: 'api',
      state: STATE,
      response_type: 'code',
    });
    expect(response.headers.getSetCookie()[0]).toContain(`=gitlab.${NOW / 1000}.${STATE};`);
  });

  it('asks GitHub for the scope the exchange is set to, whatever the CMS asked', async () => {
    const { deps } = world();
    const settings = { ...SETTINGS, github: { ...SETTINGS.github!, scope: 'public_repo' as const } };
    const { response } = await exchange(get(`${AUTH_PATH}?provider=github&scope=repo`), settings, deps);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('scope')).toBe('public_repo');
    const { response: without } = await exchange(get(`${AUTH_PATH}?provider=github`), SETTINGS, deps);
    expect(new URL(without.headers.get('location') ?? '').searchParams.get('scope')).toBe('repo');
  });

  it('writes a plain cookie, not Secure, on plain http, which only this machine may use', async () => {
    const { deps } = world();
    const { response } = await exchange(new Request('http://127.0.0.1:8787/oauth/auth?provider=github'), { ...SETTINGS, origin: 'http://127.0.0.1:8787' }, deps);
    expect(response.headers.getSetCookie()).toEqual([`stockpay-sign-in=github.${NOW / 1000}.${STATE}; Path=/; Max-Age=${STATE_LIFETIME}; HttpOnly; SameSite=Lax`]);
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8787/oauth/callback');
  });

  it.each([
    ['no provider', '', 'refused: unknown provider', 'the exchange signs in with github or gitlab only'],
    ['an unknown provider', 'provider=bitbucket', 'refused: unknown provider', 'the exchange signs in with github or gitlab only'],
    ['a provider in capitals', 'provider=GitHub', 'refused: unknown provider', 'github or gitlab only'],
    ['a redirect_uri of its own', 'provider=github&redirect_uri=https%3A%2F%2Fevil.example%2F', 'refused: unexpected parameter', '/oauth/auth does not take "redirect_uri"'],
    ['a second provider', 'provider=github&provider=gitlab', 'refused: unexpected parameter', '"provider" is given twice'],
    ['a client of its own', 'provider=github&client_id=other', 'refused: unexpected parameter', 'does not take "client_id"'],
    ['a state of its own', 'provider=github&state=chosen', 'refused: unexpected parameter', 'does not take "state"'],
    ['a wider scope', 'provider=github&scope=repo%20delete_repo', 'refused: scope', 'asks GitHub for repo or public_repo only'],
    ['a GitHub scope for GitLab', 'provider=gitlab&scope=repo', 'refused: scope', 'asks GitLab for api only'],
    ['a site_id too long', `provider=github&site_id=${'a'.repeat(254)}`, 'refused: site_id', 'the site_id is too long'],
  ])('refuses %s, writing no cookie and sending nobody anywhere', async (_, query, event, text) => {
    const { deps, calls } = world();
    const answer = await exchange(get(`${AUTH_PATH}?${query}`), SETTINGS, deps);
    expect([answer.response.status, answer.event]).toEqual([400, event]);
    expect(await answer.response.text()).toContain(text);
    expect(answer.response.headers.get('location')).toBeNull();
    expect(answer.response.headers.getSetCookie()).toEqual([]);
    expectExchangeHeaders(answer.response, ANSWER_POLICY);
    expect(calls).toEqual([]);
  });

  it('refuses a provider this exchange has no application for', async () => {
    const { deps } = world();
    const { response, event } = await exchange(get(`${AUTH_PATH}?provider=gitlab`), { ...SETTINGS, gitlab: undefined }, deps);
    expect([response.status, event]).toEqual([400, 'refused: provider not set up']);
    expect(await response.text()).toContain('signs editors in with GitLab through another way, or not at all');
  });
});

describe('/oauth/callback', () => {
  it('trades the code for a token at the provider, with the secret, following no redirect, and hands the token to the CMS origin alone', async () => {
    const { deps, calls } = world();
    const { response, event } = await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps);
    expect([response.status, event]).toEqual([200, null]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://github.com/login/oauth/access_token');
    expect(calls[0].init).toMatchObject({ method: 'POST', redirect: 'error', headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(calls[0].init.signal).toBeInstanceOf(AbortSignal);
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].init.body)))).toEqual({
      client_id: 'github-client',
      client_secret: GITHUB_SECRET,
      code: CODE,
      redirect_uri: `${ORIGIN}/oauth/callback`,
    });
    const html = await response.text();
    expect(pageData(html)).toEqual({
      origin: CMS,
      greeting: 'authorizing:github',
      message: `authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}`,
      alone: expect.stringContaining('not opened by the content manager'),
    });
    expect(runnableInlineScripts(html)).toEqual([CALLBACK_SCRIPT]);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectExchangeHeaders(response, PAGE_POLICY);
    // The cookie is used once: cleared on the way back.
    expect(response.headers.getSetCookie()).toEqual([`${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`]);
    expect(`${html}${JSON.stringify([...response.headers])}`).not.toContain(GITHUB_SECRET);
  });

  it("trades a GitLab code at GitLab's own address, with the grant type GitLab wants", async () => {
    const { deps, calls } = world(() => Response.json({ access_token: 'a'.repeat(64), token_type: 'Bearer', expires_in: 7200, refresh_token: 'r' }));
    const { response } = await exchange(callback(`code=${CODE}&state=${STATE}`, started('gitlab')), SETTINGS, deps);
    expect(response.status).toBe(200);
    expect(calls[0].url).toBe('https://git.stockpay.com/gitlab/oauth/token');
    expect(new URLSearchParams(String(calls[0].init.body)).get('grant_type')).toBe('authorization_code');
    expect(new URLSearchParams(String(calls[0].init.body)).get('client_secret')).toBe(GITLAB_SECRET);
    expect(pageData(await response.text()).message).toBe(`authorization:gitlab:success:${JSON.stringify({ token: 'a'.repeat(64), provider: 'gitlab' })}`);
  });

  it('keeps a token that holds markup data: nothing in it can close the data block or run', async () => {
    const hostile = 'gho_</script><script>alert(1)</script>&#x3c;\u2028';
    const { deps } = world(() => Response.json({ access_token: hostile.replace('\u2028', '') }));
    const html = await (await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps)).response.text();
    expect(runnableInlineScripts(html)).toEqual([CALLBACK_SCRIPT]);
    expect(JSON.parse(pageData(html).message.replace('authorization:github:success:', ''))).toEqual({ token: hostile.replace('\u2028', ''), provider: 'github' });
  });

  it.each([
    ['no cookie', `code=${CODE}&state=${STATE}`, null, 400, 'refused: no sign-in cookie', 'no sign-in was started in this browser'],
    ['two cookies of its name (one tossed by another host)', `code=${CODE}&state=${STATE}`, `${started()}; ${started()}`, 400, 'refused: no sign-in cookie', 'two sign-in cookies'],
    ['a cookie it never wrote', `code=${CODE}&state=${STATE}`, `${COOKIE}=github.${NOW / 1000}.short`, 400, 'refused: no sign-in cookie', 'not one the exchange wrote'],
    ['a cookie naming another provider', `code=${CODE}&state=${STATE}`, started('bitbucket'), 400, 'refused: no sign-in cookie', 'not one the exchange wrote'],
    [
      'a sign-in started too long ago',
      `code=${CODE}&state=${STATE}`,
      started('github', NOW / 1000 - STATE_LIFETIME - 1),
      400,
      'refused: no sign-in cookie',
      'started too long ago',
    ],
    ['a sign-in from the future', `code=${CODE}&state=${STATE}`, started('github', NOW / 1000 + 120), 400, 'refused: no sign-in cookie', 'started too long ago'],
    ['no state', `code=${CODE}`, started(), 403, 'refused: state missing', 'its state is missing'],
    ['a wrong state', `code=${CODE}&state=${'A'.repeat(43)}`, started(), 403, 'refused: state does not match', 'its state does not match'],
    ["another sign-in's state", `code=${CODE}&state=${Buffer.alloc(32, 8).toString('base64url')}`, started(), 403, 'refused: state does not match', 'does not match'],
    ['the state twice', `code=${CODE}&state=${STATE}&state=${STATE}`, started(), 400, 'refused: unexpected parameter', '"state" is given twice'],
    ['a provider in the query', `code=${CODE}&state=${STATE}&provider=gitlab`, started(), 400, 'refused: unexpected parameter', 'does not take "provider"'],
    [
      'a redirect_uri in the query',
      `code=${CODE}&state=${STATE}&redirect_uri=https://evil.example/`,
      started(),
      400,
      'refused: unexpected parameter',
      'does not take "redirect_uri"',
    ],
    ['no code', `state=${STATE}`, started(), 400, 'refused: code missing', 'GitHub sent no code'],
    ['an empty code', `code=&state=${STATE}`, started(), 400, 'refused: code missing', 'GitHub sent no code'],
    ['a code of another form', `code=a%20b&state=${STATE}`, started(), 400, 'refused: code malformed', 'not one GitHub writes'],
  ])('refuses %s, asking the provider nothing and handing nothing over, and clears the cookie', async (_, query, cookie, status, event, text) => {
    const { deps, calls } = world();
    const { response, event: said } = await exchange(callback(query, cookie), SETTINGS, deps);
    expect([response.status, said]).toEqual([status, event]);
    const body = await response.text();
    expect(body).toContain(text);
    expect(body).not.toContain('<script');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectExchangeHeaders(response, ANSWER_POLICY);
    expect(response.headers.getSetCookie()).toEqual([`${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`]);
    expect(calls).toEqual([]);
  });

  it('tells the CMS, and the editor, when the provider did not sign them in, in its own short word only', async () => {
    const { deps, calls } = world();
    const denied = await exchange(callback(`error=access_denied&error_description=The+user+has+denied&state=${STATE}`), SETTINGS, deps);
    expect([denied.response.status, denied.event]).toEqual([403, 'failed: provider said access_denied']);
    const html = await denied.response.text();
    expect(pageData(html).message).toBe(`authorization:github:error:${JSON.stringify({ message: 'GitHub did not sign you in (access_denied).' })}`);
    expect(html).toContain('<p id="status">GitHub did not sign you in (access_denied). Close this window');
    expect(html).not.toContain('has denied');
    // A sign-in of its own: the first one's state is spent.
    const odd = await exchange(callback(`error=%3Cb%3Ebold%3C%2Fb%3E&state=${STATE}`), SETTINGS, world().deps);
    expect(pageData(await odd.response.text()).message).toContain('(an error)');
    expect(calls).toEqual([]);
    // Only once the state matched: a stranger's error is refused like any other answer.
    const stranger = await exchange(callback(`error=access_denied&state=${'B'.repeat(43)}`), SETTINGS, deps);
    expect([stranger.response.status, stranger.event]).toEqual([403, 'refused: state does not match']);
  });

  it.each([
    ['cannot reach the provider', () => Promise.reject(new TypeError('fetch failed')), 'Could not reach GitHub.', 'failed: provider unreachable'],
    [
      'the provider refuses the code',
      () => Response.json({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }),
      'GitHub did not accept the sign-in (bad_verification_code).',
      'failed: provider refused the code (bad_verification_code)',
    ],
    [
      'the provider answers 500',
      () => new Response('<html>oops</html>', { status: 500 }),
      'GitHub did not accept the sign-in (status 500).',
      'failed: provider refused the code (status 500)',
    ],
    [
      'the provider answers a token with an error',
      () => Response.json({ access_token: TOKEN, error: 'x' }),
      'GitHub did not accept the sign-in (x).',
      'failed: provider refused the code (x)',
    ],
    [
      'the provider answers a token with spaces',
      () => Response.json({ access_token: 'a token' }),
      'GitHub did not accept the sign-in (status 200).',
      'failed: provider refused the code (status 200)',
    ],
    [
      'the provider answers a token of another type',
      () => Response.json({ access_token: 42 }),
      'GitHub did not accept the sign-in (status 200).',
      'failed: provider refused the code (status 200)',
    ],
    [
      'the provider answers an odd error word',
      () => Response.json({ error: '<script>' }, { status: 401 }),
      'GitHub did not accept the sign-in (status 401).',
      'failed: provider refused the code (status 401)',
    ],
    [
      'the provider answers without end',
      () => new Response(spaces(), { headers: { 'Content-Type': 'application/json' } }),
      `GitHub's answer was refused: the body is more than the limit of ${TOKEN_ANSWER_MAX_BYTES} bytes.`,
      'failed: provider answer too large',
    ],
    [
      'the provider announces 3 GB',
      () => new Response(spaces(), { headers: { 'Content-Type': 'application/json', 'Content-Length': String(3 * 1024 ** 3) } }),
      `GitHub's answer was refused: the body is ${3 * 1024 ** 3} bytes, more than the limit of ${TOKEN_ANSWER_MAX_BYTES}.`,
      'failed: provider answer too large',
    ],
    [
      "the provider's answer breaks off",
      () =>
        new Response(
          new ReadableStream({
            pull: (controller) => controller.error(new TypeError('terminated')),
          }),
        ),
      "Could not read GitHub's answer.",
      'failed: provider answer unreadable',
    ],
  ])('tells the CMS when it %s, and logs no code, token or secret', async (_, answer, text, event) => {
    const { deps } = world(answer);
    const result = await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps);
    expect([result.response.status, result.event]).toEqual([502, event]);
    const html = await result.response.text();
    expect(pageData(html).message).toBe(`authorization:github:error:${JSON.stringify({ message: text })}`);
    expect(pageData(html).origin).toBe(CMS);
    for (const secret of [CODE, TOKEN, GITHUB_SECRET]) expect(`${result.event}${html}`).not.toContain(secret);
  });

  it('trades a code once: the same answer again, its cookie replayed, is refused without asking the provider, for as long as the state lives', async () => {
    const { deps, calls } = world();
    const first = await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps);
    expect([first.response.status, first.event]).toEqual([200, null]);
    const again = await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps);
    expect([again.response.status, again.event]).toEqual([403, 'refused: state already used']);
    const text = await again.response.text();
    expect(text).toContain('this answer was used already; a sign-in finishes once');
    expect(text).not.toContain(TOKEN);
    expect(again.response.headers.getSetCookie()).toEqual([`${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`]);
    // An error the provider sent back is an answer too: spent as well.
    const denied = await exchange(callback(`error=access_denied&state=${STATE}`), SETTINGS, deps);
    expect(denied.event).toBe('refused: state already used');
    expect(calls).toHaveLength(1);
  });

  it('refuses to trade a code for a provider it no longer has an application for', async () => {
    const { deps, calls } = world();
    const { response, event } = await exchange(callback(`code=${CODE}&state=${STATE}`, started('gitlab')), { ...SETTINGS, gitlab: undefined }, deps);
    expect([response.status, event]).toEqual([502, 'failed: provider not set up']);
    expect(calls).toEqual([]);
  });

  it('reads a plain cookie on plain http, and not the Secure one it would write over https', async () => {
    const { deps } = world();
    const settings = { ...SETTINGS, origin: 'http://127.0.0.1:8787' };
    const plain = new Request(`http://127.0.0.1:8787${CALLBACK_PATH}?code=${CODE}&state=${STATE}`, { headers: { cookie: `stockpay-sign-in=github.${NOW / 1000}.${STATE}` } });
    expect((await exchange(plain, settings, deps)).response.status).toBe(200);
    const prefixed = new Request(`http://127.0.0.1:8787${CALLBACK_PATH}?code=${CODE}&state=${STATE}`, { headers: { cookie: started() } });
    expect((await exchange(prefixed, settings, deps)).event).toBe('refused: no sign-in cookie');
  });
});

describe('anything else', () => {
  it.each(['/oauth/', '/oauth/auth/', '/oauth/refresh', '/oauth/callback.html', '/', '/admin/'])('%s is not found', async (target) => {
    const { deps } = world();
    const { response, event } = await exchange(get(target), SETTINGS, deps);
    expect([response.status, event]).toEqual([404, 'refused: not found']);
    expectExchangeHeaders(response, ANSWER_POLICY);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s to the start is refused: it answers GET and HEAD only', async (method) => {
    const { deps } = world();
    const { response, event } = await exchange(get(`${AUTH_PATH}?provider=github`, undefined, method), SETTINGS, deps);
    expect([response.status, event, response.headers.get('allow')]).toEqual([405, 'refused: method', 'GET, HEAD']);
  });

  it('answers HEAD to the start as GET: a redirect and a cookie, nothing traded', async () => {
    const { deps, calls } = world();
    expect((await exchange(get(`${AUTH_PATH}?provider=github`, undefined, 'HEAD'), SETTINGS, deps)).response.status).toBe(302);
    expect(calls).toEqual([]);
  });

  it.each(['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])(
    '%s to the callback trades nothing and spends nothing: it answers GET alone, and the GET that follows signs in',
    async (method) => {
      const { deps, calls } = world();
      const { response, event } = await exchange(get(`${CALLBACK_PATH}?code=${CODE}&state=${STATE}`, started(), method), SETTINGS, deps);
      expect([response.status, event, response.headers.get('allow')]).toEqual([405, 'refused: method', 'GET']);
      expect(await response.text()).toBe('The sign-in exchange answers GET only at /oauth/callback.\n');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(calls).toEqual([]);
      const after = await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, deps);
      expect([after.response.status, calls.length]).toEqual([200, 1]);
    },
  );

  it('refuses an address too long to be a sign-in', async () => {
    const { deps } = world();
    const { response, event } = await exchange(get(`${AUTH_PATH}?provider=github&site_id=${'a'.repeat(5000)}`), SETTINGS, deps);
    expect([response.status, event]).toEqual([414, 'refused: address too long']);
  });
});

describe('the record of spent states', () => {
  const A = Buffer.alloc(32, 1).toString('base64url');
  const B = Buffer.alloc(32, 2).toString('base64url');

  it('refuses a state spent already until it expires, and forgets it then', () => {
    const spent = spentStates();
    const until = NOW + STATE_LIFETIME * 1000;
    expect(spent.spend(A, until, NOW)).toBe(true);
    expect(spent.spend(A, until, NOW + 1)).toBe(false);
    expect(spent.spend(B, until, NOW + 1)).toBe(true);
    expect(spent.spend(A, until, until - 1)).toBe(false);
    // Expired: its cookie is refused by then ("started too long ago"), and the record lets it go.
    expect(spent.spend(A, until + 60_000, until)).toBe(true);
  });

  it(`keeps ${SPENT_STATES_KEPT} at most, forgetting the oldest first, so that no flood of sign-ins grows it`, () => {
    const spent = spentStates();
    const until = NOW + 1000;
    const states = Array.from({ length: SPENT_STATES_KEPT + 1 }, (_, index) => `state-${index}`);
    for (const state of states) expect(spent.spend(state, until, NOW)).toBe(true);
    // The first made room for the last; the others are still known.
    expect(states.slice(1).filter((state) => spent.spend(state, until, NOW))).toEqual([]);
    expect(spent.spend(states[0], until, NOW)).toBe(true);
  });

  it("is the exchange's own: a sign-in spent in one exchange's record is unknown to another's (an edge isolate's)", async () => {
    const one = world();
    const other = world();
    expect((await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, one.deps)).response.status).toBe(200);
    expect((await exchange(callback(`code=${CODE}&state=${STATE}`), SETTINGS, other.deps)).response.status).toBe(200);
    expect([one.calls.length, other.calls.length]).toEqual([1, 1]);
  });
});

describe('the providers and the comparison', () => {
  it("are the providers' own addresses unless a test's settings say otherwise", () => {
    expect(providerEndpoints('github', SETTINGS)).toEqual({ authorize: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token' });
    // A GitHub Enterprise Server (OAUTH_GITHUB_URL) has GitHub's two pages on its own host.
    expect(
      providerEndpoints('github', { ...SETTINGS, github: { clientId: 'github-client', clientSecret: GITHUB_SECRET, scope: 'repo', url: 'https://github.stockpay.com' } }),
    ).toEqual({
      authorize: 'https://github.stockpay.com/login/oauth/authorize',
      token: 'https://github.stockpay.com/login/oauth/access_token',
    });
    expect(providerEndpoints('gitlab', { ...SETTINGS, gitlab: undefined })).toEqual({ authorize: 'https://gitlab.com/oauth/authorize', token: 'https://gitlab.com/oauth/token' });
    const stand = { authorize: 'http://127.0.0.1:1/a', token: 'http://127.0.0.1:1/t' };
    expect(providerEndpoints('github', { ...SETTINGS, endpoints: { github: stand } })).toEqual(stand);
  });

  it('compares states whole, whatever their lengths', () => {
    expect(sameInConstantTime(STATE, STATE)).toBe(true);
    expect(sameInConstantTime(STATE, `${STATE}x`)).toBe(false);
    expect(sameInConstantTime(STATE, STATE.slice(0, -1))).toBe(false);
    expect(sameInConstantTime('', '')).toBe(true);
    expect(sameInConstantTime('a', 'b')).toBe(false);
  });
});

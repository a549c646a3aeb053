/**
 * The OAuth code exchange the editors' CMS signs in to GitHub or GitLab
 * through, where Netlify's OAuth provider is not there to do it
 * (docs/deploy.md, "Sign-in for editors"). Decap's "external OAuth"
 * protocol, as its NetlifyAuthenticator (decap-cms-lib-auth) speaks it:
 *
 * 1. The CMS opens `<origin>/oauth/auth?provider=github&site_id=…&scope=repo`
 *    in a popup. The exchange answers with a redirect to the provider's
 *    authorize page (its client ID, the fixed callback, a random `state`)
 *    and binds that state to this browser with a short-lived cookie.
 * 2. The provider sends the editor back to `<origin>/oauth/callback?code&state`.
 *    The exchange checks the state against the cookie (in constant time),
 *    trades the code for a token at the provider with the client secret,
 *    clears the cookie, and answers a small page whose one script says
 *    "authorizing:<provider>" to the window that opened it, waits for the
 *    CMS to say it back, and hands it
 *    `authorization:<provider>:success:{"token":…,"provider":…}` (or
 *    `:error:{"message":…}`).
 *
 * The token goes to one origin only, the CMS's (settings.cmsOrigin): the
 * page posts its messages to that origin, never to "*" or to whoever asks,
 * and answers only a message from the window that opened it, from that
 * origin. The secret lives in the settings alone, read from the
 * environment where the exchange runs (features/site/settings.ts,
 * oauthSettingsFromEnv); no answer carries it. The callback trades a code
 * once, on GET alone: the cookie is cleared on the way back, and the
 * state is remembered as spent (in memory, until it would have expired
 * anyway), so the same answer replayed with its cookie trades nothing.
 * The provider's answer is read within TOKEN_ANSWER_MAX_BYTES and
 * TOKEN_ANSWER_TIMEOUT_MS.
 * Nothing is logged here: each answer says what happened in a few words
 * (`event`), never with a code, a token or a secret, for the caller to log.
 *
 * Written against the Web Fetch API (a Request in, a Response out) and pure
 * over its inputs (the settings, the request, a fetch for the provider, a
 * random source, the clock), so that the same code runs in Node beside
 * nginx (features/cms/signIn/server.node.ts) and at a CDN's edge (features/cms/signIn/edge.node.ts).
 */
import { SECURITY_HEADERS, OPENER_POLICY_HEADER, SIGN_IN_ANSWER_DIRECTIVES, policyText, signInPageDirectives } from '../../site/policies';
import { OAUTH_PATH, PUBLIC_GIT_SERVERS, OAUTH_PROVIDERS, type OAuthProvider } from '../backends';
import { BodyTooLargeError, readTextWithin } from '../../site/boundedBody';
import { type OAuthSettings } from './settings';
import { escapeHtml, serializeJsonLd } from '../../site/html';

/** Where the sign-in starts and where the provider sends the editor back, on the exchange's origin. */
export const AUTH_PATH = `${OAUTH_PATH}auth`;
export const CALLBACK_PATH = `${OAUTH_PATH}callback`;

/** A provider's two addresses: the page an editor authorizes on, and where the code becomes a token. */
export interface ProviderEndpoints {
  authorize: string;
  token: string;
}

/** The exchange's settings: the configuration (features/site/settings.ts), and, for tests only, other addresses for the providers. */
export interface ExchangeSettings extends OAuthSettings {
  /** Tests only: a stand-in for a provider. Never read from the environment. */
  endpoints?: Partial<Record<OAuthProvider, ProviderEndpoints>>;
}

/** What the exchange needs from the world it runs in. */
export interface ExchangeDeps {
  /** Calls the provider's token endpoint. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** `length` cryptographically random bytes. */
  random: (length: number) => Uint8Array;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The states of the sign-ins this exchange has finished (spentStates): one process's, or one edge isolate's. */
  spent: SpentStates;
}

export interface ExchangeAnswer {
  response: Response;
  /** What happened, for a log line: null when all went well; never a code, a token or a secret. */
  event: string | null;
}

/**
 * The providers' own addresses, on the server the settings name (github.com
 * and gitlab.com, or OAUTH_GITHUB_URL's and OAUTH_GITLAB_URL's): no request
 * can send a code or a secret anywhere else.
 */
export function providerEndpoints(provider: OAuthProvider, settings: ExchangeSettings): ProviderEndpoints {
  const override = settings.endpoints?.[provider];
  if (override) return override;
  const server = settings[provider]?.url ?? PUBLIC_GIT_SERVERS[provider];
  if (provider === 'github') return { authorize: `${server}/login/oauth/authorize`, token: `${server}/login/oauth/access_token` };
  return { authorize: `${server}/oauth/authorize`, token: `${server}/oauth/token` };
}

const PROVIDER_NAMES: Readonly<Record<OAuthProvider, string>> = { github: 'GitHub', gitlab: 'GitLab' };

/** The scopes Decap asks each provider for (its GitHub page: `repo`, or `public_repo` for open authoring; its GitLab page: `api`). */
const ASKED_SCOPES: Readonly<Record<OAuthProvider, readonly string[]>> = { github: ['repo', 'public_repo'], gitlab: ['api'] };

/** What each endpoint takes in its query: anything else (a `redirect_uri`, a second `provider`) is refused, not ignored. */
const AUTH_PARAMETERS: readonly string[] = ['provider', 'site_id', 'scope'];
const CALLBACK_PARAMETERS: readonly string[] = ['code', 'state', 'error', 'error_description', 'error_uri'];

/** How long a started sign-in may take, in seconds: the cookie's lifetime, also checked against the time it records. */
export const STATE_LIFETIME = 600;

/**
 * The most bytes of the provider's answer to a code that are read: GitHub's
 * is about 100 bytes, GitLab's a few hundred (a refresh token, times), and
 * a token is taken up to 4,096 characters. An answer past this is refused
 * unread, however much more the provider would send.
 */
export const TOKEN_ANSWER_MAX_BYTES = 64 * 1024;
/** How long the provider may take to answer a code, its body included (ms). */
export const TOKEN_ANSWER_TIMEOUT_MS = 10_000;

/**
 * The methods each path answers. A HEAD to the callback (a link checker's,
 * a prefetch) would trade the code and throw the token away: GET alone
 * there. HEAD at the start is harmless (a redirect and a cookie, nothing
 * traded) and is how a deployer checks it with `curl -I`.
 */
const METHODS: Readonly<Record<string, readonly string[]>> = { [AUTH_PATH]: ['GET', 'HEAD'], [CALLBACK_PATH]: ['GET'] };

/** The record of spent states: `spend` says whether a state was still unspent, and spends it. */
export interface SpentStates {
  /** Spends `state` until `until` (ms since the epoch; forgotten after, when its cookie is refused anyway); false when it was spent already. */
  spend(state: string, until: number, now: number): boolean;
}

/** How many spent states one record keeps: far more sign-ins than a site's editors finish in a state's lifetime. */
export const SPENT_STATES_KEPT = 4096;

/**
 * A record of spent states in memory, bounded: an expired state is
 * forgotten, and past `capacity` the oldest is, so no flood of sign-ins
 * grows it. A state forgotten early can be replayed only with its cookie
 * and its code, which the provider takes once.
 */
export function spentStates(capacity = SPENT_STATES_KEPT): SpentStates {
  const until = new Map<string, number>();
  return {
    spend(state, expires, now) {
      // Oldest first: they expire roughly in that order.
      for (const [kept, at] of until) {
        if (at > now) break;
        until.delete(kept);
      }
      const known = until.get(state);
      if (known !== undefined && known > now) return false;
      const oldest = until.keys().next();
      if (until.size >= capacity && !oldest.done) until.delete(oldest.value);
      until.set(state, expires);
      return true;
    },
  };
}

/** Random bytes in a state: 256 bits, 43 characters of base64url. */
const STATE_BYTES = 32;
const STATE_FORM = /^[A-Za-z0-9_-]{43}$/;

/**
 * The cookie that binds a sign-in to the browser that started it. Over
 * https it is a `__Host-` cookie (Secure, the exchange's host alone, path
 * /), which no other host, a subdomain included, can set; plain http (the
 * tests, on this machine) can hold no Secure cookie, so there it has a
 * name without the prefix.
 */
export const stateCookieName = (secure: boolean): string => (secure ? '__Host-stockpay-sign-in' : 'stockpay-sign-in');

/** The security headers of every answer: the site's, but the opener policy, which would cut the popup off from the CMS that opened it (features/hosting/rules.ts). */
export const EXCHANGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== OPENER_POLICY_HEADER));

/**
 * The callback page's one script. It hands the page's message to the
 * window that opened it, at the CMS's origin only, once the CMS has
 * answered its greeting from that origin: Decap's handshake. Its text is
 * hashed into the page's policy (CALLBACK_SCRIPT_HASH); what it hands
 * over is data beside it, so the hash never changes.
 */
export const CALLBACK_SCRIPT = [
  '(function () {',
  '  var data = JSON.parse(document.getElementById("sign-in").textContent);',
  '  var opener = window.opener;',
  '  if (!opener) {',
  '    document.getElementById("status").textContent = data.alone;',
  '    return;',
  '  }',
  '  function answer(event) {',
  '    if (event.source !== opener || event.origin !== data.origin || event.data !== data.greeting) return;',
  '    window.removeEventListener("message", answer);',
  '    opener.postMessage(data.message, data.origin);',
  '  }',
  '  window.addEventListener("message", answer);',
  '  opener.postMessage(data.greeting, data.origin);',
  '})();',
].join('\n');

/** The SHA-256 of CALLBACK_SCRIPT, as a policy names it (a test holds the two together). */
export const CALLBACK_SCRIPT_HASH = 'sha256-hyT+Nl0p4McmfS4f9sovCrpoXJFRMfgWMW0UMWGvoeI=';

const PAGE_POLICY = policyText(signInPageDirectives(CALLBACK_SCRIPT_HASH));
const ANSWER_POLICY = policyText(SIGN_IN_ANSWER_DIRECTIVES);

const AGAIN = 'Close this window and sign in again from the content manager.';
const ALONE = 'This window was not opened by the content manager: close it, and sign in from the content manager.';

/** An answer with the exchange's headers: never cached, never framed, under `policy`. */
function respond(status: number, body: string, type: string, policy: string, extra: readonly [string, string][] = []): Response {
  const headers = new Headers({ ...EXCHANGE_SECURITY_HEADERS, 'Cache-Control': 'no-store', 'Content-Type': type, 'Content-Security-Policy': policy });
  for (const [name, value] of extra) headers.append(name, value);
  return new Response(body, { status, headers });
}

/** A refusal: plain text for the editor, which runs nothing. */
export const refusal = (status: number, text: string, extra: readonly [string, string][] = []): Response =>
  respond(status, `${text}\n`, 'text/plain; charset=utf-8', ANSWER_POLICY, extra);

/** The page that hands `message` to the CMS (CALLBACK_SCRIPT), showing `status` meanwhile. */
function handOverPage(status: number, provider: OAuthProvider, message: string, shown: string, settings: ExchangeSettings, extra: readonly [string, string][]): Response {
  const data = { origin: settings.cmsOrigin, greeting: `authorizing:${provider}`, message, alone: ALONE };
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>Signing in with ${PROVIDER_NAMES[provider]}</title>`,
    '</head>',
    '<body>',
    `<p id="status">${escapeHtml(shown)}</p>`,
    // Data, never run: JSON escaped so that nothing in it can close the element.
    `<script type="application/json" id="sign-in">${serializeJsonLd(data)}</script>`,
    `<script>${CALLBACK_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return respond(status, html, 'text/html; charset=utf-8', PAGE_POLICY, extra);
}

/** The page that tells the CMS why the sign-in failed, and the editor too. */
const failurePage = (status: number, provider: OAuthProvider, text: string, settings: ExchangeSettings, extra: readonly [string, string][]) =>
  handOverPage(status, provider, `authorization:${provider}:error:${JSON.stringify({ message: text })}`, `${text} ${AGAIN}`, settings, extra);

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Whether two strings are equal, in a time that depends on their length only. */
export function sameInConstantTime(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/** Whether the exchange is on https, where its cookie is Secure; plain http only on this machine (features/site/settings.ts). */
const isSecure = (settings: ExchangeSettings) => settings.origin.startsWith('https:');

function stateCookie(settings: ExchangeSettings, value: string, maxAge: number): string {
  const secure = isSecure(settings);
  return `${stateCookieName(secure)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The cookie's values in the request's Cookie header(s), however many there are. */
function cookieValues(request: Request, name: string): string[] {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/** The query's parameters, or what is wrong with them: one that `allowed` does not name, or one given twice. */
function readQuery(url: URL, allowed: readonly string[]): Map<string, string> | string {
  const values = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (!allowed.includes(name)) return `${url.pathname} does not take "${name.slice(0, 40)}" (it takes ${allowed.join(', ')})`;
    if (values.has(name)) return `"${name}" is given twice`;
    values.set(name, value);
  }
  return values;
}

const isProvider = (value: string | undefined): value is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(value ?? '');

/** The provider's client, when this exchange has one for it. */
const clientOf = (provider: OAuthProvider, settings: ExchangeSettings) => settings[provider];

function start(url: URL, settings: ExchangeSettings, deps: ExchangeDeps): ExchangeAnswer {
  const query = readQuery(url, AUTH_PARAMETERS);
  if (typeof query === 'string') return { response: refusal(400, `Sign-in refused: ${query}. ${AGAIN}`), event: 'refused: unexpected parameter' };
  const provider = query.get('provider');
  if (!isProvider(provider)) {
    return { response: refusal(400, `Sign-in refused: the exchange signs in with ${OAUTH_PROVIDERS.join(' or ')} only. ${AGAIN}`), event: 'refused: unknown provider' };
  }
  const client = clientOf(provider, settings);
  if (!client) {
    return {
      response: refusal(400, `Sign-in refused: this site signs editors in with ${PROVIDER_NAMES[provider]} through another way, or not at all. ${AGAIN}`),
      event: 'refused: provider not set up',
    };
  }
  const scope = query.get('scope');
  if (scope !== undefined && !ASKED_SCOPES[provider].includes(scope)) {
    return {
      response: refusal(400, `Sign-in refused: the content manager asks ${PROVIDER_NAMES[provider]} for ${ASKED_SCOPES[provider].join(' or ')} only. ${AGAIN}`),
      event: 'refused: scope',
    };
  }
  if ((query.get('site_id') ?? '').length > 253) return { response: refusal(400, `Sign-in refused: the site_id is too long. ${AGAIN}`), event: 'refused: site_id' };
  const state = base64url(deps.random(STATE_BYTES));
  const authorize = new URL(providerEndpoints(provider, settings).authorize);
  authorize.searchParams.set('client_id', client.clientId);
  authorize.searchParams.set('redirect_uri', `${settings.origin}${CALLBACK_PATH}`);
  // The exchange decides the scope: GitHub's from its settings, GitLab's the one Decap needs.
  authorize.searchParams.set('scope', settings.github && provider === 'github' ? settings.github.scope : 'api');
  authorize.searchParams.set('state', state);
  if (provider === 'gitlab') authorize.searchParams.set('response_type', 'code');
  else authorize.searchParams.set('allow_signup', 'false');
  const cookie = stateCookie(settings, `${provider}.${Math.floor(deps.now() / 1000)}.${state}`, STATE_LIFETIME);
  const response = respond(302, '', 'text/plain; charset=utf-8', ANSWER_POLICY, [
    ['Location', authorize.href],
    ['Set-Cookie', cookie],
  ]);
  return { response, event: null };
}

/** The started sign-in the cookie records: its provider, when it started (seconds) and its state. */
function startedSignIn(request: Request, settings: ExchangeSettings, deps: ExchangeDeps): { provider: OAuthProvider; issued: number; state: string } | string {
  const values = cookieValues(request, stateCookieName(isSecure(settings)));
  if (values.length === 0) return 'no sign-in was started in this browser, or it started too long ago';
  // Two cookies of the name: one was set by someone else (another host of the domain over plain http); trust neither.
  if (values.length > 1) return 'this browser holds two sign-in cookies';
  const [provider, issued, state] = values[0].split('.');
  const age = deps.now() / 1000 - Number(issued);
  if (!isProvider(provider) || !/^\d{1,12}$/.test(issued ?? '') || !STATE_FORM.test(state ?? '')) return "this browser's sign-in cookie is not one the exchange wrote";
  if (age > STATE_LIFETIME || age < -60) return 'the sign-in started too long ago';
  return { provider, issued: Number(issued), state };
}

/** The provider's answer to the code: the token, or why there is none (a short word of the provider's, never its text). */
async function tradeCode(provider: OAuthProvider, code: string, settings: ExchangeSettings, deps: ExchangeDeps): Promise<{ token: string } | { failure: string; event: string }> {
  const client = clientOf(provider, settings);
  if (!client) return { failure: `this site no longer signs editors in with ${PROVIDER_NAMES[provider]} here`, event: 'failed: provider not set up' };
  const body = new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, code, redirect_uri: `${settings.origin}${CALLBACK_PATH}` });
  if (provider === 'gitlab') body.set('grant_type', 'authorization_code');
  let response: Response;
  try {
    response = await deps.fetch(providerEndpoints(provider, settings).token, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      // A redirect would carry the secret wherever it points: none is followed.
      redirect: 'error',
      signal: AbortSignal.timeout(TOKEN_ANSWER_TIMEOUT_MS),
    });
  } catch {
    return { failure: `could not reach ${PROVIDER_NAMES[provider]}`, event: 'failed: provider unreachable' };
  }
  let text: string;
  try {
    text = await readTextWithin(response, TOKEN_ANSWER_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { failure: `${PROVIDER_NAMES[provider]}'s answer was refused: ${error.message}`, event: 'failed: provider answer too large' };
    return { failure: `could not read ${PROVIDER_NAMES[provider]}'s answer`, event: 'failed: provider answer unreadable' };
  }
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: no token, said below.
  }
  const token = data.access_token;
  if (response.ok && typeof token === 'string' && /^[\x21-\x7e]{1,4096}$/.test(token) && data.error === undefined) return { token };
  const reason = typeof data.error === 'string' && /^[a-z_]{1,64}$/.test(data.error) ? data.error : `status ${response.status}`;
  return { failure: `${PROVIDER_NAMES[provider]} did not accept the sign-in (${reason})`, event: `failed: provider refused the code (${reason})` };
}

async function finish(request: Request, url: URL, settings: ExchangeSettings, deps: ExchangeDeps): Promise<ExchangeAnswer> {
  // The cookie is used once, whatever the answer.
  const clear: [string, string][] = [['Set-Cookie', stateCookie(settings, '', 0)]];
  const started = startedSignIn(request, settings, deps);
  if (typeof started === 'string') return { response: refusal(400, `Sign-in refused: ${started}. ${AGAIN}`, clear), event: 'refused: no sign-in cookie' };
  const query = readQuery(url, CALLBACK_PARAMETERS);
  if (typeof query === 'string') return { response: refusal(400, `Sign-in refused: ${query}. ${AGAIN}`, clear), event: 'refused: unexpected parameter' };
  const state = query.get('state');
  if (state === undefined || !sameInConstantTime(state, started.state)) {
    return {
      response: refusal(
        403,
        `Sign-in refused: this answer does not belong to the sign-in this browser started (its state ${state === undefined ? 'is missing' : 'does not match'}). ${AGAIN}`,
        clear,
      ),
      event: state === undefined ? 'refused: state missing' : 'refused: state does not match',
    };
  }
  // Spent now, whatever comes next: the same answer again, its cookie replayed, is refused.
  if (!deps.spent.spend(started.state, (started.issued + STATE_LIFETIME) * 1000, deps.now())) {
    return { response: refusal(403, `Sign-in refused: this answer was used already; a sign-in finishes once. ${AGAIN}`, clear), event: 'refused: state already used' };
  }
  const { provider } = started;
  const error = query.get('error');
  if (error !== undefined) {
    const reason = /^[a-z_]{1,64}$/.test(error) ? error : 'an error';
    return { response: failurePage(403, provider, `${PROVIDER_NAMES[provider]} did not sign you in (${reason}).`, settings, clear), event: `failed: provider said ${reason}` };
  }
  const code = query.get('code');
  if (code === undefined || code === '')
    return { response: refusal(400, `Sign-in refused: ${PROVIDER_NAMES[provider]} sent no code. ${AGAIN}`, clear), event: 'refused: code missing' };
  if (!/^[\x21-\x7e]{1,512}$/.test(code))
    return { response: refusal(400, `Sign-in refused: the code is not one ${PROVIDER_NAMES[provider]} writes. ${AGAIN}`, clear), event: 'refused: code malformed' };
  const traded = await tradeCode(provider, code, settings, deps);
  if ('failure' in traded) return { response: failurePage(502, provider, `${traded.failure[0].toUpperCase()}${traded.failure.slice(1)}.`, settings, clear), event: traded.event };
  const message = `authorization:${provider}:success:${JSON.stringify({ token: traded.token, provider })}`;
  return { response: handOverPage(200, provider, message, 'Signing in… This window closes by itself.', settings, clear), event: null };
}

/** The exchange's answer to `request`: at /oauth/auth (GET or HEAD) and /oauth/callback (GET). */
export async function exchange(request: Request, settings: ExchangeSettings, deps: ExchangeDeps): Promise<ExchangeAnswer> {
  const url = new URL(request.url);
  if (url.pathname !== AUTH_PATH && url.pathname !== CALLBACK_PATH) {
    return { response: refusal(404, `Not found: the sign-in exchange answers at ${AUTH_PATH} and ${CALLBACK_PATH} only.`), event: 'refused: not found' };
  }
  const methods = METHODS[url.pathname];
  if (!methods.includes(request.method)) {
    return { response: refusal(405, `The sign-in exchange answers ${methods.join(' or ')} only at ${url.pathname}.`, [['Allow', methods.join(', ')]]), event: 'refused: method' };
  }
  if (url.search.length > 4096) return { response: refusal(414, `Sign-in refused: the address is too long. ${AGAIN}`), event: 'refused: address too long' };
  return url.pathname === AUTH_PATH ? start(url, settings, deps) : finish(request, url, settings, deps);
}

/**
 * The sign-in exchange at a CDN's edge: what the
 * functions in deploy/edge/ call, Cloudflare Pages' and Netlify's alike,
 * with the settings read from the function's environment on each request
 * (features/site/settings.ts, oauthSettingsFromEnv) and the runtime's own fetch,
 * Web Crypto and clock. A function's log gets one line for each answer
 * that was not a success, as `npm run oauth`'s does (features/cms/signIn/server.node.ts).
 *
 * Its record of spent states lives in the isolate's memory: the CDN runs
 * many isolates, each with its own, and starts and stops them as it
 * likes, so a replayed answer that reaches another isolate is not known
 * there. The cookie, cleared on the way back, and the provider, which
 * takes a code once and within minutes, are what stop it then.
 */
import { oauthSettingsFromEnv } from './settings.node';
import { type OAuthEnv } from './settings';
import { exchange, refusal, spentStates, type ExchangeDeps } from './exchange';

/** The edge runtime's own: fetch, Web Crypto's random source, the clock; and this isolate's record of spent states. */
const EDGE_DEPS: ExchangeDeps = {
  fetch: (url, init) => fetch(url, init),
  random: (length) => crypto.getRandomValues(new Uint8Array(length)),
  now: () => Date.now(),
  spent: spentStates(),
};

/**
 * The exchange's answer to `request`, configured by `env`. Without a usable
 * configuration it answers 503 and logs the names of the variables at
 * fault, never a value of a secret (oauthSettingsFromEnv's messages quote
 * none).
 */
export async function answerAtEdge(request: Request, env: OAuthEnv): Promise<Response> {
  const settings = oauthSettingsFromEnv(env);
  if ('errors' in settings) {
    console.error(`Sign-in exchange: not configured:\n  - ${settings.errors.join('\n  - ')}`);
    return refusal(503, 'Signing in is not set up on this site yet: its sign-in exchange is not configured (its log says what is missing).');
  }
  const { response, event } = await exchange(request, settings, EDGE_DEPS);
  if (event) console.error(`Sign-in exchange: ${event}`);
  return response;
}

/** @jest-environment node */
import { request as httpRequest } from 'node:http';
import { startSandbox, type Sandbox } from '../../features/sandbox/server.node';
import { FAULT_KINDS, MAX_DELAY_MS, parseFault } from '../../features/sandbox/faults';
import { CONTACT_BODY_MARKUP, CONTACT_BODY_MAX_LENGTH, CONTACT_LIMITS, contactLengthError } from '../../features/sandbox/limits';
import fixture from '../../features/sandbox/plans.json';
import { buildContactRequest, CONTACT_LIMITS as SITE_CONTACT_LIMITS, EMPTY_CONTACT } from '../../features/contact/contact';

const PAYMENTS_KEY = { apiKey: 'sandbox-payments-key' };
const API_KEY = { apiKey: 'sandbox-api-key', 'Content-Type': 'application/json' };
const EVIL = 'http://evil.example';
const message = { email: 'ana@example.com', subject: 'StockPay contacted', body: '<p>Hello</p>' };

/** Every Access-Control-Allow-* header of an answer. */
const allowHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith('access-control-allow-'));

/** The longest body the site builds from values of `char` at every limit (white space kept from trimming by an 'x' at each end). */
function siteBody(char: string): string {
  const fill = (length: number) => (/^\s+$/.test(char) ? `x${char.repeat(Math.floor((length - 2) / char.length))}x` : char.repeat(Math.floor(length / char.length)));
  return buildContactRequest(
    { ...EMPTY_CONTACT, name: fill(CONTACT_LIMITS.name), email: fill(CONTACT_LIMITS.email), business: fill(CONTACT_LIMITS.business), message: fill(CONTACT_LIMITS.message) },
    'StockPay',
  ).body;
}

describe('sandbox hardening', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox(0);
  });
  afterAll(() => sandbox.close());
  beforeEach(() => fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' }));

  const fault = (body: Record<string, unknown>) =>
    fetch(`${sandbox.url}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const plans = (init: RequestInit = {}) => fetch(`${sandbox.url}/available-plans/`, { ...init, headers: { ...PAYMENTS_KEY, Origin: 'http://site.example', ...init.headers } });
  const contact = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.url}/api/Users/ContactUs`, {
      method: 'POST',
      headers: { ...API_KEY, Origin: 'http://site.example', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const preflight = (path: string, method = 'POST', headers = 'apikey,content-type') =>
    fetch(`${sandbox.url}${path}`, { method: 'OPTIONS', headers: { Origin: EVIL, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers } });
  const recorded = async () => (await fetch(`${sandbox.url}/__sandbox/messages`)).json() as Promise<unknown[]>;

  describe('control endpoints answer no CORS headers', () => {
    const CONTROL: [string, string, string | undefined][] = [
      ['POST', '/__sandbox/fault', JSON.stringify({ target: 'plans', kind: 'empty' })],
      ['POST', '/__sandbox/reset', undefined],
      ['POST', '/__sandbox/release', undefined],
      ['GET', '/__sandbox/messages', undefined],
      ['GET', '/__sandbox/requests', undefined],
      ['GET', '/__sandbox/waiting', undefined],
    ];

    it.each(CONTROL)('%s %s from a tool (no Origin): answered, without any Access-Control-Allow-* header', async (method, path, body) => {
      const response = await fetch(`${sandbox.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status).toBe(200);
      expect(allowHeaders(response)).toEqual([]);
    });

    it.each(CONTROL)('%s %s from a web page (Origin or Sec-Fetch-Site): refused with 403, without any CORS header', async (method, path, body) => {
      const fromPages: Record<string, string>[] = [{ Origin: EVIL }, { 'Sec-Fetch-Site': 'cross-site' }];
      for (const headers of fromPages) {
        const response = await fetch(`${sandbox.url}${path}`, { method, headers: { ...headers, 'Content-Type': 'application/json' }, body });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'the sandbox control endpoints are not for web pages' });
        expect(allowHeaders(response)).toEqual([]);
      }
    });

    it('a blind cross-site POST cannot reset the records or clear a fault', async () => {
      await fault({ target: 'plans', kind: 'empty' });
      await contact(message);
      const response = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST', headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' } });
      expect(response.status).toBe(403);
      expect(await recorded()).toHaveLength(1);
      expect(await (await plans()).text()).toBe('[]');
    });

    it.each(CONTROL)('a preflight for %s %s is refused, without any Access-Control-Allow-* header', async (method, path) => {
      const response = await preflight(path, method, 'content-type');
      expect(response.ok).toBe(false);
      expect(response.status).toBe(405);
      expect(allowHeaders(response)).toEqual([]);
    });

    it.each(['/__SANDBOX/messages', '/__sandbox/messages/', '/__Sandbox/Requests/', '/__sandbox/unknown', '/__sandbox'])(
      'spellings Express also routes, and unknown control paths, get none either: %s',
      async (path) => {
        const response = await fetch(`${sandbox.url}${path}`, { headers: { Origin: EVIL } });
        expect(allowHeaders(response)).toEqual([]);
        expect((await preflight(path, 'GET')).status).toBe(405);
      },
    );

    it('a form-like cross-site POST (text/plain, no preflight in a browser) cannot switch a fault', async () => {
      const response = await fetch(`${sandbox.url}/__sandbox/fault`, {
        method: 'POST',
        headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ target: 'plans', kind: 'status' }),
      });
      expect(response.status).toBe(403);
      // Even from a tool, text/plain is not read as JSON.
      const plain = await fetch(`${sandbox.url}/__sandbox/fault`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ target: 'plans', kind: 'status' }),
      });
      expect(plain.status).toBe(400);
      expect(await plain.json()).toEqual({ error: 'expected a JSON object' });
      expect((await plans()).status).toBe(200);
    });

    it('the APIs the site calls keep their CORS headers, error answers included', async () => {
      for (const response of [
        await plans(),
        await plans({ headers: { apiKey: 'wrong' } }),
        await contact(message),
        await contact({ ...message, email: 'nope' }),
        await contact('{"email":'),
        await contact({ ...message, body: 'x'.repeat(CONTACT_BODY_MAX_LENGTH + 1) }),
        await preflight('/available-plans/', 'GET', 'apikey'),
        await preflight('/api/Users/ContactUs'),
      ]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
      }
      const answer = await preflight('/api/Users/ContactUs');
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/apiKey/);
    });
  });

  describe('bad bodies get a JSON error, never an HTML page', () => {
    /** The error answer as text, checked to be JSON without a trace of the server's files. */
    const jsonError = async (response: Response) => {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await response.text();
      expect(text).not.toMatch(/<|\bat \w|\/work\/|node_modules|sandbox\//);
      return JSON.parse(text) as { error: string };
    };

    it.each(['{"target": "plans",', '{target: plans}', '"plans"', 'nul', '{"a":1}}'])('bad JSON to the fault endpoint: 400, JSON (%s)', async (body) => {
      const response = await fetch(`${sandbox.url}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(await jsonError(response)).toEqual({ error: 'the body is not valid JSON' });
    });

    it.each(['{"email": "ana@example.com",', '<p>Hello</p>', '{"email": "\\x"}'])('bad JSON to the contact API: 400, JSON, nothing recorded (%s)', async (body) => {
      const response = await contact(body);
      expect(response.status).toBe(400);
      expect(await jsonError(response)).toEqual({ error: 'the body is not valid JSON' });
      expect(await recorded()).toEqual([]);
    });

    it('a JSON array or an empty body is refused with the usual JSON errors', async () => {
      expect(await jsonError(await fault([] as unknown as Record<string, unknown>))).toEqual({ error: 'expected a JSON object' });
      const empty = await fetch(`${sandbox.url}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      // An empty JSON body reads as {}.
      expect(empty.status).toBe(400);
      expect(await jsonError(empty)).toEqual({ error: '"target" must be one of plans, contact' });
      const noBody = await contact(undefined);
      expect(noBody.status).toBe(400);
      expect(await jsonError(noBody)).toEqual({ error: 'field "email" must be an e-mail address' });
    });

    it('a body over the parser limit: 413, JSON', async () => {
      const big = await contact({ ...message, body: 'x'.repeat(200_000) });
      expect(big.status).toBe(413);
      expect(await jsonError(big)).toEqual({ error: 'the body is larger than 102400 bytes' });
      const bigFault = await fault({ target: 'plans', kind: 'status', padding: 'x'.repeat(20_000) });
      expect(bigFault.status).toBe(413);
      expect((await jsonError(bigFault)).error).toMatch(/larger than/);
    });

    it('an unsupported charset or encoding: 415, JSON; a body that is not the gzip it claims: 400, JSON', async () => {
      const charset = await contact(JSON.stringify(message), { 'Content-Type': 'application/json; charset=klingon' });
      expect(charset.status).toBe(415);
      expect((await jsonError(charset)).error).toMatch(/charset/i);
      const encoding = await contact(JSON.stringify(message), { 'Content-Encoding': 'compress' });
      expect(encoding.status).toBe(415);
      expect((await jsonError(encoding)).error).toMatch(/encoding/i);
      const gzip = await contact(JSON.stringify(message), { 'Content-Encoding': 'gzip' });
      expect(gzip.status).toBe(400);
      await jsonError(gzip);
      expect(await recorded()).toEqual([]);
    });
  });

  describe('slow delays are capped', () => {
    it.each([2 ** 31, 1e21, MAX_DELAY_MS + 1])('delayMs %d is refused with a 400 that gives the range', async (delayMs) => {
      const response = await fault({ target: 'plans', kind: 'slow', delayMs });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: `"delayMs" must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}` });
      // Nothing was switched on: plans answer at once and normally.
      expect((await plans()).status).toBe(200);
    });

    it('parseFault takes 0 to the cap and refuses the rest', () => {
      expect(MAX_DELAY_MS).toBe(60_000);
      expect(parseFault({ target: 'plans', kind: 'slow', delayMs: 0 })).toMatchObject({ fault: { delayMs: 0 } });
      expect(parseFault({ target: 'plans', kind: 'slow', delayMs: MAX_DELAY_MS })).toMatchObject({ fault: { delayMs: MAX_DELAY_MS } });
      for (const delayMs of [MAX_DELAY_MS + 1, 2 ** 31, -1, 1.5, '500', null, Number.MAX_SAFE_INTEGER]) {
        expect(parseFault({ target: 'plans', kind: 'slow', delayMs })).toMatch(/"delayMs" must be a whole number of milliseconds from 0 to 60000/);
      }
      expect(parseFault([{ target: 'plans', kind: 'slow' }])).toBe('expected a JSON object');
    });
  });

  describe('a reset ends what the last test slowed down or held', () => {
    const validMessage = { email: 'ana@example.com', subject: 'StockPay contacted', body: '<p>Hello</p>' };
    const control = (path: string) => fetch(`${sandbox.url}/__sandbox/${path}`, { method: 'POST' }).then((response) => response.json() as Promise<unknown>);
    /** Resolves once the sandbox keeps `count` requests waiting: asked, not guessed from a pause. */
    async function waitingFor(count: number): Promise<void> {
      const waiting = async () => ((await (await fetch(`${sandbox.url}/__sandbox/waiting`)).json()) as { waiting: number }).waiting;
      while ((await waiting()) < count) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const outcome = (answer: Promise<Response>) =>
      answer.then(
        (response) => response.status,
        () => 'dropped',
      );

    it('drops a slow contact request a reset comes to while it waits, at once, so its message never reaches the next records', async () => {
      // The longest delay: dropped at the reset, not when it passes (the test would time out first).
      await fault({ target: 'contact', kind: 'slow', delayMs: MAX_DELAY_MS });
      const late = outcome(contact(validMessage));
      await waitingFor(1);
      await control('reset');
      expect(await late).toBe('dropped');
      expect(await recorded()).toEqual([]);
    });

    it('holds a request until released, then answers it normally, and holds none after', async () => {
      await fault({ target: 'contact', kind: 'hold' });
      const held = outcome(contact(validMessage));
      await waitingFor(1);
      expect(await recorded()).toEqual([]);
      expect(await control('release')).toEqual({ released: 1 });
      expect(await held).toBe(200);
      expect(await outcome(contact(validMessage))).toBe(200);
      expect(await recorded()).toHaveLength(2);
    });

    it('drops a held request at a reset, as a slow one', async () => {
      await fault({ target: 'plans', kind: 'hold' });
      const held = outcome(plans());
      await waitingFor(1);
      await control('reset');
      expect(await held).toBe('dropped');
      expect(await outcome(plans())).toBe(200);
    });

    it('still answers a slow request when no reset came in between', async () => {
      await fault({ target: 'contact', kind: 'slow', delayMs: 100 });
      expect((await contact(validMessage)).status).toBe(200);
      expect(await recorded()).toHaveLength(1);
    });
  });

  describe('the cors and reset faults', () => {
    it('knows both kinds', () => {
      expect(FAULT_KINDS).toEqual(expect.arrayContaining(['cors', 'reset']));
      expect(parseFault({ target: 'contact', kind: 'cors' })).toMatchObject({ target: 'contact', fault: { kind: 'cors' } });
      expect(parseFault({ target: 'plans', kind: 'reset' })).toMatchObject({ target: 'plans', fault: { kind: 'reset' } });
    });

    it('cors on plans: the preflight and the answer lack the CORS headers; contact keeps them', async () => {
      expect((await fault({ target: 'plans', kind: 'cors' })).status).toBe(200);
      const answer = await plans();
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(fixture);
      expect(allowHeaders(answer)).toEqual([]);
      const ask = await preflight('/available-plans/', 'GET', 'apikey');
      expect(allowHeaders(ask)).toEqual([]);
      expect(allowHeaders(await plans({ headers: { apiKey: 'wrong' } }))).toEqual([]);
      expect((await contact(message)).headers.get('access-control-allow-origin')).toBe('*');
      expect((await preflight('/api/Users/ContactUs')).headers.get('access-control-allow-origin')).toBe('*');

      await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
      expect((await plans()).headers.get('access-control-allow-origin')).toBe('*');
    });

    it('cors on contact: the preflight and the answer lack the CORS headers; plans keep them', async () => {
      await fault({ target: 'contact', kind: 'cors' });
      expect(allowHeaders(await preflight('/api/Users/ContactUs'))).toEqual([]);
      expect(allowHeaders(await contact(message))).toEqual([]);
      expect((await plans()).headers.get('access-control-allow-origin')).toBe('*');
    });

    it('reset on plans: the connection drops without an answer, after a normal preflight; contact is unaffected', async () => {
      await fault({ target: 'plans', kind: 'reset' });
      expect((await preflight('/available-plans/', 'GET', 'apikey')).status).toBe(204);
      await expect(plans()).rejects.toThrow('fetch failed');
      expect((await contact(message)).status).toBe(200);

      await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
      expect((await plans()).status).toBe(200);
    });

    it('reset on contact: the connection drops, nothing is recorded; plans are unaffected', async () => {
      await fault({ target: 'contact', kind: 'reset' });
      await expect(contact(message)).rejects.toThrow('fetch failed');
      expect(await recorded()).toEqual([]);
      expect((await plans()).status).toBe(200);

      await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
      expect((await contact(message)).status).toBe(200);
      expect(await recorded()).toHaveLength(1);
    });

    it('reset closes the socket without a single byte of answer', async () => {
      await fault({ target: 'plans', kind: 'reset' });
      const { url } = sandbox;
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest(`${url}/available-plans/`, { headers: PAYMENTS_KEY }, (res) => resolve(`answered ${res.statusCode}`));
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end();
      });
      expect(outcome).toMatch(/^(ECONNRESET|socket hang up)$/);
    });
  });

  describe('contact length limits: 413 with the limit', () => {
    it("the limits are the site's (CONTACT_LIMITS in features/contact/contact.ts)", () => {
      expect(CONTACT_LIMITS).toEqual({ name: 100, email: 254, business: 100, message: 5000 });
      expect({ ...SITE_CONTACT_LIMITS }).toEqual({ ...CONTACT_LIMITS });
    });

    it('the body cap is the fixed markup plus 6 characters for each one allowed, and the site builds exactly that markup', () => {
      expect(CONTACT_BODY_MARKUP.length).toBe(102);
      expect(CONTACT_BODY_MAX_LENGTH).toBe(102 + 6 * (100 + 254 + 100 + 5000));
      expect(buildContactRequest({ ...EMPTY_CONTACT, business: ' ', name: ' ', email: ' ', message: ' ' }, 'StockPay').body.length).toBe(
        CONTACT_BODY_MARKUP.length + 1, // the empty business shows as '-'
      );
    });

    it.each(['"', '&', "'", '<', '>', '\n', '\r\n', '\r', 'a', 'я', '😀', ' '])('every field at its limit of %j fits in the cap', (char) => {
      expect(siteBody(char).length).toBeLessThanOrEqual(CONTACT_BODY_MAX_LENGTH);
    });

    it('the longest body the site can build (every character a ") is exactly the cap, and accepted', async () => {
      const body = siteBody('"');
      expect(body.length).toBe(CONTACT_BODY_MAX_LENGTH);
      const response = await contact({ ...message, body });
      expect(response.status).toBe(200);
      expect(await recorded()).toHaveLength(1);
    });

    it('one character more: 413, saying the body limit, and nothing recorded', async () => {
      const response = await contact({ ...message, body: `${siteBody('"')}x` });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: `field "body" is longer than ${CONTACT_BODY_MAX_LENGTH} characters (name 100, business 100 and message 5000 characters at most)`,
        field: 'body',
        maxLength: CONTACT_BODY_MAX_LENGTH,
      });
      expect(await recorded()).toEqual([]);
    });

    it('an e-mail address of 254 characters is accepted, of 255 refused with 413 saying the email limit', async () => {
      const longest = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
      expect(longest).toHaveLength(254);
      expect((await contact({ ...message, email: longest })).status).toBe(200);
      const response = await contact({ ...message, email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: 'field "email" is longer than 254 characters', field: 'email', maxLength: 254 });
      // Too long comes first, even when the address is not one at all.
      expect((await contact({ ...message, email: 'x'.repeat(1000) })).status).toBe(413);
      expect(await recorded()).toHaveLength(1);
    });

    it('contactLengthError measures only strings and leaves the rest to contactBodyError', () => {
      expect(contactLengthError(message)).toBeNull();
      expect(contactLengthError(null)).toBeNull();
      expect(contactLengthError({ email: 42, body: ['x'.repeat(CONTACT_BODY_MAX_LENGTH + 1)] })).toBeNull();
      expect(contactLengthError({ body: 'x'.repeat(CONTACT_BODY_MAX_LENGTH) })).toBeNull();
      expect(contactLengthError({ body: 'x'.repeat(CONTACT_BODY_MAX_LENGTH + 1) })).toMatchObject({ field: 'body' });
    });
  });
});

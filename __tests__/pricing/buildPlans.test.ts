/** @jest-environment node */
/**
 * The build's call for plans against a fake payments API on loopback: one
 * that answers well, slowly, not at all, with an error, with a redirect,
 * with malformed, endless or hostile data. The build gets the plans the
 * page can show, or an error naming the variable and what went wrong; and
 * nothing the API sends becomes markup.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fixture from '../../features/sandbox/plans.json';
import { BUILD_PLANS_ATTEMPTS, BuildPlansError, PAYMENTS_API_VARIABLE, fetchBuildPlans, type BuildPlansOptions } from '../../features/pricing/buildPlans.node';
import { MAX_PLANS_PER_PERIOD, PLANS_ANSWER_MAX_BYTES, parsePlans } from '../../features/pricing/plans';
import { shownPlans } from '../../features/pricing/snapshot';
import { listen, type RunningServer } from '../../system/listen';
import { serveWithoutEnd, HUGE_LENGTH } from '../support/endlessAnswer';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const KEY = 'build-key';
const NOW = new Date('2026-11-29T06:00:00.000Z');
const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

/** A fake API that answers each call with the next handler (the last one again), recording what it was asked. */
async function fakeApi(...handlers: Handler[]): Promise<RunningServer & { calls: { path: string; apiKey: string | undefined }[] }> {
  const calls: { path: string; apiKey: string | undefined }[] = [];
  const server = await listen((request, response) => {
    calls.push({ path: request.url ?? '', apiKey: request.headers.apikey as string | undefined });
    const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
    handler(request, response);
  }, 0);
  return { ...server, calls };
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fetchFrom(handlers: Handler[], options: Partial<BuildPlansOptions> = {}) {
  const api = await fakeApi(...handlers);
  servers.push(api);
  const sleeps: number[] = [];
  const result = fetchBuildPlans({
    apiUrl: api.url,
    apiKey: KEY,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { api, sleeps, result };
}

describe('the build fetches the plans', () => {
  it('with the apiKey header, at the plans path, dated when the API answered', async () => {
    const { api, result } = await fetchFrom([json(fixture)]);
    const { snapshot, dropped } = await result;
    expect(api.calls).toEqual([{ path: '/available-plans/', apiKey: KEY }]);
    expect(snapshot.fetchedAt).toBe('2026-11-29T06:00:00.000Z');
    expect(dropped).toEqual([]);
    // What the page shows of them (each period's plans, then the onboarding fees: __tests__/pricing/snapshot.test.ts); productName is not kept.
    expect(snapshot.plans).toEqual(shownPlans(parsePlans(fixture).plans));
    expect(snapshot.plans).toHaveLength(11);
    expect(Object.keys(snapshot.plans[0]).sort()).toEqual(['amount', 'currency', 'id', 'interval', 'priceId', 'type']);
  });

  it('keeps only what the page shows of a long answer, and names what it leaves out', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `y${i}`, type: 'small', interval: 'year', priceId: `p${i}`, amount: 1000 + i, currency: 'bgn' }));
    const { result } = await fetchFrom([json([...fixture, ...many])]);
    const { snapshot, dropped } = await result;
    expect(snapshot.plans.filter((plan) => plan.interval === 'year' && plan.priceId !== 'bitcoin')).toHaveLength(MAX_PLANS_PER_PERIOD);
    expect(dropped).toEqual([`year: 43 plans, only the first ${MAX_PLANS_PER_PERIOD} are shown`]);
  });
});

describe('a hostile or broken answer', () => {
  it('drops entries that are not plans, naming each, and keeps the rest as plain values', async () => {
    const script = '<script>alert(1)</script>';
    const { result } = await fetchFrom([
      json([
        ...fixture,
        { id: 'x1', type: 'basic', interval: 'month', priceId: null, amount: 2_000_000_000, currency: 'bgn' },
        { id: 'x2', type: '<b>mid</b>', interval: 'month', amount: 1, currency: 'bgn' },
        { id: 'x3', type: 'mid', interval: 'month', amount: 1, currency: `${script}` },
        { id: 'x'.repeat(5000), type: 'mid', interval: 'month', amount: 1, currency: 'bgn' },
        { id: 'x5', type: 'mid', interval: 'month', amount: '1', currency: 'bgn' },
        { id: 'x6', type: 'mid', interval: 'month', amount: 1, currency: 'bgn', constructor: 'x', productName: script },
        'plan',
        null,
      ]),
    ]);
    const { snapshot, dropped } = await result;
    expect(dropped).toEqual([
      'entry 12: plan x1: "amount" 2000000000 is above 1000000000 minor units',
      'entry 13: plan x2: "type" must be one of basic, small, mid',
      'entry 14: plan x3: "currency" must be a three-letter code',
      'entry 15: entry with an "id" of 5000 characters, over 100',
      'entry 16: plan x5: "amount" must be a whole number of minor units',
      'entry 18: not an object',
      'entry 19: not an object',
    ]);
    // The one well-formed extra plan (x6) is kept, as the six fields and nothing else.
    expect(snapshot.plans.find((plan) => plan.id === 'x6')).toEqual({ id: 'x6', type: 'mid', interval: 'month', priceId: null, amount: 1, currency: 'bgn' });
  });

  it('reads a "__proto__" key as a field like any other: no object gains it', async () => {
    const body = '[{"__proto__": {"polluted": true}, "id": "p", "type": "basic", "interval": "month", "amount": 100, "currency": "bgn"}]';
    const { result } = await fetchFrom([json(body)]);
    const { snapshot } = await result;
    expect(snapshot.plans).toEqual([{ id: 'p', type: 'basic', interval: 'month', priceId: null, amount: 100, currency: 'bgn' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((snapshot.plans[0] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a plan id that looks like markup as text: it is never parsed here, and React escapes it', async () => {
    const id = '"><img src=x onerror=alert(1)>';
    const { result } = await fetchFrom([json([{ id, type: 'basic', interval: 'month', priceId: null, amount: 100, currency: 'bgn' }])]);
    expect((await result).snapshot.plans.map((plan) => plan.id)).toEqual([id]);
  });

  it.each([
    ['not a list', json({ plans: fixture }), 'the plans answer is not a list'],
    ['an empty list', json([]), 'the answer holds no plan of any billing period (month, year, bitcoin)'],
    ['onboarding fees alone', json(fixture.filter((plan) => plan.interval === 'single')), 'the answer holds no plan of any billing period'],
    ['nothing but broken entries', json([{ id: 'a' }]), 'refused: entry 1: plan a: "type" must be one of basic, small, mid'],
    ['malformed JSON', json('[{"id": "plan_basic_month", '), 'answered with malformed JSON'],
    ['HTML', (_q: IncomingMessage, s: ServerResponse) => s.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Maintenance</h1>'), 'answered with malformed JSON'],
    ['a refused key', json({ error: 'unauthorized' }, 401), 'answered 401'],
  ] as const)('%s: refused, naming the variable and the address', async (_name, handler, reason) => {
    const { api, result } = await fetchFrom([handler]);
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BuildPlansError);
    expect((error as Error).message).toContain(`The payments API at ${api.url} (${PAYMENTS_API_VARIABLE}) gave the build no plans:`);
    expect((error as Error).message).toContain(reason);
    // Neither a client's mistake nor a broken answer is asked again.
    expect(api.calls).toHaveLength(1);
  });

  it('follows no redirect: the address it was given answers, or the build names the redirect', async () => {
    const elsewhere = await fakeApi(json(fixture));
    servers.push(elsewhere);
    const { api, result } = await fetchFrom([
      (_request, response) => {
        response.writeHead(302, { Location: `${elsewhere.url}/available-plans/` });
        response.end();
      },
    ]);
    await expect(result).rejects.toThrow(/answered 302 \(a redirect: the build follows none, so set GATSBY_PAYMENTS_API_URL to the address that answers\)/);
    expect(api.calls).toHaveLength(1);
    expect(elsewhere.calls).toEqual([]);
  });

  it('reads an endless answer only up to its limit, then hangs up', async () => {
    for (const headers of [{ 'Content-Type': 'application/json' }, { 'Content-Type': 'application/json', 'Content-Length': String(HUGE_LENGTH) }]) {
      const endless = await serveWithoutEnd(headers);
      servers.push(endless);
      await expect(fetchBuildPlans({ apiUrl: endless.url, apiKey: KEY, attempts: 1 })).rejects.toThrow(`answered too much`);
      const sent = await endless.answers[0].hungUp;
      // What the server got into its socket before the hang-up, not what the build read: far below the 3 GB it offered.
      expect(sent).toBeLessThan(64 * PLANS_ANSWER_MAX_BYTES);
    }
  });
});

describe('an API that is down or slow', () => {
  it('asks again once after a server error, and takes the second answer', async () => {
    const { api, sleeps, result } = await fetchFrom([json({ error: 'restarting' }, 503), json(fixture)]);
    expect((await result).snapshot.plans).toHaveLength(11);
    expect(api.calls).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('gives up after its calls, naming the last error and how many calls it made', async () => {
    const { api, result } = await fetchFrom([json({ error: 'down' }, 500)]);
    await expect(result).rejects.toThrow(`answered 500 (${BUILD_PLANS_ATTEMPTS} calls)`);
    expect(api.calls).toHaveLength(BUILD_PLANS_ATTEMPTS);
  });

  it('names a closed port', async () => {
    const closed = await listen(() => undefined, 0);
    await closed.close();
    await expect(fetchBuildPlans({ apiUrl: closed.url, apiKey: KEY, sleep: async () => undefined })).rejects.toThrow(
      new RegExp(`^The payments API at ${closed.url.replace(/\./g, '\\.')} \\(GATSBY_PAYMENTS_API_URL\\) gave the build no plans: GET .+ failed: fetch failed \\(2 calls\\)$`),
    );
  });

  it('waits for an answer no longer than its time limit, on each call', async () => {
    const started = Date.now();
    // The answer never comes; the limit is short so the test is quick, and what is measured is the build's own limit.
    const { api, result } = await fetchFrom([() => undefined], { timeoutMs: 150 });
    await expect(result).rejects.toThrow(`took longer than 150 ms (${BUILD_PLANS_ATTEMPTS} calls)`);
    expect(api.calls).toHaveLength(BUILD_PLANS_ATTEMPTS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150 * BUILD_PLANS_ATTEMPTS);
  });

  it('takes a slow answer that comes within the limit', async () => {
    const { result } = await fetchFrom([(request, response) => void setTimeout(() => json(fixture)(request, response), 100)], { timeoutMs: 5000 });
    expect((await result).snapshot.plans).toHaveLength(11);
  });
});

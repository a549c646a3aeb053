/** @jest-environment node */
import { contactBodyError, startSandbox, type Sandbox } from '../../features/sandbox/server.node';
import { damagedPlans, parseFault } from '../../features/sandbox/faults';
import fixture from '../../features/sandbox/plans.json';
import { parsePlans } from '../../features/pricing/plans';

const PAYMENTS_KEY = { apiKey: 'sandbox-payments-key' };
const API_KEY = { apiKey: 'sandbox-api-key', 'Content-Type': 'application/json' };
const message = { email: 'ana@example.com', subject: 'StockPay contacted', body: '<p>Hello</p>' };

describe('sandbox server', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox(0);
  });
  afterAll(() => sandbox.close());
  beforeEach(() => fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' }));

  const fault = (body: Record<string, unknown>) =>
    fetch(`${sandbox.url}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('listens on a free loopback port', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers the CORS preflight for the apiKey header', async () => {
    const response = await fetch(`${sandbox.url}/api/Users/ContactUs`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://site.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/apiKey/);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('requires the apiKey header on both APIs', async () => {
    expect((await fetch(`${sandbox.url}/available-plans/`)).status).toBe(401);
    expect((await fetch(`${sandbox.url}/available-plans/`, { headers: { apiKey: 'wrong' } })).status).toBe(401);
    const contact = await fetch(`${sandbox.url}/api/Users/ContactUs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message) });
    expect(contact.status).toBe(401);
    expect(await contact.json()).toEqual({ error: 'missing or invalid apiKey header' });
  });

  it('serves plans for every tier and period, unique ids, valid for the site', async () => {
    const response = await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const plans = await response.json();
    expect(plans).toEqual(fixture);
    const { plans: parsed, rejected } = parsePlans(plans);
    expect(rejected).toEqual([]);
    expect(new Set(parsed.map((p) => p.id)).size).toBe(parsed.length);
    for (const type of ['basic', 'small', 'mid']) {
      const ofType = parsed.filter((p) => p.type === type);
      expect(ofType.some((p) => p.interval === 'month')).toBe(true);
      expect(ofType.some((p) => p.interval === 'year' && p.priceId !== 'bitcoin')).toBe(true);
      expect(ofType.some((p) => p.priceId === 'bitcoin')).toBe(true);
      expect(ofType.some((p) => p.interval === 'single')).toBe(type !== 'basic');
    }
    expect(parsed.every((p) => p.currency === 'bgn' && Number.isInteger(p.amount))).toBe(true);
  });

  it('records accepted contact messages and refuses bad bodies with a JSON error', async () => {
    const accepted = await fetch(`${sandbox.url}/api/Users/ContactUs`, { method: 'POST', headers: API_KEY, body: JSON.stringify(message) });
    expect(accepted.status).toBe(200);
    const bad = await fetch(`${sandbox.url}/api/Users/ContactUs`, { method: 'POST', headers: API_KEY, body: JSON.stringify({ ...message, email: 'nope' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'field "email" must be an e-mail address' });
    const messages = await (await fetch(`${sandbox.url}/__sandbox/messages`)).json();
    expect(messages).toEqual([expect.objectContaining({ body: message, headers: expect.objectContaining({ apiKey: 'sandbox-api-key', contentType: 'application/json' }) })]);
  });

  it('switches faults on for one API and off with a reset', async () => {
    await fault({ target: 'plans', kind: 'status', status: 503 });
    expect((await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY })).status).toBe(503);
    expect((await fetch(`${sandbox.url}/api/Users/ContactUs`, { method: 'POST', headers: API_KEY, body: JSON.stringify(message) })).status).toBe(200);

    await fault({ target: 'plans', kind: 'malformed' });
    const malformed = await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY });
    expect(malformed.status).toBe(200);
    await expect(malformed.clone().json()).rejects.toThrow();

    await fault({ target: 'plans', kind: 'empty' });
    expect(await (await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY })).json()).toEqual([]);

    await fault({ target: 'contact', kind: 'unauthorized' });
    expect((await fetch(`${sandbox.url}/api/Users/ContactUs`, { method: 'POST', headers: API_KEY, body: JSON.stringify(message) })).status).toBe(401);

    await fault({ target: 'plans', kind: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    expect((await fetch(`${sandbox.url}/available-plans/`, { headers: PAYMENTS_KEY })).status).toBe(200);
  });

  it('refuses a fault it does not know', async () => {
    const response = await fault({ target: 'plans', kind: 'explode' });
    expect(response.status).toBe(400);
  });

  it('stands in for the application and shows the path it was opened at', async () => {
    const response = await fetch(`${sandbox.url}/app/bg/plans/plan_small_year?x="1"`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Application stand-in');
    expect(html).toContain('<code id="app-path">/bg/plans/plan_small_year</code>');
  });
});

describe('sandbox rules', () => {
  it.each([
    [message, null],
    [null, 'body must be a JSON object'],
    [[message], 'body must be a JSON object'],
    [{ ...message, email: 'a@b' }, 'field "email" must be an e-mail address'],
    [{ ...message, email: `${'a'.repeat(65)}@example.com` }, 'field "email" must be an e-mail address'],
    [{ ...message, subject: ' ' }, 'field "subject" is required'],
    [{ ...message, body: '' }, 'field "body" is required'],
  ])('contactBodyError(%#)', (body, error) => {
    expect(contactBodyError(body)).toBe(error);
  });

  it('reads faults with defaults and explains bad ones', () => {
    expect(parseFault({ target: 'plans', kind: 'status' })).toEqual({ target: 'plans', fault: { kind: 'status', status: 500, delayMs: 20000 } });
    expect(parseFault({ target: 'contact', kind: 'slow', delayMs: 10 })).toMatchObject({ fault: { delayMs: 10 } });
    expect(parseFault({ target: 'x', kind: 'status' })).toMatch(/"target"/);
    expect(parseFault({ target: 'plans', kind: 'status', status: 200 })).toMatch(/"status"/);
    expect(parseFault('nope')).toBe('expected a JSON object');
  });

  it('damages some plans and leaves the rest valid', () => {
    const { plans, rejected } = parsePlans(damagedPlans(fixture));
    expect(rejected.length).toBe(6);
    expect(plans.map((p) => p.id)).toEqual(fixture.slice(4).map((p) => p.id));
  });
});

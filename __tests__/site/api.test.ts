/** @jest-environment node */
import { ApiError, CSRF_HEADER, REQUEST_TIMEOUT_MS, csrfHeaders, isRelativeUrl, readCookie, requestJson } from '../../features/site/api';
import { CONTACT_ANSWER_MAX_BYTES } from '../../features/contact/contact';
import { PLANS_ANSWER_MAX_BYTES } from '../../features/pricing/plans';
import { ENDLESS_CHUNK_BYTES, HUGE_LENGTH, serveWithoutEnd, type EndlessServer } from '../support/endlessAnswer';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN=x', 'XSRF-TOKEN')).toBe('x');
  });
  it('returns null when it is absent or only a prefix matches', () => {
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('MY-XSRF-TOKEN=x; flag', 'XSRF-TOKEN')).toBeNull();
  });
});

describe('isRelativeUrl', () => {
  it.each([
    ['/api/Users/ContactUs', true],
    ['api/x', true],
    ['https://api.example.com/x', false],
    ['http://localhost:4010/x', false],
    ['//evil.example.com/x', false],
  ])('%s -> %s', (url, expected) => expect(isRelativeUrl(url)).toBe(expected));
});

describe('csrfHeaders', () => {
  const cookies = 'XSRF-TOKEN=token123';
  it('adds the header for state-changing requests to relative URLs when the cookie is set', () => {
    expect(csrfHeaders('POST', '/api/Users/ContactUs', cookies)).toEqual({ [CSRF_HEADER]: 'token123' });
    expect(csrfHeaders('delete', 'api/x', cookies)).toEqual({ 'X-XSRF-TOKEN': 'token123' });
  });
  it('never adds it to GET or HEAD', () => {
    expect(csrfHeaders('GET', '/api/x', cookies)).toEqual({});
    expect(csrfHeaders('head', '/api/x', cookies)).toEqual({});
  });
  it('never sends the token to another origin', () => {
    expect(csrfHeaders('POST', 'https://api.example.com/api/Users/ContactUs', cookies)).toEqual({});
    expect(csrfHeaders('POST', '//api.example.com/x', cookies)).toEqual({});
  });
  it('adds nothing when the cookie is not set', () => {
    expect(csrfHeaders('POST', '/api/x', 'other=1')).toEqual({});
  });
});

describe('requestJson', () => {
  /** Any call's limit: the answers here are a few bytes. */
  const LIMIT = 1024;
  const respond = (status: number, body: string) => jest.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

  it('sends JSON with the given headers and the CSRF header, and parses the answer', async () => {
    const fetchImpl = respond(200, '{"ok":true}');
    const data = await requestJson('/api/Users/ContactUs', { maxBytes: LIMIT, method: 'POST', headers: { apiKey: 'k' }, json: { a: 1 }, fetchImpl, cookies: 'XSRF-TOKEN=t' });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Users/ContactUs');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', apiKey: 'k', 'X-XSRF-TOKEN': 't' });
  });

  it('sends a GET without body, content type or CSRF header', async () => {
    const fetchImpl = respond(200, '[]');
    await requestJson('https://pay.example.com/available-plans/', { maxBytes: LIMIT, headers: { apiKey: 'p' }, fetchImpl, cookies: 'XSRF-TOKEN=t' });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'GET', body: undefined, headers: { Accept: 'application/json', apiKey: 'p' } });
  });

  it('resolves an empty body to null', async () => {
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(200, ''), cookies: '' })).resolves.toBeNull();
  });

  it('rejects an error status with its code and the body, which may say why', async () => {
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(503, '{"error":"down"}'), cookies: '' })).rejects.toMatchObject({
      kind: 'status',
      status: 503,
      body: '{"error":"down"}',
    });
  });

  it('with anyBody, resolves a 2xx answer that is not JSON to its text', async () => {
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(200, 'OK'), cookies: '', anyBody: true })).resolves.toBe('OK');
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(200, '{"a":'), cookies: '', anyBody: true })).resolves.toBe('{"a":');
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(200, '{"a":1}'), cookies: '', anyBody: true })).resolves.toEqual({ a: 1 });
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(500, 'OK'), cookies: '', anyBody: true })).rejects.toMatchObject({ kind: 'status' });
  });

  it('rejects malformed JSON', async () => {
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl: respond(200, '{"plans": ['), cookies: '' })).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('rejects a network failure', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestJson('/x', { maxBytes: LIMIT, fetchImpl, cookies: '' })).rejects.toEqual(new ApiError('network', 'GET /x failed: Failed to fetch'));
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = requestJson('/x', { maxBytes: LIMIT, fetchImpl: fetchImpl as unknown as typeof fetch, cookies: '' });
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await assertion;
    jest.useRealTimers();
  });
});

describe('requestJson against an answer without end', () => {
  let server: EndlessServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** What the socket buffers may hold past the limit when the client hangs up: bounded, never the answer. */
  const BUFFERED = 64 * 1024 * 1024;

  it.each([
    ['without a Content-Length', {}, `the body is more than the limit of ${PLANS_ANSWER_MAX_BYTES} bytes`],
    ['announcing 3 GB', { 'Content-Length': String(HUGE_LENGTH) }, `the body is ${HUGE_LENGTH} bytes, more than the limit of ${PLANS_ANSWER_MAX_BYTES}`],
  ])('refuses a plans answer %s as too large, naming the limit, and hangs up', async (_, announce, message) => {
    server = await serveWithoutEnd({ 'Content-Type': 'application/json', ...announce });
    const url = `${server.url}/available-plans/`;
    const error = await requestJson(url, { maxBytes: PLANS_ANSWER_MAX_BYTES, cookies: '' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'too-large', message: `GET ${url} answered too much: ${message}` });
    expect(await server.answers[0].hungUp).toBeLessThan(PLANS_ANSWER_MAX_BYTES + ENDLESS_CHUNK_BYTES + BUFFERED);
  });

  it('takes a contact answer without end as the success its status says, unread; an error status keeps its status, without the body', async () => {
    const options = { method: 'POST', json: { email: 'a@b.example' }, anyBody: true, maxBytes: CONTACT_ANSWER_MAX_BYTES, cookies: '' };
    server = await serveWithoutEnd({ 'Content-Type': 'application/json' });
    await expect(requestJson(`${server.url}/api/Users/ContactUs`, options)).resolves.toBeNull();
    expect(await server.answers[0].hungUp).toBeLessThan(CONTACT_ANSWER_MAX_BYTES + ENDLESS_CHUNK_BYTES + BUFFERED);
    await server.close();

    server = await serveWithoutEnd({ 'Content-Type': 'application/json' }, 422);
    const url = `${server.url}/api/Users/ContactUs`;
    await expect(requestJson(url, options)).rejects.toMatchObject({ kind: 'status', message: `POST ${url} answered 422`, status: 422, body: undefined });
    expect(await server.answers[0].hungUp).toBeLessThan(CONTACT_ANSWER_MAX_BYTES + ENDLESS_CHUNK_BYTES + BUFFERED);
  });
});

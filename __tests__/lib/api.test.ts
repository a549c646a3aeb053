/** @jest-environment node */
import { ApiError, CSRF_HEADER, REQUEST_TIMEOUT_MS, csrfHeaders, isRelativeUrl, readCookie, requestJson } from '../../src/lib/api';

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
  const respond = (status: number, body: string) => jest.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

  it('sends JSON with the given headers and the CSRF header, and parses the answer', async () => {
    const fetchImpl = respond(200, '{"ok":true}');
    const data = await requestJson('/api/Users/ContactUs', {
      method: 'POST',
      headers: { apiKey: 'k' },
      json: { a: 1 },
      fetchImpl,
      cookies: 'XSRF-TOKEN=t',
    });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Users/ContactUs');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', apiKey: 'k', 'X-XSRF-TOKEN': 't' });
  });

  it('sends a GET without body, content type or CSRF header', async () => {
    const fetchImpl = respond(200, '[]');
    await requestJson('https://pay.example.com/available-plans/', { headers: { apiKey: 'p' }, fetchImpl, cookies: 'XSRF-TOKEN=t' });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'GET', body: undefined, headers: { Accept: 'application/json', apiKey: 'p' } });
  });

  it('resolves an empty body to null', async () => {
    await expect(requestJson('/x', { fetchImpl: respond(200, ''), cookies: '' })).resolves.toBeNull();
  });

  it('rejects an error status with its code and the body, which may say why', async () => {
    await expect(requestJson('/x', { fetchImpl: respond(503, '{"error":"down"}'), cookies: '' })).rejects.toMatchObject({
      kind: 'status',
      status: 503,
      body: '{"error":"down"}',
    });
  });

  it('with anyBody, resolves a 2xx answer that is not JSON to its text', async () => {
    await expect(requestJson('/x', { fetchImpl: respond(200, 'OK'), cookies: '', anyBody: true })).resolves.toBe('OK');
    await expect(requestJson('/x', { fetchImpl: respond(200, '{"a":'), cookies: '', anyBody: true })).resolves.toBe('{"a":');
    await expect(requestJson('/x', { fetchImpl: respond(200, '{"a":1}'), cookies: '', anyBody: true })).resolves.toEqual({ a: 1 });
    await expect(requestJson('/x', { fetchImpl: respond(500, 'OK'), cookies: '', anyBody: true })).rejects.toMatchObject({ kind: 'status' });
  });

  it('rejects malformed JSON', async () => {
    await expect(requestJson('/x', { fetchImpl: respond(200, '{"plans": ['), cookies: '' })).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('rejects a network failure', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestJson('/x', { fetchImpl, cookies: '' })).rejects.toEqual(new ApiError('network', 'GET /x failed: Failed to fetch'));
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = requestJson('/x', { fetchImpl: fetchImpl as unknown as typeof fetch, cookies: '' });
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await assertion;
    jest.useRealTimers();
  });
});

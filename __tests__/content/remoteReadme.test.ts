/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRemoteReadme, REMOTE_README_LIMITS, type FetchReadmeOptions } from '../../features/content/remoteReadme';
import { streamWithoutEnd, type EndlessAnswer } from '../support/endlessAnswer';

/**
 * Loopback servers stand in for the README host. The code under test only
 * ever sees https URLs: the injected fetch carries https://readme.test:<port>/
 * to http://127.0.0.1:<port>/, so the https rules are tested as production
 * runs them, with no switch that lets http through.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
const requests: string[] = [];

async function serve(handler: Handler): Promise<string> {
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://readme.test:${(server.address() as AddressInfo).port}`;
}

const loopbackFetch: typeof fetch = (input, init) => fetch(String(input).replace(/^https:\/\/readme\.test:/, 'http://127.0.0.1:'), init);

const get = (url: string, options: FetchReadmeOptions = {}) => fetchRemoteReadme(url, { fetch: loopbackFetch, ...options });
const reason = (url: string, options: FetchReadmeOptions = {}) =>
  get(url, options).then(
    (text) => `no error: ${text.slice(0, 40)}`,
    (error: Error) => error.message,
  );

afterEach(async () => {
  requests.length = 0;
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

const text =
  (body: string | Buffer, type = 'text/plain; charset=utf-8'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };

describe('fetchRemoteReadme', () => {
  it('keeps the production limits: 10 s, 1 MB, 3 redirects', () => {
    expect(REMOTE_README_LIMITS).toEqual({ timeoutMs: 10_000, maxBytes: 1_048_576, maxRedirects: 3 });
  });

  it('returns the text of a text/* answer', async () => {
    const origin = await serve(text('# Guide\n\nÜber {{product}} :rocket:\n'));
    await expect(get(`${origin}/README.md`)).resolves.toBe('# Guide\n\nÜber {{product}} :rocket:\n');
    const markdown = await serve(text('# md', 'text/markdown'));
    await expect(get(`${markdown}/README.md`)).resolves.toBe('# md');
  });

  it('refuses http, before asking anything', async () => {
    const origin = await serve(text('# Guide'));
    const plain = origin.replace('https://readme.test:', 'http://127.0.0.1:');
    expect(await reason(`${plain}/README.md`)).toBe(`only https is allowed, got "${plain}/README.md"`);
    expect(await fetchRemoteReadme(`${plain}/README.md`).catch((error: Error) => error.message)).toBe(`only https is allowed, got "${plain}/README.md"`);
    expect(requests).toEqual([]);
  });

  it('gives up on a server that never answers', async () => {
    const origin = await serve(() => undefined);
    expect(await reason(`${origin}/README.md`, { timeoutMs: 200 })).toBe('no complete answer within 0.2 s');
  });

  it('gives up on a body that trickles in past the deadline', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('# Guide\n');
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    expect(await reason(`${origin}/README.md`, { timeoutMs: 300 })).toBe('no complete answer within 0.3 s');
  });

  it('refuses a body over 1 MB, announced or not, and hangs up on a body without end', async () => {
    const announced = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 * 1024 * 1024) });
      res.write('x'.repeat(1024));
    });
    expect(await reason(`${announced}/README.md`)).toBe('the body is 2097152 bytes, more than the limit of 1048576');

    const answers: EndlessAnswer[] = [];
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked, no length
      answers.push(streamWithoutEnd(res));
    });
    expect(await reason(`${endless}/README.md`)).toBe('the body is more than the limit of 1048576 bytes');
    // The build closed the connection: the host stopped sending within the limit and what the sockets buffer.
    expect(await answers[0].hungUp).toBeLessThan(REMOTE_README_LIMITS.maxBytes + 64 * 1024 * 1024);

    const exactly = await serve(text('z'.repeat(1024 * 1024)));
    expect(await get(`${exactly}/README.md`)).toHaveLength(1024 * 1024);
  });

  it.each([
    ['application/octet-stream', 'the content type is "application/octet-stream", not text/*'],
    ['application/json; charset=utf-8', 'the content type is "application/json; charset=utf-8", not text/*'],
    ['image/svg+xml', 'the content type is "image/svg+xml", not text/*'],
  ])('refuses the content type %s', async (type, message) => {
    const origin = await serve(text('{}', type));
    expect(await reason(`${origin}/README.md`)).toBe(message);
  });

  it('refuses an answer without a content type, and a body that is not UTF-8', async () => {
    const untyped = await serve((_req, res) => {
      res.writeHead(200, {});
      res.end('# Guide');
    });
    expect(await reason(`${untyped}/README.md`)).toBe('the answer has no content type (expected text/*)');
    const latin1 = await serve(text(Buffer.from([0x23, 0x20, 0xfc, 0x62, 0x65, 0x72])));
    expect(await reason(`${latin1}/README.md`)).toBe('the body is not UTF-8 text');
  });

  it('names the status of an error answer', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('missing');
    });
    expect(await reason(`${origin}/README.md`)).toBe(`${origin}/README.md answered 404 Not Found`);
  });

  it('follows up to 3 redirects, each to https', async () => {
    const origin = await serve((req, res) => {
      const step = Number(/\/r(\d)/.exec(req.url ?? '')?.[1] ?? NaN);
      if (step > 0) {
        res.writeHead(step % 2 ? 302 : 301, { location: `/r${step - 1}` });
        res.end();
      } else {
        text('# Moved')(req, res);
      }
    });
    await expect(get(`${origin}/r3`)).resolves.toBe('# Moved');
    expect(requests).toEqual(['/r3', '/r2', '/r1', '/r0']);
    expect(await reason(`${origin}/r4`)).toBe('more than 3 redirects (the last to "/r0")');
  });

  it('refuses a redirect to http or to another scheme', async () => {
    const origin = await serve((req, res) => {
      const to = req.url === '/to-http' ? 'http://127.0.0.1:1/README.md' : req.url === '/to-file' ? 'file:///etc/passwd' : undefined;
      res.writeHead(to ? 307 : 302, to ? { location: to } : {});
      res.end();
    });
    expect(await reason(`${origin}/to-http`)).toBe(`${origin}/to-http redirects to a URL that is not allowed: only https is allowed, got "http://127.0.0.1:1/README.md"`);
    expect(await reason(`${origin}/to-file`)).toBe(`${origin}/to-file redirects to a URL that is not allowed: only https is allowed, got "file:///etc/passwd"`);
    expect(await reason(`${origin}/nowhere`)).toBe(`${origin}/nowhere answered 302 without a Location header`);
  });

  it('names a connection that fails', async () => {
    const origin = await serve((req) => req.socket.destroy());
    expect(await reason(`${origin}/README.md`)).toMatch(new RegExp(`^the request to ${origin}/README.md failed: `));
  });
});

/**
 * The sign-in exchange as a small Node server:
 * what `npm run oauth` (scripts/oauth.ts) runs beside nginx, which proxies
 * the site's /oauth/ to it (features/hosting/nginxConfig.ts). A thin adapter:
 * node:http's request becomes a Fetch Request (its path, query, method and
 * cookie, nothing else), the exchange's Response is written back. It
 * listens on loopback unless told otherwise, and logs one line for each
 * answer that was not a success, saying what happened and nothing more.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exchange, spentStates, type ExchangeDeps, type ExchangeSettings } from './exchange';

/** Node's own: its fetch, its Web Crypto random source, its clock; and the process's record of spent states. */
export const NODE_DEPS: ExchangeDeps = {
  fetch: (url, init) => fetch(url, init),
  random: (length) => crypto.getRandomValues(new Uint8Array(length)),
  now: () => Date.now(),
  spent: spentStates(),
};

/** One line for a log, for each answer that was not a success. */
export type Report = (event: string) => void;

export const logToStderr: Report = (event) => console.error(`Sign-in exchange: ${event}`);

/** The request as the exchange reads it: on the exchange's own origin (settings.origin), whatever Host it came with. */
function toRequest(request: IncomingMessage, settings: ExchangeSettings): Request | null {
  const target = request.url ?? '';
  // An origin-form target only ("/oauth/auth?…"): an absolute one ("http://other/…") names no path of this server.
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return new Request(`${settings.origin}${target}`, { method: request.method, headers });
}

async function write(response: Response, to: ServerResponse, head: boolean): Promise<void> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  const body = Buffer.from(await response.arrayBuffer());
  to.writeHead(response.status, [...headers, ['content-length', String(body.length)]].flat());
  to.end(head ? undefined : body);
}

/** The exchange as a node:http listener. */
export function exchangeListener(settings: ExchangeSettings, deps: ExchangeDeps = NODE_DEPS, report: Report = logToStderr): RequestListener {
  return (request, response) => {
    const answer = async () => {
      const fetchRequest = toRequest(request, settings);
      if (!fetchRequest) {
        report('refused: not a path');
        response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Bad request.\n');
        return;
      }
      const { response: answered, event } = await exchange(fetchRequest, settings, deps);
      if (event) report(event);
      await write(answered, response, request.method === 'HEAD');
    };
    answer().catch(() => {
      // Whatever went wrong, its message may quote a request: say only that something did.
      report('failed: internal error');
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end('The sign-in exchange failed; try again.\n');
    });
  };
}

export interface RunningExchange {
  /** Where it listens: http://host:port. */
  url: string;
  close(): Promise<void>;
}

/** Starts the exchange on `host`:`port` (port 0: a free one). */
export function startExchangeServer(settings: ExchangeSettings, where: { host: string; port: number }, deps?: ExchangeDeps, report?: Report): Promise<RunningExchange> {
  return new Promise((resolve, reject) => {
    const server = createServer(exchangeListener(settings, deps, report));
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      const { address, port } = server.address() as AddressInfo;
      resolve({
        url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

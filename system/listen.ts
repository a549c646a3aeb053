/** Starts a request handler (an Express app or a plain one) on loopback; port 0 takes a free one. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export function listen(app: RequestListener, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(app).listen(port, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Starts `start(port)` on the preferred port, or on a free one (port 0) when it is taken, saying so. */
export async function onPreferredPort<T>(preferred: number, start: (port: number) => Promise<T>, what: string): Promise<T> {
  try {
    return await start(preferred);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${preferred} is taken; the ${what} uses a free port instead.`);
    return start(0);
  }
}

/** Starts an Express app on loopback; port 0 takes a free one. Shared by the sandbox and the static server. */
import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export function listen(app: Express, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, '127.0.0.1');
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

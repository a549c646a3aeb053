/**
 * An answer from outside that never ends: 64 KiB chunks of spaces, written
 * as fast as the client reads them, until the client hangs up. What a
 * hostile provider, API or README host sends to fill the memory of whoever
 * reads it whole. A test awaits `hungUp` (the server saw the connection
 * closed) and reads how much was sent: nothing depends on the machine's
 * speed.
 */
import { createServer, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ENDLESS_CHUNK_BYTES = 64 * 1024;
/** A Content-Length an answer may announce and never send: 3 GB, the size in the review's report. */
export const HUGE_LENGTH = 3 * 1024 ** 3;

export interface EndlessAnswer {
  /** Bytes written so far. */
  sent: () => number;
  /** Settles once the client has hung up, with the bytes written by then. */
  hungUp: Promise<number>;
}

/** Writes chunks of spaces to `response` (its head already written) until the client hangs up. */
export function streamWithoutEnd(response: ServerResponse): EndlessAnswer {
  const chunk = Buffer.alloc(ENDLESS_CHUNK_BYTES, 0x20);
  let sent = 0;
  let open = true;
  const hungUp = new Promise<number>((resolve) => {
    response.once('close', () => {
      open = false;
      resolve(sent);
    });
  });
  const pump = () => {
    while (open) {
      sent += chunk.length;
      if (!response.write(chunk)) return;
    }
  };
  response.on('drain', pump);
  pump();
  return { sent: () => sent, hungUp };
}

export interface EndlessServer {
  /** http://127.0.0.1:port */
  url: string;
  /** One for each request, in order. */
  answers: EndlessAnswer[];
  close: () => Promise<void>;
}

/** A loopback server (a free port) whose every answer is `status` with `headers` and a body without end. */
export function serveWithoutEnd(headers: OutgoingHttpHeaders, status = 200): Promise<EndlessServer> {
  const answers: EndlessAnswer[] = [];
  const server = createServer((_request, response) => {
    response.writeHead(status, headers);
    answers.push(streamWithoutEnd(response));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        answers,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

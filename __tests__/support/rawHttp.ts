/**
 * An HTTP request with the request line exactly as written: no client decodes,
 * merges or resolves anything of the path first, so the hostile hosting
 * tests see what nginx does with what an attacker sends.
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Each header's values, by its lower-case name. */
  headers: Record<string, string[]>;
  body: Buffer;
}

/** A GET of `target` as written on the request line, to 127.0.0.1:`port` with the Host `host`. */
export const rawGet = (port: number, target: string, host = '127.0.0.1'): Promise<RawResponse> => rawRequest(port, `GET ${target} HTTP/1.1`, { Host: host });

/**
 * The request `requestLine` ('HEAD /x HTTP/1.1', 'GET / HTTP/1.0'), as
 * written, to 127.0.0.1:`port` with `headers` (no Host unless they give
 * one) and Accept-Encoding: identity unless they say otherwise.
 */
export function rawRequest(port: number, requestLine: string, headers: Readonly<Record<string, string>>): Promise<RawResponse> {
  const lines = Object.entries({ 'Accept-Encoding': 'identity', ...headers, Connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\n${lines.join('')}\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string[]> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        (headers[line.slice(0, colon).toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: all.subarray(split + 4) });
    });
  });
}

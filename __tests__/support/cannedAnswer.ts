/**
 * A fetch answer for component tests, which run in jsdom: it has no fetch
 * and no Response, so this stands in for one with what the site reads of
 * an answer (features/site/api.ts): ok, status, headers and the body as a stream
 * of bytes, Node's own Web Stream.
 */
import { ReadableStream } from 'node:stream/web';

export function cannedAnswer(status: number, body: string): Response {
  const bytes = new TextEncoder().encode(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-length' ? String(bytes.byteLength) : null) },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  } as unknown as Response;
}

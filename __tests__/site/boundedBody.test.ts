/** @jest-environment node */
import { BodyTooLargeError, readBodyWithin, readTextWithin } from '../../features/site/boundedBody';
import { ENDLESS_CHUNK_BYTES, HUGE_LENGTH, serveWithoutEnd, type EndlessServer } from '../support/endlessAnswer';

/**
 * The one reader of answers from outside: a body
 * within its limit whole, a body past it stopped where the limit falls,
 * its stream cancelled; over a real connection, the server sees the client
 * hang up.
 */

/** A stream that gives `chunk` each time it is read, forever, and says what happened to it. */
function endlessStream(chunk: Uint8Array) {
  const seen = { pulls: 0, cancelled: undefined as unknown };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls += 1;
      controller.enqueue(chunk);
    },
    cancel(reason) {
      seen.cancelled = reason;
    },
  });
  return { stream, seen };
}

describe('readBodyWithin', () => {
  it('reads a body within its limit whole, up to the limit itself', async () => {
    expect(await readTextWithin(new Response('{"ok":true}'), 64)).toBe('{"ok":true}');
    expect(await readBodyWithin(new Response(new Uint8Array(1024).fill(1)), 1024)).toEqual(new Uint8Array(1024).fill(1));
    expect(await readBodyWithin(new Response(null, { status: 204 }), 10)).toEqual(new Uint8Array());
    // Decoded as response.text() decodes: UTF-8, a bad byte replaced.
    expect(await readTextWithin(new Response(new Uint8Array([0x62, 0xc3, 0xa4, 0xff])), 4)).toBe('bä\ufffd');
  });

  it('stops a body without end one chunk past its limit, cancels its stream and names the limit', async () => {
    const { stream, seen } = endlessStream(new Uint8Array(1000).fill(0x20));
    const error = await readBodyWithin(new Response(stream), 4096).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as Error).message).toBe('the body is more than the limit of 4096 bytes');
    expect(error).toMatchObject({ limit: 4096, announced: undefined });
    // Five chunks read (5,000 bytes, the first past 4,096); the stream keeps one more queued at most.
    expect(seen.pulls).toBeLessThanOrEqual(6);
    expect(seen.cancelled).toBe(error);
  });

  it('refuses a body whose Content-Length is over the limit before reading any of it', async () => {
    const { stream, seen } = endlessStream(new Uint8Array(10));
    const response = new Response(stream, { headers: { 'Content-Length': String(HUGE_LENGTH) } });
    const error = await readBodyWithin(response, 65_536).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe(`the body is ${HUGE_LENGTH} bytes, more than the limit of 65536`);
    expect(error).toMatchObject({ limit: 65_536, announced: HUGE_LENGTH });
    expect(seen.cancelled).toBe(error);
    // A length that is no number is no announcement: the bytes are counted as they come.
    const odd = new Response('abc', { headers: { 'Content-Length': 'lots' } });
    expect(await readTextWithin(odd, 3)).toBe('abc');
  });

  it('passes an error of the stream on as it is: a timeout is the caller to name', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      },
    });
    await expect(readBodyWithin(new Response(broken), 10)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('readBodyWithin over a connection', () => {
  let server: EndlessServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each([
    ['without a Content-Length', {}],
    ['announcing 3 GB', { 'Content-Length': String(HUGE_LENGTH) }],
  ])('stops an endless answer %s, and the server sees the client hang up', async (_, announce) => {
    server = await serveWithoutEnd({ 'Content-Type': 'application/json', ...announce });
    const limit = 256 * 1024;
    const error = await readBodyWithin(await fetch(`${server.url}/`), limit).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    const sent = await server.answers[0].hungUp;
    // What the server got out before the close: the limit, a chunk, and what the sockets' buffers hold; never without end.
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(limit + ENDLESS_CHUNK_BYTES + 64 * 1024 * 1024);
  });
});

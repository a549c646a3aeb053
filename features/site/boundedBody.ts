/**
 * Reading the body of an answer from outside (a provider, an API, a fetched
 * file) within a number of bytes. A deadline bounds how long an answer may
 * take, never how much it sends: `response.text()` keeps whatever arrives
 * until the end, and an answer without end fills memory until the process
 * dies. This reads the body as a stream and stops at the limit: it cancels
 * the stream, which aborts the request and closes the connection, and
 * throws BodyTooLargeError naming the limit. Web Streams only, so the same
 * code runs in the browser, in Node and at a CDN's edge.
 */

/** An answer whose body is larger than its reader's limit, announced (Content-Length) or as it streamed. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    /** What the answer's Content-Length announced, when that alone was over the limit. */
    readonly announced?: number,
  ) {
    super(announced === undefined ? `the body is more than the limit of ${limit} bytes` : `the body is ${announced} bytes, more than the limit of ${limit}`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body of `response`, at most `maxBytes` of it (the bytes as they
 * arrive, so after any decompression: a small compressed answer that
 * unpacks past the limit is stopped too). Past the limit, the stream is
 * cancelled and BodyTooLargeError thrown; an error of the stream itself
 * (a timeout's abort, a dropped connection) is thrown as it is.
 */
export async function readBodyWithin(response: Response, maxBytes: number): Promise<Uint8Array> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(announced) && announced > maxBytes) {
    const error = new BodyTooLargeError(maxBytes, announced);
    void response.body?.cancel(error).catch(() => undefined);
    throw error;
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      const error = new BodyTooLargeError(maxBytes);
      // Not awaited: the answer is refused now, whatever the runtime takes to close the connection.
      void reader.cancel(error).catch(() => undefined);
      throw error;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The body of `response` as text, as `response.text()` decodes it (UTF-8, a bad byte replaced), at most `maxBytes` of it. */
export async function readTextWithin(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyWithin(response, maxBytes));
}

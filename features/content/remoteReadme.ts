/**
 * Fetches a documentation README named by DOCS_README_URL_EN / _BG
 * (gatsby/sourceNodes.ts) within fixed limits, so a slow, huge or
 * redirected answer fails the build instead of hanging it or filling
 * memory: https only (every redirect too), at most 3 redirects, an answer
 * within 10 s in all, a text/* body of at most 1 MB, UTF-8.
 * Its markdown then goes through the same checks as content/ files
 * (features/markdown/remark-safe-markdown).
 */
import { BodyTooLargeError, readBodyWithin } from '../site/boundedBody';

export const REMOTE_README_LIMITS = {
  /** The whole exchange, redirects and body included. */
  timeoutMs: 10_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
} as const;

export interface FetchReadmeOptions {
  /** The fetch to use; tests inject one that reaches loopback servers. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** A failed fetch; the message says why, the build adds the URL. */
export class RemoteReadmeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteReadmeError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function httpsUrl(value: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new RemoteReadmeError(`"${value}" is not a URL`);
  }
  if (url.protocol !== 'https:') throw new RemoteReadmeError(`only https is allowed, got "${url.href}"`);
  return url;
}

/**
 * The README's text, or a RemoteReadmeError saying why not (the caller
 * names the URL). Production passes no options: the limits above apply.
 */
export async function fetchRemoteReadme(url: string, options: FetchReadmeOptions = {}): Promise<string> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? REMOTE_README_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? REMOTE_README_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? REMOTE_README_LIMITS.maxRedirects;

  let current = httpsUrl(url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () => new RemoteReadmeError(`no complete answer within ${seconds(timeoutMs)}`);
  try {
    for (let redirects = 0; ; redirects += 1) {
      let response: Response;
      try {
        response = await fetchFn(current.href, {
          redirect: 'manual',
          signal: controller.signal,
          headers: { accept: 'text/markdown, text/plain;q=0.9, text/*;q=0.8' },
        });
      } catch (error) {
        if (controller.signal.aborted) throw timedOut();
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        throw new RemoteReadmeError(`the request to ${current.href} failed: ${cause ?? (error as Error).message}`);
      }
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new RemoteReadmeError(`${current.href} answered ${response.status} without a Location header`);
        if (redirects >= maxRedirects) throw new RemoteReadmeError(`more than ${maxRedirects} redirects (the last to "${location}")`);
        try {
          current = httpsUrl(location, current.href);
        } catch (error) {
          throw new RemoteReadmeError(`${current.href} redirects to a URL that is not allowed: ${(error as Error).message}`);
        }
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new RemoteReadmeError(`${current.href} answered ${response.status} ${response.statusText}`.trim());
      }
      const type = response.headers.get('content-type');
      const mediaType = type?.split(';')[0].trim().toLowerCase() ?? '';
      if (!mediaType.startsWith('text/')) {
        await response.body?.cancel().catch(() => undefined);
        throw new RemoteReadmeError(type ? `the content type is "${type}", not text/*` : 'the answer has no content type (expected text/*)');
      }
      let body: Uint8Array;
      try {
        body = await readBodyWithin(response, maxBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw new RemoteReadmeError(error.message);
        if (controller.signal.aborted) throw timedOut();
        throw new RemoteReadmeError(`reading the body failed: ${(error as Error).message}`);
      }
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(body);
      } catch {
        throw new RemoteReadmeError('the body is not UTF-8 text');
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

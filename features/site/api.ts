/**
 * The one way the site calls an API: JSON in and out, a timeout and a
 * limit on the answer's size, errors sorted into kinds a page can explain,
 * and the CSRF header for requests that change state on our own origin.
 */
import { BodyTooLargeError, readTextWithin } from './boundedBody';

/** How long any API call may take before the visitor is told it failed (ms). */
export const REQUEST_TIMEOUT_MS = 8000;

/** The cookie the application sets and the header it expects back (Angular's defaults). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

export type ApiErrorKind = 'timeout' | 'network' | 'status' | 'malformed' | 'too-large';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** The answer's body, for an error status: it may say why (none when it was larger than the call's limit). */
    readonly body?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** A URL on the page's own origin written without scheme or host ('/api/x', 'api/x'). */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');
}

/**
 * The CSRF header, for requests that are neither GET nor HEAD, sent to a
 * relative URL, when the cookie is set. Other origins never see the token.
 */
export function csrfHeaders(method: string, url: string, cookies: string): Record<string, string> {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || !isRelativeUrl(url)) return {};
  const token = readCookie(cookies, CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as a JSON body. */
  json?: unknown;
  timeoutMs?: number;
  /** The most bytes of the answer's body read: each call names its own, from what its answer holds. */
  maxBytes: number;
  /**
   * 'manual' takes a redirect as the answer, an error status, instead of
   * following it: for a call from the build machine, which goes to the
   * address it was given and nowhere else.
   */
  redirect?: 'follow' | 'manual';
  /** For tests; the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** For tests; document.cookie otherwise. */
  cookies?: string;
  /**
   * Any 2xx answer is a success whatever its body: an answer that is not
   * JSON resolves to its text instead of failing as malformed, one larger
   * than maxBytes to null (unread).
   */
  anyBody?: boolean;
}

/**
 * Sends a request and resolves to the parsed JSON answer (null when the
 * body is empty). Rejects with an ApiError saying what went wrong. The
 * body is read within options.maxBytes: past it,
 * the answer is cut off and is `too-large`, or, for an error status, a
 * `status` error without its body.
 */
export async function requestJson(url: string, options: RequestOptions): Promise<unknown> {
  const method = options.method ?? 'GET';
  const fetchImpl = options.fetchImpl ?? fetch;
  const cookies = options.cookies ?? (typeof document === 'undefined' ? '' : document.cookie);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...options.headers,
    ...csrfHeaders(method, url, cookies),
  };
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  // The body's text, or why it was cut off.
  let text: string | BodyTooLargeError;
  try {
    response = await fetchImpl(url, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: controller.signal,
      redirect: options.redirect ?? 'follow',
    });
    text = await readTextWithin(response, options.maxBytes).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return error;
      throw error;
    });
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError('timeout', `${method} ${url} took longer than ${timeoutMs} ms`);
    throw new ApiError('network', `${method} ${url} failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new ApiError('status', `${method} ${url} answered ${response.status}`, response.status, typeof text === 'string' ? text : undefined);
  if (text instanceof BodyTooLargeError) {
    if (options.anyBody) return null;
    throw new ApiError('too-large', `${method} ${url} answered too much: ${text.message}`);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (options.anyBody) return text;
    throw new ApiError('malformed', `${method} ${url} answered with malformed JSON`);
  }
}

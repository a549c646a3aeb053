/**
 * The contact form's values, the request it sends and its drafts (SPEC
 * sections 3 and 7). No yup here: the contact page loads this before the
 * validation rules (contactSchema.ts), which come with the form's engine.
 */
import { ApiError, requestJson } from '../site/api';
import { API_KEY_HEADER, CONTACT_SUBMISSION_PATH } from '../site/apiContract';
import { escapeHtml } from '../site/html';
import { EMAIL_MAX_LENGTH } from '../site/email';

export interface ContactValues {
  name: string;
  email: string;
  business: string;
  message: string;
  /** Honeypot: hidden from people, filled in by bots. */
  website: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', business: '', message: '', website: '' };

/** The fields a visitor fills in, in the order of the form (first invalid gets focus). */
export const CONTACT_FIELDS = ['name', 'email', 'business', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The most characters each field takes: the same in the inputs' maxLength,
 * the validation rules (contactSchema.ts) and the sandbox, which answers 413
 * above them.
 */
export const CONTACT_LIMITS: Record<ContactField, number> = { name: 100, email: EMAIL_MAX_LENGTH, business: 100, message: 5_000 };

/** The message shows how many characters are left once fewer than this remain. */
export const MESSAGE_COUNTER_FROM = 500;

/** Characters left in the message, or null while there are enough not to mention it. */
export function messageCharactersLeft(message: string): number | null {
  const left = CONTACT_LIMITS.message - message.length;
  return left < MESSAGE_COUNTER_FROM ? Math.max(0, left) : null;
}

/**
 * A mailto: link for an address. Characters such as `?`, `&`, `#` and `%` are
 * legal in an address but start headers or fragments in a URL (RFC 6068), so
 * everything but the `@` is percent-encoded.
 */
export function mailtoHref(address: string): string {
  return `mailto:${address.split('@').map(encodeURIComponent).join('@')}`;
}

/** A bot filled in the hidden field: its submission is dropped without a word. */
export function isLikelyBot(values: ContactValues): boolean {
  return values.website.trim() !== '';
}

/** Escaped text with its line breaks kept as <br>. */
function htmlLines(text: string): string {
  return escapeHtml(text.trim()).replace(/\r\n|\r|\n/g, '<br>');
}

export interface ContactRequest {
  email: string;
  subject: string;
  body: string;
}

/**
 * The contact request: the e-mail, the fixed subject, and an HTML body for
 * the team's inbox that starts with the business, name and e-mail and then
 * the message. Every value is escaped, so nothing a visitor types can become
 * markup in that inbox. The labels are for the team, not the visitor.
 */
export function buildContactRequest(values: ContactValues, productName: string): ContactRequest {
  const email = values.email.trim();
  const rows: [string, string][] = [
    ['Business', values.business.trim() || '-'],
    ['Name', values.name.trim()],
    ['Email', email],
  ];
  const details = rows.map(([label, value]) => `<p><strong>${label}:</strong> ${htmlLines(value)}</p>`).join('');
  return {
    email,
    subject: `${productName} contacted`,
    body: `${details}<p>${htmlLines(values.message)}</p>`,
  };
}

/**
 * The most bytes of the contact API's answer read. A success is only
 * logged, and of a refusal only its reason is shown, at most
 * REASON_MAX_LENGTH characters; ASP.NET's problem details with every
 * field's errors are a few KiB. Past 64 KiB the answer is not read: a
 * success stays a success, a refusal keeps its status and loses its reason.
 */
export const CONTACT_ANSWER_MAX_BYTES = 64 * 1024;

export interface ContactApi {
  apiUrl: string;
  apiKey: string;
}

/**
 * Sends the message; resolves to the server's answer (only logged, SPEC
 * section 7), rejects with an ApiError. Any 2xx answer means the message
 * arrived, whatever its body: calling that a failure would make the
 * visitor send it twice.
 */
export function sendContactMessage(request: ContactRequest, api: ContactApi): Promise<unknown> {
  return requestJson(`${api.apiUrl}${CONTACT_SUBMISSION_PATH}`, {
    method: 'POST',
    headers: { [API_KEY_HEADER]: api.apiKey },
    json: request,
    anyBody: true,
    maxBytes: CONTACT_ANSWER_MAX_BYTES,
  });
}

/**
 * Why a message was not sent, as the visitor needs to know it:
 * - `rejected`: the service refused this message (400, 413, 422); sending
 *   it again as it is will not help, and `reason` is what the answer said;
 * - `unavailable`: the service refused the site itself (401, 403) or does
 *   not take messages at that address; try later or write an e-mail;
 * - `timeout`: no answer in time; send again;
 * - `failed`: the network, or the server failing (5xx, 408, 429); send again.
 */
export type ContactFailure = { kind: 'rejected'; reason: string | null } | { kind: 'unavailable' } | { kind: 'timeout' } | { kind: 'failed' };

const REJECTED = new Set([400, 413, 422]);
const RESEND = new Set([408, 425, 429]);
/** The most of a server's reason shown to the visitor. */
export const REASON_MAX_LENGTH = 200;

/**
 * What an error answer says about why, if it says it in a form we know:
 * JSON with a string `message`, `error`, `detail` or `title` (ASP.NET's
 * problem details), or a short plain text. Never markup: shown as text.
 */
export function answerReason(body: string | undefined): string | null {
  const text = body?.trim() ?? '';
  if (text === '') return null;
  let said: string | null = null;
  try {
    const data = JSON.parse(text) as unknown;
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      const found = ['message', 'error', 'detail', 'title'].map((key) => record[key]).find((value) => typeof value === 'string' && value.trim() !== '');
      said = typeof found === 'string' ? found : null;
    } else if (typeof data === 'string') {
      said = data;
    }
  } catch {
    // Plain text, unless it is a page of markup.
    said = /^\s*</.test(text) ? null : text;
  }
  if (said === null) return null;
  const line = said.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length > REASON_MAX_LENGTH ? `${line.slice(0, REASON_MAX_LENGTH - 1)}…` : line;
}

export function contactFailure(error: unknown): ContactFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.kind === 'timeout') return { kind: 'timeout' };
  if (error.kind !== 'status' || error.status === undefined) return { kind: 'failed' };
  const { status } = error;
  if (REJECTED.has(status)) return { kind: 'rejected', reason: answerReason(error.body) };
  if (status >= 500 || RESEND.has(status)) return { kind: 'failed' };
  return { kind: 'unavailable' };
}

/** A saved draft from sessionStorage, or null when there is none or it is damaged. */
export function parseDraft(saved: string | null): Omit<ContactValues, 'website'> | null {
  if (!saved) return null;
  try {
    const data = JSON.parse(saved) as Record<string, unknown>;
    const text = (key: ContactField) => (typeof data[key] === 'string' ? (data[key] as string) : '');
    const draft = { name: text('name'), email: text('email'), business: text('business'), message: text('message') };
    return Object.values(draft).some((value) => value !== '') ? draft : null;
  } catch {
    return null;
  }
}

export function serializeDraft(values: ContactValues): string {
  const { name, email, business, message } = values;
  return JSON.stringify({ name, email, business, message });
}

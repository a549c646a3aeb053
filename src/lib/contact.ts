/**
 * The contact form's values, the request it sends and its drafts (SPEC
 * sections 3 and 7). No yup here: the contact page loads this before the
 * validation rules (contactSchema.ts), which come with the form's engine.
 */
import { requestJson } from './api';

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

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_LABEL_MAX_LENGTH = 63;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * A standard e-mail address: 1 to 254 characters in all, a local part of 1
 * to 64 (dot-atom), and a domain of at least two labels of up to 63 letters,
 * digits or inner hyphens each, ending in an alphabetic top-level label.
 */
export function isValidEmail(value: string): boolean {
  if (value.length < 1 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= EMAIL_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}

/** A bot filled in the hidden field: its submission is dropped without a word. */
export function isLikelyBot(values: ContactValues): boolean {
  return values.website.trim() !== '';
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
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

export interface ContactApi {
  apiUrl: string;
  apiKey: string;
}

/** Sends the message; resolves to the server's answer (only logged), rejects with an ApiError. */
export function sendContactMessage(request: ContactRequest, api: ContactApi): Promise<unknown> {
  return requestJson(`${api.apiUrl}/api/Users/ContactUs`, {
    method: 'POST',
    headers: { apiKey: api.apiKey },
    json: request,
  });
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

/** @jest-environment node */
import { ValidationError } from 'yup';
import { ApiError } from '../../features/site/api';
import {
  CONTACT_LIMITS,
  EMPTY_CONTACT,
  REASON_MAX_LENGTH,
  answerReason,
  contactFailure,
  messageCharactersLeft,
  buildContactRequest,
  isLikelyBot,
  mailtoHref,
  parseDraft,
  sendContactMessage,
  serializeDraft,
  type ContactValues,
} from '../../features/contact/contact';
import { contactSchema } from '../../features/contact/contactSchema';
import { isValidEmail } from '../../features/site/email';

/** An address of exactly `total` characters, local part of `local`, domain labels of at most 63. */
function address(local: number, total: number): string {
  let domain = 'com';
  while (domain.length < total - local - 1) {
    const room = total - local - 1 - domain.length - 1;
    domain = `${'d'.repeat(Math.min(63, room))}.${domain}`;
  }
  return `${'l'.repeat(local)}@${domain}`;
}

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'a.b+tag@sub.example.co.uk', "o'neil@example.bg", 'x@xn--80a3bf.xn--90ae', 'ivan@пример.бг'])('accepts %s', (email) =>
    expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'ana@',
    'a@b',
    'ana@example',
    'ana@example.c',
    'ana@@example.com',
    'ana..b@example.com',
    '.ana@example.com',
    'ana.@example.com',
    'ana@-example.com',
    'ana@example-.com',
    'ana@exa mple.com',
    'ana@example..com',
    'an a@example.com',
    'ana@example.123',
  ])('refuses %p', (email) => expect(isValidEmail(email)).toBe(false));

  it('allows a local part of 64 characters, not 65', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('allows 254 characters in all, not 255', () => {
    const ok = address(64, 254);
    expect(ok).toHaveLength(254);
    expect(isValidEmail(ok)).toBe(true);
    const longDomain = address(64, 255);
    expect(longDomain.split('.').every((label) => label.replace(/^l+@/, '').length <= 63)).toBe(true);
    expect(longDomain).toHaveLength(255);
    expect(isValidEmail(longDomain)).toBe(false);
  });

  it('allows domain labels of 63 characters, not 64', () => {
    expect(isValidEmail(`ana@${'d'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`ana@${'d'.repeat(64)}.com`)).toBe(false);
    expect(isValidEmail(`ana@sub.${'d'.repeat(64)}.com`)).toBe(false);
  });
});

describe('contactSchema', () => {
  const valid: ContactValues = { name: 'Ana', email: 'ana@example.com', business: '', message: 'Hello', website: '' };
  const errors = async (values: ContactValues) => {
    try {
      await contactSchema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
    }
  };

  it('accepts a complete form; Business is optional', async () => {
    expect(await errors(valid)).toEqual({});
    expect(await errors({ ...valid, business: 'Ana Ltd' })).toEqual({});
  });

  it('requires name, a valid email and a message', async () => {
    expect(await errors(EMPTY_CONTACT)).toEqual({ name: 'errors.name', email: 'errors.email', message: 'errors.message' });
    expect(await errors({ ...valid, name: '   ', message: '\n\t' })).toEqual({ name: 'errors.name', message: 'errors.message' });
    expect(await errors({ ...valid, email: 'ana@example' })).toEqual({ email: 'errors.email' });
  });

  it('ignores spaces around the email', async () => {
    expect(await errors({ ...valid, email: '  ana@example.com ' })).toEqual({});
  });

  it('holds every field to its limit: name 100, email 254, business 100, message 5,000', async () => {
    expect(CONTACT_LIMITS).toEqual({ name: 100, email: 254, business: 100, message: 5_000 });
    const atLimit = { ...valid, name: 'n'.repeat(100), business: 'b'.repeat(100), message: 'm'.repeat(5_000) };
    expect(await errors(atLimit)).toEqual({});
    expect(await errors({ ...atLimit, name: 'n'.repeat(101), business: 'b'.repeat(101), message: 'm'.repeat(5_001) })).toEqual({
      name: 'errors.nameTooLong',
      business: 'errors.businessTooLong',
      message: 'errors.messageTooLong',
    });
    expect(await errors({ ...valid, email: `${'a'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(63)}.com` })).toEqual({ email: 'errors.email' });
  });
});

describe('messageCharactersLeft', () => {
  it('says nothing while 500 or more are left, then counts down to 0', () => {
    expect(messageCharactersLeft('')).toBeNull();
    expect(messageCharactersLeft('x'.repeat(4_500))).toBeNull();
    expect(messageCharactersLeft('x'.repeat(4_501))).toBe(499);
    expect(messageCharactersLeft('x'.repeat(5_000))).toBe(0);
    expect(messageCharactersLeft('x'.repeat(5_100))).toBe(0);
  });
});

describe('mailtoHref', () => {
  it.each([
    ['hello@stockpay.example', 'mailto:hello@stockpay.example'],
    ['sales+bg@stockpay.example', 'mailto:sales%2Bbg@stockpay.example'],
    ['a?cc=x&b#c%d@example.com', 'mailto:a%3Fcc%3Dx%26b%23c%25d@example.com'],
    ['ана@пример.бг', 'mailto:%D0%B0%D0%BD%D0%B0@%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D0%B1%D0%B3'],
  ])('%s → %s: nothing in the address can start a header or a fragment', (address, href) => {
    expect(mailtoHref(address)).toBe(href);
    expect(new URL(href).search).toBe('');
    expect(new URL(href).hash).toBe('');
  });
});

describe('contactFailure', () => {
  const status = (code: number, body = '') => new ApiError('status', `POST /x answered ${code}`, code, body);

  it.each([400, 413, 422])('calls a %s a message the service did not accept, with its reason', (code) => {
    expect(contactFailure(status(code, '{"message":"Too long"}'))).toEqual({ kind: 'rejected', reason: 'Too long' });
    expect(contactFailure(status(code))).toEqual({ kind: 'rejected', reason: null });
  });

  it.each([401, 403, 404, 405])('calls a %s the service being unavailable to the site', (code) => {
    expect(contactFailure(status(code))).toEqual({ kind: 'unavailable' });
  });

  it.each([408, 429, 500, 502, 503])('calls a %s a failure worth sending again', (code) => {
    expect(contactFailure(status(code))).toEqual({ kind: 'failed' });
  });

  it('tells a timeout from a network failure and anything else', () => {
    expect(contactFailure(new ApiError('timeout', 'slow'))).toEqual({ kind: 'timeout' });
    expect(contactFailure(new ApiError('network', 'down'))).toEqual({ kind: 'failed' });
    expect(contactFailure(new TypeError('boom'))).toEqual({ kind: 'failed' });
    expect(contactFailure(undefined)).toEqual({ kind: 'failed' });
  });
});

describe('answerReason', () => {
  it.each([
    ['{"message":"Email is blocked."}', 'Email is blocked.'],
    ['{"error":"too large"}', 'too large'],
    ['{"title":"One or more validation errors occurred.","status":400}', 'One or more validation errors occurred.'],
    ['{"detail":"  spaced\\n out  "}', 'spaced out'],
    ['"just a string"', 'just a string'],
    ['Payload Too Large', 'Payload Too Large'],
  ])('reads %s', (body, reason) => expect(answerReason(body)).toBe(reason));

  it.each([undefined, '', '   ', '{}', '{"message":42}', '{"message":"  "}', '[1,2]', 'null', '<html><body>413</body></html>'])('finds no reason in %p', (body) =>
    expect(answerReason(body)).toBeNull(),
  );

  it('cuts a long reason short', () => {
    const reason = answerReason(JSON.stringify({ message: 'x'.repeat(1_000) }));
    expect(reason).toHaveLength(REASON_MAX_LENGTH);
    expect(reason?.endsWith('…')).toBe(true);
  });
});

describe('buildContactRequest', () => {
  it('sends the e-mail, the fixed subject and a body that starts with business, name and e-mail', () => {
    const request = buildContactRequest(
      { name: 'Ana Petrova', email: ' ana@example.com ', business: 'Ana Ltd', message: 'Hello,\nwe need 3 stores.\r\nThanks', website: '' },
      'StockPay',
    );
    expect(request).toEqual({
      email: 'ana@example.com',
      subject: 'StockPay contacted',
      body:
        '<p><strong>Business:</strong> Ana Ltd</p><p><strong>Name:</strong> Ana Petrova</p>' +
        '<p><strong>Email:</strong> ana@example.com</p><p>Hello,<br>we need 3 stores.<br>Thanks</p>',
    });
  });

  it('marks a missing business', () => {
    expect(buildContactRequest({ ...EMPTY_CONTACT, name: 'A', email: 'a@b.co', message: 'm' }, 'X').body).toContain('<p><strong>Business:</strong> -</p>');
  });

  it('escapes every field, so markup arrives as inert text', () => {
    const request = buildContactRequest(
      {
        name: '<script>alert(1)</script>',
        email: 'ana@example.com',
        business: '"><img src=x onerror=alert(1)>',
        message: "<b>bold</b> & 'quoted'",
        website: '',
      },
      'StockPay',
    );
    expect(request.body).not.toMatch(/<script|<img|<b>/);
    expect(request.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(request.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(request.body).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;');
  });
});

describe('honeypot', () => {
  it('flags a filled hidden field only', () => {
    expect(isLikelyBot({ ...EMPTY_CONTACT, website: 'http://spam.example' })).toBe(true);
    expect(isLikelyBot({ ...EMPTY_CONTACT, website: '  ' })).toBe(false);
    expect(isLikelyBot(EMPTY_CONTACT)).toBe(false);
  });
});

describe('drafts', () => {
  it('round-trips the visible fields, never the honeypot', () => {
    const values = { name: 'Ана', email: 'a@b.bg', business: '', message: 'Ред 1\nРед 2', website: 'bot' };
    expect(JSON.parse(serializeDraft(values))).toEqual({ name: 'Ана', email: 'a@b.bg', business: '', message: 'Ред 1\nРед 2' });
    expect(parseDraft(serializeDraft(values))).toEqual({ name: 'Ана', email: 'a@b.bg', business: '', message: 'Ред 1\nРед 2' });
  });

  it.each([null, '', 'not json', '[1]', '{"name": 5}', '{"name":"","email":""}'])('ignores %p', (saved) => {
    expect(parseDraft(saved)).toBeNull();
  });
});

describe('sendContactMessage', () => {
  it('posts the request as JSON with the apiKey header', async () => {
    const fetchMock = jest.fn(async () => new Response('{"status":"received"}', { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const request = buildContactRequest({ name: 'A', email: 'a@b.co', business: '', message: 'm', website: '' }, 'StockPay');
    await expect(sendContactMessage(request, { apiUrl: 'https://api.example.com', apiKey: 'k' })).resolves.toEqual({ status: 'received' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example.com/api/Users/ContactUs');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ apiKey: 'k', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual(request);
  });
});

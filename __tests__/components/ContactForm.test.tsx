import React from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '../../src/components/contact/ContactForm';
import { DRAFT_KEY } from '../../src/components/contact/useContactDraft';
import { renderWithI18n } from '../support/renderWithI18n';

type Answer = { status: number; body: string };

function mockFetch(...answers: Answer[]) {
  const fetchMock = jest.fn(async () => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    return { ok: answer.status < 400, status: answer.status, text: async () => answer.body } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

async function fillIn(values: { name?: string; email?: string; business?: string; message?: string }) {
  if (values.name) await userEvent.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email Address'), values.email);
  if (values.business) await userEvent.type(screen.getByLabelText(/Business/), values.business);
  if (values.message) await userEvent.type(screen.getByLabelText('Message'), values.message);
}

const sentBody = (fetchMock: jest.Mock, call = 0) => JSON.parse((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].body as string);

describe('ContactForm', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('labels every field and keeps the message box 160 px, resizable vertically', () => {
    renderWithI18n(<ContactForm />);
    for (const label of ['Name', 'Email Address', 'Business (optional)', 'Message']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
  });

  it('shows an error only once a field was touched or changed, tied to its field', async () => {
    renderWithI18n(<ContactForm />);
    const name = screen.getByLabelText('Name');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');

    fireEvent.focus(name);
    fireEvent.blur(name);
    const error = await screen.findByText('Name is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(error).toHaveAttribute('id', 'contact-name-error');
    expect(screen.queryByText('Valid email is required.')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@');
    expect(await screen.findByText('Valid email is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email Address'), 'example.com');
    await waitFor(() => expect(screen.queryByText('Valid email is required.')).not.toBeInTheDocument());
  });

  it('sends nothing when invalid: logs "form invalid" and focuses the first invalid field', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveFocus());
    expect(console.log).toHaveBeenCalledWith('form invalid');
    expect(screen.getByText('Valid email is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid message, thanks the visitor and disables the whole form', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{"status":"received"}' });
    renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana <b>', email: 'ana@example.com', business: 'Ana Ltd', message: 'Line 1{enter}Line 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent("Thank You! Your message has been received. We'll get back to you soon.");
    // The disabled form cannot hold focus; the notice takes it.
    expect(screen.getByText(/Thank You!/)).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4010/api/Users/ContactUs');
    expect(init.headers).toMatchObject({ apiKey: 'sandbox-api-key' });
    expect(sentBody(fetchMock)).toEqual({
      email: 'ana@example.com',
      subject: 'StockPay contacted',
      body:
        '<p><strong>Business:</strong> Ana Ltd</p><p><strong>Name:</strong> Ana &lt;b&gt;</p>' +
        '<p><strong>Email:</strong> ana@example.com</p><p>Line 1<br>Line 2</p>',
    });
    for (const label of ['Name', 'Email Address', 'Business (optional)', 'Message']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps everything after a failure, says the message was not sent, and sends again', async () => {
    const fetchMock = mockFetch({ status: 500, body: '{"error":"down"}' }, { status: 200, body: '{}' });
    renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent.');
    expect(console.error).toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank You!/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends one message for a double click', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.dblClick(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank You!/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops a bot\'s submission silently when the hidden field is filled', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    const { container } = renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Bot', email: 'bot@example.com', message: 'Buy now' });
    const honeypot = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(honeypot, { target: { value: 'http://spam.example' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Thank You!/)).not.toBeInTheDocument();
  });

  it('keeps the draft across a reload, until it is sent', async () => {
    const first = renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana', message: 'Half a thought' });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ name: 'Ana', message: 'Half a thought' });
    first.unmount();

    renderWithI18n(<ContactForm />);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ana'));
    expect(screen.getByLabelText('Message')).toHaveValue('Half a thought');
  });

  it('speaks Bulgarian', async () => {
    mockFetch({ status: 200, body: '{}' });
    renderWithI18n(<ContactForm />, { language: 'bg' });
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByText('Името е задължително.')).toBeInTheDocument();
    expect(screen.getByText('Необходим е валиден имейл адрес.')).toBeInTheDocument();
    expect(screen.getByText('Съобщението е задължително.')).toBeInTheDocument();
    expect(screen.getByLabelText('Фирма (по избор)')).toBeInTheDocument();
    expect(screen.getByLabelText('Име')).toHaveFocus();
  });
});

import React from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '../../features/contact/ContactForm';
import { DRAFT_KEY } from '../../features/contact/useContactDraft';
import { cannedAnswer } from '../support/cannedAnswer';
import { renderWithI18n, withI18n } from '../support/renderWithI18n';

type Answer = { status: number; body: string };

function mockFetch(...answers: Answer[]) {
  const fetchMock = jest.fn(async () => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    return cannedAnswer(answer.status, answer.body);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/**
 * Focuses a field and types, as a visitor does: the keys go to whatever has
 * focus (userEvent.type would keep typing into the element it was given,
 * even once the engine has replaced it).
 */
async function typeInto(label: string | RegExp, text: string) {
  act(() => screen.getByLabelText(label).focus());
  await userEvent.keyboard(text);
}

async function fillIn(values: { name?: string; email?: string; business?: string; message?: string }) {
  if (values.name) await typeInto('Name', values.name);
  if (values.email) await typeInto('Email Address', values.email);
  if (values.business) await typeInto(/Business/, values.business);
  if (values.message) await typeInto('Message', values.message);
}

/** Renders the form and lets the visitor reach for it, so its engine loads. */
async function renderLiveForm(options: Parameters<typeof renderWithI18n>[1] = {}) {
  const result = renderWithI18n(<ContactForm />, options);
  fireEvent.focus(screen.getAllByRole('textbox')[0]);
  await waitFor(() => expect(screen.getByRole('button', { name: /Submit|Изпрати/ })).toBeEnabled());
  return result;
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
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
  });

  it('keeps Submit disabled until the visitor reaches for the form and its engine has loaded', async () => {
    renderWithI18n(<ContactForm />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(submit).toBeDisabled();
    fireEvent.pointerEnter(screen.getByRole('form', { name: 'Contact form' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it.each([
    ['a scroll', () => fireEvent.scroll(window)],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a pointer moving', () => fireEvent.pointerMove(document.body)],
  ])('loads its engine at the first interaction anywhere on the page: %s', async (_, interact) => {
    renderWithI18n(<ContactForm />);
    interact();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('is rendered on the server with Submit disabled, so nothing can be sent before the page can send it', () => {
    const html = renderToString(withI18n(<ContactForm />));
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(html).toMatch(/<form[^>]* method="post"/);
  });

  it('keeps every keystroke, the focus and the caret while its engine loads', async () => {
    renderWithI18n(<ContactForm />);
    // Focus starts loading the engine; the keys are typed while it loads and after.
    act(() => screen.getByLabelText('Name').focus());
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    const staticField = screen.getByLabelText('Name');
    await userEvent.keyboard('Ana Maria Petrova');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    const live = screen.getByLabelText('Name') as HTMLInputElement;
    expect(live).not.toBe(staticField);
    expect(live).toHaveValue('Ana Maria Petrova');
    expect(live).toHaveFocus();
    expect([live.selectionStart, live.selectionEnd]).toEqual([17, 17]);
    await userEvent.keyboard(' Jr');
    expect(screen.getByLabelText('Name')).toHaveValue('Ana Maria Petrova Jr');
  });

  it('takes over text typed into the static form before the page hydrated', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(withI18n(<ContactForm />));
    (container.querySelector('#contact-message') as HTMLTextAreaElement).value = 'Typed before the scripts ran';
    renderWithI18n(<ContactForm />, { container, hydrate: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(screen.getByLabelText('Message')).toHaveValue('Typed before the scripts ran');
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ message: 'Typed before the scripts ran' }));
  });

  it('shows an error only once a field was touched or changed, tied to its field', async () => {
    await renderLiveForm();
    const name = screen.getByLabelText('Name');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');

    fireEvent.focus(name);
    fireEvent.blur(name);
    const error = await screen.findByText('Name is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(error).toHaveAttribute('id', 'contact-name-error');
    // Exactly the text, no spaces around it (findByText would match either way).
    expect(error.textContent).toBe('Name is required.');
    expect(screen.queryByText('Valid email is required.')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@');
    expect(await screen.findByText('Valid email is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email Address'), 'example.com');
    await waitFor(() => expect(screen.queryByText('Valid email is required.')).not.toBeInTheDocument());
  });

  it('shows the error of a field left before its engine loaded, once it has', async () => {
    renderWithI18n(<ContactForm />);
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.pointerEnter(screen.getByRole('form', { name: 'Contact form' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.queryByText('Message is required.')).not.toBeInTheDocument();
  });

  it('sends nothing when invalid: logs "form invalid" and focuses the first invalid field', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    await renderLiveForm();
    await fillIn({ name: 'Ana', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveFocus());
    expect(console.log).toHaveBeenCalledWith('form invalid');
    expect(screen.getByText('Valid email is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid message, thanks the visitor and disables the whole form', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{"status":"received"}' });
    await renderLiveForm();
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
      body: '<p><strong>Business:</strong> Ana Ltd</p><p><strong>Name:</strong> Ana &lt;b&gt;</p>' + '<p><strong>Email:</strong> ana@example.com</p><p>Line 1<br>Line 2</p>',
    });
    for (const label of ['Name', 'Email Address', 'Business (optional)', 'Message']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps everything after a failure, says the message was not sent, and sends again', async () => {
    const fetchMock = mockFetch({ status: 500, body: '{"error":"down"}' }, { status: 200, body: '{}' });
    await renderLiveForm();
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

  it('after a failed send, sends nothing for a form made invalid since, and focuses that field', async () => {
    const fetchMock = mockFetch({ status: 500, body: '' });
    await renderLiveForm();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent.');
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus());
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message is required.');
    expect(console.log).toHaveBeenCalledWith('form invalid');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends one message for a double click', async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    await renderLiveForm();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.dblClick(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank You!/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("drops a bot's submission, answering with the usual thanks so the bot learns nothing", async () => {
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    const { container } = await renderLiveForm();
    await fillIn({ name: 'Bot', email: 'bot@example.com', message: 'Buy now' });
    const honeypot = container.querySelector('#contact-website') as HTMLInputElement;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    // A name no browser autofills (name, email, url, website, company... would be).
    expect(honeypot).toHaveAttribute('name', 'leave_this_empty');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(honeypot, { target: { value: 'http://spam.example' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank You!/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('thanks the visitor for any 2xx answer, whatever its body, and sends once', async () => {
    for (const answer of [
      { status: 200, body: 'OK' },
      { status: 200, body: '{"status":"rece' },
      { status: 204, body: '' },
      { status: 202, body: '<html>queued</html>' },
    ]) {
      window.sessionStorage.clear();
      const fetchMock = mockFetch(answer);
      const { unmount } = await renderLiveForm();
      await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText(/Thank You!/)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it.each([
    [
      400,
      '{"title":"One or more validation errors occurred."}',
      'Your message was not accepted, so it was not sent. Please check what you wrote; everything is still here. The server said: “One or more validation errors occurred.”',
    ],
    [413, '', 'Your message was not accepted, so it was not sent. Please check what you wrote; everything is still here.'],
    [422, '<html><body>Unprocessable</body></html>', 'Your message was not accepted, so it was not sent. Please check what you wrote; everything is still here.'],
  ])('says a %s answer was not accepted, and why when the answer says', async (status, body, text) => {
    mockFetch({ status, body });
    await renderLiveForm();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it.each([401, 403])('says the service is unavailable after a %s and offers the e-mail address', async (status) => {
    mockFetch({ status, body: '' });
    await renderLiveForm();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The contact service is not available right now');
    const link = within(alert).getByRole('link');
    expect(link).toHaveAttribute('href', expect.stringMatching(/^mailto:.+@.+/));
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('limits every field, and counts down the message once fewer than 500 characters are left', async () => {
    await renderLiveForm();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', '100');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('maxlength', '254');
    expect(screen.getByLabelText('Business (optional)')).toHaveAttribute('maxlength', '100');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('maxlength', '5000');
    const count = document.getElementById('contact-message-count') as HTMLElement;
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toBeEmptyDOMElement();
    fireEvent.change(message, { target: { value: 'x'.repeat(4_500) } });
    expect(count).toBeEmptyDOMElement();
    fireEvent.change(message, { target: { value: 'x'.repeat(4_501) } });
    expect(count).toHaveTextContent('499 characters left');
    fireEvent.change(message, { target: { value: 'x'.repeat(4_502) } });
    expect(count).toHaveTextContent('498 characters left');
    await waitFor(() => expect(message).toHaveAccessibleDescription('498 characters left'));
    fireEvent.change(message, { target: { value: 'x'.repeat(4_999) } });
    expect(count).toHaveTextContent('1 character left');
  });

  it('refuses a restored draft that is longer than a limit, naming the limit', async () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'A'.repeat(101), email: 'ana@example.com', business: 'B'.repeat(101), message: 'M'.repeat(5_001) }));
    const fetchMock = mockFetch({ status: 200, body: '{}' });
    await renderLiveForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name can be at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('Business can be at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('Message can be at most 5,000 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a visitor without JavaScript that the form needs it, and how else to write', () => {
    const html = renderToString(withI18n(<ContactForm />));
    const container = document.createElement('div');
    container.innerHTML = html;
    const note = container.querySelector('.no-js-only') as HTMLElement;
    expect(note).toHaveTextContent(/This form needs JavaScript/);
    expect(note.querySelector('a')?.getAttribute('href')).toMatch(/^mailto:.+@.+/);
  });

  it('keeps the draft across a reload, until it is sent', async () => {
    const first = renderWithI18n(<ContactForm />);
    await fillIn({ name: 'Ana', message: 'Half a thought' });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ name: 'Ana', message: 'Half a thought' });
    first.unmount();

    renderWithI18n(<ContactForm />);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ana'));
    // The restored draft is kept as the engine takes over.
    fireEvent.focus(screen.getByLabelText('Message'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Message')).toHaveValue('Half a thought');
  });

  it('speaks Bulgarian', async () => {
    mockFetch({ status: 200, body: '{}' });
    await renderLiveForm({ language: 'bg' });
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByText('Името е задължително.')).toBeInTheDocument();
    expect(screen.getByText('Необходим е валиден имейл адрес.')).toBeInTheDocument();
    expect(screen.getByText('Съобщението е задължително.')).toBeInTheDocument();
    expect(screen.getByLabelText('Фирма (по избор)')).toBeInTheDocument();
    expect(screen.getByLabelText('Име')).toHaveFocus();
  });
});

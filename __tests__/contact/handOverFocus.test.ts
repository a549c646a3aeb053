import { handOverFocus } from '../../features/contact/handOverFocus.browser';

/** Replaces the body's content with fresh elements, as React does when one form takes over from another. */
const swapTo = (html: string) => () => {
  document.body.innerHTML = html;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('handOverFocus', () => {
  it('focuses the new element with the id of the one that had focus, with the same caret and selection', () => {
    document.body.innerHTML = '<input id="name" value="Ana Petrova"><textarea id="message">Hello there</textarea>';
    const message = document.getElementById('message') as HTMLTextAreaElement;
    message.focus();
    message.setSelectionRange(2, 5, 'backward');
    handOverFocus(swapTo('<input id="name" value="Ana Petrova"><textarea id="message">Hello there</textarea>'));
    const next = document.getElementById('message') as HTMLTextAreaElement;
    expect(next).not.toBe(message);
    expect(document.activeElement).toBe(next);
    expect([next.selectionStart, next.selectionEnd, next.selectionDirection]).toEqual([2, 5, 'backward']);
  });

  it('keeps the caret in an input', () => {
    document.body.innerHTML = '<input id="name" value="Ana">';
    const name = document.getElementById('name') as HTMLInputElement;
    name.focus();
    name.setSelectionRange(1, 1);
    handOverFocus(swapTo('<input id="name" value="Ana">'));
    const next = document.getElementById('name') as HTMLInputElement;
    expect(document.activeElement).toBe(next);
    expect([next.selectionStart, next.selectionEnd]).toEqual([1, 1]);
  });

  it('moves focus to a button, which has no caret', () => {
    document.body.innerHTML = '<button id="send">Submit</button>';
    (document.getElementById('send') as HTMLButtonElement).focus();
    handOverFocus(swapTo('<button id="send">Submit</button>'));
    expect(document.activeElement).toBe(document.getElementById('send'));
  });

  it('leaves focus alone when nothing had it, the focused element has no id, or its id is gone', () => {
    document.body.innerHTML = '<input id="name">';
    handOverFocus(swapTo('<input id="name">'));
    expect(document.activeElement).toBe(document.body);

    document.body.innerHTML = '<input>';
    (document.querySelector('input') as HTMLInputElement).focus();
    handOverFocus(swapTo('<input>'));
    expect(document.activeElement).toBe(document.body);

    document.body.innerHTML = '<input id="name">';
    (document.getElementById('name') as HTMLInputElement).focus();
    handOverFocus(swapTo('<input id="other">'));
    expect(document.activeElement).toBe(document.body);
  });

  it('does nothing when the focused element survived the swap', () => {
    document.body.innerHTML = '<input id="name" value="Ana">';
    const name = document.getElementById('name') as HTMLInputElement;
    name.focus();
    name.setSelectionRange(0, 3);
    handOverFocus(() => undefined);
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 3]);
  });
});

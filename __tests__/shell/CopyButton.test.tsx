import React from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from '../../src/components/markdown/CopyButton';
import { COPY_RESET_MS } from '../../features/markdown/rendered';
import { renderWithI18n } from '../support/renderWithI18n';

describe('CopyButton', () => {
  const writeText = jest.fn<Promise<void>, [string]>();

  beforeEach(() => {
    jest.useFakeTimers();
    writeText.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => jest.useRealTimers());

  /** Lets the clipboard promise settle without moving the fake clock (findBy and waitFor would). */
  const settle = () =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });

  /** user-event installs its own clipboard on setup, so ours goes in after it. */
  const user = () => {
    const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return events;
  };

  it('copies the text, says Copied for 3 seconds, then Copy again', async () => {
    renderWithI18n(<CopyButton getText={() => 'npm test'} />);
    const button = screen.getByRole('button', { name: 'Copy' });
    await user().click(button);
    await settle();
    expect(writeText).toHaveBeenCalledWith('npm test');
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Code copied to the clipboard.');

    act(() => jest.advanceTimersByTime(COPY_RESET_MS - 1));
    expect(button).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Copy');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(COPY_RESET_MS).toBe(3000);
  });

  it('works from the keyboard', async () => {
    renderWithI18n(<CopyButton getText={() => 'x'} />);
    const events = user();
    await events.tab();
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('x');
  });

  it('restarts the 3 seconds on a second copy', async () => {
    renderWithI18n(<CopyButton getText={() => 'x'} />);
    const button = screen.getByRole('button');
    const events = user();
    await events.click(button);
    await settle();
    act(() => jest.advanceTimersByTime(2000));
    await events.click(button);
    await settle();
    act(() => jest.advanceTimersByTime(2000));
    expect(button).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Copy');
  });

  it('says so when the clipboard refuses, in Bulgarian too', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderWithI18n(<CopyButton getText={() => 'x'} />, { language: 'bg' });
    await user().click(screen.getByRole('button', { name: 'Копирай' }));
    await settle();
    expect(screen.getByRole('button')).toHaveTextContent('Неуспешно копиране');
    expect(screen.getByRole('status')).toHaveTextContent('Кодът не можа да бъде копиран.');
    act(() => jest.advanceTimersByTime(COPY_RESET_MS));
    expect(screen.getByRole('button')).toHaveTextContent('Копирай');
  });
});

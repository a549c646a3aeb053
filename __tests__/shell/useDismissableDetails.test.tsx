import React, { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDismissableDetails } from '../../src/hooks/useDismissableDetails';

function Disclosure(): React.JSX.Element {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = useDismissableDetails(ref);
  return (
    <>
      <button type="button">Before</button>
      <details ref={ref} data-testid="details">
        <summary>Menu</summary>
        <a href="#one">One</a>
        <button type="button" onClick={close}>
          Close from inside
        </button>
      </details>
      <a href="#after">After</a>
      <p>Plain text</p>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  const view = render(<Disclosure />);
  const details = screen.getByTestId('details') as HTMLDetailsElement;
  const summary = screen.getByText('Menu');
  return { user, view, details, summary };
}

describe('useDismissableDetails', () => {
  it('closes on Escape and gives focus back to the summary', async () => {
    const { user, details, summary } = setup();
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.tab();
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it('leaves focus alone on Escape while closed', async () => {
    const { user, details } = setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('closes on a click outside, not on one inside', async () => {
    const { user, details, summary } = setup();
    await user.click(summary);
    await user.click(screen.getByRole('link', { name: 'One' }));
    expect(details.open).toBe(true);
    await user.click(screen.getByText('Plain text'));
    expect(details.open).toBe(false);
  });

  it('closes when Tab moves focus out, forwards or backwards, and stays open while focus moves inside', async () => {
    const { user, details, summary } = setup();
    await user.click(summary);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close from inside' })).toHaveFocus();
    expect(details.open).toBe(true);
    await user.tab();
    expect(screen.getByRole('link', { name: 'After' })).toHaveFocus();
    expect(details.open).toBe(false);

    await user.click(summary);
    expect(details.open).toBe(true);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
    expect(details.open).toBe(false);
  });

  it('stays open when focus leaves for nowhere, such as another window', async () => {
    const { user, details, summary } = setup();
    await user.click(summary);
    fireEvent.focusOut(summary, { relatedTarget: null });
    expect(details.open).toBe(true);
  });

  it('returns a function that closes it', async () => {
    const { user, details, summary } = setup();
    await user.click(summary);
    await user.click(screen.getByRole('button', { name: 'Close from inside' }));
    expect(details.open).toBe(false);
  });

  it('stops listening once unmounted', async () => {
    const { user, view, details, summary } = setup();
    await user.click(summary);
    view.unmount();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(details.open).toBe(true);
  });
});

import { useCallback, useEffect, type RefObject } from 'react';

/**
 * A <details> disclosure works without JavaScript; with it, Escape, a click
 * outside and focus moving out close it too, and Escape returns focus to its
 * summary. Closing when focus leaves keeps an open panel from covering the
 * element that Tab moved to. Returns a function that closes it (for links
 * inside that navigate).
 */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>): () => void {
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, [ref]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    // relatedTarget is null when focus leaves the window or lands on nothing
    // focusable; a click on nothing is the pointer handler's business.
    const onFocusOut = (event: FocusEvent) => {
      if (details.open && event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) details.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, [ref]);

  return close;
}

import { useCallback, useEffect, type RefObject } from 'react';

/**
 * A <details> disclosure works without JavaScript; with it, Escape and a
 * click outside close it too, and Escape returns focus to its summary.
 * Returns a function that closes it (for links inside that navigate).
 */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>): () => void {
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, [ref]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [ref]);

  return close;
}

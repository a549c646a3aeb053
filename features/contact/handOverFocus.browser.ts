type TextControl = HTMLInputElement | HTMLTextAreaElement;

const isTextControl = (element: Element | null): element is TextControl =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.selectionStart !== null);

/**
 * Runs `replace`, which swaps part of the page for new elements with the
 * same ids, and gives focus back to the new element with the id of the one
 * that had it, with the same caret or selection. Nothing paints in between,
 * so the visitor sees no change and keeps typing where they were.
 */
export function handOverFocus(replace: () => void): void {
  const active = document.activeElement;
  const id = active && active !== document.body ? active.id : '';
  const selection = isTextControl(active) ? { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? undefined } : null;
  replace();
  if (!id) return;
  const next = document.getElementById(id);
  if (!next || next === document.activeElement) return;
  next.focus({ preventScroll: true });
  if (selection && isTextControl(next) && selection.start !== null && selection.end !== null) {
    next.setSelectionRange(selection.start, selection.end, selection.direction);
  }
}

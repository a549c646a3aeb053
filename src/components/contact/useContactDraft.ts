import { useEffect, useRef } from 'react';
import { EMPTY_CONTACT, parseDraft, serializeDraft, type ContactValues } from '../../lib/contact';

export const DRAFT_KEY = 'contact-draft';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the form still works, drafts are not kept
  }
}

/**
 * Keeps the visitor's unsent message in sessionStorage, so a reload or a
 * visit to another page does not lose it. Restores it once on mount (after
 * hydration, so the static HTML stays the empty form) and returns a
 * function that forgets it once sent.
 */
export function useContactDraft(values: ContactValues, restore: (draft: ContactValues) => void): () => void {
  const restored = useRef(false);

  useEffect(() => {
    const draft = parseDraft(storage()?.getItem(DRAFT_KEY) ?? null);
    if (draft) restore({ ...EMPTY_CONTACT, ...draft });
    restored.current = true;
  }, []); // once, on mount: `restore` is a new function on every render

  useEffect(() => {
    if (!restored.current) return;
    const saved = serializeDraft(values);
    if (parseDraft(saved)) storage()?.setItem(DRAFT_KEY, saved);
    else storage()?.removeItem(DRAFT_KEY);
  }, [values]);

  return () => storage()?.removeItem(DRAFT_KEY);
}

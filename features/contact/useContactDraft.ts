import { useEffect } from 'react';
import { EMPTY_CONTACT, parseDraft, serializeDraft, type ContactValues } from './contact';

export const DRAFT_KEY = 'contact-draft';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the form still works, drafts are not kept
  }
}

/** The visitor's unsent message from an earlier visit in this tab, or null. */
export function readDraft(): ContactValues | null {
  const draft = parseDraft(storage()?.getItem(DRAFT_KEY) ?? null);
  return draft ? { ...EMPTY_CONTACT, ...draft } : null;
}

export function forgetDraft(): void {
  storage()?.removeItem(DRAFT_KEY);
}

/**
 * Keeps the visitor's unsent message in sessionStorage while `enabled`, so
 * a reload or a visit to another page does not lose it. The form turns it
 * on once it has restored an earlier draft, so an empty first render never
 * overwrites one.
 */
export function useSaveDraft(values: ContactValues, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const saved = serializeDraft(values);
    if (parseDraft(saved)) storage()?.setItem(DRAFT_KEY, saved);
    else forgetDraft();
  }, [values, enabled]);
}

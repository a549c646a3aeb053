/**
 * Puts the translation marks (./listMarks.ts) on the CMS's entry lists:
 * each entry card of a collection page gets its marks after its title, in
 * the link, so a screen reader reads them with it. Decap has no hook for
 * its cards, so the page is watched: a card drawn, or redrawn without its
 * marks, is marked again. The statuses are read anew each time the editor
 * opens a list, so an entry saved in the meantime is counted as it is now.
 */
import { listMarks, type StatusesAnswer, type StatusesSource, TRANSLATION_STATUSES_ACTION } from './listMarks';
import type { EntryStatus } from '../../translations/status';

/** The attribute of a mark: what the page is searched for, and what a test finds. */
export const MARK_ATTRIBUTE = 'data-translation-mark';

/** A card's link: #/collections/<collection>/entries/<slug>. */
const CARD_LINK = /#\/collections\/([^/?#]+)\/entries\/([^?#]+)$/;
/** A page of the CMS that edits an entry, where no list is shown. */
const EDITOR_ROUTE = /\/entries\/|\/new(?:$|[?])|^#\/edit\//;
/** The statuses document is the CMS's own; more than this is not what the build or the backend writes. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const MARK_STYLE =
  'display:inline-block;margin:0.25rem 0.5rem 0 0;padding:0 0.5rem;border-radius:999px;font-size:0.75rem;line-height:1.5;background:#fef3c7;color:#78350f;border:1px solid #b45309;';

function isAnswer(value: unknown): value is StatusesAnswer {
  if (typeof value !== 'object' || value === null) return false;
  return ('statuses' in value && Array.isArray(value.statuses)) || ('error' in value && typeof value.error === 'string');
}

/** The statuses from the backend or the built file; none when it cannot be read (the lists then show no marks, as before). */
export async function readStatuses(source: StatusesSource, fetcher: typeof fetch): Promise<EntryStatus[]> {
  try {
    const response =
      source.kind === 'backend'
        ? await fetcher(source.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: TRANSLATION_STATUSES_ACTION, params: {} }) })
        : await fetcher(source.url, { cache: 'no-cache' });
    if (!response.ok) return [];
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) return [];
    const answer: unknown = JSON.parse(text);
    return isAnswer(answer) && 'statuses' in answer ? answer.statuses : [];
  } catch {
    return [];
  }
}

/** Marks every card in `root` whose marks are not there yet; a card whose marks changed gets the new ones. */
export function markCards(root: ParentNode, statuses: readonly EntryStatus[]): void {
  for (const link of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href*="#/collections/"]'))) {
    const match = CARD_LINK.exec(link.getAttribute('href') ?? '');
    if (!match) continue;
    const marks = listMarks(statuses, decodeURIComponent(match[1]), decodeURIComponent(match[2]));
    const shown = Array.from(link.querySelectorAll(`[${MARK_ATTRIBUTE}]`));
    if (shown.map((mark) => mark.textContent).join('\n') === marks.join('\n')) continue;
    for (const mark of shown) mark.remove();
    for (const text of marks) {
      const mark = link.ownerDocument.createElement('span');
      mark.setAttribute(MARK_ATTRIBUTE, '');
      mark.setAttribute('style', MARK_STYLE);
      mark.textContent = text;
      link.append(mark);
    }
  }
}

/** Watches the CMS page: reads the statuses on each visit to a list (each route but an editor's), and marks its cards as Decap draws them. */
export function watchEntryLists(window: Window, source: StatusesSource): void {
  let statuses: readonly EntryStatus[] = [];
  let scheduled = false;
  const mark = () => {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(() => {
      scheduled = false;
      markCards(window.document, statuses);
    });
  };
  const refresh = () => {
    if (EDITOR_ROUTE.test(window.location.hash)) return;
    void readStatuses(source, window.fetch.bind(window)).then((read) => {
      statuses = read;
      mark();
    });
  };
  const start = () => {
    new MutationObserver(mark).observe(window.document.body, { childList: true, subtree: true });
    window.addEventListener('hashchange', refresh);
    refresh();
  };
  if (window.document.body) start();
  else window.addEventListener('DOMContentLoaded', start, { once: true });
}

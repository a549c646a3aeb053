/** How long a smooth scroll may keep `scroll-behavior: smooth` when the browser sends no `scrollend` (Safari). */
export const SMOOTH_SCROLL_MAX_MS = 1000;

/** True for a plain click that the browser will follow in this tab (no modifier, main button); a React event's fields are the same. */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** True when `anchor` points to a fragment of the document being shown. */
function isInPageLink(anchor: HTMLAnchorElement, location: Location): boolean {
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, location.href);
  return url.hash.length > 1 && url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
}

/**
 * Smooth scrolling for in-page anchors only (VISUAL.md). A global
 * `scroll-behavior: smooth` would also animate the scroll that brings a
 * newly focused element into view, and a second Tab during that animation
 * can leave focus on an element outside the viewport. So the smooth
 * behaviour is switched on for the one scroll a click on an in-page link
 * starts, and off when that scroll ends. Off when the visitor asks for
 * reduced motion. Returns a function that removes the listener.
 */
export function installSmoothInPageScroll(doc: Document): () => void {
  const root = doc.documentElement;
  const view = doc.defaultView;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const restore = () => {
    root.style.removeProperty('scroll-behavior');
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    view?.removeEventListener('scrollend', restore);
    doc.removeEventListener('keydown', restore, true);
  };

  const onClick = (event: MouseEvent) => {
    if (!view || !isPlainClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a[href]');
    if (!(anchor instanceof view.HTMLAnchorElement) || !isInPageLink(anchor, view.location)) return;
    if (view.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    restore();
    root.style.setProperty('scroll-behavior', 'smooth');
    view.addEventListener('scrollend', restore);
    // A key press means the visitor moves on: focus scrolls are instant again.
    doc.addEventListener('keydown', restore, true);
    timer = setTimeout(restore, SMOOTH_SCROLL_MAX_MS);
  };

  // Capture: runs before the browser (or the router) follows the link, even if a handler stops the event.
  doc.addEventListener('click', onClick, true);
  return () => {
    restore();
    doc.removeEventListener('click', onClick, true);
  };
}

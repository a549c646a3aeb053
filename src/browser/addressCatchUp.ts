/**
 * A link followed while the page is still hydrating. Hydration runs in a
 * transition (gatsby-browser.tsx), so the visitor can tap a link before it
 * ends, and Gatsby's link then changes the address. But the router reads
 * the address once, as hydration renders it, and starts listening for
 * changes only in an effect after hydration: a change in between is never
 * heard, and the old page stays under the new address. After the first
 * render, when the address is no longer the page's, the change is told
 * again as the browser tells a Back or Forward (popstate), which the router
 * listens for, so it shows the page of the address.
 */

/** The part of an address that names a page: its path and query (a fragment only scrolls). */
const pageOf = (location: Location): string => `${location.pathname}${location.search}`;

/**
 * Watches `win` from before hydration: the returned function, called once
 * the first render is done, replays an address change the router missed.
 */
export function watchAddressDuringHydration(win: Window): () => void {
  const rendered = pageOf(win.location);
  return () => {
    if (pageOf(win.location) !== rendered) win.dispatchEvent(new PopStateEvent('popstate', { state: win.history.state as unknown }));
  };
}

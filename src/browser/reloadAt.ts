/** A full page load at `url` (the language switch must not navigate client-side). Its own module so tests can replace it. */
export function reloadAt(url: string): void {
  window.location.assign(url);
}

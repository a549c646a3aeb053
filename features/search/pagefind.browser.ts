import { PAGEFIND_PATH } from '../site/routes';
import type { PagefindData } from './searchResults';

/** What the search page uses of Pagefind's module (pagefind.js, https://pagefind.app/docs/api/). */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: { id: string; data(): Promise<PagefindData> }[] } | null>;
}

let loading: Promise<Pagefind> | null = null;

/**
 * Pagefind's module and the index of the page's language (<html lang>),
 * loaded once, on first use: never on a page's first load. The import is
 * left to the browser (webpackIgnore): the file is the build's
 * (features/search/searchIndex.node.ts), not a bundle. No worker: Pagefind's worker
 * would run under the policy of its own file, which sandboxes every file
 * that is not a page (features/hosting/rules.ts); the index of this site is small
 * enough for the page's thread (docs/performance.md). A failed load is
 * forgotten, so the next use tries again.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (import(/* webpackIgnore: true */ `${PAGEFIND_PATH}pagefind.js`) as Promise<Pagefind>)
    .then(async (pagefind) => {
      await pagefind.options({ noWorker: true, excerptLength: 24 });
      await pagefind.init();
      return pagefind;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

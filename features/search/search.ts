/**
 * Site search: where the search page and Pagefind's files live,
 * and which pages Pagefind indexes. Small on purpose: the layout and the
 * header's form import it on every page; what only the search page needs
 * is in features/search/searchResults.ts. Pure: features/search/searchIndex.node.ts builds the
 * index, features/hosting/rules.ts serves it.
 */
import { BLOG_PATH } from '../blog/blog';
import { DEFAULT_LANGUAGE, type Language } from '../site/languages';

/**
 * Pagefind's files named by a hash of their content, so immutable: the
 * index chunks, the fragments (one a page) and the filters, each in its
 * folder. The rest of the bundle revalidates: pagefind.js,
 * pagefind-entry.json and the WebAssembly keep their names from build to
 * build, and each language's small metadata file (pagefind.en_<hash>.pf_meta)
 * sits beside them, where one CDN rule more would be needed to tell it apart.
 */
export const PAGEFIND_FINGERPRINTED = /^\/pagefind\/(?:index|fragment|filter)\//;

/** The query's name in the address: /search/?q=payment+links. */
export const QUERY_PARAMETER = 'q';

/**
 * Language-less paths whose pages are indexed: the home page, the
 * documentation, the privacy policy; the blog (its list pages and every
 * post) by prefix. Not the pricing page (its plans come from the API at
 * run time), the contact form, the search page or the 404 pages. Their
 * <main> carries data-pagefind-body (src/components/Layout.tsx), and once
 * any page does, Pagefind indexes only those pages.
 */
export const INDEXED_PATHS: readonly string[] = ['/', '/docs/', '/privacy-policy/'];

export interface PageIdentity {
  language: Language;
  /** The page's path without its language prefix ('/blog/page/2/'). */
  originalPath: string;
  /** True under a language prefix: /en/… pages are copies of the unprefixed ones, which are indexed instead. */
  routed: boolean;
}

/** Whether Pagefind indexes the page: one of the indexed paths, in its canonical address. */
export function isIndexedPage({ language, originalPath, routed }: PageIdentity): boolean {
  if (language === DEFAULT_LANGUAGE && routed) return false;
  return INDEXED_PATHS.includes(originalPath) || originalPath.startsWith(BLOG_PATH);
}

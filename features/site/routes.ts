/**
 * The site's addresses: its pages, and the folders and files the build
 * writes at addresses of their own, which a post or a file of static/ may
 * not take.
 */

/**
 * The site's pages, without a language prefix: the one list the navigation,
 * the sitemap and every check (e2e/checks/sitePages.ts, e2e/support.ts,
 * bench/pageWeight.ts) read. Each is a file in src/pages/ but the blog,
 * whose pages the build makes from its posts; a unit test holds the two
 * together, so adding a page means adding it here.
 */
export const ROUTES = ['/', '/docs/', '/blog/', '/pricing/', '/contact/', '/privacy-policy/', '/search/'] as const;
export type Route = (typeof ROUTES)[number];

/**
 * The not-found page at its own address, in each language. An unknown path
 * is answered with this same file and status 404 (features/hosting/staticServer.node.ts).
 */
export const NOT_FOUND_PATH = '/404/';

/** The search page, without a language prefix. */
export const SEARCH_PATH = '/search/';

/** Where the build writes Pagefind's bundle, the search index; the search page imports `${PAGEFIND_PATH}pagefind.js`. */
export const PAGEFIND_PATH = '/pagefind/';

/** Where the CMS is served on the site's origin: Decap's chunks and WebAssembly load from beside its bundle. */
export const ADMIN_PATH = '/admin/';

/** Where gatsby-plugin-sitemap writes its index; robots.txt points here. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/**
 * The folders Gatsby writes at the root of public/ for itself: each page's
 * data, its fingerprinted files, the HTML slices it stitches into pages,
 * Partytown's scripts. Gatsby's facts, with no home in this project.
 */
export const GATSBY_FOLDERS: readonly string[] = ['page-data', 'static', '_gatsby', '~partytown'];

/** Folders of public/ that only the build writes ('admin/'): nothing copied from static/ may land in them. */
export const RESERVED_FOLDERS: readonly string[] = [ADMIN_PATH, PAGEFIND_PATH, ...GATSBY_FOLDERS.map((folder) => `/${folder}/`)].map((path) => path.slice(1));

/** The path an HTML file is served at: '/docs/index.html' -> '/docs/', '/404.html' stays. */
export function pagePath(file: string): string {
  return file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
}

/**
 * The site's pages, without a language prefix: the one list the navigation,
 * the sitemap and every check (scripts/sitePages.ts, e2e/support.ts,
 * scripts/pageWeight.ts) read. Each is a file in src/pages/; a unit test
 * holds the two together, so adding a page means adding it here.
 */
export const ROUTES = ['/', '/docs/', '/blog/', '/pricing/', '/contact/', '/privacy-policy/', '/search/'] as const;
export type Route = (typeof ROUTES)[number];

/**
 * The not-found page at its own address, in each language. An unknown path
 * is answered with this same file and status 404 (hosting/staticServer.ts).
 */
export const NOT_FOUND_PATH = '/404/';

/**
 * The site's pages, without a language prefix: the one list the navigation,
 * the sitemap and every check (checks/sitePages.ts, e2e/support.ts,
 * checks/pageWeight.ts) read. Each is a file in src/pages/ but the blog,
 * whose pages the build makes from its posts; a unit test holds the two
 * together, so adding a page means adding it here.
 */
export const ROUTES = ['/', '/docs/', '/blog/', '/pricing/', '/contact/', '/privacy-policy/', '/search/'] as const;
export type Route = (typeof ROUTES)[number];

/**
 * The not-found page at its own address, in each language. An unknown path
 * is answered with this same file and status 404 (hosting/staticServer.ts).
 */
export const NOT_FOUND_PATH = '/404/';

/** The path an HTML file is served at: '/docs/index.html' -> '/docs/', '/404.html' stays. */
export function pagePath(file: string): string {
  return file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
}

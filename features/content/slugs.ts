/**
 * What a blog post's file name may be. The name is the post's address
 * (content/blog/<language>/<slug>.md is /blog/<slug>/, /bg/blog/<slug>/ and
 * /en/blog/<slug>/), so it must be one plain path segment, and not a name
 * the site uses itself: `page` would take the folder of the list's later
 * pages (/blog/page/2/), `search` would get the search page's policy where
 * a host matches it as `/*\/search/`, and the others are pages, files and
 * folders of the site, which a host or a later rule may match by name. The
 * reserved names are read from each fact's own home, not written out here.
 * Pure: the build (features/content/checks.ts parseContentPath) and the CMS's check
 * before saving (features/cms/rules.ts) apply it.
 *
 * Not in features/blog/blog.ts with the blog's other rules: the search and
 * sitemap modules import that one, and this one reads theirs.
 */
import { ADMIN_PATH, NOT_FOUND_PATH, ROUTES, PAGEFIND_PATH, SEARCH_PATH, SITEMAP_INDEX_PATH, GATSBY_FOLDERS } from '../site/routes';
import { PAGE_SEGMENT, feedPath, listPath } from '../blog/blog';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../site/languages';

/**
 * A slug: lower-case ASCII letters and digits in runs joined by single
 * hyphens (stock-control-habits, 2026-review, godishna-inventarizatsiya).
 * So no dot, slash, leading dot or dot segment, nothing a URL would
 * escape, and nothing two file systems would read differently.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The pattern in words, for messages. */
export const SLUG_RULE = 'lower-case letters (a-z), digits and single hyphens';

/** The file a folder's page is written to (public/blog/index.html), and its name without the extension. */
const FOLDER_PAGE = 'index.html';

/** '/privacy-policy/' -> 'privacy-policy'; '/rss.xml' -> 'rss.xml'. */
const firstSegment = (path: string): string => path.split('/').filter(Boolean)[0] ?? '';
const lastSegment = (path: string): string => path.split('/').filter(Boolean).pop() ?? '';
/** 'rss.xml' -> 'rss'. */
const stem = (name: string): string => name.replace(/\.[^.]*$/, '');

function reservedNames(): Map<string, string> {
  const reserved = new Map<string, string>();
  const add = (name: string, what: string) => {
    if (name && !reserved.has(name)) reserved.set(name, what);
  };
  // The most telling reason first: a name keeps the first one given.
  add(PAGE_SEGMENT, `the folder of the blog's later list pages (${listPath(2)})`);
  add(firstSegment(SEARCH_PATH), `the search page (${SEARCH_PATH}), whose policy a host may give to any address ending in ${SEARCH_PATH}`);
  add(firstSegment(NOT_FOUND_PATH), `the not-found page (${NOT_FOUND_PATH})`);
  add(`${firstSegment(NOT_FOUND_PATH)}.html`, `the not-found page's file (/${firstSegment(NOT_FOUND_PATH)}.html)`);
  for (const route of ROUTES) add(firstSegment(route), `a page of the site (${route})`);
  add(FOLDER_PAGE, `the file each page is written to (${listPath(1)}${FOLDER_PAGE})`);
  add(stem(FOLDER_PAGE), `the name of the file each page is written to (${FOLDER_PAGE})`);
  add(firstSegment(ADMIN_PATH), `the editors' CMS (${ADMIN_PATH})`);
  add(firstSegment(PAGEFIND_PATH), `site search's index (${PAGEFIND_PATH})`);
  for (const folder of GATSBY_FOLDERS) add(folder, `a folder Gatsby writes for itself (/${folder}/)`);
  for (const file of [feedPath(DEFAULT_LANGUAGE), SITEMAP_INDEX_PATH]) {
    const what = file === SITEMAP_INDEX_PATH ? `the sitemap (${file})` : `the feed (${file})`;
    add(lastSegment(file), what);
    add(stem(lastSegment(file)), what);
  }
  // gatsby-plugin-sitemap writes sitemap-index.xml and sitemap-0.xml, sitemap-1.xml, ...
  add(stem(lastSegment(SITEMAP_INDEX_PATH)).split('-')[0], `the sitemap's files (${SITEMAP_INDEX_PATH}, /sitemap-0.xml)`);
  for (const language of LANGUAGES) add(language, `a language's prefix (/${language}/)`);
  return reserved;
}

/** Each name the site uses itself, with what it is there: the reason an editor reads. */
export const RESERVED_SLUGS: ReadonlyMap<string, string> = reservedNames();

/** What `slug` is to the site when it is one of its own names (in any case: some hosts ignore case), or undefined. */
export const reservedSlug = (slug: string): string | undefined => RESERVED_SLUGS.get(slug.toLowerCase());

/** True for a slug of the form SLUG_PATTERN: 'stock-control-habits' yes; 'Stock', 'a--b', '-a', 'a.b' no. */
export const isSlug = (name: string): boolean => SLUG_PATTERN.test(name);

/**
 * What gatsby-plugin-sitemap lists (gatsby-config.ts), and robots.txt
 * (gatsby/onPostBuild.ts). Only canonical URLs are listed: unprefixed
 * English and /bg/ Bulgarian, each with the same language alternates its
 * <head> carries (headLinks). The /en/ copies, /blog/ of a language without
 * posts and the 404 pages are left out: they name another URL as canonical
 * or are not content.
 */
import { BLOG_PATH } from '../blog/blog';
import { DEFAULT_LANGUAGE, isLanguage, languagesOf, type Language } from '../site/languages';
import { NOT_FOUND_PATH, SEARCH_PATH, SITEMAP_INDEX_PATH } from '../site/routes';
import { headLinks } from './seo';

/** The GraphQL query the plugin runs: every page with the i18n plugin's context. */
export const SITEMAP_QUERY = '{ allSitePage { nodes { path pageContext } } }';

/**
 * Language-less paths that never go into the sitemap, whatever their
 * language: the 404 pages, and the search page, which is noindex (its
 * results are the other pages, listed themselves; its address holds
 * visitors' queries).
 */
const NOT_IN_SITEMAP = new Set<string>([NOT_FOUND_PATH, '/404.html', '/dev-404-page/', SEARCH_PATH]);

/** A SitePage as the query returns it; pageContext is free-form JSON. */
export interface SitePageNode {
  path: string;
  pageContext?: unknown;
}

export interface SitemapQueryData {
  allSitePage?: { nodes?: readonly SitePageNode[] | null } | null;
}

/** A page that belongs in the sitemap. `path` stays, as the plugin's default filters read it. */
export interface SitemapPage {
  path: string;
  language: Language;
  originalPath: string;
  /** The languages the page is written in (a blog post may lack some). */
  languages: Language[];
}

export interface SitemapEntry {
  url: string;
  links: { lang: string; url: string }[];
}

interface I18nContext {
  language?: unknown;
  languages?: unknown;
  routed?: unknown;
  originalPath?: unknown;
}

/**
 * /blog/ of a language without posts shows the home page and names / as
 * its canonical; with posts it is the blog's list,
 * whose context carries its page number (features/blog/pages.node.ts).
 */
function showsHomePage(originalPath: string, pageContext: unknown): boolean {
  return originalPath === BLOG_PATH && !(typeof pageContext === 'object' && pageContext !== null && 'pageCount' in pageContext);
}

function i18nOf(pageContext: unknown): I18nContext | undefined {
  if (typeof pageContext !== 'object' || pageContext === null || !('i18n' in pageContext)) return undefined;
  const { i18n } = pageContext as { i18n: unknown };
  return typeof i18n === 'object' && i18n !== null ? (i18n as I18nContext) : undefined;
}

/**
 * The canonical pages among all pages, sorted by path. A page is canonical
 * when it is English without a prefix or another language under its
 * prefix; the i18n plugin says which in `routed`.
 */
export function sitemapPages(nodes: readonly SitePageNode[]): SitemapPage[] {
  const pages = new Map<string, SitemapPage>();
  for (const node of nodes) {
    const i18n = i18nOf(node.pageContext);
    if (!i18n || !isLanguage(i18n.language) || typeof i18n.originalPath !== 'string') continue;
    const { language, originalPath } = i18n;
    const routed = i18n.routed === true;
    if (routed !== (language !== DEFAULT_LANGUAGE)) continue;
    if (NOT_IN_SITEMAP.has(originalPath) || showsHomePage(originalPath, node.pageContext)) continue;
    pages.set(node.path, { path: node.path, language, originalPath, languages: languagesOf(i18n.languages) });
  }
  return [...pages.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The plugin's resolvePages: the query's pages, narrowed to the canonical ones. */
export function resolveSitemapPages(data: SitemapQueryData): SitemapPage[] {
  const nodes = data.allSitePage?.nodes;
  if (!nodes) throw new Error('The sitemap query returned no allSitePage.nodes');
  return sitemapPages(nodes);
}

/** The plugin's serialize: the page's canonical URL and its alternates, as the page's <head> has them. */
export function sitemapEntry(siteUrl: string, page: SitemapPage): SitemapEntry {
  const { canonical, alternates } = headLinks(siteUrl, page.language, page.originalPath, page.languages);
  return { url: canonical, links: alternates.map((alternate) => ({ lang: alternate.hrefLang, url: alternate.href })) };
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}${SITEMAP_INDEX_PATH}\n`;
}

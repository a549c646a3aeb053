/**
 * The blog's rules, pure: which pages its posts make (lists of ten, newest
 * first, and one page a post), their addresses, reading time, dates as each
 * language writes them, and the items of each language's feed. The build
 * (features/blog/pages.node.ts, gatsby-config.ts) and the views read them here.
 */
import { escapeAngleBrackets, escapeHtmlText } from '../site/html';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from '../site/languages';
import { longDate } from '../site/dates';
import type { Route } from '../site/routes';
import type { PictureImage } from '../images/picture';

export const BLOG_PATH = '/blog/' satisfies Route;
export const POSTS_PER_PAGE = 10;
/** A post with at least this many sections gets a table of contents. */
export const TOC_MIN_SECTIONS = 3;
/** Reading speed for reading time; the usual figure for screen reading. */
export const WORDS_PER_MINUTE = 200;

/** What the pages and the feed need to know of a post, once its frontmatter is checked. */
export interface PostSummary {
  slug: string;
  language: Language;
  title: string;
  /** YYYY-MM-DD */
  date: string;
}

/** /blog/stock-control-habits/ (language-less). */
export const postPath = (slug: string): string => `${BLOG_PATH}${slug}/`;

/** The folder of the list's pages after the first: /blog/page/2/. A post may not take its name (features/content/slugs.ts). */
export const PAGE_SEGMENT = 'page';

/** Page 1 is /blog/, page n is /blog/page/n/ (language-less). */
export const listPath = (page: number): string => (page <= 1 ? BLOG_PATH : `${BLOG_PATH}${PAGE_SEGMENT}/${page}/`);

/** Newest first; posts of one day by slug, so the order never depends on the file system. */
export function newestFirst<T extends Pick<PostSummary, 'date' | 'slug'>>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

export interface ListPage {
  /** From 1. */
  page: number;
  pageCount: number;
  skip: number;
  limit: number;
  /** Language-less addresses of this page and its neighbours. */
  path: string;
  newerPath: string | null;
  olderPath: string | null;
}

/** The list pages for `postCount` posts: none for none, then one per ten. */
export function listPages(postCount: number, perPage = POSTS_PER_PAGE): ListPage[] {
  const pageCount = Math.ceil(Math.max(0, postCount) / perPage);
  return Array.from({ length: pageCount }, (_, index) => {
    const page = index + 1;
    return {
      page,
      pageCount,
      skip: index * perPage,
      limit: perPage,
      path: listPath(page),
      newerPath: page > 1 ? listPath(page - 1) : null,
      olderPath: page < pageCount ? listPath(page + 1) : null,
    };
  });
}

export interface Neighbour {
  title: string;
  /** Language-less. */
  path: string;
}

export interface Neighbours {
  newer: Neighbour | null;
  older: Neighbour | null;
}

/**
 * The posts before and after each post of `language` in its list (newer
 * first), by slug. One sort for all of them: the build asks for every
 * post's, and sorting once per post made planning the blog's pages grow as
 * N² log N (12 s at 7,000 posts).
 */
export function neighboursBySlug(posts: readonly PostSummary[], language: Language): Map<string, Neighbours> {
  const list = newestFirst(posts.filter((post) => post.language === language));
  const at = (i: number): Neighbour | null => (list[i] ? { title: list[i].title, path: postPath(list[i].slug) } : null);
  const bySlug = new Map<string, Neighbours>();
  list.forEach((post, index) => {
    // A slug twice in one language (a build refuses it) keeps its first place.
    if (!bySlug.has(post.slug)) bySlug.set(post.slug, { newer: at(index - 1), older: at(index + 1) });
  });
  return bySlug;
}

/** The posts before and after `slug` in its language's list (newer first). */
export function neighbours(posts: readonly PostSummary[], language: Language, slug: string): Neighbours {
  return neighboursBySlug(posts, language).get(slug) ?? { newer: null, older: null };
}

/** The languages each post is written in, in the site's order, by slug: one pass over the posts (see neighboursBySlug). */
export function translationsBySlug(posts: readonly PostSummary[]): Map<string, Language[]> {
  const written = new Map<string, Set<Language>>();
  for (const post of posts) written.set(post.slug, (written.get(post.slug) ?? new Set<Language>()).add(post.language));
  return new Map([...written].map(([slug, languages]) => [slug, LANGUAGES.filter((language) => languages.has(language))]));
}

/** The languages a post is written in, in the site's order. */
export function translationsOf(posts: readonly PostSummary[], slug: string): Language[] {
  return translationsBySlug(posts).get(slug) ?? [];
}

/** The languages that have at least one post, in the site's order. */
export function languagesWithPosts(posts: readonly PostSummary[]): Language[] {
  return LANGUAGES.filter((language) => posts.some((post) => post.language === language));
}

/**
 * Whole minutes to read a markdown body, at least 1. Words are runs of
 * letters and digits in any script; what is not read as prose is left out:
 * diagrams' source, display math, link targets and heading ids.
 */
export function readingMinutes(markdown: string, wordsPerMinute = WORDS_PER_MINUTE): number {
  const prose = markdown
    .replace(/^(`{3,}|~{3,})\s*mermaid[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{#[^}]*\}/g, ' ');
  const words = prose.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

/** 2026-09-15 as the language writes it: "September 15, 2026", "15 септември 2026 г.". */
export function formatPostDate(date: string, language: Language): string {
  return longDate(date, language);
}

/** The public address of a language's feed: /rss.xml for the default language, /bg/rss.xml. */
export const feedPath = (language: Language): string => localizedPath(language, '/rss.xml', language !== DEFAULT_LANGUAGE);

/**
 * The pages that link a language's feed in their head: a regular expression
 * over the page's path, as gatsby-plugin-feed's `match` takes it. The
 * default language's pages are those under no other language's prefix.
 */
export function feedPageMatch(language: Language): string {
  if (language !== DEFAULT_LANGUAGE) return `^/${language}/`;
  const others = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);
  return others.length === 0 ? '^/' : `^/(?!(?:${others.join('|')})/)`;
}

export interface FeedPost extends PostSummary {
  description: string;
  tags: readonly string[];
  author: string | null;
}

/** One RSS item as the `rss` package (behind gatsby-plugin-feed) takes it. */
export interface FeedItem {
  title: string;
  description: string;
  /** Also the item's guid, a permalink (the package's default when no guid is given). */
  url: string;
  /** Midnight UTC of the post's date; the package writes it in RFC 822. */
  date: Date;
  categories: string[];
  author?: string;
}

/**
 * The posts a feed holds: the newest this many. Readers poll a feed often
 * and keep what they have seen, so older posts only make every poll
 * heavier (at 700 posts a language's feed of them all was 178 KB).
 */
export const FEED_POSTS = 50;

/**
 * A language's feed: its newest FEED_POSTS posts, newest first, with absolute links. The
 * `rss` package wraps each text in CDATA, which keeps it out of the XML;
 * readers then render the description as HTML (RSS defines it so) and
 * often the title, categories and author too, so the text is escaped for
 * them (the build has refused markup in frontmatter already: this is the
 * second wall). Titles keep "&" as typed, which plain-text readers show.
 */
export function feedItems(posts: readonly FeedPost[], language: Language, siteUrl: string): FeedItem[] {
  const origin = siteUrl.replace(/\/+$/, '');
  return newestFirst(posts.filter((post) => post.language === language))
    .slice(0, FEED_POSTS)
    .map((post) => {
      const url = `${origin}${localizedPath(language, postPath(post.slug), language !== DEFAULT_LANGUAGE)}`;
      return {
        title: escapeAngleBrackets(post.title),
        description: escapeHtmlText(post.description),
        url,
        date: new Date(`${post.date}T00:00:00Z`),
        categories: post.tags.map(escapeAngleBrackets),
        ...(post.author ? { author: escapeAngleBrackets(post.author) } : {}),
      };
    });
}

/** The context of a list page of the blog (features/blog/pages.node.ts makes the pages, src/templates/blogList.tsx shows them). */
export interface ListContext {
  page: number;
  pageCount: number;
  skip: number;
  limit: number;
  newerPath: string | null;
  olderPath: string | null;
  /** The thumbnails of the page's posts that have a cover, by slug; absent when none has. */
  covers?: Readonly<Record<string, PictureImage>>;
}

/** A post's cover as its page gets it: what it is drawn from, and its 1200 x 630 crop (features/images/pipeline.node.ts), the post's share image. */
export interface PostCover {
  image: PictureImage;
  /** The crop ('/static/images/<key>-share.jpg') and its media type; null when the image step made none. */
  share: { path: string; type: string } | null;
}

/** The context of a post's page (src/templates/blogPost.tsx). */
export interface PostContext {
  slug: string;
  newer: Neighbour | null;
  older: Neighbour | null;
  /**
   * The post's share card ('/static/share/<hash>.png', features/share-cards/postShareImages.node.ts);
   * null for a post with a cover, whose crop is shared instead, and when the
   * language's site-wide image is (features/images/shareImage.ts, postShareImage).
   */
  shareImage: string | null;
  /** The post's cover; absent without one, so other posts' page data stays as it was. */
  cover?: PostCover;
}

/** A post's key among every language's posts ('bg/some-post'): its share card, cover and file are looked up by it. */
export const postKey = (language: Language, slug: string): string => `${language}/${slug}`;

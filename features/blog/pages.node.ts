/**
 * The blog's pages from its published posts (features/blog/blog.ts decides which
 * and where): each language's posts and list pages, and for a language
 * without posts a /blog/ that shows the home page. Each page gets the i18n
 * plugin's context itself, with `languages` narrowed to the translations
 * that exist, which the head's alternates, the sitemap and the language
 * switch read.
 */
import path from 'node:path';
import type { Node } from 'gatsby';
import {
  BLOG_PATH,
  languagesWithPosts,
  listPages,
  neighboursBySlug,
  newestFirst,
  postPath,
  translationsBySlug,
  type ListContext,
  type PostContext,
  type PostCover,
  type PostSummary,
  postKey,
} from './blog';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../site/languages';
import { MEDIA_TYPES, pictureImage, type PictureImage, type ProcessedImage } from '../images/picture';
import type { ImageMap } from '../images/imageMap.node.js';
import { coverSource } from '../images/contentImages.node';
import { PROJECT_DIR } from '../../system/paths.js';

export const BLOG_LIST_TEMPLATE = path.join(PROJECT_DIR, 'src', 'templates', 'blogList.tsx');
export const BLOG_POST_TEMPLATE = path.join(PROJECT_DIR, 'src', 'templates', 'blogPost.tsx');
/** The home page, which /blog/ of a language without posts shows. */
export const BLOG_HOME_TEMPLATE = path.join(PROJECT_DIR, 'src', 'pages', 'index.tsx');

interface BlogNode extends Node {
  fields?: { section?: string; language?: string; name?: string; published?: boolean };
  frontmatter?: { title?: unknown; date?: unknown; image?: unknown };
}

/** '2026-09-15', from the string or Date the frontmatter parser gave. */
function dayOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/** The published posts among all markdown nodes (their frontmatter already checked). */
export function publishedPosts(nodes: readonly Node[]): PostSummary[] {
  const posts: PostSummary[] = [];
  for (const node of nodes as readonly BlogNode[]) {
    const { section, language, name, published } = node.fields ?? {};
    if (section !== 'blog' || published !== true || !name || !isLanguage(language)) continue;
    posts.push({ slug: name, language, title: String(node.frontmatter?.title ?? ''), date: dayOf(node.frontmatter?.date) });
  }
  return newestFirst(posts);
}

/**
 * Each published post's cover, by postKey(language, slug): what the image
 * step made of the upload its `image` names, from the image map it wrote
 * before any page is planned.
 */
export function postCovers(nodes: readonly Node[], imageMap: ImageMap): Map<string, ProcessedImage> {
  const covers = new Map<string, ProcessedImage>();
  for (const node of nodes as readonly BlogNode[]) {
    const { section, language, name, published } = node.fields ?? {};
    if (section !== 'blog' || published !== true || !name || !isLanguage(language)) continue;
    const source = coverSource(node.frontmatter?.image);
    const image = source === undefined ? undefined : imageMap[source];
    if (image) covers.set(postKey(language, name), image);
  }
  return covers;
}

/** The i18n plugin's page context, as its onCreatePage writes it. */
export interface I18nPageContext {
  language: Language;
  i18n: {
    language: Language;
    languages: Language[];
    defaultLanguage: Language;
    generateDefaultLanguagePage: boolean;
    routed: boolean;
    originalPath: string;
    path: string;
  };
}

export interface PlannedPage {
  path: string;
  component: string;
  context: I18nPageContext & Record<string, unknown>;
}

/**
 * A page's copies: the default language at its unprefixed address and
 * under its prefix (the /en/ copy), every other language under its prefix.
 */
function copies(language: Language, originalPath: string, languages: Language[]): { path: string; context: I18nPageContext }[] {
  const routes = language === DEFAULT_LANGUAGE ? [false, true] : [true];
  return routes.map((routed) => {
    const pagePath = routed ? `/${language}${originalPath}` : originalPath;
    return {
      path: pagePath,
      context: {
        language,
        i18n: { language, languages, defaultLanguage: DEFAULT_LANGUAGE, generateDefaultLanguagePage: true, routed, originalPath, path: pagePath },
      },
    };
  });
}

/**
 * The list pages of one language (page 1 first), with the languages that
 * have a page of that number, and the thumbnails of the posts each shows
 * (in the list's order, as its query has them).
 */
function listsOf(
  posts: readonly PostSummary[],
  language: Language,
  covers: ReadonlyMap<string, ProcessedImage>,
): { originalPath: string; languages: Language[]; context: ListContext }[] {
  const pageCounts = new Map(languagesWithPosts(posts).map((lang) => [lang, listPages(posts.filter((post) => post.language === lang).length).length]));
  const listed = newestFirst(posts.filter((post) => post.language === language));
  return listPages(listed.length).map(({ path: listPath, ...page }) => {
    const thumbnails: Record<string, PictureImage> = {};
    for (const post of listed.slice(page.skip, page.skip + page.limit)) {
      const cover = covers.get(postKey(language, post.slug));
      if (cover) thumbnails[post.slug] = pictureImage(cover);
    }
    return {
      originalPath: listPath,
      languages: [...pageCounts].filter(([, count]) => count >= page.page).map(([lang]) => lang),
      // Only when a post of the page has a cover: the page data of a list without any stays as it was.
      context: Object.keys(thumbnails).length > 0 ? { ...page, covers: thumbnails } : page,
    };
  });
}

/** A post's cover as its page gets it: only what the picture needs, and the crop that is its share image. */
const postCover = (image: ProcessedImage): PostCover => ({
  image: pictureImage(image),
  share: image.share ? { path: image.share.path, type: MEDIA_TYPES[image.share.format] } : null,
});

/**
 * Every blog page: each language's posts and list pages, and /blog/ of a
 * language without posts, which shows the home page. `shareImages` holds
 * each post's card and `covers` its cover (postCovers), both by
 * postKey(language, slug).
 * Each post's neighbours and translations are looked up, not searched for,
 * so planning grows with the posts, not with their square.
 */
export function plannedBlogPages(
  posts: readonly PostSummary[],
  shareImages: ReadonlyMap<string, string> = new Map(),
  covers: ReadonlyMap<string, ProcessedImage> = new Map(),
): PlannedPage[] {
  const pages: PlannedPage[] = [];
  const translations = translationsBySlug(posts);
  const withPosts = languagesWithPosts(posts);
  for (const language of withPosts) {
    for (const list of listsOf(posts, language, covers)) {
      for (const copy of copies(language, list.originalPath, list.languages)) {
        pages.push({ path: copy.path, component: BLOG_LIST_TEMPLATE, context: { ...copy.context, ...list.context } });
      }
    }
    const around = neighboursBySlug(posts, language);
    for (const post of posts.filter((candidate) => candidate.language === language)) {
      const key = postKey(language, post.slug);
      const cover = covers.get(key);
      const context: PostContext = {
        slug: post.slug,
        newer: around.get(post.slug)?.newer ?? null,
        older: around.get(post.slug)?.older ?? null,
        shareImage: shareImages.get(key) ?? null,
        ...(cover ? { cover: postCover(cover) } : {}),
      };
      for (const copy of copies(language, postPath(post.slug), translations.get(post.slug) ?? [])) {
        pages.push({ path: copy.path, component: BLOG_POST_TEMPLATE, context: { ...copy.context, ...context } });
      }
    }
  }
  for (const language of LANGUAGES.filter((candidate) => !withPosts.includes(candidate))) {
    for (const copy of copies(language, BLOG_PATH, [...LANGUAGES])) pages.push({ path: copy.path, component: BLOG_HOME_TEMPLATE, context: { ...copy.context } });
  }
  return pages;
}

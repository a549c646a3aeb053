/**
 * The pages the quality budgets measure: every route in both languages,
 * each language's not-found page, and each language's longest blog post
 * (the post template at its heaviest).
 * English is measured at its canonical unprefixed URL; the /en/ copies are
 * the same pages under another URL.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BLOG_PATH, postPath } from '../../features/blog/blog';
import { frontmatterScalar } from '../../features/content/checks';
import { LANGUAGES, localizedPath, type Language } from '../../features/site/languages';
import { NOT_FOUND_PATH, ROUTES, SEARCH_PATH } from '../../features/site/routes';
import { PROJECT_DIR } from '../../system/paths.js';

export interface SitePage {
  /** '/', '/docs/', '/blog/a-post/', … or '404' */
  route: string;
  language: Language;
  /** Path on the site, with the language prefix. */
  path: string;
  notFound: boolean;
  /** The page shows math, so it links KaTeX's stylesheet (the docs, a post with formulas). */
  math: boolean;
  /** /blog/ of a language without posts, which shows the home page and names / as canonical. */
  showsHome: boolean;
  /** The search page: noindex on purpose (src/pages/search.tsx). */
  noindex: boolean;
}

export interface BlogSource {
  slug: string;
  language: Language;
  /** As written, {{product}} unfilled. */
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** The markdown's size, to find a language's longest post. */
  bytes: number;
  math: boolean;
}

/** Display or inline math in markdown: $$…$$ or $…$ (a price like "$5 and $6" is not, having spaces inside). */
export const hasMath = (markdown: string): boolean => /\$\$[\s\S]+?\$\$|\$[^\s$][^$\n]*[^\s$\\]\$/.test(markdown);

export interface PostFile {
  language: Language;
  /** The file name without .md. */
  slug: string;
  text: string;
}

/** The published posts of a content/blog/ folder, as files, by language and name (drafts are never built). */
export function readPostFiles(blogDir = path.join(PROJECT_DIR, 'content', 'blog')): PostFile[] {
  return LANGUAGES.flatMap((language) => {
    let names: string[];
    try {
      names = readdirSync(path.join(blogDir, language)).filter((name) => name.endsWith('.md'));
    } catch {
      return [];
    }
    return names
      .sort()
      .map((name) => ({ language, slug: name.slice(0, -'.md'.length), text: readFileSync(path.join(blogDir, language, name), 'utf8') }))
      .filter((post) => frontmatterScalar(post.text, 'draft') !== 'true');
  });
}

/** The published posts under content/blog/, with what the checks need of each. */
export function blogSources(blogDir?: string): BlogSource[] {
  return readPostFiles(blogDir).map(({ language, slug, text }) => ({
    slug,
    language,
    title: frontmatterScalar(text, 'title') ?? '',
    date: frontmatterScalar(text, 'date') ?? '',
    bytes: Buffer.byteLength(text),
    math: hasMath(text),
  }));
}

/**
 * Every route in every language, then that language's not-found page; then
 * each language's longest post. Lighthouse refuses to audit a document
 * answered with status 404, so the not-found page is measured at its own
 * address (NOT_FOUND_PATH).
 */
export function sitePages(posts: readonly BlogSource[] = blogSources()): SitePage[] {
  // routed: false, so English keeps its canonical, unprefixed URL.
  const at = (language: Language, route: string) => localizedPath(language, route, false);
  const routes = LANGUAGES.flatMap((language): SitePage[] => [
    ...ROUTES.map((route) => ({
      route,
      language,
      path: at(language, route),
      notFound: false,
      math: route === '/docs/',
      showsHome: route === BLOG_PATH && !posts.some((post) => post.language === language),
      noindex: route === SEARCH_PATH,
    })),
    { route: '404', language, path: at(language, NOT_FOUND_PATH), notFound: true, math: false, showsHome: false, noindex: false },
  ]);
  const longest = LANGUAGES.flatMap((language): SitePage[] => {
    const [post] = posts.filter((candidate) => candidate.language === language).sort((a, b) => b.bytes - a.bytes);
    if (!post) return [];
    const route = postPath(post.slug);
    return [{ route, language, path: at(language, route), notFound: false, math: post.math, showsHome: false, noindex: false }];
  });
  return [...routes, ...longest];
}

import type { GatsbyNode, Node, Store } from 'gatsby';
import { BLOG_PATH } from '../src/lib/blog';
import { isLanguage } from '../src/lib/languages';
import { readImageMap } from '../node/imageMap.js';
import { firstListPage, postCovers, publishedPosts } from './blogPages';
import { fixLocalizedMatchPath } from './localizedMatchPath';

interface I18nPageContext {
  i18n?: { language?: string; originalPath?: string };
}

/** The project's folder, where the image map is (Gatsby's `program.directory`). */
const projectDirectory = (store: Store): string => (store.getState() as { program: { directory: string } }).program.directory;

/** The first list page of `language` (gatsby/blogPages.ts), with its posts' thumbnails from the image map (node/imageMap.js). */
function blogList(language: string, nodes: Node[], projectDir: string): ReturnType<typeof firstListPage> {
  if (!isLanguage(language)) return null;
  return firstListPage(publishedPosts(nodes), language, postCovers(nodes, readImageMap(projectDir)));
}

/**
 * Fixes the i18n plugin's match path of the localized 404 pages, and turns
 * /blog/ of a language with posts into its list (gatsby/blogPages.ts); a
 * language without posts keeps src/pages/blog.tsx, the home page. Pages of
 * src/pages/ are made after gatsby/createPages.ts, so the image step has
 * written the image map the thumbnails are read from.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreatePage
 */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions, getNodesByType, store }) => {
  const i18n = (page.context as I18nPageContext | undefined)?.i18n;
  const language = i18n?.language;
  if (!language) return;
  const matchPath = fixLocalizedMatchPath(page.matchPath, language);
  const list = i18n.originalPath === BLOG_PATH ? blogList(language, getNodesByType('MarkdownRemark'), projectDirectory(store)) : null;
  if (matchPath === page.matchPath && !list) return;
  actions.deletePage(page);
  if (!list) {
    actions.createPage({ ...page, matchPath });
    return;
  }
  const context = page.context as Record<string, unknown> & { i18n: Record<string, unknown> };
  actions.createPage({
    ...page,
    matchPath,
    component: list.component,
    context: { ...context, ...list.context, i18n: { ...context.i18n, languages: list.languages } },
  });
};

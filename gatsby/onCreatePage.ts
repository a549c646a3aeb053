import type { GatsbyNode } from 'gatsby';
import { BLOG_PATH } from '../src/lib/blog';
import { isLanguage } from '../src/lib/languages';
import { firstListPage, publishedPosts } from './blogPages';
import { fixLocalizedMatchPath } from './localizedMatchPath';

interface I18nPageContext {
  i18n?: { language?: string; originalPath?: string };
}

/**
 * Fixes the i18n plugin's match path of the localized 404 pages, and turns
 * /blog/ of a language with posts into its list (gatsby/blogPages.ts); a
 * language without posts keeps src/pages/blog.tsx, the home page.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreatePage
 */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions, getNodesByType }) => {
  const i18n = (page.context as I18nPageContext | undefined)?.i18n;
  const language = i18n?.language;
  if (!language) return;
  const matchPath = fixLocalizedMatchPath(page.matchPath, language);
  const list = i18n.originalPath === BLOG_PATH && isLanguage(language) ? firstListPage(publishedPosts(getNodesByType('MarkdownRemark')), language) : null;
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

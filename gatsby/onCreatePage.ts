import type { GatsbyNode } from 'gatsby';
import { fixLocalizedMatchPath } from '../features/i18n/localizedMatchPath';

interface I18nPageContext {
  i18n?: { language?: string };
}

/**
 * Fixes the i18n plugin's match path of the localized 404 pages.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreatePage
 */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const language = (page.context as I18nPageContext | undefined)?.i18n?.language;
  if (!language) return;
  const matchPath = fixLocalizedMatchPath(page.matchPath, language);
  if (matchPath === page.matchPath) return;
  actions.deletePage(page);
  actions.createPage({ ...page, matchPath });
};

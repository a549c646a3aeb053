import type { GatsbyNode } from 'gatsby';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { siteConfig } from '../src/lib/config';
import { buildRobots, buildSitemap, sitemapPaths } from '../src/lib/sitemap';

interface SitePageNode {
  context?: { i18n?: { originalPath?: string } };
}

/**
 * Writes public/sitemap.xml and public/robots.txt from the pages the build made.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ getNodesByType, store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = path.join(program.directory, 'public');
  const originalPaths = (getNodesByType('SitePage') as SitePageNode[]).flatMap((page) => page.context?.i18n?.originalPath ?? []);
  await writeFile(path.join(publicDir, 'sitemap.xml'), buildSitemap(siteConfig.siteUrl, sitemapPaths(originalPaths)));
  await writeFile(path.join(publicDir, 'robots.txt'), buildRobots(siteConfig.siteUrl));
};

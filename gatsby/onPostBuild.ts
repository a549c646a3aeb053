import type { GatsbyNode } from 'gatsby';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { siteConfig } from '../src/lib/config';
import { SITEMAP_INDEX_PATH, buildRobots } from '../src/lib/sitemap';
import { precompress, writeCdnFiles } from './hostingFiles';
import { connectOrigins, readPublicRules } from './publicRules';
import { repairStreamedHtml, rewriteHtmlFiles } from './streamedHtml';
import { deferRuntime } from '../src/lib/runtimeLoader';

/**
 * Removes the NUL bytes React's stream writer leaves in the pages
 * (gatsby/streamedHtml.ts) and starts Gatsby's runtime after the first
 * paint (src/lib/runtimeLoader.ts), before anything hashes or compresses them.
 * Writes public/robots.txt, pointing at the sitemap index that
 * gatsby-plugin-sitemap wrote in its own onPostBuild (plugins run before
 * the site's gatsby-node, so the index exists by now; if it does not,
 * robots.txt would send crawlers to a missing file, so the build fails);
 * then the hosting rules for a CDN (public/_headers, public/_redirects) and
 * the precompressed copies nginx serves (gatsby/hostingFiles.ts), last, so
 * they cover every file.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = path.join(program.directory, 'public');
  if (!existsSync(path.join(publicDir, SITEMAP_INDEX_PATH))) {
    reporter.panicOnBuild(`public${SITEMAP_INDEX_PATH} is missing: gatsby-plugin-sitemap did not write it (check its options in gatsby-config.ts)`);
    return;
  }
  const repaired = repairStreamedHtml(publicDir);
  if (repaired.length > 0) reporter.info(`Removed the NUL bytes of React's stream writer from ${repaired.length} pages: ${repaired.join(', ')}`);
  const deferred = rewriteHtmlFiles(publicDir, (bytes) => {
    const html = deferRuntime(bytes.toString('utf8'));
    return html === null ? null : Buffer.from(html, 'utf8');
  });
  reporter.info(`Gatsby's runtime starts after the first paint on ${deferred.length} pages (src/lib/runtimeLoader.ts)`);
  await writeFile(path.join(publicDir, 'robots.txt'), buildRobots(siteConfig.siteUrl));
  const tooManyRules = writeCdnFiles(publicDir, readPublicRules(publicDir, connectOrigins(siteConfig)));
  if (tooManyRules) reporter.warn(tooManyRules);
  const started = Date.now();
  const compressed = precompress(publicDir);
  reporter.info(`Precompressed ${compressed} files (brotli and gzip) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

import type { GatsbyNode } from 'gatsby';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_RECORD_PATH, buildRecord } from '../features/hosting/buildRecord';
import { cmsBackendFromEnv, cmsOriginFromEnv } from '../features/cms/settings.node';
import { siteConfig } from '../features/site/settings';
import { SITEMAP_INDEX_PATH, ADMIN_PATH, PAGEFIND_PATH } from '../features/site/routes';
import { buildRobots } from '../features/seo/sitemap';
import { cmsCdnFiles, writeCdnFiles } from '../features/hosting/cdnFiles.node';
import { CDN_FILES } from '../features/hosting/publicFiles';
import { readPublicRules } from '../features/hosting/publicFiles.node';
import { writeRuntime } from '../features/runtime/runtimeFile.node';
import { repairStreamedHtml } from '../features/runtime/streamedHtml.node';
import { writeSearchIndex } from '../features/search/searchIndex.node';
import { placeStaticImages } from '../features/images/staticImages.node';
import { readAdminIntegrity } from '../features/cms/admin.node';
import { claim, claimGatsbyPages, claimPartytown, settleOwnership, writeFilesRecord, type GatsbyOutputState } from '../features/hosting/publicOwners.node';
import { filesUnder } from '../system/folderTree';
import { feedPath } from '../features/blog/blog';
import { LANGUAGES } from '../features/site/languages';
import { FILES_RECORD_PATH } from '../features/hosting/publicOwners';
import { MANIFEST_FILES } from '../features/seo/manifest';
import { publicDirOf } from '../system/paths.js';
import { buildEnvironment } from '../features/site/settings.node';

/**
 * Writes the site's own images from static/ over Gatsby's copies, as the
 * site makes them. Removes the NUL bytes React's
 * stream writer leaves in the pages, then
 * replaces Gatsby's inline scripts with one fingerprinted runtime file
 * and fails the build if any page still carries an
 * inline script: the page policy trusts none.
 * Records what the build decided (public/_build.json),
 * which the hosting rules are written from. Writes public/robots.txt,
 * pointing at the sitemap index that gatsby-plugin-sitemap wrote in its own
 * onPostBuild (plugins run before the site's gatsby-node, so the index
 * exists by now; if it does not, robots.txt would send crawlers to a
 * missing file, so the build fails); the search index of the finished
 * pages (public/pagefind/); then the hosting rules for a CDN
 * (public/_headers, public/_redirects, and public/admin/_headers for a CMS
 * on its own origin), last, so they cover every file.
 * The compressed copies nginx serves are not the build's: they are made
 * where nginx serves (features/hosting/precompress.node.ts).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPostBuild
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = publicDirOf(program.directory);
  if (!existsSync(path.join(publicDir, SITEMAP_INDEX_PATH))) {
    reporter.panicOnBuild(`public${SITEMAP_INDEX_PATH} is missing: gatsby-plugin-sitemap did not write it (check its options in gatsby-config.ts)`);
    return;
  }
  // Over Gatsby's byte-for-byte copies of static/: the site's own images as the site makes them.
  try {
    const placed = await placeStaticImages(program.directory, publicDir);
    if (placed.length > 0) reporter.info(`static/'s images re-encoded in public/: ${placed.join(', ')}`);
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
    return;
  }
  const repaired = repairStreamedHtml(publicDir);
  if (repaired.length > 0) reporter.info(`Removed the NUL bytes of React's stream writer from ${repaired.length} pages: ${repaired.join(', ')}`);

  const runtime = writeRuntime(program.directory, publicDir);
  if (runtime.inlineScripts.length > 0) {
    const found = runtime.inlineScripts.map(({ file, scripts }) => `  public/${file}: ${scripts.join(' ')}`).join('\n');
    reporter.panicOnBuild(
      `These pages carry inline scripts, which no page's policy allows (features/hosting/rules.ts); a script that content put into a page, or one of Gatsby's that features/runtime/runtimeFile.node.ts does not move yet:\n${found}`,
    );
    return;
  }
  reporter.info(`Gatsby's runtime starts from ${runtime.runtime.file} on ${runtime.rewritten.length} pages (features/runtime/runtimeFile.node.ts)`);

  const cms = cmsBackendFromEnv(buildEnvironment());
  const backend = cms && !('error' in cms) ? cms : null;
  // Checked when the build started (gatsby/onPreBootstrap.ts): an origin here is one the build accepted.
  const cmsOrigin = cmsOriginFromEnv(buildEnvironment(), siteConfig.siteUrl);
  const record = buildRecord(
    siteConfig,
    backend,
    runtime.runtime,
    backend ? readAdminIntegrity(path.join(publicDir, ADMIN_PATH)) : null,
    typeof cmsOrigin === 'string' ? cmsOrigin : null,
  );
  await writeFile(path.join(publicDir, BUILD_RECORD_PATH), `${JSON.stringify(record, null, 2)}\n`);
  await writeFile(path.join(publicDir, 'robots.txt'), buildRobots(siteConfig.siteUrl));
  const indexing = Date.now();
  try {
    const { pages } = await writeSearchIndex(publicDir);
    const counts = Object.entries(pages).map(([language, count]) => `${count} ${language}`);
    reporter.info(`Search index: ${counts.join(', ')} pages in public/pagefind/ in ${((Date.now() - indexing) / 1000).toFixed(1)} s`);
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
    return;
  }

  // Every file of public/ has one writer: the rest claim theirs now.
  claimGatsbyPages(store.getState() as GatsbyOutputState);
  claimPartytown(program.directory);
  claim('runtime', [runtime.runtime.file]);
  claim('feeds', LANGUAGES.map(feedPath));
  claim('sitemap', [SITEMAP_INDEX_PATH, ...sitemapFiles(publicDir)]);
  claim('manifest', MANIFEST_FILES);
  claim(
    'search',
    filesUnder(path.join(publicDir, PAGEFIND_PATH)).map((file) => `${PAGEFIND_PATH}${file}`),
  );
  claim('hosting', [BUILD_RECORD_PATH, '/robots.txt']);
  let settled;
  try {
    settled = settleOwnership(publicDir, [...CDN_FILES, ...cmsCdnFiles(record), FILES_RECORD_PATH]);
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
    return;
  }
  if (settled.removed.length > 0) reporter.info(`Removed what an earlier build wrote and this one did not (${settled.removed.length}): ${settled.removed.join(', ')}`);

  const rules = writeCdnFiles(publicDir, readPublicRules(publicDir));
  reporter.info(`public/_headers: ${rules} rules for every page and file`);
  writeFilesRecord(publicDir, settled.record);
};

/** The sitemap files the index names ('/sitemap-0.xml'): gatsby-plugin-sitemap splits the pages into as many as it needs. */
function sitemapFiles(publicDir: string): string[] {
  const index = readFileSync(path.join(publicDir, SITEMAP_INDEX_PATH), 'utf8');
  return [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url).pathname);
}

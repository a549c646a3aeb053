import type { GatsbyNode } from 'gatsby';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { findChromium, withoutChromiumWarning } from '../system/chromium.js';
import { CONFIG_ENV, chromiumRequired, configMode, siteConfig } from '../features/site/settings';
import { buildConfigError, buildEnvironment } from '../features/site/settings.node';
import { cmsBackendFromEnv, cmsOriginFromEnv } from '../features/cms/settings.node';
import { ADMIN_PATH } from '../features/site/routes';
import { writeAdmin } from '../features/cms/admin.node';
import { writeBrandImages } from '../features/share-cards/brandImages.node';
import { contentTreeError } from '../features/content/contentTree.node';
import { ALLOW_BEHIND_VARIABLE, translationsAtBuild } from '../features/translations/translations.node';
import { writeIllustrations } from '../features/illustrations/drawings.node';
import { KATEX_STATIC_DIR, katexDist } from '../features/markdown/katexStylesheet.node';
import { claim, claimExact, startClaims } from '../features/hosting/publicOwners.node';
import { filesUnder } from '../system/folderTree';
import { prepareStaticImages } from '../features/images/staticImages.node';
import { BRAND_IMAGE_FILES } from '../features/share-cards/brandImageFiles';
import { ILLUSTRATION_FILES } from '../features/illustrations/illustrations';
import { publicDirOf } from '../system/paths.js';

/**
 * First stops a build whose configuration is unfit (features/site/settings.ts: a
 * production build without its settings, or a malformed value), then one
 * whose content folders hold what the site never builds from
 * (features/content/contentTree.node.ts: a symbolic link, a pipe, a page under static/, an
 * SVG there beyond the drawings' allowlist, a file that is not an image in
 * the CMS's media), then one whose own images in static/ cannot be
 * re-encoded, or whose translations' records are malformed or, in
 * production, whose legal page's translation is behind
 * (features/translations/translations.node.ts). Then copies
 * KaTeX's stylesheet and fonts into public/, to be linked only by pages that
 * contain math (importing the CSS would put it on every page), writes the
 * home page's drawings and the editors' CMS at
 * /admin/ (features/cms/admin.node.ts; a wrong CMS_* setting, CMS_ORIGIN included, stops here), and draws the share
 * images and icons without a browser (features/share-cards/brandImages.node.tsx; a home page
 * text they cannot show stops here). All before the pages, so
 * `gatsby develop` serves them too. Without Chromium a local build warns
 * once that its diagrams show as source, naming the apt-get line.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPreBootstrap
 */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = async ({ store, reporter }) => {
  // First of all: a production build without its settings stops here, naming every one.
  const configError = buildConfigError(CONFIG_ENV, buildEnvironment());
  if (configError) {
    reporter.panic(configError);
    return;
  }
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = publicDirOf(program.directory);
  // Every writer of public/ claims what it writes (features/hosting/publicOwners.ts); onPostBuild holds public/ to it.
  startClaims(publicDir);
  // Then, before anything reads them: content/, locales/ and static/ hold no
  // link, pipe or device, no page under static/, only images in the CMS's media.
  const treeError = contentTreeError(program.directory, new Set(BRAND_IMAGE_FILES));
  if (treeError) {
    reporter.panic(treeError);
    return;
  }
  // Whether each translation follows its original: one line, and a production build stops on a legal page behind.
  const translations = translationsAtBuild(program.directory, {
    production: configMode(buildEnvironment()) === 'production',
    allowBehind: buildEnvironment()[ALLOW_BEHIND_VARIABLE],
  });
  reporter.info(translations.line);
  if (translations.error) {
    reporter.panic(translations.error);
    return;
  }
  // Gatsby copies static/ into public/ after the pages; onPostBuild writes the remade images over its copies. Claimed with
  // the hashes of what the site publishes: a copy of static/ left as it is fails the build.
  const images = reporter.activityTimer("Re-encode the site's own images in static/");
  images.start();
  const prepared = await prepareStaticImages(program.directory);
  images.setStatus(`${prepared.made} made, ${prepared.remade - prepared.made} from the cache`);
  images.end();
  if (prepared.errors.length > 0) {
    reporter.panic([`static/ holds images the site cannot publish:`, ...prepared.errors.map((error) => `  - ${error}`)].join('\n'));
    return;
  }
  claimExact('static', prepared.published);
  const katex = katexDist(program.directory);
  const target = path.join(publicDir, KATEX_STATIC_DIR);
  await cp(path.join(katex, 'katex.min.css'), path.join(target, 'katex.min.css'));
  await cp(path.join(katex, 'fonts'), path.join(target, 'fonts'), { recursive: true });
  claim('katex', [`${KATEX_STATIC_DIR}/katex.min.css`, ...filesUnder(path.join(katex, 'fonts')).map((font) => `${KATEX_STATIC_DIR}/fonts/${font}`)]);
  await writeIllustrations(program.directory);
  claim(
    'illustrations',
    Object.values(ILLUSTRATION_FILES).map((file) => file.src),
  );
  const cms = cmsBackendFromEnv(buildEnvironment());
  if (cms && 'error' in cms) {
    reporter.panic(cms.error);
    return;
  }
  // The CMS's own origin (features/site/settings.ts, cmsOriginFromEnv): a wrong one, or one this backend cannot use, stops here too.
  const cmsOrigin = cmsOriginFromEnv(buildEnvironment(), siteConfig.siteUrl);
  if (cmsOrigin && typeof cmsOrigin === 'object') {
    reporter.panic(cmsOrigin.error);
    return;
  }
  const admin = writeAdmin(program.directory, path.join(publicDir, ADMIN_PATH), cms, siteConfig.productName, siteConfig.siteUrl);
  // Claimed with their hashes: once every writer is done, the build checks the CMS's files are still these bytes.
  claimExact('cms', new Map([...admin.files].map(([file, hash]) => [`${ADMIN_PATH}${file}`, hash])));

  const activity = reporter.activityTimer('Draw share images and icons');
  activity.start();
  try {
    const drawn = await writeBrandImages(program.directory);
    claim('brand-images', BRAND_IMAGE_FILES);
    activity.setStatus(`${drawn.length} drawn, the rest from the cache`);
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error));
  } finally {
    activity.end();
  }
  // Only the diagrams need Chromium: a local build (SITE_ENV=local, gatsby
  // develop) shows them as source and says so once; a production build
  // fails at the first diagram (gatsby-config.ts, chromiumRequired).
  if (!findChromium() && !chromiumRequired(configMode(buildEnvironment()))) reporter.warn(withoutChromiumWarning());
};

import type { GatsbyNode } from 'gatsby';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeBrandImages } from './brandImages';
import { writeIllustrations } from './illustrations';
import { KATEX_STATIC_DIR } from './katexStylesheet';

/**
 * Copies KaTeX's stylesheet and fonts into public/, to be linked only by
 * pages that contain math (importing the CSS would put it on every page),
 * writes the home page's drawings (gatsby/illustrations.tsx), and draws the
 * share images and icons (gatsby/brandImages.ts). All before
 * the pages, so `gatsby develop` serves them too.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onPreBootstrap
 */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = async ({ store, reporter }) => {
  const { program } = store.getState() as { program: { directory: string } };
  // createRequire: Parcel, which compiles gatsby-node, drops require.resolve.
  const katexDist = path.dirname(createRequire(path.join(program.directory, 'package.json')).resolve('katex/dist/katex.min.css'));
  const target = path.join(program.directory, 'public', KATEX_STATIC_DIR);
  await cp(path.join(katexDist, 'katex.min.css'), path.join(target, 'katex.min.css'));
  await cp(path.join(katexDist, 'fonts'), path.join(target, 'fonts'), { recursive: true });
  await writeIllustrations(program.directory);

  const activity = reporter.activityTimer('Draw share images and icons');
  activity.start();
  try {
    await writeBrandImages(program.directory);
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error));
  } finally {
    activity.end();
  }
};

import type { GatsbyNode } from 'gatsby';
import { BundleClaims } from './publicOwners';

/**
 * The browser bundles' compilation records what it emits, so the build
 * knows which files of public/ are webpack's (gatsby/publicOwners.ts).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateWebpackConfig
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions }) => {
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new BundleClaims()] });
};

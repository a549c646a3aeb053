import type { GatsbyNode } from 'gatsby';
import { BundleClaims } from '../features/hosting/publicOwners.node';

/**
 * The browser bundles' compilation records what it emits, so the build
 * knows which files of public/ are webpack's (features/hosting/publicOwners.node.ts).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateWebpackConfig
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions }) => {
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new BundleClaims()] });
};

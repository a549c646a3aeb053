import type { GatsbyNode } from 'gatsby';
import type { AcceptedPlugin } from 'postcss';
import { BundleClaims } from '../features/hosting/publicOwners.node';
import { layoutCss } from '../features/site/layoutCss.node';

type PostcssOptions = (loaderContext: unknown) => { plugins: AcceptedPlugin[] };

/** A loader as a rule names it with its options. */
interface LoaderItem {
  loader: string;
  options?: { postcssOptions?: unknown };
}

const isLoaderItem = (item: unknown): item is LoaderItem => typeof item === 'object' && item !== null && typeof (item as { loader?: unknown }).loader === 'string';

/** Every loader of every rule, however deeply Gatsby nests them (oneOf). */
function loadersOf(rules: unknown): LoaderItem[] {
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule: unknown) => {
    if (!rule || typeof rule !== 'object') return [];
    const { use, oneOf, rules: nested } = rule as { use?: unknown; oneOf?: unknown; rules?: unknown };
    const items: unknown[] = Array.isArray(use) ? use : use ? [use] : [];
    return [...items.filter(isLoaderItem), ...loadersOf(oneOf), ...loadersOf(nested)];
  });
}

/**
 * Every stylesheet goes through the layout's PostCSS plugin after Gatsby's
 * own, which writes the layout's widths into it. The browser bundles'
 * compilation records what it emits, so the build knows which files of
 * public/ are webpack's.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateWebpackConfig
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, getConfig }) => {
  const config = getConfig() as { module: { rules: unknown }; plugins: unknown[] };
  for (const loader of loadersOf(config.module.rules)) {
    const options = loader.options;
    if (!loader.loader.includes('postcss-loader') || typeof options?.postcssOptions !== 'function') continue;
    const gatsbys = options.postcssOptions as PostcssOptions;
    options.postcssOptions = (loaderContext: unknown) => {
      const own = gatsbys(loaderContext);
      return { ...own, plugins: [...own.plugins, layoutCss()] };
    };
  }
  if (stage === 'build-javascript') config.plugins.push(new BundleClaims());
  actions.replaceWebpackConfig(config);
};

import type { GatsbyNode } from 'gatsby';
import { buildEnvironment, remoteReadmeUrls, remoteReadmeVariable } from '../features/site/settings.node';
import { LANGUAGES } from '../features/site/languages';
import { fetchRemoteReadme } from '../features/content/remoteReadme';
import { configMode, siteConfig } from '../features/site/settings';
import { sourcePricingPlans } from '../features/pricing/plansNode.node';

/** The node a fetched README becomes; gatsby-transformer-remark reads its `internal.content`. */
export const REMOTE_README_TYPE = 'RemoteReadme';

/**
 * The subscription plans for the pricing page's HTML, fetched from the
 * payments API with the key and checks the browser uses
 * (features/pricing/buildPlans.node.ts).
 *
 * When DOCS_README_URL_EN / DOCS_README_URL_BG are set, the documentation
 * README of that language is fetched from there at build time instead of
 * content/docs/<lang>/readme.md (gatsby-config leaves the local file out),
 * within the limits of features/content/remoteReadme.ts. A failed fetch fails the
 * build, naming the URL and the reason.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#sourceNodes
 */
export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ actions, createNodeId, createContentDigest, reporter }) => {
  await sourcePricingPlans(
    { actions, createNodeId, createContentDigest, reporter },
    { apiUrl: siteConfig.paymentsApiUrl, apiKey: siteConfig.paymentsApiKey, production: configMode(buildEnvironment()) === 'production' },
  );
  const urls = remoteReadmeUrls(buildEnvironment());
  for (const language of LANGUAGES) {
    const url = urls[language];
    if (!url) continue;
    let text: string;
    try {
      text = await fetchRemoteReadme(url);
    } catch (error) {
      reporter.panicOnBuild(`Could not fetch the ${language} documentation README from ${url} (${remoteReadmeVariable(language)}): ${(error as Error).message}`);
      continue;
    }
    // onCreateNode recognises the README by its URL and files it under docs/<language>;
    // features/markdown/remark-safe-markdown names the URL in its messages.
    actions.createNode({
      id: createNodeId(`remote-readme-${language}`),
      parent: null,
      children: [],
      url,
      language,
      internal: { type: REMOTE_README_TYPE, mediaType: 'text/markdown', content: text, contentDigest: createContentDigest({ url, text }) },
    });
  }
};

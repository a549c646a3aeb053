import type { GatsbyNode } from 'gatsby';
import { createRemoteFileNode } from 'gatsby-source-filesystem';
import { remoteReadmeUrls, REMOTE_README_VARIABLES } from '../src/lib/content';
import { LANGUAGES } from '../src/lib/languages';

/**
 * When DOCS_README_URL_EN / DOCS_README_URL_BG are set, the documentation
 * README of that language is fetched from there at build time instead of
 * content/docs/<lang>/readme.md (gatsby-config leaves the local file out).
 * A failed fetch fails the build, naming the URL.
 * https://www.gatsbyjs.com/plugins/gatsby-source-filesystem/#createremotefilenode
 */
export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ actions, createNodeId, getCache, reporter }) => {
  const urls = remoteReadmeUrls(process.env);
  for (const language of LANGUAGES) {
    const url = urls[language];
    if (!url) continue;
    try {
      // onCreateNode recognises the file by its URL and files it under docs/<language>.
      await createRemoteFileNode({ url, name: 'readme', ext: '.md', createNode: actions.createNode, createNodeId, getCache });
    } catch (error) {
      reporter.panicOnBuild(
        `Could not fetch the ${language} documentation README from ${url} (${REMOTE_README_VARIABLES[language]}): ${(error as Error).message}`,
      );
    }
  }
};

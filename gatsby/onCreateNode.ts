import type { GatsbyNode } from 'gatsby';
import { contentFieldsOf, type MarkdownNode } from '../features/content/contentNodes.node';
import type { GetNode } from '../features/markdown/markdownSource.node';

/**
 * Gives every markdown file of content/ its section, language and name from
 * its path (content/<section>/<language>/<name>.md), whether it is published
 * (drafts are not, in a production build) and a blog post's reading time.
 * It checks nothing: Gatsby calls it only for the nodes it makes or changes,
 * so every file is checked on every build in createPages,
 * which also gives a node these fields when an earlier build stopped before this ran.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateNode
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, getNode, actions }) => {
  const fields = contentFieldsOf(node as MarkdownNode, getNode as GetNode);
  if (!fields) return;
  for (const [name, value] of Object.entries(fields)) actions.createNodeField({ node, name, value });
};

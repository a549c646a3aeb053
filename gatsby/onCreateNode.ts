import type { GatsbyNode, Node } from 'gatsby';
import { parseContentPath, validateFrontmatter } from '../src/lib/content';

interface FileNode extends Node {
  relativePath?: string;
  sourceInstanceName?: string;
  fields?: { remoteReadmeLanguage?: string };
}

interface MarkdownNode extends Node {
  frontmatter?: Record<string, unknown>;
}

/**
 * Gives every markdown file its section, language and name from its path
 * (content/<section>/<language>/<name>.md), and fails the build when its
 * frontmatter breaks the section's schema.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateNode
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== 'MarkdownRemark' || !node.parent) return;
  const file = getNode(node.parent) as FileNode | undefined;
  // A README fetched by gatsby/sourceNodes.ts stands in for content/docs/<lang>/readme.md.
  const remoteLanguage = file?.fields?.remoteReadmeLanguage;
  const relativePath = remoteLanguage ? `docs/${remoteLanguage}/readme.md` : file?.sourceInstanceName === 'content' ? file.relativePath : undefined;
  if (!relativePath) return;

  const parsed = parseContentPath(relativePath);
  if ('error' in parsed) {
    reporter.panicOnBuild(parsed.error);
    return;
  }
  const errors = validateFrontmatter(`content/${relativePath}`, parsed.section, (node as MarkdownNode).frontmatter);
  if (errors.length > 0) reporter.panicOnBuild(errors.join('\n'));

  actions.createNodeField({ node, name: 'section', value: parsed.section });
  actions.createNodeField({ node, name: 'language', value: parsed.language });
  actions.createNodeField({ node, name: 'name', value: parsed.name });
};

import { readFileSync } from 'node:fs';
import type { GatsbyNode, Node } from 'gatsby';
import { parseContentPath, remoteReadmeUrls, validateFrontmatter } from '../src/build/content';
import { readFrontmatter } from '../src/build/frontmatterParser';
import { LANGUAGES } from '../src/lib/languages';
import { readingMinutes } from '../src/lib/blog';
import { isGatsbyBuild } from '../src/lib/config';

interface FileNode extends Node {
  relativePath?: string;
  absolutePath?: string;
  sourceInstanceName?: string;
  /** Set on the READMEs that gatsby/sourceNodes.ts fetched. */
  url?: string;
}

/** The markdown file's whole text (frontmatter included), when at hand. */
function sourceOf(file: FileNode | undefined): string | undefined {
  if (typeof file?.internal?.content === 'string') return file.internal.content;
  if (!file?.absolutePath) return undefined;
  try {
    return readFileSync(file.absolutePath, 'utf8');
  } catch {
    return undefined;
  }
}

/** content/<section>/<lang>/<name>.md, or where a fetched README stands in. */
function contentPathOf(file: FileNode | undefined): string | undefined {
  if (!file) return undefined;
  if (file.sourceInstanceName === 'content') return file.relativePath;
  const urls = remoteReadmeUrls(process.env);
  const language = LANGUAGES.find((lang) => file.url !== undefined && urls[lang] === file.url);
  return language ? `docs/${language}/readme.md` : undefined;
}

interface MarkdownNode extends Node {
  frontmatter?: Record<string, unknown>;
  rawMarkdownBody?: string;
}

/** Drafts are built by `gatsby develop`, never by `gatsby build` (any SITE_ENV). */
const buildsDrafts = (): boolean => !isGatsbyBuild(process.env);

/**
 * Gives every markdown file its section, language and name from its path
 * (content/<section>/<language>/<name>.md), whether it is published (drafts are not,
 * in a production build) and a blog post's reading time, and fails the build when its
 * frontmatter is not YAML (src/build/frontmatterParser.ts) or breaks the section's schema.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateNode
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, getNode, actions, reporter }) => {
  if (node.internal.type !== 'MarkdownRemark' || !node.parent) return;
  const file = getNode(node.parent) as FileNode | undefined;
  const relativePath = contentPathOf(file);
  if (!relativePath) return;

  const parsed = parseContentPath(relativePath);
  if ('error' in parsed) {
    reporter.panicOnBuild(parsed.error);
    return;
  }
  const shownAs = file?.url ?? `content/${relativePath}`;
  const source = sourceOf(file);
  // The transformer reads `---js` as empty frontmatter (running nothing), and
  // a file with only optional fields would then pass: read it again, YAML only.
  if (source !== undefined) {
    try {
      readFrontmatter(shownAs, source);
    } catch (error) {
      reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
      return;
    }
  }
  const errors = validateFrontmatter(shownAs, parsed.section, parsed.name, (node as MarkdownNode).frontmatter, source);
  if (errors.length > 0) reporter.panicOnBuild(errors.join('\n'));

  actions.createNodeField({ node, name: 'section', value: parsed.section });
  actions.createNodeField({ node, name: 'language', value: parsed.language });
  actions.createNodeField({ node, name: 'name', value: parsed.name });
  const { frontmatter, rawMarkdownBody } = node as MarkdownNode;
  actions.createNodeField({ node, name: 'published', value: frontmatter?.draft !== true || buildsDrafts() });
  if (parsed.section === 'blog') actions.createNodeField({ node, name: 'readingMinutes', value: readingMinutes(rawMarkdownBody ?? '') });
};

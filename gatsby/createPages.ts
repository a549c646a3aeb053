import type { GatsbyNode, Node } from 'gatsby';
import { findDuplicateNames, findMissingTranslations, type ContentFile } from '../src/lib/content';
import { isContentSection } from '../src/lib/contentSchema';
import { isLanguage } from '../src/lib/languages';
import { plannedBlogPages, publishedPosts } from './blogPages';

interface MarkdownFields extends Node {
  fields?: { section?: string; language?: string; name?: string };
  fileAbsolutePath?: string;
}

/** The file's path from the project ('content/<section>/<language>/<name>.md'), as written ('.markdown' stays). */
function pathOf(node: MarkdownFields, section: string, language: string, name: string): string {
  const file = node.fileAbsolutePath?.replace(/\\/g, '/');
  const at = file?.lastIndexOf('/content/') ?? -1;
  return file && at >= 0 ? file.slice(at + 1) : `content/${section}/${language}/${name}.md`;
}

/**
 * Most pages come from src/pages (the i18n plugin copies them per
 * language); here every language's content is checked before they render,
 * and the blog's posts and further list pages are made (gatsby/blogPages.ts).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
 */
export const createPages: GatsbyNode['createPages'] = ({ getNodesByType, actions, reporter }) => {
  const nodes = getNodesByType('MarkdownRemark');
  const files: ContentFile[] = [];
  for (const node of nodes as MarkdownFields[]) {
    const { section, language, name } = node.fields ?? {};
    if (!section || !name || !isLanguage(language)) continue;
    if (!isContentSection(section)) continue;
    files.push({ path: pathOf(node, section, language, name), section, language, name });
  }
  const errors = [...findDuplicateNames(files), ...findMissingTranslations(files)];
  if (errors.length > 0) reporter.panicOnBuild(errors.join('\n'));

  for (const page of plannedBlogPages(publishedPosts(nodes))) actions.createPage(page);
};

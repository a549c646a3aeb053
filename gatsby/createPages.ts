import type { GatsbyNode, Node } from 'gatsby';
import { findMissingTranslations, type ContentFile } from '../src/lib/content';
import { isContentSection } from '../src/lib/contentSchema';
import { isLanguage } from '../src/lib/languages';

interface MarkdownFields extends Node {
  fields?: { section?: string; language?: string; name?: string };
}

/**
 * Pages come from src/pages (the i18n plugin copies them per language);
 * here we only make sure every language has its content before they render.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
 */
export const createPages: GatsbyNode['createPages'] = ({ getNodesByType, reporter }) => {
  const files: ContentFile[] = [];
  for (const node of getNodesByType('MarkdownRemark') as MarkdownFields[]) {
    const { section, language, name } = node.fields ?? {};
    if (!section || !name || !isLanguage(language)) continue;
    if (!isContentSection(section)) continue;
    files.push({ path: `content/${section}/${language}/${name}.md`, section, language, name });
  }
  const errors = findMissingTranslations(files);
  if (errors.length > 0) reporter.panicOnBuild(errors.join('\n'));
};

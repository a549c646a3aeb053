import type { GatsbyNode, Node } from 'gatsby';
import path from 'node:path';
import { isLanguage } from '../src/lib/languages';
import { BENCH_SOURCE, benchContentDir, benchPageContext, benchPagePath } from './benchContent';

interface MarkdownFields extends Node {
  fields?: { section?: string; language?: string; name?: string };
}

/**
 * The benchmark's extra pages (gatsby/benchContent.ts): one page per
 * markdown file of BENCH_CONTENT_DIR, in its own language only. Does
 * nothing when the variable is unset.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
 */
export const createBenchPages: GatsbyNode['createPages'] = ({ actions, getNodesByType, store }) => {
  if (!benchContentDir(process.env)) return;
  const { program } = store.getState() as { program: { directory: string } };
  const component = path.join(program.directory, 'gatsby', 'templates', 'benchPage.tsx');
  for (const node of getNodesByType('MarkdownRemark') as MarkdownFields[]) {
    const { section, language, name } = node.fields ?? {};
    if (section !== BENCH_SOURCE || !isLanguage(language) || !name) continue;
    const file = { language, name };
    actions.createPage({ path: benchPagePath(file), component, context: benchPageContext(node.id, file) });
  }
};

/**
 * What a build says of one markdown file: gatsby-transformer-remark with
 * gatsby-config's options reads it, then createPages' pass over the content
 * nodes (features/content/contentNodes.node.ts) checks it, as Gatsby runs them for a file
 * under content/. For the hostile fixtures.
 */
import { contentRefusal } from './onCreateNode';
import { transformMarkdown, writeContentFile } from './transformRemark';

/** The refusal of `source`, written to <projectDir>/content/<relativePath>, or undefined when the build takes it. */
export async function buildRefusal(projectDir: string, relativePath: string, source: string): Promise<string | undefined> {
  const file = writeContentFile(projectDir, relativePath, source);
  let frontmatter: Record<string, unknown>;
  try {
    ({ frontmatter } = (await transformMarkdown(file, source, [])).markdownNode);
  } catch (error) {
    return (error as Error).message;
  }
  return contentRefusal({ ...file, sourceInstanceName: 'content', relativePath }, frontmatter);
}

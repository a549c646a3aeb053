/**
 * What a build says of one markdown file: gatsby-transformer-remark with
 * gatsby-config's options reads it, then gatsby/onCreateNode.ts checks it,
 * as Gatsby runs them for a file under content/. For the hostile fixtures.
 */
import { runOnCreateNode } from './onCreateNode';
import { transformMarkdown, writeContentFile } from './transformRemark';

/** The first refusal of `source`, written to <projectDir>/content/<relativePath>, or undefined when the build takes it. */
export async function buildRefusal(projectDir: string, relativePath: string, source: string): Promise<string | undefined> {
  const file = writeContentFile(projectDir, relativePath, source);
  let frontmatter: Record<string, unknown>;
  try {
    ({ frontmatter } = (await transformMarkdown(file, source, [])).markdownNode);
  } catch (error) {
    return (error as Error).message;
  }
  const { reporter } = runOnCreateNode({ ...file, sourceInstanceName: 'content', relativePath }, frontmatter);
  return reporter.panicOnBuild.mock.calls[0]?.[0] as string | undefined;
}

import type { CreateNodeArgs } from 'gatsby';
import { onCreateNode } from '../../gatsby/onCreateNode';

type Hook<T> = (args: T) => unknown;

/** Runs the onCreateNode hook on a markdown node whose parent is `file`; returns the mocked reporter and actions. */
export function runOnCreateNode(file: Record<string, unknown>, frontmatter: Record<string, unknown>, rawMarkdownBody?: string) {
  const reporter = { panicOnBuild: jest.fn() };
  const actions = { createNodeField: jest.fn() };
  const node = { id: 'md', parent: 'file', internal: { type: 'MarkdownRemark' }, frontmatter, rawMarkdownBody };
  (onCreateNode as Hook<Partial<CreateNodeArgs>>)({
    node: node as unknown as CreateNodeArgs['node'],
    getNode: (() => ({ id: 'file', ...file })) as unknown as CreateNodeArgs['getNode'],
    actions: actions as unknown as CreateNodeArgs['actions'],
    reporter: reporter as unknown as CreateNodeArgs['reporter'],
  });
  return { reporter, actions };
}

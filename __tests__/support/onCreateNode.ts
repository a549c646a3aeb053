import type { CreateNodeArgs, Node } from 'gatsby';
import { onCreateNode } from '../../gatsby/onCreateNode';
import { checkContentNodes, type ContentCheck, type MarkdownNode } from '../../features/content/contentNodes.node';

type Hook<T> = (args: T) => unknown;

/** A markdown node whose parent is `file`, as gatsby-transformer-remark makes it, with the fields an earlier run gave it (none by default). */
export function markdownNodeOf(file: Record<string, unknown>, frontmatter: Record<string, unknown>, rawMarkdownBody?: string, fields?: Record<string, unknown>): MarkdownNode {
  return {
    id: `${String(file.id ?? 'file')} >>> MarkdownRemark`,
    parent: String(file.id ?? 'file'),
    children: [],
    internal: { type: 'MarkdownRemark', contentDigest: '', owner: 'gatsby-transformer-remark' },
    frontmatter,
    rawMarkdownBody,
    ...(fields ? { fields } : {}),
  };
}

/** Runs the onCreateNode hook on a markdown node whose parent is `file`; returns the mocked actions. */
export function runOnCreateNode(file: Record<string, unknown>, frontmatter: Record<string, unknown>, rawMarkdownBody?: string) {
  const actions = { createNodeField: jest.fn() };
  (onCreateNode as Hook<Partial<CreateNodeArgs>>)({
    node: markdownNodeOf(file, frontmatter, rawMarkdownBody) as unknown as CreateNodeArgs['node'],
    getNode: (() => ({ id: 'file', ...file })) as unknown as CreateNodeArgs['getNode'],
    actions: actions as unknown as CreateNodeArgs['actions'],
  });
  return { actions };
}

/** Runs createPages' pass over the content nodes on `files` and the markdown nodes made of them. */
export function checkNodes(files: Record<string, unknown>[], markdownNodes: MarkdownNode[]): ContentCheck {
  const byId = new Map(files.map((file) => [String(file.id), file]));
  return checkContentNodes(markdownNodes, files as unknown as Node[], (id) => byId.get(id));
}

/** What createPages' pass says of one markdown node whose parent is `file`: every problem, joined as the build prints them, or undefined. */
export function contentRefusal(file: Record<string, unknown>, frontmatter: Record<string, unknown>): string | undefined {
  const parent = { id: 'file', internal: { type: 'File', mediaType: 'text/markdown' }, ...file };
  const { errors } = checkNodes([parent], [markdownNodeOf(parent, frontmatter)]);
  return errors.length > 0 ? errors.join('\n') : undefined;
}

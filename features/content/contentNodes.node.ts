/**
 * The markdown nodes of content/ (and the fetched READMEs that stand in for
 * content/docs/<language>/readme.md): which file each one is, the fields it
 * gets, and every problem of it, naming the file and the field.
 *
 * The checks run over every node on every build (gatsby/createPages.ts),
 * not as each node is made: Gatsby keeps its nodes in .cache/ between
 * builds and calls onCreateNode only for a node it makes or changes. A build
 * that stopped part-way (a refusal, an error in another file, Ctrl-C) keeps
 * the nodes it had made, some never handed to onCreateNode; the next build
 * finds their files unchanged and keeps those nodes as they are. Checked in
 * onCreateNode, such a file was never checked again, and without its fields
 * it made no page, silently. Here such a node is checked and given its
 * fields; a file the stopped build never read at all (a File without its
 * MarkdownRemark, which no hook of ours can make) is refused, naming it.
 */
import { readFileSync } from 'node:fs';
import type { Node } from 'gatsby';
import { parseContentPath, validateFrontmatter, type ContentFile } from './checks';
import { buildEnvironment, remoteReadmeUrls } from '../site/settings.node';
import { readFrontmatter } from './frontmatterParser';
import { readingMinutes } from '../blog/blog';
import { isGatsbyBuild } from '../site/settings';
import { LANGUAGES } from '../site/languages';
import type { GetNode } from '../markdown/markdownSource.node';

interface FileNode extends Node {
  relativePath?: string;
  absolutePath?: string;
  sourceInstanceName?: string;
  /** Set on the READMEs that gatsby/sourceNodes.ts fetched. */
  url?: string;
}

export interface MarkdownNode extends Node {
  frontmatter?: Record<string, unknown>;
  rawMarkdownBody?: string;
  fields?: Record<string, unknown>;
}

/** The fields a content node gets: where its file is, whether it is published and, for a post, its reading time. */
export interface ContentFields {
  section: string;
  language: string;
  name: string;
  published: boolean;
  readingMinutes?: number;
}

/** content/<section>/<lang>/<name>.md, or where a fetched README stands in. */
function contentPathOf(file: FileNode | undefined): string | undefined {
  if (!file) return undefined;
  if (file.sourceInstanceName === 'content') return file.relativePath;
  const urls = remoteReadmeUrls(buildEnvironment());
  const language = LANGUAGES.find((lang) => file.url !== undefined && urls[lang] === file.url);
  return language ? `docs/${language}/readme.md` : undefined;
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

/** The file a markdown node was read from, when it is content; undefined for any other markdown. */
function contentFileOf(node: MarkdownNode, getNode: GetNode): { relativePath: string; file: FileNode | undefined } | undefined {
  if (node.internal.type !== 'MarkdownRemark' || !node.parent) return undefined;
  const file = (getNode(node.parent) ?? undefined) as FileNode | undefined;
  const relativePath = contentPathOf(file);
  return relativePath === undefined ? undefined : { relativePath, file };
}

/** Drafts are built by `gatsby develop`, never by `gatsby build` (any SITE_ENV). */
const buildsDrafts = (): boolean => !isGatsbyBuild(buildEnvironment());

/**
 * The fields of a content node, from its file's path (content/<section>/<language>/<name>.md),
 * or undefined for markdown that is not content or whose path names no page (the checks refuse it).
 */
export function contentFieldsOf(node: MarkdownNode, getNode: GetNode): ContentFields | undefined {
  const content = contentFileOf(node, getNode);
  if (!content) return undefined;
  const parsed = parseContentPath(content.relativePath);
  if ('error' in parsed) return undefined;
  return {
    section: parsed.section,
    language: parsed.language,
    name: parsed.name,
    published: node.frontmatter?.draft !== true || buildsDrafts(),
    ...(parsed.section === 'blog' ? { readingMinutes: readingMinutes(node.rawMarkdownBody ?? '') } : {}),
  };
}

/** The media types gatsby-transformer-remark reads a node of (its shouldOnCreateNode): each such file of content/ gets a MarkdownRemark. */
const MARKDOWN_MEDIA_TYPES: ReadonlySet<string> = new Set(['text/markdown', 'text/x-markdown']);

/** What the pass over the content nodes found. */
export interface ContentCheck {
  /** Every problem of every file, each naming the file (and the field), in the files' order. */
  errors: string[];
  /** The files whose path names a page, for the checks across files. */
  files: ContentFile[];
  /** The nodes whose fields are not the ones their file gives (a build that stopped before onCreateNode reached them), with the fields to set. */
  unfiled: { node: MarkdownNode; fields: Partial<ContentFields> }[];
}

/** The path's problem, or the frontmatter's when it is not YAML, of content/<relativePath>, whose whole text is `source`. */
function readingErrors(relativePath: string, shownAs: string, source: string | undefined): { errors: string[]; parsed?: Omit<ContentFile, 'path'> } {
  const parsed = parseContentPath(relativePath);
  if ('error' in parsed) return { errors: [parsed.error] };
  try {
    if (source !== undefined) readFrontmatter(shownAs, source);
  } catch (error) {
    return { errors: [error instanceof Error ? error.message : String(error)] };
  }
  return { errors: [], parsed };
}

/**
 * Checks every content file as Gatsby holds it now, whether this build, an
 * earlier one or a failed one read it: the path (section, language, a
 * post's name as its address), the frontmatter as YAML only, and the
 * section's schema. `markdownNodes` are the MarkdownRemark nodes;
 * `sourceNodes` the nodes they are read from (File, and the fetched
 * READMEs), so that a file an earlier build stopped before reading, which
 * has no MarkdownRemark and would make no page, is named too. Reads each
 * file again from disk: the transformer reads `---js` as empty frontmatter
 * (running nothing), which only the file's text shows.
 */
export function checkContentNodes(markdownNodes: readonly MarkdownNode[], sourceNodes: readonly Node[], getNode: GetNode): ContentCheck {
  const found: { path: string; errors: string[]; file?: ContentFile; unfiled?: ContentCheck['unfiled'][number] }[] = [];
  const read = new Set(markdownNodes.map((node) => node.parent));
  for (const node of markdownNodes) {
    const content = contentFileOf(node, getNode);
    if (!content) continue;
    const path = `content/${content.relativePath}`;
    const shownAs = content.file?.url ?? path;
    const source = sourceOf(content.file);
    const { errors, parsed } = readingErrors(content.relativePath, shownAs, source);
    if (!parsed) {
      found.push({ path, errors });
      continue;
    }
    errors.push(...validateFrontmatter(shownAs, parsed.section, parsed.name, node.frontmatter, source));
    const unset = Object.entries(contentFieldsOf(node, getNode) ?? {}).filter(([name, value]) => node.fields?.[name] !== value);
    found.push({
      path,
      errors,
      file: { path, ...parsed },
      ...(unset.length > 0 ? { unfiled: { node, fields: Object.fromEntries(unset) as Partial<ContentFields> } } : {}),
    });
  }
  for (const file of sourceNodes as readonly FileNode[]) {
    const relativePath = MARKDOWN_MEDIA_TYPES.has(file.internal.mediaType ?? '') && !read.has(file.id) ? contentPathOf(file) : undefined;
    if (relativePath === undefined) continue;
    const path = `content/${relativePath}`;
    const shownAs = file.url ?? path;
    const { errors } = readingErrors(relativePath, shownAs, sourceOf(file));
    found.push({
      path,
      errors: [
        ...errors,
        `${shownAs}: an earlier build stopped before Gatsby read this file, and Gatsby keeps what it had read in .cache/, so this build would leave it out: run \`npm run clean\`, then build again`,
      ],
    });
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    errors: found.flatMap((each) => each.errors),
    files: found.flatMap((each) => each.file ?? []),
    unfiled: found.flatMap((each) => each.unfiled ?? []),
  };
}

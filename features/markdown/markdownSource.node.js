// @ts-check
/**
 * How the build names a markdown body in its messages, read from Gatsby's
 * nodes and the disk: the file under content/ or the URL of a fetched
 * README, and how many lines of frontmatter come before the body. Shared
 * by the remark plugins, the UI strings reader (features/i18n/locales.node.js) and
 * gatsby/createResolvers.ts. JavaScript: gatsby-transformer-remark
 * requires the plugins as they are, and they cannot import TypeScript. The
 * pure helpers the CMS preview bundles too are in features/markdown/markup.js.
 */
const fs = require('node:fs');

/**
 * The MarkdownRemark node gatsby-transformer-remark hands each plugin, with
 * the fields gatsby/onCreateNode.ts gives it.
 * @typedef {{ fileAbsolutePath?: string, fields?: { language?: string } }} MarkdownNode
 */

/** @typedef {import('./markup').MdastNode} MdastNode */

/**
 * content/<section>/<lang>/<name>.md for messages.
 * @param {MarkdownNode | undefined} markdownNode
 */
function contentPath(markdownNode) {
  const file = markdownNode && markdownNode.fileAbsolutePath;
  if (!file) return 'a markdown file';
  const index = file.lastIndexOf('/content/');
  return index >= 0 ? file.slice(index + 1) : file;
}

/**
 * @typedef {{ parent?: string | null, fileAbsolutePath?: string, rawMarkdownBody?: string,
 *   internal?: { content?: string } }} SourceNode
 * @typedef {{ url?: unknown, internal?: { content?: string } }} ParentNode
 * @typedef {(id: string) => ParentNode | null | undefined} GetNode
 */

/**
 * The README that gatsby/sourceNodes.ts fetched for this markdown, if it is one.
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function fetchedParent(markdownNode, getNode) {
  const parent = markdownNode?.parent && getNode ? getNode(markdownNode.parent) : undefined;
  return parent && typeof parent.url === 'string' ? { url: parent.url, text: parent.internal?.content } : undefined;
}

/**
 * How messages name a markdown body: content/<section>/<lang>/<name>.md, or
 * the URL of a fetched README.
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function sourceName(markdownNode, getNode) {
  return fetchedParent(markdownNode, getNode)?.url ?? contentPath(markdownNode);
}

/** @param {string} path */
function readText(path) {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * How messages name the markdown, and how many lines of frontmatter come
 * before the body the tree was parsed from (tree lines + lineOffset = file lines).
 * @param {SourceNode | undefined} markdownNode
 * @param {GetNode | undefined} getNode
 */
function describeSource(markdownNode, getNode) {
  const fetched = fetchedParent(markdownNode, getNode);
  const name = fetched?.url ?? contentPath(markdownNode);
  const whole = fetched ? fetched.text : markdownNode?.fileAbsolutePath ? readText(markdownNode.fileAbsolutePath) : undefined;
  const body = markdownNode?.rawMarkdownBody ?? markdownNode?.internal?.content;
  const lineOffset = typeof whole === 'string' && typeof body === 'string' && whole.endsWith(body) ? (whole.slice(0, whole.length - body.length).match(/\n/g)?.length ?? 0) : 0;
  return { name, lineOffset };
}

/**
 * The language of the markdown a plugin is given, which gatsby/onCreateNode.ts
 * sets from the file's folder. Without one the build fails naming the file:
 * any language guessed here would put its text into some other language's page.
 * @param {import('../markdown/markdownSource.node').MarkdownNode | undefined} markdownNode
 * @returns {string}
 */
function markdownLanguage(markdownNode) {
  const language = markdownNode?.fields?.language;
  if (!language) {
    throw new Error(`${contentPath(markdownNode)} has no language field: gatsby/onCreateNode.ts sets it from the file's folder (content/<section>/<language>/)`);
  }
  return language;
}

module.exports = { contentPath, sourceName, describeSource, markdownLanguage };

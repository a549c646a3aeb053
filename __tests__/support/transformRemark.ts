/**
 * Runs markdown through the real gatsby-transformer-remark, as a build does:
 * its onCreateNode reads the frontmatter (gray-matter, with the options of
 * gatsby-config.ts after the plugin's own option schema, as Gatsby passes
 * them), its `html` resolver parses the body with every parser plugin and
 * runs the remark plugins in the order given, and the html passes the
 * markup boundary as the site's html resolver has it do,
 * so tests see what pages see. Plugin names
 * resolve to plugins/<name> first, like Gatsby's local plugins, then to
 * node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Joi, validateOptionsSchema } from 'gatsby-plugin-utils';
import gatsbyConfig from '../../gatsby-config';
import { boundedHtml } from '../../gatsby/createResolvers';
import { processImage } from '../../features/images/pipeline.node';
import { writeImageMap, type ImageMap } from '../../features/images/imageMap.node.js';
import { MEDIA_FOLDER } from '../../features/images/paths';
import {
  onCreateNode as transformerOnCreateNode,
  pluginOptionsSchema as transformerOptionsSchema,
  setFieldsOnGraphQLNodeType as extendNodeType,
} from '../../features/markdown/transformer/gatsby-node';
import { REMARK_PLUGIN_FOLDERS, TRANSFORMER_FOLDER } from '../../features/markdown/order';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');

export type PluginEntry = string | { resolve: string; options?: object };

/** gatsby-transformer-remark's options in gatsby-config (through the wrapper that declares its `engines` option). */
export const TRANSFORMER_OPTIONS = ((): { plugins?: PluginEntry[] } & Record<string, unknown> => {
  for (const plugin of gatsbyConfig.plugins ?? []) {
    if (typeof plugin === 'object' && plugin.resolve === path.join(ROOT, TRANSFORMER_FOLDER)) return (plugin.options as Record<string, unknown> | undefined) ?? {};
  }
  return {};
})();

/** A remark plugin's name, as a folder gatsby-config names it by: its package's name. */
const nameOfFolder = (folder: string): string => {
  const name = (Object.keys(REMARK_PLUGIN_FOLDERS) as (keyof typeof REMARK_PLUGIN_FOLDERS)[]).find((candidate) => path.join(ROOT, REMARK_PLUGIN_FOLDERS[candidate]) === folder);
  if (!name) throw new Error(`gatsby-config names a remark plugin at ${folder}, which features/markdown/order.js does not list`);
  return name;
};

/** The remark plugins of gatsby-config, in their order, each by its name (with its options when it has some). */
export const SITE_PLUGINS: PluginEntry[] = (TRANSFORMER_OPTIONS.plugins ?? []).map((entry) => {
  const folder = typeof entry === 'string' ? entry : entry.resolve;
  const options = typeof entry === 'string' ? undefined : entry.options;
  return options ? { resolve: nameOfFolder(folder), options } : nameOfFolder(folder);
});

/**
 * The options the transformer's onCreateNode gets in a build: gatsby-config's,
 * through the plugin's schema, which puts its own `js`/`javascript`
 * frontmatter engines in (gatsby/bootstrap/load-plugins/validate.js; its
 * sub-plugin type is a plain list here, since only the frontmatter options matter).
 */
export async function transformerOptions(): Promise<{ value: Record<string, unknown>; unknown: string[] }> {
  const withSubPlugins = Joi.extend((joi) => ({ type: 'subPlugins', base: joi.array() })) as typeof Joi;
  const { value, warning } = await validateOptionsSchema(transformerOptionsSchema({ Joi: withSubPlugins }), { ...TRANSFORMER_OPTIONS, plugins: [] });
  // Gatsby prints a warning for each option the schema leaves out (its validate.js, returnWarnings).
  return { value: value as Record<string, unknown>, unknown: (warning?.details ?? []).map((detail) => detail.path.join('.')) };
}

function loadPlugin(entry: PluginEntry, projectDir: string): { module: unknown; pluginOptions: object; name: string } {
  const name = typeof entry === 'string' ? entry : entry.resolve;
  const folder = (REMARK_PLUGIN_FOLDERS as Record<string, string>)[name];
  const local = folder ? path.join(projectDir, folder) : name;
  return {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a plugin named in gatsby-config, loaded at run time as Gatsby loads it
    module: require(fs.existsSync(local) ? local : name),
    pluginOptions: (typeof entry === 'string' ? undefined : entry.options) ?? {},
    name,
  };
}

/**
 * The images of content/media/ made as a build makes them,
 * once per test process, in a project folder of the tests' own whose image
 * map the image plugin reads: the plugin shows what the build made, and
 * the tests see the pages' real pictures.
 */
let contentImages: Promise<string> | undefined;
export function contentImagesProject(): Promise<string> {
  contentImages ??= (async () => {
    const dir = path.join(ROOT, 'node_modules', '.cache', 'stockpay-test-images');
    const map: ImageMap = {};
    const media = path.join(ROOT, MEDIA_FOLDER);
    const names = fs.existsSync(media) ? fs.readdirSync(media, { recursive: true, encoding: 'utf8' }) : [];
    for (const name of names.filter((entry) => fs.statSync(path.join(media, entry)).isFile())) {
      const source = `${MEDIA_FOLDER}/${name.split(path.sep).join('/')}`;
      map[source] = (await processImage(ROOT, source, publicDirOf(dir), { share: true })).image;
    }
    writeImageMap(dir, map);
    return dir;
  })();
  return contentImages;
}

/** `plugins`, the image plugin given the tests' image map unless a test gave it its own. */
async function withImageMap(plugins: PluginEntry[]): Promise<PluginEntry[]> {
  if (!plugins.includes(IMAGES_PLUGIN)) return plugins;
  const projectDir = await contentImagesProject();
  return plugins.map((entry) => (entry === IMAGES_PLUGIN ? { resolve: IMAGES_PLUGIN, options: { projectDir } } : entry));
}

const IMAGES_PLUGIN = 'stockpay-remark-images';

export interface MarkdownParent {
  id: string;
  internal: { type: string; mediaType: string; content?: string };
  absolutePath?: string;
  url?: string;
}

/** Gatsby's cache, as the plugins get it. */
export interface PluginCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

export interface TransformOptions {
  /** The project the plugins are loaded from (this one unless a test runs a scratch copy). */
  projectDir?: string;
  /** The cache the plugins get (an empty one unless given). */
  cache?: PluginCache;
}

export interface Transformed {
  /** The MarkdownRemark node the transformer created. */
  markdownNode: { frontmatter: Record<string, unknown>; [key: string]: unknown };
  /** Resolves the node's html as a page query would (rejects with a plugin's or the markup boundary's error). */
  html: () => Promise<string>;
}

/**
 * Turns `parent` (a file, or a fetched README carrying its text) into a
 * MarkdownRemark node and its html. `fields` stand for those
 * gatsby/onCreateNode.ts gives the node (its language, which the plugins
 * that write UI strings need).
 */
export async function transformMarkdown(
  parent: MarkdownParent,
  source: string,
  plugins: PluginEntry[],
  fields?: Record<string, unknown>,
  options: TransformOptions = {},
): Promise<Transformed> {
  let markdownNode: Transformed['markdownNode'] | undefined;
  let digest = 0;
  await transformerOnCreateNode(
    {
      node: parent,
      loadNodeContent: async () => source,
      actions: { createNode: (node: Transformed['markdownNode']) => (markdownNode = node), createParentChildLink: () => undefined },
      createNodeId: (id: string) => id,
      createContentDigest: () => `digest-${(digest += 1)}-${Math.random()}`,
      reporter: {
        panicOnBuild: (message: string) => {
          throw new Error(message);
        },
      },
    },
    (await transformerOptions()).value,
  );
  if (!markdownNode) throw new Error('gatsby-transformer-remark made no node');
  if (fields) markdownNode.fields = fields;
  const store = new Map<string, unknown>();
  const cache = options.cache ?? { get: async (key: string) => store.get(key), set: async (key: string, value: unknown) => store.set(key, value) };
  const resolvers = await extendNodeType(
    {
      type: { name: 'MarkdownRemark' },
      getNode: (id: string) => (id === parent.id ? parent : undefined),
      getNodesByType: () => [],
      cache,
      getCache: () => cache,
      reporter: {
        panicOnBuild: (message: string) => {
          throw new Error(message);
        },
        warn: () => undefined,
      },
    },
    { plugins: (await withImageMap(plugins)).map((entry) => loadPlugin(entry, options.projectDir ?? ROOT)) },
  );
  const node = markdownNode;
  // What the boundary names the markdown by: the file, or the README's URL.
  const named = { parent: parent.id, fileAbsolutePath: parent.absolutePath };
  const getNode = (id: string) => (id === parent.id ? parent : undefined);
  return { markdownNode: node, html: async () => boundedHtml(named, (await resolvers.html.resolve(node, {}, undefined)) as string, getNode) };
}

/** A content file at <dir>/content/<relativePath>, written to disk so messages can count its lines. */
export function writeContentFile(dir: string, relativePath: string, source: string): MarkdownParent {
  const absolutePath = path.join(dir, 'content', relativePath);
  fs.mkdirSync(path.dirname(absolutePath), { recursive: true });
  fs.writeFileSync(absolutePath, source);
  return { id: `file-${relativePath}`, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath };
}

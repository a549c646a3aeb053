import remark from 'remark';
import { describeSource, type GetNode, type SourceNode } from '../markdown/markdownSource.node';
import { ImageError, imageFiles, processImage, recordImagesUsed } from './pipeline.node';
import { writeImageMap, type ImageMap } from './imageMap.node.js';
import { forEachAtOnce } from '../../system/pool';
import { bodyImages, mediaSource, type ImageNode } from './remark-images/transform';

/** A markdown node as the image step reads it. */
type MarkdownNode = SourceNode & {
  rawMarkdownBody?: string;
  frontmatter?: { image?: unknown; imageAlt?: unknown };
};

/** Where an image is asked for: the body's file and line, or a cover's frontmatter field. */
interface Use {
  where: string;
  /** A cover gets the 1200 x 630 share image too. */
  cover: boolean;
}

/** Bodies without either are not parsed: most have no image. */
const MAY_HOLD_AN_IMAGE = /!\[|\]:/;

/**
 * Every image the site shows (bodies' images, posts' covers) and where each
 * is asked for; what is wrong with how one is written, each naming the file
 * and line or field. The same checks as the image plugin's,
 * made here first so a
 * refusal stops the build before anything renders.
 */
export function collectImages(nodes: readonly MarkdownNode[], getNode: GetNode): { uses: Map<string, Use[]>; problems: string[] } {
  const uses = new Map<string, Use[]>();
  const problems: string[] = [];
  const use = (source: string, entry: Use) => uses.set(source, [...(uses.get(source) ?? []), entry]);
  const parser = remark();
  for (const node of nodes) {
    const { name, lineOffset } = describeSource(node, getNode);
    const cover = node.frontmatter?.image;
    if (typeof cover === 'string' && cover !== '') {
      const where = mediaSource(cover);
      if ('error' in where) problems.push(`${name}: frontmatter field "image": ${where.error}`);
      else use(where.source, { where: `${name}: frontmatter field "image"`, cover: true });
    }
    const body = node.rawMarkdownBody ?? '';
    if (!MAY_HOLD_AN_IMAGE.test(body)) continue;
    const found = bodyImages(parser.parse(body) as unknown as ImageNode);
    for (const problem of found.problems) problems.push(`${name}:${problem.line + lineOffset}: ${problem.message}`);
    for (const image of found.images) use(image.source, { where: `${name}:${image.line + lineOffset}`, cover: false });
  }
  return { uses, problems };
}

/**
 * The image step of a build: every image the content shows, made fit to
 * publish (features/images/pipeline.node.ts, a few at a time, each once across builds),
 * written into `publicDir`, and recorded in the image map the plugin and
 * the blog's pages read. Resolves to what is wrong, each naming the file
 * that asks for the image and the upload (empty when every image could be
 * made), and the files written under public/.
 */
export async function writeContentImages(
  projectDir: string,
  publicDir: string,
  nodes: readonly MarkdownNode[],
  getNode: GetNode,
): Promise<{ errors: string[]; made: number; images: number; files: string[] }> {
  const { uses, problems } = collectImages(nodes, getNode);
  const map: ImageMap = {};
  const errors = [...problems];
  let made = 0;
  await forEachAtOnce([...uses], 2, async ([source, asked]) => {
    try {
      const processed = await processImage(projectDir, source, publicDir, { share: asked.some((entry) => entry.cover) });
      map[source] = processed.image;
      if (processed.made) made += 1;
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      errors.push(`${asked.map((entry) => entry.where).join(', ')}: ${error.message}`);
    }
  });
  writeImageMap(projectDir, map);
  recordImagesUsed(
    projectDir,
    Object.values(map).map((image) => image.key),
  );
  // In file and line order: numbers as numbers (x.md:7 before x.md:11).
  return { errors: errors.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })), made, images: Object.keys(map).length, files: Object.values(map).flatMap(imageFiles) };
}

/** The upload a page's cover names, as the image map keys it; undefined without one. */
export const coverSource = (image: unknown): string | undefined => {
  if (typeof image !== 'string' || image === '') return undefined;
  const where = mediaSource(image);
  return 'source' in where ? where.source : undefined;
};

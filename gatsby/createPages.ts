import type { GatsbyNode, Node } from 'gatsby';
import { findDuplicateNames, findMissingTranslations, type ContentFile } from '../src/build/content';
import { isContentSection } from '../src/lib/contentSchema';
import { siteConfig } from '../src/lib/config';
import { isLanguage } from '../src/lib/languages';
import { plannedBlogPages, postCovers, publishedPosts } from './blogPages';
import { postKey, writePostShareImages } from './postShareImages';
import { claim } from './publicOwners';
import { writeContentImages } from './images';
import type { GetNode } from '../node/markdownSource';
import { readImageMap } from '../node/imageMap.js';
import path from 'node:path';

interface MarkdownFields extends Node {
  fields?: { section?: string; language?: string; name?: string };
  fileAbsolutePath?: string;
}

/** The file's path from the project ('content/<section>/<language>/<name>.md'), as written ('.markdown' stays). */
function pathOf(node: MarkdownFields, section: string, language: string, name: string): string {
  const file = node.fileAbsolutePath?.replace(/\\/g, '/');
  const at = file?.lastIndexOf('/content/') ?? -1;
  return file && at >= 0 ? file.slice(at + 1) : `content/${section}/${language}/${name}.md`;
}

/**
 * Most pages come from src/pages (the i18n plugin copies them per
 * language); here every language's content is checked before they render,
 * editors' images are made (gatsby/images.ts), and the blog's posts and
 * further list pages are made (gatsby/blogPages.ts),
 * each post with its share card (gatsby/postShareImages.ts; a title the card
 * cannot show stops the build, naming the file), or, for a post with a
 * cover, the cover's crop that the image step made instead.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
 */
export const createPages: GatsbyNode['createPages'] = async ({ getNodesByType, getNode, actions, reporter, store }) => {
  const nodes = getNodesByType('MarkdownRemark');
  const files: ContentFile[] = [];
  for (const node of nodes as MarkdownFields[]) {
    const { section, language, name } = node.fields ?? {};
    if (!section || !name || !isLanguage(language)) continue;
    if (!isContentSection(section)) continue;
    files.push({ path: pathOf(node, section, language, name), section, language, name });
  }
  const errors = [...findDuplicateNames(files), ...findMissingTranslations(files)];
  if (errors.length > 0) reporter.panicOnBuild(errors.join('\n'));

  const { program } = store.getState() as { program: { directory: string } };
  // Before any page renders: every image the content shows, made fit to publish (gatsby/images.ts).
  const imaging = reporter.activityTimer("Make editors' images");
  imaging.start();
  const images = await writeContentImages(program.directory, path.join(program.directory, 'public'), nodes as MarkdownFields[], getNode as GetNode);
  imaging.setStatus(`${images.images} images, ${images.made} made, the rest from the cache`);
  imaging.end();
  if (images.errors.length > 0) {
    reporter.panicOnBuild(images.errors.join('\n'));
    return;
  }

  const posts = publishedPosts(nodes);
  const covers = postCovers(nodes, readImageMap(program.directory));
  const fileOf = new Map(files.map((file) => [postKey(file.language, file.name), file.path]));
  // A post with a cover is shared with the cover's crop (src/lib/shareImage.ts): no card is drawn, so none is published unused.
  const sources = posts
    .filter((post) => !covers.get(postKey(post.language, post.slug))?.share)
    .map((post) => ({ ...post, file: fileOf.get(postKey(post.language, post.slug)) ?? `content/blog/${post.language}/${post.slug}.md` }));
  const activity = reporter.activityTimer('Draw share cards of posts');
  activity.start();
  const cards = await writePostShareImages(program.directory, sources, { productName: siteConfig.productName });
  activity.setStatus(`${cards.drawn.length} drawn, ${cards.images.size - cards.drawn.length} from the cache`);
  activity.end();
  if (cards.errors.length > 0) {
    reporter.panicOnBuild(cards.errors.join('\n'));
    return;
  }
  claim('share-cards', cards.images.values());
  for (const page of plannedBlogPages(posts, cards.images, covers)) actions.createPage(page);
};

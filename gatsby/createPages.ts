import type { GatsbyNode, Node } from 'gatsby';
import { findDuplicateNames, findMissingTranslations } from '../features/content/checks';
import { siteConfig } from '../features/site/settings';
import { plannedBlogPages, postCovers, publishedPosts } from '../features/blog/pages.node';
import { postKey } from '../features/blog/blog';
import { writePostShareImages } from '../features/share-cards/postShareImages.node';
import { checkContentNodes } from '../features/content/contentNodes.node';
import { claim } from '../features/hosting/publicOwners.node';
import { REMOTE_README_TYPE } from './sourceNodes';
import { writeContentImages } from '../features/images/contentImages.node';
import type { GetNode } from '../features/markdown/markdownSource.node';
import { readImageMap } from '../features/images/imageMap.node.js';
import { publicDirOf } from '../system/paths.js';

interface MarkdownFields extends Node {
  fields?: { section?: string; language?: string; name?: string };
  fileAbsolutePath?: string;
}

/**
 * Most pages come from src/pages (the i18n plugin copies them per
 * language); here every content file is checked before they render, on
 * every build, whichever build read it, and across files,
 * editors' images are made, and the blog's posts and
 * further list pages are made,
 * each post with its share card (features/share-cards/postShareImages.node.ts; a title the card
 * cannot show stops the build, naming the file), or, for a post with a
 * cover, the cover's crop that the image step made instead.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
 */
export const createPages: GatsbyNode['createPages'] = async ({ getNodesByType, getNode, actions, reporter, store }) => {
  const nodes = getNodesByType('MarkdownRemark');
  // Every file, every build, whichever build made its node; all refusals at once.
  const checked = reporter.activityTimer('Check content files');
  checked.start();
  const { errors, files, unfiled } = checkContentNodes(nodes, [...getNodesByType('File'), ...getNodesByType(REMOTE_README_TYPE)], getNode as GetNode);
  for (const { node, fields } of unfiled) for (const [name, value] of Object.entries(fields)) actions.createNodeField({ node, name, value });
  checked.setStatus(`${files.length} files${unfiled.length > 0 ? `, ${unfiled.length} given the fields an earlier build left unset` : ''}`);
  checked.end();
  const problems = [...errors, ...findDuplicateNames(files), ...findMissingTranslations(files)];
  if (problems.length > 0) reporter.panicOnBuild(problems.join('\n'));

  const { program } = store.getState() as { program: { directory: string } };
  // Before any page renders: every image the content shows, made fit to publish.
  const imaging = reporter.activityTimer("Make editors' images");
  imaging.start();
  const images = await writeContentImages(program.directory, publicDirOf(program.directory), nodes as MarkdownFields[], getNode as GetNode);
  imaging.setStatus(`${images.images} images, ${images.made} made, the rest from the cache`);
  imaging.end();
  if (images.errors.length > 0) {
    reporter.panicOnBuild(images.errors.join('\n'));
    return;
  }
  claim('images', images.files);

  const posts = publishedPosts(nodes);
  const covers = postCovers(nodes, readImageMap(program.directory));
  const fileOf = new Map(files.map((file) => [postKey(file.language, file.name), file.path]));
  // A post with a cover is shared with the cover's crop (features/images/shareImage.ts): no card is drawn, so none is published unused.
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

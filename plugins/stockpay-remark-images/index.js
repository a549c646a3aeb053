// @ts-check
/**
 * Puts the site's <picture> in each image's place in a markdown body: the
 * files the build made of the upload (gatsby/images.ts made them before any
 * page renders, and recorded them in the image map, node/imageMap.js), with
 * their sizes, lazy below the first, linked to the largest copy. An image
 * that is not the media folder's or has no alt text fails the build naming
 * the file and line (./transform.js).
 */
const path = require('node:path');
const { markdownLabels } = require('../labels');
const { sourceProblems } = require('../markup');
const { localeText, markdownLanguage } = require('../../node/locales');
const { describeSource } = require('../../node/markdownSource');
const { readImageMap } = require('../../node/imageMap');
const { bodyImages, replaceImages } = require('./transform');
const { pictureHtml } = require('./picture');

/** The project whose image map is read, unless the options name another (the tests' scratch projects). */
const PROJECT_DIR = path.join(__dirname, '..', '..');

/**
 * @param {{ markdownAST: import('./transform').ImageNode, markdownNode?: import('../../node/markdownSource').SourceNode & { frontmatter?: { image?: unknown } },
 *   getNode?: import('../../node/markdownSource').GetNode }} args
 * @param {{ projectDir?: string }} [options]
 */
module.exports = function remarkImages({ markdownAST, markdownNode, getNode }, options = {}) {
  const found = bodyImages(markdownAST);
  if (found.images.length === 0 && found.problems.length === 0) return markdownAST;
  const { name, lineOffset } = describeSource(markdownNode, getNode);
  if (found.problems.length > 0) throw new Error(sourceProblems(found.problems, name, lineOffset));
  const map = readImageMap(options.projectDir ?? PROJECT_DIR);
  const missing = found.images.filter((image) => !map[image.source]);
  if (missing.length > 0) {
    throw new Error(
      sourceProblems(
        missing.map(({ line, source }) => ({ line, message: `${source} was not made by the build's image step (gatsby/images.ts), which runs before the pages` })),
        name,
        lineOffset,
      ),
    );
  }
  const language = markdownLanguage(markdownNode);
  const { fullSize } = markdownLabels((namespace, key, field) => localeText(language, namespace, key, field));
  // A post's cover is its first image, fetched first; without one, the body's first image is.
  const cover = markdownNode?.frontmatter?.image;
  const hasCover = typeof cover === 'string' && cover !== '';
  replaceImages(found.images, (image, index) =>
    pictureHtml(map[image.source], {
      alt: image.alt,
      title: image.title,
      block: image.block,
      linked: image.linked,
      loading: index === 0 && !hasCover ? 'first' : 'lazy',
      fullSize,
    }),
  );
  return markdownAST;
};

// @ts-check
/**
 * Puts the site's <picture> in each image's place in a markdown body: the
 * files the build made of the upload (features/images/contentImages.node.ts made them before any
 * page renders, and recorded them in the image map, features/images/imageMap.node.js), with
 * their sizes, lazy below the first, linked to the largest copy. An image
 * that is not the media folder's or has no alt text fails the build naming
 * the file and line (./transform.js).
 */
const { markdownLabels } = require('../../markdown/labels');
const { sourceProblems } = require('../../markdown/markup');
const { localeText } = require('../../i18n/locales.node');
const { describeSource, markdownLanguage } = require('../../markdown/markdownSource.node');
const { readImageMap } = require('../imageMap.node');
const { bodyImages, replaceImages } = require('./transform');
const { pictureHtml } = require('../picture');
const { PROJECT_DIR } = require('../../../system/paths.js');

/** The project whose image map is read, unless the options name another (the tests' scratch projects). */

/**
 * @param {{ markdownAST: import('./transform').ImageNode, markdownNode?: import('../../markdown/markdownSource.node').SourceNode & { frontmatter?: { image?: unknown } },
 *   getNode?: import('../../markdown/markdownSource.node').GetNode }} args
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
        missing.map(({ line, source }) => ({
          line,
          message: `${source} was not made by the build's image step (features/images/contentImages.node.ts), which runs before the pages`,
        })),
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

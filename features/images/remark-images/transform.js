// @ts-check
/**
 * Images in a markdown body: what an editor may write, and where each image
 * goes. An image comes from the media folder (`/media/<name>`, where the
 * CMS uploads; the build publishes only what it makes of it) and says what
 * it shows (its alt text). Pure: the build's plugin (./index.js) puts the
 * site's <picture> in each image's place, the CMS preview
 * (features/cms/preview/markdown.ts) the upload itself.
 */
const { MEDIA_FOLDER, MEDIA_PATH } = require('../paths');

/** @typedef {import('../../markdown/markup').MdastNode & { alt?: string | null, title?: string | null, identifier?: string, referenceType?: string }} ImageNode */

/**
 * One image of a body: its node, what it shows, its caption, the upload
 * (`content/media/…`) it is made from, whether it stands in a paragraph of
 * its own, whether a link holds it (it then links nowhere else itself), and
 * where it is.
 * @typedef {{ node: ImageNode, parent: ImageNode, alt: string, title: string | null, source: string, block: boolean, linked: boolean, line: number }} BodyImage
 */

const ALLOWED = `an image comes from the media folder: upload it in the CMS, or put it in ${MEDIA_FOLDER}/ and write ![what it shows](${MEDIA_PATH}<name>)`;

/**
 * The upload a URL names (`/media/2026/a.jpg` -> `content/media/2026/a.jpg`),
 * or why it names none: anything but a path under /media/, a query or
 * fragment, or a segment that is empty, hidden or climbs out.
 * @param {string} url
 * @returns {{ source: string } | { error: string }}
 */
function mediaSource(url) {
  if (!url.startsWith(MEDIA_PATH)) return { error: `"${url}" is not in the media folder; ${ALLOWED}` };
  let decoded;
  try {
    decoded = decodeURIComponent(url.slice(MEDIA_PATH.length));
  } catch {
    return { error: `"${url}" is not a valid address; ${ALLOWED}` };
  }
  const segments = decoded.split('/');
  // eslint-disable-next-line no-control-regex -- a control character (a NUL, a line break) is never part of a file's name here
  if (/[?#\\\u0000-\u001f\u007f]/.test(decoded) || segments.some((segment) => segment === '' || segment.startsWith('.'))) {
    return { error: `"${url}" is not a file of the media folder (no query, fragment, control character, empty, hidden, "." or ".." parts); ${ALLOWED}` };
  }
  return { source: `${MEDIA_FOLDER}/${decoded}` };
}

/**
 * The images of a tree, in document order, with what is wrong with them
 * (by the tree's own line numbers). `![alt][ref]` takes its URL and title
 * from the definition.
 * @param {ImageNode} tree
 * @returns {{ images: BodyImage[], problems: { line: number, message: string }[] }}
 */
function bodyImages(tree) {
  /** @type {Map<string, ImageNode>} */
  const definitions = new Map();
  /** @param {ImageNode} node */
  const collect = (node) => {
    if (node.type === 'definition' && node.identifier) definitions.set(node.identifier.toLowerCase(), node);
    (node.children ?? []).forEach(collect);
  };
  collect(tree);
  /** @type {BodyImage[]} */
  const images = [];
  /** @type {{ line: number, message: string }[]} */
  const problems = [];
  /** @param {ImageNode} node @param {ImageNode} parent @param {boolean} linked */
  const visit = (node, parent, linked) => {
    if (node.type === 'image' || node.type === 'imageReference') {
      const line = node.position?.start.line ?? 0;
      const definition = node.type === 'imageReference' ? definitions.get((node.identifier ?? '').toLowerCase()) : node;
      const url = definition?.url ?? '';
      const alt = (node.alt ?? '').trim();
      const where = mediaSource(url);
      if ('error' in where) problems.push({ line, message: where.error });
      else if (alt === '')
        problems.push({
          line,
          message: `the image ${url} has no alt text: say what it shows, ![a shelf of labelled stock](${url}), so that people who cannot see it learn it too`,
        });
      else {
        const siblings = (parent.children ?? []).filter((child) => !(child.type === 'text' && (child.value ?? '').trim() === ''));
        images.push({
          node,
          parent,
          alt,
          title: definition?.title ?? null,
          source: where.source,
          block: !linked && parent.type === 'paragraph' && siblings.length === 1,
          linked,
          line,
        });
      }
      return;
    }
    for (const child of node.children ?? []) visit(child, node, linked || node.type === 'link' || node.type === 'linkReference');
  };
  visit(tree, tree, false);
  return { images, problems };
}

/**
 * Puts `html(image, index)` in each image's place: a block image replaces
 * its paragraph (a figure may not stand in a <p>), an inline one itself.
 * @param {BodyImage[]} images from bodyImages, of the same tree
 * @param {(image: BodyImage, index: number) => string} html
 */
function replaceImages(images, html) {
  images.forEach((image, index) => {
    const target = image.block ? image.parent : image.node;
    const value = html(image, index);
    for (const key of Object.keys(target)) if (key !== 'position') delete (/** @type {Record<string, unknown>} */ (target)[key]);
    Object.assign(target, { type: 'html', value });
  });
}

module.exports = { mediaSource, bodyImages, replaceImages };

// @ts-check
/**
 * Editors' images as the site shows them: what the build makes of an
 * upload (the widths and formats, features/images/pipeline.node.ts), and the markup that
 * offers them (a <picture> with AVIF and WebP sources and an <img> in the
 * upload's own format, every one with a srcset, sizes from the layout,
 * width and height). Pure: the image plugin (./index.js) writes the
 * markup into bodies, a post's cover renders the same parts with React,
 * and the markup boundary admits exactly what this writes
 * (features/markdown/boundary/allowlist.ts).
 */
const { escapeAttribute, escapeText } = require('../markdown/markup');
const { LAYOUT } = require('../site/layout');

/**
 * The widths made of every image, in CSS pixels of the prose column's
 * image: up to twice the column (LAYOUT.proseImageWidth), for screens of
 * twice the density. An image narrower than a width is not enlarged: its
 * own width is the last. The last is 1632, not 1650: a multiple of 96, so
 * a 4:3, 3:2 or 16:9 photo's largest copy, whose width and height the page
 * gives its <img>, has the photo's exact proportions, as the smaller copies
 * of a 4:3 or 3:2 one do. A copy whose height had to be rounded would
 * change the image's height by a fraction of a pixel when it arrives.
 */
const IMAGE_WIDTHS = /** @type {const} */ ([360, 720, 1080, 1632]);

/**
 * How wide an image in a body or a post's cover is drawn, for the browser
 * to pick a width before the stylesheet is in: the prose column at its
 * widest, which beside the table of contents is the screen less the
 * page's padding, the table and the gap until that reaches it, and
 * without it the screen less the page's padding until that reaches it.
 */
const { proseImageWidth: PROSE_IMAGE_WIDTH, sidebarFrom, sidebarWidth, sidebarGap, pagePadding } = LAYOUT;
const BESIDE_SIDEBAR = 2 * pagePadding + sidebarWidth + sidebarGap;
const PROSE_SIZES = [
  `(min-width: ${PROSE_IMAGE_WIDTH + BESIDE_SIDEBAR}px) ${PROSE_IMAGE_WIDTH}px`,
  `(min-width: ${sidebarFrom}px) calc(100vw - ${BESIDE_SIDEBAR}px)`,
  `(min-width: ${PROSE_IMAGE_WIDTH + 2 * pagePadding}px) ${PROSE_IMAGE_WIDTH}px`,
  `calc(100vw - ${2 * pagePadding}px)`,
].join(', ');

/** A post's cover is drawn in the same column as the body's images. */
const COVER_SIZES = PROSE_SIZES;

/** How wide a cover is drawn as a post's thumbnail in the blog's list: beside the title, or spanning the card above it. */
const THUMBNAIL_SIZES = `(min-width: ${LAYOUT.thumbnailFrom}px) ${LAYOUT.thumbnailWidth}px, calc(100vw - ${LAYOUT.thumbnailInset}px)`;

/** The share image a cover makes: og:image's 1200 x 630. */
const SHARE_CROP = /** @type {const} */ ({ width: 1200, height: 630 });

/** @typedef {'avif' | 'webp' | 'jpeg' | 'png' | 'gif'} ImageFormat */

/** Media types, for <source type>. */
const MEDIA_TYPES = /** @type {Record<ImageFormat, string>} */ ({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' });

/**
 * One file the build made of an image.
 * @typedef {{ format: ImageFormat, width: number, height: number, path: string, bytes: number }} ImageFile
 */

/**
 * What the build made of one upload (features/images/pipeline.node.ts): its key (the hash of
 * its bytes and of how it is made, which every file name carries), its
 * size as shown (oriented), the colour it is drawn in until it arrives,
 * whether it moves, and its files, in the order sources are offered, the
 * fallback format last and each format's widths ascending.
 * @typedef {{ key: string, source: string, width: number, height: number, color: string, animated: boolean,
 *   fallback: ImageFormat, files: ImageFile[], share?: ImageFile }} ProcessedImage
 */

/**
 * What a page needs of a ProcessedImage to draw it (pictureParts): its
 * files without their byte counts, its colour and fallback format, and the
 * upload it came from for messages. A post's cover reaches its pages in
 * their page data, which every visitor downloads, so nothing more.
 * @typedef {{ source: string, color: string, fallback: ImageFormat,
 *   files: { format: ImageFormat, width: number, height: number, path: string }[] }} PictureImage
 */

/**
 * The part of a processed image a page draws it from.
 * @param {ProcessedImage} image
 * @returns {PictureImage}
 */
function pictureImage(image) {
  return {
    source: image.source,
    color: image.color,
    fallback: image.fallback,
    files: image.files.map(({ format, width, height, path }) => ({ format, width, height, path })),
  };
}

/**
 * How an image is loaded: 'lazy' below the fold; 'first' a page's first
 * image, fetched at once; 'lcp' the largest thing on the page (a post's
 * cover), fetched first of all.
 * @typedef {'lazy' | 'first' | 'lcp'} Loading
 */

/**
 * The sources and the <img> of an image, as attributes.
 * @typedef {{ sources: { type: string, srcSet: string, sizes: string }[],
 *   img: { src: string, srcSet: string, sizes: string, width: number, height: number, loading?: 'lazy', decoding?: 'async', fetchPriority?: 'high', color: string },
 *   full: string }} PictureParts
 */

/**
 * The formats of an image in the order they are offered: AVIF, then WebP,
 * then the fallback, each once.
 * @param {PictureImage} image
 * @returns {ImageFormat[]}
 */
function formatsOf(image) {
  return [...new Set(image.files.map((file) => file.format))].sort((a, b) => rank(image, a) - rank(image, b));
}

/** @param {PictureImage} image @param {ImageFormat} format */
const rank = (image, format) => (format === image.fallback ? 3 : format === 'avif' ? 1 : 2);

/** @param {PictureImage['files']} files */
const srcSet = (files) => files.map((file) => `${file.path} ${file.width}w`).join(', ');

/**
 * The parts of an image's <picture>.
 * @param {PictureImage} image
 * @param {{ sizes: string, loading: Loading }} options
 * @returns {PictureParts}
 */
function pictureParts(image, { sizes, loading }) {
  const byFormat = (/** @type {ImageFormat} */ format) => image.files.filter((file) => file.format === format).sort((a, b) => a.width - b.width);
  const fallback = byFormat(image.fallback);
  if (fallback.length === 0) throw new Error(`${image.source}: the build made no ${image.fallback} file of it`);
  const largest = fallback[fallback.length - 1];
  // The src for a browser that reads no srcset: the column's width, or the largest below it.
  const src = [...fallback].reverse().find((file) => file.width <= PROSE_IMAGE_WIDTH) ?? fallback[0];
  return {
    sources: formatsOf(image)
      .filter((format) => format !== image.fallback)
      .map((format) => ({ type: MEDIA_TYPES[format], srcSet: srcSet(byFormat(format)), sizes })),
    img: {
      src: src.path,
      srcSet: srcSet(fallback),
      sizes,
      width: largest.width,
      height: largest.height,
      ...(loading === 'lazy' ? { loading: /** @type {const} */ ('lazy'), decoding: /** @type {const} */ ('async') } : {}),
      ...(loading === 'lcp' ? { fetchPriority: /** @type {const} */ ('high') } : {}),
      color: image.color,
    },
    full: largest.path,
  };
}

/**
 * An image in a markdown body, as HTML: the picture, linked to its largest
 * copy (the upload itself is never published) with `fullSize` said to
 * screen readers, unless a link of the text holds it (`linked`: a link
 * may not hold another); in a figure with its title as the caption when it
 * stands in a paragraph of its own (`block`), inline otherwise.
 * @param {ProcessedImage} image
 * @param {{ alt: string, title?: string | null, block: boolean, linked?: boolean, loading: Loading, fullSize: string, sizes?: string }} options
 * @returns {string}
 */
function pictureHtml(image, { alt, title, block, linked = false, loading, fullSize, sizes = PROSE_SIZES }) {
  const parts = pictureParts(image, { sizes, loading });
  const { img } = parts;
  const attributes = [
    `src="${escapeAttribute(img.src)}"`,
    `srcset="${escapeAttribute(img.srcSet)}"`,
    `sizes="${escapeAttribute(img.sizes)}"`,
    `width="${img.width}"`,
    `height="${img.height}"`,
    `alt="${escapeAttribute(alt)}"`,
    ...(img.loading ? [`loading="${img.loading}"`, `decoding="${img.decoding}"`] : []),
    ...(img.fetchPriority ? [`fetchpriority="${img.fetchPriority}"`] : []),
    `style="background-color:${img.color}"`,
  ];
  const picture = [
    '<picture>',
    ...parts.sources.map((source) => `<source type="${source.type}" srcset="${escapeAttribute(source.srcSet)}" sizes="${escapeAttribute(source.sizes)}">`),
    `<img ${attributes.join(' ')}>`,
    '</picture>',
  ].join('');
  const link = linked ? picture : `<a class="image-link" href="${escapeAttribute(parts.full)}">${picture}<span class="visually-hidden"> ${escapeText(fullSize)}</span></a>`;
  if (!block) return link;
  return `<figure class="image">${link}${title ? `<figcaption>${escapeText(title)}</figcaption>` : ''}</figure>`;
}

/**
 * An image as the CMS preview shows it before any build has made it: the
 * upload itself at its media address (the preview resolves it to what the
 * CMS holds), in the same figure and caption as the page will have.
 * @param {{ url: string, alt: string, title?: string | null, block: boolean }} image
 * @returns {string}
 */
function uploadHtml({ url, alt, title, block }) {
  const img = `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}">`;
  if (!block) return img;
  return `<figure class="image">${img}${title ? `<figcaption>${escapeText(title)}</figcaption>` : ''}</figure>`;
}

module.exports = {
  uploadHtml,
  IMAGE_WIDTHS,
  PROSE_IMAGE_WIDTH,
  PROSE_SIZES,
  COVER_SIZES,
  THUMBNAIL_SIZES,
  SHARE_CROP,
  MEDIA_TYPES,
  formatsOf,
  pictureImage,
  pictureParts,
  pictureHtml,
};

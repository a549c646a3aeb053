// @ts-check
/**
 * The widths the page's columns are laid out at, where the stylesheets and
 * the images' `sizes` must agree: a browser picks an image's file from
 * `sizes` before the stylesheet is in, so a column that changes width in
 * CSS alone would be given files of the wrong width. The stylesheets name
 * these by custom media queries and values (`@media (--sidebar-beside)`,
 * `var(--sidebar-width)`), which the build writes in (layoutCss.node.js).
 */
const LAYOUT = /** @type {const} */ ({
  /** From this screen width a long page's table of contents stands beside its text. */
  sidebarFrom: 1024,
  /** The table of contents' width there, and the gap after it. */
  sidebarWidth: 240,
  sidebarGap: 48,
  /** The page's padding each side (--space-5). */
  pagePadding: 20,
  /**
   * The widest the prose column draws an image, in CSS pixels: --prose-max
   * (72ch) at 18 px, which depends on the system font: 825 px with DejaVu
   * Sans (Linux), less with the others. The widest, so no screen is given a
   * file narrower than it draws.
   */
  proseImageWidth: 825,
  /** From this screen width a post's thumbnail stands beside its title in the blog's list, this wide. */
  thumbnailFrom: 640,
  thumbnailWidth: 192,
  /** Above its title, a thumbnail spans its card: the screen less the page's and the card's padding and border. */
  thumbnailInset: 90,
});

/** The custom media queries the stylesheets use, written as a minifier writes them. */
const LAYOUT_MEDIA = /** @type {const} */ ({
  '--sidebar-beside': `(min-width:${LAYOUT.sidebarFrom}px)`,
  '--sidebar-above': `(max-width:${LAYOUT.sidebarFrom - 1}px)`,
  '--thumbnail-beside': `(min-width:${LAYOUT.thumbnailFrom}px)`,
});

/** The values the stylesheets use, as var() of these names. */
const LAYOUT_VALUES = /** @type {const} */ ({
  '--sidebar-width': `${LAYOUT.sidebarWidth}px`,
  '--thumbnail-width': `${LAYOUT.thumbnailWidth}px`,
});

module.exports = { LAYOUT, LAYOUT_MEDIA, LAYOUT_VALUES };

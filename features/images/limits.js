// @ts-check
/**
 * How large an upload the build's image step takes (features/images/pipeline.node.ts refuses
 * anything more, naming the file). Pure and here, below every floor, so the
 * CMS preview (features/images/previewNotes.ts) warns an editor of the same
 * limits before the build refuses them.
 */

/** The largest upload read at all, in bytes: far above any photograph a page needs. */
const IMAGE_MAX_BYTES = 25 * 1024 * 1024;

/** The most pixels an upload may have (sharp refuses more before decoding): a 50-megapixel camera's full size. */
const IMAGE_MAX_PIXELS = 50_000_000;

/** An animation: at most this many frames, and this many pixels in all its frames. */
const ANIMATION_MAX_FRAMES = 200;
const ANIMATION_MAX_PIXELS = 60_000_000;

module.exports = { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, ANIMATION_MAX_FRAMES, ANIMATION_MAX_PIXELS };

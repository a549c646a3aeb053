// @ts-check
/**
 * Where editors' images live: the media folder the CMS uploads to, and the
 * address a markdown body names one by. The folder is under content/, not
 * static/, so the upload itself is never copied into the site: only what
 * the build makes of it is published (features/images/pipeline.node.ts). The one home of
 * both, for the build, the CMS's configuration and its local backend.
 */

/** The media folder, relative to the project. */
const MEDIA_FOLDER = 'content/media';

/** How a body names an upload: `![…](/media/photo.jpg)` for content/media/photo.jpg. */
const MEDIA_PATH = '/media/';

module.exports = { MEDIA_FOLDER, MEDIA_PATH };

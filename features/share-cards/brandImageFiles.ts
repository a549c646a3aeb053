/**
 * Every file features/share-cards/brandImages.node.tsx writes, as paths under public/ with a
 * leading slash: each language's share image, the icons, favicon.ico. Apart
 * from features/share-cards/icons.ts, which the pages import, so that this list stays
 * out of their bundles: only the build and its checks read it.
 */
import { APPLE_TOUCH_ICON, FAVICON_ICO_PATH, MANIFEST_ICONS } from './icons';
import { LANGUAGES } from '../site/languages';
import { shareImagePath } from '../images/shareImage';

export const BRAND_IMAGE_FILES: readonly string[] = [...LANGUAGES.map(shareImagePath), ...[...MANIFEST_ICONS, APPLE_TOUCH_ICON].map((icon) => icon.path), FAVICON_ICO_PATH];

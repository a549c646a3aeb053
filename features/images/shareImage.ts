/**
 * Where the share image (og:image, twitter:image) is, always 1200x630: a
 * blog post's cover crop (a JPEG the image step made, features/images/pipeline.node.ts) or its
 * own card (features/share-cards/postShareImages.node.ts, a PNG named by a hash under
 * /static/share/), or else the language's site-wide PNG, drawn at build
 * time from features/share-cards/siteShareCard.ts (features/share-cards/brandImages.node.tsx), so it follows
 * GATSBY_PRODUCT_NAME and the home page's texts.
 *
 * The site-wide images live at /share/<lang>.png, not under /static/: hosts
 * are told to cache /static/ forever as fingerprinted (docs/deploy.md), and
 * these names stay the same when the product name or headline changes.
 */
import type { Language } from '../site/languages';

export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

export function shareImagePath(language: Language): string {
  return `/share/${language}.png`;
}

/** A path under the site ('/static/share/….png') as an absolute URL, as og:image wants it. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export function shareImageUrl(siteUrl: string, language: Language): string {
  return absoluteUrl(siteUrl, shareImagePath(language));
}

/** A page's own share image: its path under the site, its media type, and whether it is the post's cover or its drawn card (which their alt texts say). */
export interface PostShareImage {
  path: string;
  type: string;
  shows: 'cover' | 'card';
}

/**
 * Which share image a post names. A post with a cover: the cover's
 * 1200 x 630 crop (made by the image step with sharp's attention crop,
 * features/images/pipeline.node.ts), since platforms show og:title beside the picture, so
 * the title need not be drawn into it (no card is drawn for such a post,
 * gatsby/createPages.ts). Without a cover: its drawn card. Without either:
 * none, and the page names the language's site-wide image.
 */
export function postShareImage(card: string | null, cover: { share: { path: string; type: string } | null } | undefined): PostShareImage | null {
  if (cover?.share) return { ...cover.share, shows: 'cover' };
  if (card) return { path: card, type: SHARE_IMAGE.type, shows: 'card' };
  return null;
}

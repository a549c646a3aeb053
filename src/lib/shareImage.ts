/**
 * Where the share image (og:image, twitter:image) is, always a 1200x630 PNG:
 * a blog post's own card (gatsby/postShareImages.ts), named by a hash under
 * /static/share/, or else the language's site-wide image, drawn at build
 * time from src/build/siteShareCard.ts (gatsby/brandImages.ts), so it follows
 * GATSBY_PRODUCT_NAME and the home page's texts.
 *
 * The site-wide images live at /share/<lang>.png, not under /static/: hosts
 * are told to cache /static/ forever as fingerprinted (docs/deploy.md), and
 * these names stay the same when the product name or headline changes.
 */
import type { Language } from './languages';

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

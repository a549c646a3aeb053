/**
 * sitemap.xml and robots.txt, written after the build (gatsby/onPostBuild.ts).
 * Only canonical URLs are listed (unprefixed English, /bg/ Bulgarian), each
 * with its language alternates; /en/ copies, /blog/ and 404 are left out
 * because they name another URL as canonical or are not content.
 */
import { LANGUAGES } from './languages';
import { headLinks } from './seo';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildSitemap(siteUrl: string, originalPaths: readonly string[]): string {
  const entries = originalPaths.flatMap((path) =>
    LANGUAGES.map((language) => {
      const { canonical, alternates } = headLinks(siteUrl, language, path);
      const links = alternates
        .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hrefLang}" href="${escapeXml(alt.href)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${escapeXml(canonical)}</loc>\n${links}\n  </url>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml\n`;
}

/** Page paths that belong in the sitemap, from the language-less paths of all pages. */
export function sitemapPaths(originalPaths: readonly string[]): string[] {
  const excluded = new Set(['/blog/', '/404/', '/404.html', '/dev-404-page/']);
  return [...new Set(originalPaths)].filter((path) => !excluded.has(path)).sort();
}

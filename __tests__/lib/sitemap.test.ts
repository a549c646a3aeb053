import { buildRobots, buildSitemap, sitemapPaths } from '../../src/lib/sitemap';

describe('sitemap', () => {
  it('keeps content pages once each and drops copies and errors', () => {
    expect(sitemapPaths(['/', '/blog/', '/404/', '/404.html', '/pricing/', '/pricing/', '/docs/'])).toEqual(['/', '/docs/', '/pricing/']);
  });

  it('lists each canonical URL with its alternates', () => {
    const xml = buildSitemap('https://www.example.com', ['/pricing/']);
    expect(xml).toContain('<loc>https://www.example.com/pricing/</loc>');
    expect(xml).toContain('<loc>https://www.example.com/bg/pricing/</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/pricing/"/>');
    expect(xml).not.toContain('/en/pricing/');
  });

  it('escapes XML', () => {
    expect(buildSitemap('https://www.example.com', ['/a&b/'])).toContain('/a&amp;b/');
  });

  it('points robots at the sitemap', () => {
    expect(buildRobots('https://www.example.com/')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n');
  });
});

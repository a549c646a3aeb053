import React from 'react';
import { Helmet } from 'react-helmet';
import { Seo } from '../../src/components/Seo';
import { renderWithI18n } from '../support/renderWithI18n';

// Helmet types its tags as elements; they are plain objects of attributes.
type MetaTag = { property?: string; name?: string; content?: string };
type LinkTag = { rel?: string; href?: string };

/** The head Helmet would write: meta content by property or name, link hrefs by rel. */
function head() {
  const { metaTags, linkTags } = Helmet.peek();
  const meta = (key: string) => metaTags.filter((tag: MetaTag) => tag.property === key || tag.name === key).map((tag: MetaTag) => tag.content);
  const links = (rel: string) => linkTags.filter((tag: LinkTag) => tag.rel === rel).map((tag: LinkTag) => tag.href);
  return { meta, links };
}

describe('Seo', () => {
  it('marks a post as an article with its dates, and names only the languages it is written in', () => {
    renderWithI18n(<Seo title="Само тук" description="Публикация само на български." article={{ published: '2026-11-18', modified: '2026-11-20' }} />, {
      language: 'bg',
      originalPath: '/blog/only-bg/',
      languages: ['bg'],
    });
    const { meta } = head();
    expect(meta('og:type')).toEqual(['article']);
    expect(meta('article:published_time')).toEqual(['2026-11-18']);
    expect(meta('article:modified_time')).toEqual(['2026-11-20']);
    expect(meta('og:locale:alternate')).toEqual([]);
    const { linkTags } = Helmet.peek();
    const alternates = linkTags.filter((tag: LinkTag & { hrefLang?: string }) => tag.rel === 'alternate').map((tag: LinkTag & { hrefLang?: string }) => [tag.hrefLang, tag.href]);
    expect(alternates).toEqual([
      ['bg', 'http://127.0.0.1:9000/bg/blog/only-bg/'],
      ['x-default', 'http://127.0.0.1:9000/bg/blog/only-bg/'],
    ]);
  });

  it('builds the JSON-LD a page asks for from its canonical URL and share image', () => {
    renderWithI18n(<Seo title="Blog" description="News." jsonLd={({ url, image }) => ({ '@context': 'https://schema.org', '@type': 'Blog', url, image })} />, {
      originalPath: '/blog/',
    });
    const { scriptTags } = Helmet.peek();
    expect(JSON.parse(scriptTags[0].innerHTML)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      url: 'http://127.0.0.1:9000/blog/',
      image: 'http://127.0.0.1:9000/share/en.png',
    });
    expect(head().meta('og:type')).toEqual(['website']);
  });

  it('gives an English page the English share image, with its size, type and alt text', () => {
    renderWithI18n(<Seo title="Pricing" description="Plans for every business." />, { originalPath: '/pricing/' });
    const { meta } = head();
    expect(meta('og:image')).toEqual(['http://127.0.0.1:9000/share/en.png']);
    expect(meta('og:image:width')).toEqual(['1200']);
    expect(meta('og:image:height')).toEqual(['630']);
    expect(meta('og:image:type')).toEqual(['image/png']);
    expect(meta('og:image:alt')[0]).toMatch(/^The StockPay logo and the headline “Inventory & Payment Management Made Simple”/);
  });

  it('makes a large Twitter card from the same title, description and image', () => {
    renderWithI18n(<Seo title="Pricing" description="Plans for every business." />, { originalPath: '/pricing/' });
    const { meta } = head();
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('twitter:title')).toEqual(['Pricing | StockPay']);
    expect(meta('twitter:description')).toEqual(['Plans for every business.']);
    expect(meta('twitter:image')).toEqual(meta('og:image'));
    expect(meta('twitter:image:alt')).toEqual(meta('og:image:alt'));
  });

  it('gives a Bulgarian page the Bulgarian image and alt text', () => {
    renderWithI18n(<Seo title="Цени" description="Планове." />, { language: 'bg', originalPath: '/pricing/' });
    const { meta } = head();
    expect(meta('og:image')).toEqual(['http://127.0.0.1:9000/share/bg.png']);
    expect(meta('og:url')).toEqual(['http://127.0.0.1:9000/bg/pricing/']);
    expect(meta('og:image:alt')[0]).toMatch(/^Логото на StockPay и заглавието „Лесно управление на наличности и плащания“/);
  });

  it('gives a post its own card as an absolute URL, with the size, type and the alt text it is given', () => {
    const alt = 'Логото на StockPay над заглавието на статията „Годишна инвентаризация“ и датата ѝ, 18 ноември 2026 г.';
    renderWithI18n(<Seo title="Годишна инвентаризация" description="Стъпка по стъпка." image={{ path: '/static/share/0123456789abcdef0123.png', alt }} />, {
      language: 'bg',
      originalPath: '/blog/godishna/',
    });
    const { meta } = head();
    expect(meta('og:image')).toEqual(['http://127.0.0.1:9000/static/share/0123456789abcdef0123.png']);
    expect(meta('twitter:image')).toEqual(meta('og:image'));
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('og:image:width')).toEqual(['1200']);
    expect(meta('og:image:height')).toEqual(['630']);
    expect(meta('og:image:type')).toEqual(['image/png']);
    expect(meta('og:image:alt')).toEqual([alt]);
    expect(meta('twitter:image:alt')).toEqual([alt]);
  });

  it('gives the media type of a share image that is not a PNG: a post’s cover crop', () => {
    renderWithI18n(<Seo title="Habits" description="Routines." image={{ path: '/static/images/0123456789abcdef0123-share.jpg', alt: 'Eggs on a shelf', type: 'image/jpeg' }} />, {
      originalPath: '/blog/habits/',
    });
    const { meta } = head();
    expect(meta('og:image')).toEqual(['http://127.0.0.1:9000/static/images/0123456789abcdef0123-share.jpg']);
    expect(meta('twitter:image')).toEqual(meta('og:image'));
    expect(meta('og:image:type')).toEqual(['image/jpeg']);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual([['1200'], ['630']]);
    expect(meta('og:image:alt')).toEqual(['Eggs on a shelf']);
  });

  it('links the SVG favicon with its .ico fallback and the Apple touch icon', () => {
    renderWithI18n(<Seo title="Pricing" description="Plans." />);
    const { links } = head();
    expect(links('icon')).toEqual(['/favicon.ico', '/favicon.svg']);
    expect(links('apple-touch-icon')).toEqual(['/apple-touch-icon.png']);
  });
});

/**
 * A post's cover: the <picture> at the top of its page, its thumbnail in
 * the blog's list, and the share image and JSON-LD image it gives the post
 * in place of the drawn card (features/images/shareImage.ts).
 */
import React from 'react';
import { screen, within } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import { Helmet } from 'react-helmet';
import { CoverImage, CoverThumbnail, Picture } from '../../features/images/CoverImage';
import BlogListTemplate from '../../src/templates/blogList';
import BlogPostTemplate from '../../src/templates/blogPost';
import { listPages, type ListContext, type PostContext } from '../../features/blog/blog';
import { COVER_SIZES, THUMBNAIL_SIZES, type PictureImage } from '../../features/images/picture';
import { renderWithI18n } from '../support/renderWithI18n';

const KEY = '0123456789abcdef0123';
const file = (format: 'avif' | 'webp' | 'jpeg', width: number) => ({
  format,
  width,
  height: (width * 3) / 4,
  path: `/static/images/${KEY}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
});
/** A 1,440 px wide photo as the image step makes it, in the page's shape (pictureImage). */
const PHOTO: PictureImage = {
  source: 'content/media/shelf.jpg',
  color: '#b80808',
  fallback: 'jpeg',
  files: ['avif', 'webp', 'jpeg'].flatMap((format) => [360, 720, 1080, 1440].map((width) => file(format as 'avif' | 'webp' | 'jpeg', width))),
};
const SHARE = { path: `/static/images/${KEY}-share.jpg`, type: 'image/jpeg' };
const ALT = 'Trays of red eggs on a supermarket shelf, each with its price label';

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error');
});
afterEach(() => {
  // React warns about an attribute it does not know (fetchPriority in React 18): none.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

const sourcesOf = (picture: Element) => [...picture.querySelectorAll('source')].map((source) => [source.getAttribute('type'), source.getAttribute('sizes')]);

describe('CoverImage', () => {
  it('is the photo with its alt text, fetched first of all: high priority, not lazy, decoded as the browser likes', () => {
    renderWithI18n(<CoverImage image={PHOTO} alt={ALT} />);
    const img = screen.getByRole('img', { name: ALT });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(img).not.toHaveAttribute('decoding');
    // Not a link: the body's copy of an image links to its largest file, the cover heads the page.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers AVIF, then WebP, then the upload’s own format at every width, sized for the text column', () => {
    renderWithI18n(<CoverImage image={PHOTO} alt={ALT} />);
    const img = screen.getByRole('img', { name: ALT });
    const picture = img.parentElement as HTMLElement;
    expect(picture.tagName).toBe('PICTURE');
    expect(sourcesOf(picture)).toEqual([
      ['image/avif', COVER_SIZES],
      ['image/webp', COVER_SIZES],
    ]);
    expect(picture.querySelector('source')?.getAttribute('srcset')).toBe(
      `/static/images/${KEY}-360.avif 360w, /static/images/${KEY}-720.avif 720w, /static/images/${KEY}-1080.avif 1080w, /static/images/${KEY}-1440.avif 1440w`,
    );
    expect(img).toHaveAttribute('src', `/static/images/${KEY}-720.jpg`);
    expect(img.getAttribute('srcset')).toMatch(new RegExp(`^/static/images/${KEY}-360\\.jpg 360w, .*-1440\\.jpg 1440w$`));
    expect(img).toHaveAttribute('sizes', COVER_SIZES);
  });

  it('keeps its room before it arrives, drawn in its own colour: width and height of its largest file', () => {
    renderWithI18n(<CoverImage image={PHOTO} alt={ALT} />);
    const img = screen.getByRole('img', { name: ALT });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1440', '1080']);
    expect(img.style.backgroundColor).toBe('rgb(184, 8, 8)');
  });

  it('sizes the column as the layout draws it: the screen less the padding, the column at its widest (825 px), and beside the table of contents', () => {
    expect(COVER_SIZES).toBe('(min-width: 1153px) 825px, (min-width: 1024px) calc(100vw - 328px), (min-width: 865px) 825px, calc(100vw - 40px)');
  });
});

describe('CoverThumbnail', () => {
  it('links to the post for a pointer only: out of the tab order, hidden from screen readers, with an empty alt', () => {
    const { container } = renderWithI18n(<CoverThumbnail image={PHOTO} to="/blog/shelf/" first={false} />, { language: 'bg', originalPath: '/blog/' });
    // The title beside it is the post's link and name.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('href', '/bg/blog/shelf/');
    expect(link).toHaveAttribute('tabindex', '-1');
    expect(link).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('is fetched lazily and decoded off the main thread, sized for the thumbnail', () => {
    const { container } = renderWithI18n(<CoverThumbnail image={PHOTO} to="/blog/shelf/" first={false} />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveAttribute('sizes', THUMBNAIL_SIZES);
    expect(sourcesOf(container.querySelector('picture') as Element).map(([, sizes]) => sizes)).toEqual([THUMBNAIL_SIZES, THUMBNAIL_SIZES]);
  });

  it("the page's first is fetched at once, since on a phone it fills the first screen", () => {
    const { container } = renderWithI18n(<CoverThumbnail image={PHOTO} to="/blog/shelf/" first />);
    const img = container.querySelector('img');
    expect(img).not.toHaveAttribute('loading');
    expect(img).not.toHaveAttribute('decoding');
    expect(img).not.toHaveAttribute('fetchpriority');
  });
});

describe('Picture', () => {
  it('writes what the body’s pictures write: one source per other format, then the fallback image', () => {
    const { container } = renderWithI18n(<Picture image={{ ...PHOTO, files: PHOTO.files.filter((f) => f.format !== 'avif') }} alt="A shelf" sizes="100vw" loading="lazy" />);
    expect(sourcesOf(container.querySelector('picture') as Element)).toEqual([['image/webp', '100vw']]);
    expect(screen.getByRole('img', { name: 'A shelf' })).toHaveAttribute('src', `/static/images/${KEY}-720.jpg`);
  });

  it('names the upload when the build made no file of its fallback format', () => {
    errors.mockImplementation(() => undefined);
    expect(() => renderWithI18n(<Picture image={{ ...PHOTO, files: [] }} alt="A shelf" sizes="100vw" loading="lazy" />)).toThrow(
      'content/media/shelf.jpg: the build made no jpeg file of it',
    );
    errors.mockClear();
  });
});

// Helmet types its tags as elements; they are plain objects of attributes.
type MetaTag = { property?: string; name?: string; content?: string };
const meta = (key: string) =>
  Helmet.peek()
    .metaTags.filter((tag: MetaTag) => tag.property === key || tag.name === key)
    .map((tag: MetaTag) => tag.content);
const jsonLd = () => JSON.parse(Helmet.peek().scriptTags[0].innerHTML) as { image: string };

describe('a post page', () => {
  const frontmatter = (extra: Record<string, unknown> = {}) => ({
    title: 'Stock habits in {{product}}',
    description: 'Routines.',
    date: '2026-10-08',
    updated: null,
    author: null,
    tags: null,
    image: null,
    imageAlt: null,
    ...extra,
  });
  const render = (context: Partial<PostContext>, extra?: Record<string, unknown>, language: 'en' | 'bg' = 'en') => {
    const data = { post: { html: '<p>The text.</p>', headings: [], fields: { name: 'habits', readingMinutes: 3 }, frontmatter: frontmatter(extra) } };
    const pageContext: PostContext = { slug: 'habits', newer: null, older: null, shareImage: null, ...context };
    const props = { data, pageContext } as unknown as PageProps<Queries.BlogPostQuery, PostContext>;
    return renderWithI18n(<BlogPostTemplate {...props} />, { language, originalPath: '/blog/habits/' });
  };

  it('with a cover: the cover heads the article, before the text, with its alt text ({{product}} filled in)', () => {
    render({ cover: { image: PHOTO, share: SHARE } }, { image: '/media/shelf.jpg', imageAlt: 'A shelf in a {{product}} shop' });
    const article = screen.getByRole('article');
    const cover = within(article).getByRole('img', { name: 'A shelf in a StockPay shop' });
    expect(article.firstElementChild).toBe(cover.parentElement);
    expect(cover.parentElement?.nextElementSibling).toHaveTextContent('The text.');
  });

  it('with a cover: shared with the cover’s 1200 x 630 crop, a JPEG, described by the cover’s alt text, also as the JSON-LD image', () => {
    render({ cover: { image: PHOTO, share: SHARE } }, { image: '/media/shelf.jpg', imageAlt: 'A shelf' }, 'bg');
    const url = `http://127.0.0.1:9000/static/images/${KEY}-share.jpg`;
    expect(meta('og:image')).toEqual([url]);
    expect(meta('twitter:image')).toEqual([url]);
    expect(meta('og:image:type')).toEqual(['image/jpeg']);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual([['1200'], ['630']]);
    expect(meta('og:image:alt')).toEqual(['A shelf']);
    expect(meta('twitter:image:alt')).toEqual(['A shelf']);
    expect(jsonLd().image).toBe(url);
  });

  it('without a cover: no picture at the top, and its drawn card is its share image, as before', () => {
    render({ shareImage: '/static/share/fedcba9876543210fedc.png' });
    expect(screen.queryByRole('img')).toBeNull();
    const url = 'http://127.0.0.1:9000/static/share/fedcba9876543210fedc.png';
    expect(meta('og:image')).toEqual([url]);
    expect(meta('og:image:type')).toEqual(['image/png']);
    expect(meta('og:image:alt')[0]).toContain('“Stock habits in StockPay”');
    expect(jsonLd().image).toBe(url);
  });

  it('with neither: the language’s site-wide image', () => {
    render({});
    expect(meta('og:image')).toEqual(['http://127.0.0.1:9000/share/en.png']);
    expect(jsonLd().image).toBe('http://127.0.0.1:9000/share/en.png');
  });
});

describe('a list page', () => {
  const node = (name: string, day: number) => ({
    fields: { name, readingMinutes: 2 },
    frontmatter: { title: `Post ${name}`, description: `About ${name}`, date: `2026-05-${String(day).padStart(2, '0')}`, updated: null, tags: null },
  });
  // "constructor" is a slug every object answers to: without a cover of its own it has no thumbnail.
  const nodes = [node('first', 20), node('constructor', 19), node('shelf', 18), node('counts', 17), node('plain', 16)];
  const [page] = listPages(nodes.length);
  const render = (covers?: ListContext['covers']) => {
    const { path: _path, ...context } = page;
    const props = { data: { posts: { nodes } }, pageContext: { ...context, ...(covers ? { covers } : {}) } } as unknown as PageProps<Queries.BlogListQuery, ListContext>;
    return renderWithI18n(<BlogListTemplate {...props} />, { originalPath: '/blog/' });
  };
  const cards = () => within(screen.getByRole('main')).getAllByRole('article');

  it('shows a thumbnail beside the posts that have a cover, and no box at all beside the others', () => {
    render({ shelf: PHOTO, counts: PHOTO });
    expect(cards().map((card) => card.querySelectorAll('picture').length)).toEqual([0, 0, 1, 1, 0]);
    expect(cards().map((card) => card.querySelector('a[aria-hidden]')?.getAttribute('href') ?? null)).toEqual([null, null, '/blog/shelf/', '/blog/counts/', null]);
    // Each post is still named once, by its title's link.
    expect(within(screen.getByRole('main')).getAllByRole('link', { name: /^Post / })).toHaveLength(5);
  });

  it('fetches the first thumbnail of the page at once and the others lazily', () => {
    render({ shelf: PHOTO, counts: PHOTO });
    const [shelf, counts] = [cards()[2], cards()[3]].map((card) => card.querySelector('img'));
    expect(shelf).not.toHaveAttribute('loading');
    expect(counts).toHaveAttribute('loading', 'lazy');
  });

  it('without covers: every card is its text alone, as before', () => {
    render();
    expect(screen.getByRole('main').querySelectorAll('picture, img')).toHaveLength(0);
    expect(cards().map((card) => card.firstElementChild?.tagName)).toEqual(['H2', 'H2', 'H2', 'H2', 'H2']);
  });
});

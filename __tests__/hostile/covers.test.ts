/**
 * @jest-environment node
 *
 * Hostile class "covers": a post's cover fields (`image`, `imageAlt`,
 * features/content/contentSchema.ts) written to put another site's image, a script
 * or a file of the build machine into a page or its share image, to
 * publish an image no page shows (a cover outside the blog, which the
 * image step would make all the same), or to leave a cover undescribed.
 * Each fixture of __tests__/fixtures/hostile/covers/ goes through what a
 * build runs, gatsby-transformer-remark with gatsby-config's options and
 * then the content check (features/content/contentNodes.node.ts), and is refused naming the file and the
 * field; alt text that only looks like markup is taken, and the post's page
 * (its cover, made by the real image step, and its head) shows it as text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Helmet } from 'react-helmet';
import BlogPostTemplate from '../../src/templates/blogPost';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { readImageMap } from '../../features/images/imageMap.node.js';
import { pictureImage, MEDIA_TYPES } from '../../features/images/picture';
import type { PostContext } from '../../features/blog/blog';
import { buildRefusal as refusalOf } from '../support/buildRefusal';
import { contentImagesProject } from '../support/transformRemark';
import { withI18n } from '../support/renderWithI18n';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'covers');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const ADDRESS = 'an upload of the media folder by its address, /media/<name> (upload it in the CMS, or put it in content/media/)';
const ELSEWHERE = 'is a cover image, which only content/blog/ may have: remove the field; to show the image in the text, put it in the body: ![what it shows](/media/<name>)';

let dir: string;
let count = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-covers-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What a build says of a fixture at content/<relativePath> of a fresh project. */
const buildRefusal = (relativePath: string, name: string) => refusalOf(path.join(dir, String((count += 1))), relativePath, fixture(name));

describe('a cover left undescribed', () => {
  it.each([
    ['no-alt.md', 'frontmatter field "imageAlt" is missing; it must be a string when "image" is set'],
    ['blank-alt.md', 'frontmatter field "imageAlt" must be a string, got "   "'],
    ['alt-only.md', `frontmatter field "image" is missing; it must be ${ADDRESS} when "imageAlt" is set`],
  ])('%s: a build refuses it, naming the file and the field', async (name, message) => {
    expect(await buildRefusal('blog/en/stock-habits.md', name)).toBe(`content/blog/en/stock-habits.md: ${message}`);
  });
});

describe('a cover that is not an upload of the media folder', () => {
  it.each([
    ['https-elsewhere.md', 'HTTPS://evil.example/track.jpg?visitor=1'],
    ['protocol-relative.md', '//evil.example/cover.jpg'],
    ['data-url.md', 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4='],
    ['javascript-url.md', ' JaVaScRiPt:alert(document.domain)'],
    ['climb-encoded.md', '/media/%2E%2E/%2e%2e/site.env'],
    ['climb-backslash.md', '/media/..\\..\\package.json'],
    ['hidden-upload.md', '/media/2026/.git/config'],
  ])('%s: a build refuses it, naming the file, the field and what it says', async (name, written) => {
    expect(await buildRefusal('blog/bg/stock-habits.md', name)).toBe(
      `content/blog/bg/stock-habits.md: frontmatter field "image" must be ${ADDRESS}, got ${JSON.stringify(written)}`,
    );
  });

  it('two-covers.md: a list of covers is refused, naming the file and the field', async () => {
    expect(await buildRefusal('blog/en/stock-habits.md', 'two-covers.md')).toBe(
      `content/blog/en/stock-habits.md: frontmatter field "image" must be ${ADDRESS}, got ["/media/labelled-stock.jpg","https://evil.example/b.jpg"]`,
    );
  });
});

describe('markup in the alt text', () => {
  it.each(['alt-markup.md', 'alt-entity.md'])('%s: a build refuses it, naming the file and the field', async (name) => {
    expect(await buildRefusal('blog/en/stock-habits.md', name)).toMatch(/^content\/blog\/en\/stock-habits\.md: frontmatter field "imageAlt" must be plain text, but it contains /);
  });
});

describe('a cover where no page shows one', () => {
  it('docs-cover.md: the documentation refuses it, naming the file and the field, though its every field is optional', async () => {
    expect(await buildRefusal('docs/en/readme.md', 'docs-cover.md')).toBe(`content/docs/en/readme.md: frontmatter field "image" ${ELSEWHERE}`);
  });

  it('banner-cover.md: a home banner refuses it, naming the file and the field', async () => {
    expect(await buildRefusal('banners/bg/09-reports.md', 'banner-cover.md')).toBe(`content/banners/bg/09-reports.md: frontmatter field "image" ${ELSEWHERE}`);
  });
});

describe('alt text that only looks like markup', () => {
  const { DOMParser } = new JSDOM('').window;

  /** The post's page as gatsby build writes it, with its cover as the real image step made it. */
  async function postPage(name: string): Promise<Document> {
    const { data } = readFrontmatter(name, fixture(name));
    const made = readImageMap(await contentImagesProject())['content/media/labelled-stock.jpg'];
    const share = made.share ? { path: made.share.path, type: MEDIA_TYPES[made.share.format] } : null;
    const frontmatter = {
      title: data.title,
      description: data.description,
      date: '2026-10-08',
      updated: null,
      author: null,
      tags: null,
      image: data.image,
      imageAlt: data.imageAlt,
    };
    const props = {
      data: { post: { html: '<p>Body.</p>', headings: [], fields: { name: 'stock-habits', readingMinutes: 1 }, frontmatter } },
      pageContext: { language: 'en', slug: 'stock-habits', newer: null, older: null, shareImage: null, cover: { image: pictureImage(made), share } } as PostContext,
    } as unknown as React.ComponentProps<typeof BlogPostTemplate>;
    Helmet.canUseDOM = false;
    const body = renderToStaticMarkup(withI18n(React.createElement(BlogPostTemplate, props), { originalPath: '/blog/stock-habits/' }));
    const helmet = Helmet.renderStatic();
    const head = renderToStaticMarkup(React.createElement(React.Fragment, null, helmet.meta.toComponent()));
    return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, 'text/html');
  }

  it('alt-quotes.md: a build takes it', async () => {
    expect(await buildRefusal('blog/en/stock-habits.md', 'alt-quotes.md')).toBeUndefined();
  });

  it('alt-quotes.md: the cover and the share image’s alt text show it as text, {{product}} filled in, and add no element or attribute', async () => {
    const page = await postPage('alt-quotes.md');
    const text = 'Eggs "priced" at 5 & 6 leva, in StockPay\'s shop';
    const cover = page.querySelector('article picture img');
    expect(cover?.getAttribute('alt')).toBe(text);
    expect(cover?.getAttribute('fetchpriority')).toBe('high');
    expect([...(cover?.attributes ?? [])].map((attribute) => attribute.name).sort()).toEqual(['alt', 'fetchpriority', 'height', 'sizes', 'src', 'srcset', 'style', 'width']);
    expect(page.querySelectorAll('article img')).toHaveLength(1);
    expect(page.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(text);
    expect(page.querySelector('meta[name="twitter:image:alt"]')?.getAttribute('content')).toBe(text);
    expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/^http:\/\/127\.0\.0\.1:9000\/static\/images\/[0-9a-f]{20}-share\.jpg$/);
  });
});

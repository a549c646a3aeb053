/**
 * Hostile class "feeds": blog posts whose title, description, tags or
 * author carry markup for the RSS feeds: closing the CDATA section or the
 * element, HTML for readers that render it, entities for readers that
 * decode twice, in any case and spacing, in both languages. Each fixture in
 * __tests__/fixtures/hostile/feeds/<lang>/ is refused by a build, naming
 * the file and the field; and had one got through, the feeds that
 * gatsby-plugin-feed writes with the site's options are
 * well-formed XML whose every text, rendered as HTML the way readers
 * render a description, is text only. The product name is hostile too.
 */
import { onPostBuild } from 'gatsby-plugin-feed/gatsby-node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { feedOptions } from '../../features/blog/feeds.node';
import { feedPath } from '../../features/blog/blog';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { LANGUAGES, type Language } from '../../features/site/languages';
import { fillProductName } from '../../features/site/productName';
import { buildRefusal } from '../support/buildRefusal';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'feeds');
const SITE_URL = 'https://www.example.com';
const PRODUCT = 'Stock<img src=x onerror=alert(1)>Pay & "Co" ]]>';

type PostSource = { language: Language; slug: string; source: string };
const POSTS: PostSource[] = LANGUAGES.flatMap((language) =>
  fs
    .readdirSync(path.join(FIXTURES, language))
    .sort()
    .map((file) => ({ language, slug: file.replace(/\.md$/, ''), source: fs.readFileSync(path.join(FIXTURES, language, file), 'utf8') })),
);

/** The feed query's answer for a language, as Gatsby's GraphQL gives it: the posts' fields and frontmatter, dates formatted. */
function answer(query: string) {
  if (!query.includes('allMarkdownRemark')) return { site: { siteMetadata: { siteUrl: SITE_URL } } };
  const language = /language: \{ eq: "(\w+)" \}/.exec(query)?.[1];
  const nodes = POSTS.filter((post) => post.language === language).map((post) => {
    const { data } = readFrontmatter(post.slug, post.source);
    return {
      fields: { name: post.slug, language: post.language },
      frontmatter: { ...data, date: (data.date as Date).toISOString().slice(0, 10), tags: data.tags ?? null, author: data.author ?? null },
    };
  });
  return { allMarkdownRemark: { nodes } };
}

let dir: string;
const feeds: Partial<Record<Language, Document>> = {};
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-feeds-'));
  const cwd = process.cwd();
  // The plugin writes to ./public, as in a build.
  process.chdir(dir);
  try {
    await onPostBuild({ graphql: async (query) => ({ data: answer(query) }), reporter: { warn: jest.fn() } }, { ...feedOptions(ROOT, SITE_URL, PRODUCT), plugins: [] });
  } finally {
    process.chdir(cwd);
  }
  for (const language of LANGUAGES) {
    feeds[language] = new DOMParser().parseFromString(fs.readFileSync(path.join(publicDirOf(dir), feedPath(language)), 'utf8'), 'application/xml');
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What a reader that renders a field as HTML shows: its text, or the elements it would make. */
function asHtml(text: string): { elements: string[]; text: string } {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html').body;
  return { elements: [...body.querySelectorAll('*')].map((element) => element.tagName), text: body.textContent ?? '' };
}

/** Text with its character references read as an HTML parser reads them, and nothing else (a textarea's content is never markup). */
function withReferencesRead(text: string): string {
  const textarea = document.createElement('textarea');
  textarea.innerHTML = text;
  return textarea.value;
}

describe('markup aimed at the feeds', () => {
  it.each(POSTS.map((post) => [`${post.language}/${post.slug}`, post] as const))('%s: a build refuses it, naming the file and the field', async (_, post) => {
    const refusal = await buildRefusal(path.join(dir, 'build', post.language, post.slug), `blog/${post.language}/${post.slug}.md`, post.source);
    expect(refusal).toMatch(
      new RegExp(`^content/blog/${post.language}/${post.slug}\\.md: frontmatter field "(title|description|author|tags\\[\\d\\])" must be plain text, but it contains `),
    );
  });

  it.each(LANGUAGES)('the %s feed is well-formed, one item per post, each with only the elements the feed writes', (language) => {
    const feed = feeds[language] as Document;
    expect(feed.querySelector('parsererror')).toBeNull();
    expect(feed.documentElement.tagName).toBe('rss');
    expect([...feed.querySelectorAll('channel > *')].map((element) => element.tagName).filter((name) => name !== 'item')).toEqual([
      'title',
      'description',
      'link',
      'generator',
      'lastBuildDate',
      'atom:link',
      'language',
    ]);
    const items = [...feed.querySelectorAll('item')];
    expect(items).toHaveLength(POSTS.filter((post) => post.language === language).length);
    for (const item of items) {
      const names = [...item.children].map((element) => element.tagName);
      expect(names.filter((name) => !['category', 'dc:creator'].includes(name))).toEqual(['title', 'description', 'link', 'guid', 'pubDate']);
      expect(item.querySelectorAll('script, img, iframe, svg, a, b, i')).toHaveLength(0);
    }
  });

  it.each(POSTS.map((post) => [`${post.language}/${post.slug}`, post] as const))(
    '%s: every text of its item, rendered as HTML, is the text the editor wrote and nothing more',
    (_, post) => {
      const feed = feeds[post.language] as Document;
      const item = [...feed.querySelectorAll('item')].find((candidate) => candidate.querySelector('link')?.textContent?.endsWith(`/blog/${post.slug}/`));
      expect(item).toBeDefined();
      const { data } = readFrontmatter(post.slug, post.source);
      const expected: [string, string][] = [
        ['title', fillProductName(String(data.title), PRODUCT)],
        ['description', fillProductName(String(data.description), PRODUCT)],
        ...(Array.isArray(data.tags) ? data.tags.map((tag): [string, string] => ['category', String(tag)]) : []),
        ...(typeof data.author === 'string' ? [['dc:creator', fillProductName(data.author, PRODUCT)] as [string, string]] : []),
      ];
      const written = [...(item as Element).children].filter((element) => ['title', 'description', 'category', 'dc:creator'].includes(element.tagName));
      expect(written.map((element) => element.tagName)).toEqual(expected.map(([name]) => name));
      written.forEach((element, index) => {
        const rendered = asHtml(element.textContent ?? '');
        expect([element.tagName, rendered.elements]).toEqual([element.tagName, []]);
        // The description shows as typed; the other fields keep "&" as typed, so a reference in them shows as its character.
        expect(rendered.text).toBe(element.tagName === 'description' ? expected[index][1] : withReferencesRead(expected[index][1]));
      });
    },
  );

  it("gives the channel's title and description, from the UI strings, the same escaping", () => {
    const feed = feeds.en as Document;
    for (const selector of ['channel > title', 'channel > description']) {
      const rendered = asHtml(feed.querySelector(selector)?.textContent ?? '');
      expect(rendered.elements).toEqual([]);
      expect(rendered.text).toContain(PRODUCT);
    }
    expect(feed.querySelector('channel > generator')?.textContent).toBe(PRODUCT);
  });
});

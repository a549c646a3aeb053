/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COPIES_PER_POST, copiedPosts, growthCosts, growthTable } from '../../scripts/contentGrowth';
import { readPostFiles, type PostFile } from '../../scripts/sitePages';
import { isSlug, validateFrontmatter } from '../../src/lib/content';

const post = (language: 'en' | 'bg', slug: string, title = 'A "post"'): PostFile => ({
  language,
  slug,
  text: `---\ntitle: ${title}\ndescription: "About it"\ndate: 2026-09-15\n---\n\nBody`,
});

describe('copiedPosts', () => {
  it('copies each post with a numbered slug and title, translations keeping their pairs', () => {
    const copies = copiedPosts([post('en', 'a', '"Lightning: fast"'), post('bg', 'a', "'Светкавица'")], 2);
    expect(copies.map((copy) => [copy.language, copy.slug])).toEqual([
      ['en', 'a-copy-1'],
      ['en', 'a-copy-2'],
      ['bg', 'a-copy-1'],
      ['bg', 'a-copy-2'],
    ]);
    expect(copies[1].text).toContain('title: "Lightning: fast (2)"');
    expect(copies[2].text).toContain("title: 'Светкавица (1)'");
    expect(copies[0].text).toContain('date: 2026-09-15');
    expect(copies.every((copy) => isSlug(copy.slug))).toBe(true);
  });

  it('quotes an unquoted title, so the copy stays valid frontmatter', () => {
    const [copy] = copiedPosts([post('en', 'b', 'Plain title')], 1);
    expect(copy.text).toContain('title: "Plain title (1)"');
    expect(validateFrontmatter('x.md', 'blog', copy.slug, { title: 'Plain title (1)', description: 'About it', date: '2026-09-15' }, copy.text)).toEqual([]);
  });
});

describe('readPostFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'growth-'));
    mkdirSync(path.join(dir, 'en'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the published posts of each language folder, and none of a missing one', () => {
    writeFileSync(path.join(dir, 'en', 'b.md'), post('en', 'b').text);
    writeFileSync(path.join(dir, 'en', 'a.md'), `${post('en', 'a').text.replace('---\n\n', 'draft: true\n---\n\n')}`);
    writeFileSync(path.join(dir, 'en', 'notes.txt'), 'x');
    expect(readPostFiles(dir).map((file) => [file.language, file.slug])).toEqual([['en', 'b']]);
  });
});

describe('growth costs', () => {
  const result = { posts: { before: 7, after: 7 + 7 * COPIES_PER_POST }, htmlFiles: { before: 50, after: 550 }, ms: { before: 60_000, after: 165_000 } };

  it('divides the extra build time by the posts and the HTML files added', () => {
    expect(growthCosts(result)).toEqual({ perPost: 105_000 / 210, perHtmlFile: 105_000 / 500 });
    expect(growthCosts({ ...result, posts: { before: 7, after: 7 }, htmlFiles: { before: 50, after: 50 } })).toEqual({ perPost: 0, perHtmlFile: 0 });
  });

  it('prints both builds and the cost of a post', () => {
    const table = growthTable(result);
    expect(table).toContain('60.0 s');
    expect(table).toContain('165.0 s');
    expect(table).toContain('217');
    expect(table).toContain('Each added post costs the build 500 ms (210 ms per added HTML file');
  });
});

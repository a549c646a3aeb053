import {
  BLOG_PATH,
  POSTS_PER_PAGE,
  feedItems,
  FEED_POSTS,
  feedPageMatch,
  feedPath,
  formatPostDate,
  languagesWithPosts,
  listPages,
  listPath,
  neighbours,
  neighboursBySlug,
  newestFirst,
  postPath,
  readingMinutes,
  translationsOf,
  translationsBySlug,
  type FeedPost,
  type PostSummary,
} from '../../features/blog/blog';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../features/site/languages';

const post = (slug: string, language: Language, date: string): PostSummary => ({ slug, language, date, title: `Title of ${slug}` });

describe('addresses', () => {
  it('puts posts under /blog/ and list pages after the first under /blog/page/n/', () => {
    expect(postPath('stock-control-habits')).toBe('/blog/stock-control-habits/');
    expect(listPath(1)).toBe(BLOG_PATH);
    expect(listPath(0)).toBe(BLOG_PATH);
    expect(listPath(2)).toBe('/blog/page/2/');
    expect(listPath(12)).toBe('/blog/page/12/');
  });
});

describe('newestFirst', () => {
  it('sorts by date, newest first, and posts of one day by slug', () => {
    const sorted = newestFirst([post('b', 'en', '2026-01-02'), post('z', 'en', '2026-03-01'), post('a', 'en', '2026-01-02')]);
    expect(sorted.map((p) => p.slug)).toEqual(['z', 'a', 'b']);
  });

  it('leaves its input alone', () => {
    const posts = [post('a', 'en', '2025-01-01'), post('b', 'en', '2026-01-01')];
    newestFirst(posts);
    expect(posts.map((p) => p.slug)).toEqual(['a', 'b']);
  });
});

describe('listPages', () => {
  it('makes no page for no posts', () => {
    expect(listPages(0)).toEqual([]);
    expect(listPages(-3)).toEqual([]);
  });

  it('makes one page for up to ten posts, with no neighbours', () => {
    for (const count of [1, 9, POSTS_PER_PAGE]) {
      expect(listPages(count)).toEqual([{ page: 1, pageCount: 1, skip: 0, limit: 10, path: '/blog/', newerPath: null, olderPath: null }]);
    }
  });

  it('makes a page per ten posts, linking newer and older pages', () => {
    const pages = listPages(25);
    expect(pages.map((p) => [p.page, p.pageCount, p.skip, p.limit, p.path])).toEqual([
      [1, 3, 0, 10, '/blog/'],
      [2, 3, 10, 10, '/blog/page/2/'],
      [3, 3, 20, 10, '/blog/page/3/'],
    ]);
    expect(pages.map((p) => [p.newerPath, p.olderPath])).toEqual([
      [null, '/blog/page/2/'],
      ['/blog/', '/blog/page/3/'],
      ['/blog/page/2/', null],
    ]);
  });

  it('starts a new page at the eleventh post and takes another page size', () => {
    expect(listPages(11)).toHaveLength(2);
    expect(listPages(20)).toHaveLength(2);
    expect(listPages(21)).toHaveLength(3);
    expect(listPages(5, 2).map((p) => p.skip)).toEqual([0, 2, 4]);
  });
});

describe('neighbours, translations and languages', () => {
  const posts = [
    post('old', 'en', '2026-01-01'),
    post('mid', 'en', '2026-02-01'),
    post('new', 'en', '2026-03-01'),
    post('mid', 'bg', '2026-02-01'),
    post('only-bg', 'bg', '2026-04-01'),
  ];

  it('gives the newer and older post of the same language only', () => {
    expect(neighbours(posts, 'en', 'mid')).toEqual({
      newer: { title: 'Title of new', path: '/blog/new/' },
      older: { title: 'Title of old', path: '/blog/old/' },
    });
    expect(neighbours(posts, 'en', 'new').newer).toBeNull();
    expect(neighbours(posts, 'en', 'old').older).toBeNull();
    expect(neighbours(posts, 'bg', 'mid')).toEqual({ newer: { title: 'Title of only-bg', path: '/blog/only-bg/' }, older: null });
    expect(neighbours(posts, 'en', 'missing')).toEqual({ newer: null, older: null });
  });

  it('gives every post of a language its neighbours at once, a slug twice keeping its first place', () => {
    const around = neighboursBySlug(posts, 'en');
    expect([...around.keys()]).toEqual(['new', 'mid', 'old']);
    for (const slug of ['new', 'mid', 'old']) expect(around.get(slug)).toEqual(neighbours(posts, 'en', slug));
    expect(neighboursBySlug(posts, 'bg').get('only-bg')).toEqual({ newer: null, older: { title: 'Title of mid', path: '/blog/mid/' } });
    const twice = neighboursBySlug([post('a', 'en', '2026-03-01'), post('b', 'en', '2026-02-01'), post('a', 'en', '2026-01-01')], 'en');
    expect(twice.get('a')).toEqual({ newer: null, older: { title: 'Title of b', path: '/blog/b/' } });
    expect(neighboursBySlug([], 'en').size).toBe(0);
  });

  it('pairs every slug with its translations at once, in the site language order', () => {
    expect(translationsBySlug(posts)).toEqual(
      new Map([
        ['old', ['en']],
        ['mid', ['en', 'bg']],
        ['new', ['en']],
        ['only-bg', ['bg']],
      ]),
    );
    expect(translationsBySlug([post('x', 'bg', '2026-01-01'), post('x', 'en', '2026-01-01')]).get('x')).toEqual(['en', 'bg']);
  });

  it('pairs translations by slug, in the site language order', () => {
    expect(translationsOf(posts, 'mid')).toEqual(LANGUAGES.filter((l) => l === 'en' || l === 'bg'));
    expect(translationsOf(posts, 'only-bg')).toEqual(['bg']);
    expect(translationsOf(posts, 'old')).toEqual(['en']);
    expect(translationsOf(posts, 'nothing')).toEqual([]);
  });

  it('names the languages that have posts', () => {
    expect(languagesWithPosts(posts)).toEqual(['en', 'bg']);
    expect(languagesWithPosts([post('a', 'bg', '2026-01-01')])).toEqual(['bg']);
    expect(languagesWithPosts([])).toEqual([]);
  });
});

describe('readingMinutes', () => {
  const words = (count: number, word = 'word') => Array.from({ length: count }, () => word).join(' ');

  it('rounds up at 200 words a minute, and is at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
    expect(readingMinutes(words(300), 100)).toBe(3);
  });

  it('counts words in any script and hyphenated words once', () => {
    expect(readingMinutes(words(201, 'дума'))).toBe(2);
    expect(readingMinutes(words(201, 'point-of-sale'))).toBe(2);
    expect(readingMinutes(`${words(100, "don't")} ${words(101, 'x')}`)).toBe(2);
  });

  it('leaves out diagram source, display math, link targets and heading ids', () => {
    const body = [
      words(150),
      '```mermaid',
      words(500, 'node'),
      '```',
      '$$',
      words(500, 'x'),
      '$$',
      '[a link](https://example.com/a/very/long/path/with/many/words/in/it)',
      '## Heading {#a-very-long-heading-id-with-many-parts}',
    ].join('\n');
    expect(readingMinutes(body)).toBe(1);
  });

  it('counts ordinary code blocks, which readers read', () => {
    expect(readingMinutes(['```csv', words(250, 'sku'), '```'].join('\n'))).toBe(2);
  });
});

describe('formatPostDate', () => {
  it('writes the date as each language does, whatever the time zone', () => {
    expect(formatPostDate('2026-09-15', 'en')).toBe('September 15, 2026');
    expect(formatPostDate('2026-09-15', 'bg')).toBe('15 септември 2026 г.');
    expect(formatPostDate('2026-01-01', 'en')).toBe('January 1, 2026');
  });
});

describe('feeds', () => {
  it('puts the default language at /rss.xml and the others under their prefix', () => {
    expect(feedPath(DEFAULT_LANGUAGE)).toBe('/rss.xml');
    expect(feedPath('bg')).toBe('/bg/rss.xml');
  });

  it("links each language's feed from that language's pages only", () => {
    const matches = (language: Language, path: string) => new RegExp(feedPageMatch(language)).test(path);
    expect(matches('en', '/')).toBe(true);
    expect(matches('en', '/blog/a/')).toBe(true);
    expect(matches('en', '/en/pricing/')).toBe(true);
    expect(matches('en', '/bg/')).toBe(false);
    expect(matches('en', '/bg/blog/')).toBe(false);
    expect(matches('en', '/bgx/')).toBe(true);
    expect(matches('bg', '/bg/')).toBe(true);
    expect(matches('bg', '/bg/blog/a/')).toBe(true);
    expect(matches('bg', '/')).toBe(false);
    expect(matches('bg', '/blog/')).toBe(false);
    // Every page links exactly one feed.
    for (const path of ['/', '/docs/', '/en/blog/', '/bg/', '/bg/contact/']) {
      expect(LANGUAGES.filter((language) => matches(language, path))).toHaveLength(1);
    }
  });

  const feedPost = (slug: string, language: Language, date: string, extra: Partial<FeedPost> = {}): FeedPost => ({
    ...post(slug, language, date),
    description: `About ${slug}`,
    tags: ['payments'],
    author: null,
    ...extra,
  });

  it("gives a language's posts, newest first, with absolute links and dates at midnight UTC", () => {
    const items = feedItems(
      [feedPost('a', 'en', '2026-01-05'), feedPost('b', 'bg', '2026-02-01'), feedPost('c', 'en', '2026-03-10', { author: 'Ana', tags: ['x', 'y'] })],
      'en',
      'https://www.example.com/',
    );
    expect(items.map((item) => item.url)).toEqual(['https://www.example.com/blog/c/', 'https://www.example.com/blog/a/']);
    expect(items[0]).toEqual({
      title: 'Title of c',
      description: 'About c',
      url: 'https://www.example.com/blog/c/',
      date: new Date('2026-03-10T00:00:00Z'),
      categories: ['x', 'y'],
      author: 'Ana',
    });
    expect(items[1]).not.toHaveProperty('author');
    expect(items[1].date.toUTCString()).toBe('Mon, 05 Jan 2026 00:00:00 GMT');
  });

  it('escapes the text for readers that render it as HTML: the description fully, the rest its angle brackets', () => {
    const [item] = feedItems(
      [
        feedPost('x', 'en', '2026-01-05', {
          title: 'Tom & Jerry </title><img src=x onerror=alert(1)>',
          description: `A & B <script>alert("x")</script> &lt;b&gt;`,
          tags: ['<b>bold</b>', 'R&D'],
          author: '<a href="javascript:alert(1)">Eve</a>',
        }),
      ],
      'en',
      'https://www.example.com',
    );
    expect(item.title).toBe('Tom & Jerry &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(item.description).toBe('A &amp; B &lt;script&gt;alert("x")&lt;/script&gt; &amp;lt;b&amp;gt;');
    expect(item.categories).toEqual(['&lt;b&gt;bold&lt;/b&gt;', 'R&D']);
    expect(item.author).toBe('&lt;a href="javascript:alert(1)"&gt;Eve&lt;/a&gt;');
  });

  it('holds the newest FEED_POSTS posts of a thousand, so every poll of a grown site stays small', () => {
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const posts = Array.from({ length: 1000 }, (_, n) => feedPost(`post-${n}`, 'en', day(n)));
    const items = feedItems(posts, 'en', 'https://www.example.com');
    expect(FEED_POSTS).toBe(50);
    expect(items).toHaveLength(FEED_POSTS);
    expect(items[0].url).toBe('https://www.example.com/blog/post-999/');
    expect(items.at(-1)?.url).toBe('https://www.example.com/blog/post-950/');
  });

  it('links other languages under their prefix and gives an empty feed for a language without posts', () => {
    const posts = [feedPost('b', 'bg', '2026-02-01')];
    expect(feedItems(posts, 'bg', 'https://www.example.com').map((item) => item.url)).toEqual(['https://www.example.com/bg/blog/b/']);
    expect(feedItems(posts, 'en', 'https://www.example.com')).toEqual([]);
  });
});

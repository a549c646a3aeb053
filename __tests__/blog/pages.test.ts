import type { Node } from 'gatsby';
import { BLOG_HOME_TEMPLATE, BLOG_LIST_TEMPLATE, BLOG_POST_TEMPLATE, plannedBlogPages, postCovers, publishedPosts } from '../../features/blog/pages.node';
import type { ListContext, PostContext, PostSummary } from '../../features/blog/blog';
import { pictureImage, type ProcessedImage } from '../../features/images/picture';
import type { ImageMap } from '../../features/images/imageMap.node.js';
import type { Language } from '../../features/site/languages';

const post = (slug: string, language: Language, date: string): PostSummary => ({ slug, language, date, title: slug.toUpperCase() });

const node = (fields: Record<string, unknown>, frontmatter: Record<string, unknown>): Node =>
  ({ id: String(Math.random()), fields, frontmatter, internal: { type: 'MarkdownRemark', contentDigest: '', owner: '' }, children: [], parent: null }) as unknown as Node;

describe('publishedPosts', () => {
  it('takes the published blog posts, newest first, with their day whatever the parser gave', () => {
    const posts = publishedPosts([
      node({ section: 'blog', language: 'en', name: 'a', published: true }, { title: 'A', date: '2026-01-02T00:00:00.000Z' }),
      node({ section: 'blog', language: 'bg', name: 'b', published: true }, { title: 'B', date: new Date('2026-03-04T00:00:00Z') }),
      node({ section: 'blog', language: 'en', name: 'draft', published: false }, { title: 'D', date: '2026-05-05' }),
      node({ section: 'home', language: 'en', name: 'hero', published: true }, { title: 'H' }),
      node({ section: 'blog', language: 'xx', name: 'c', published: true }, { title: 'C', date: '2026-01-01' }),
    ]);
    expect(posts).toEqual([
      { slug: 'b', language: 'bg', title: 'B', date: '2026-03-04' },
      { slug: 'a', language: 'en', title: 'A', date: '2026-01-02' },
    ]);
  });
});

describe('plannedBlogPages', () => {
  const posts = [post('both', 'en', '2026-02-01'), post('both', 'bg', '2026-02-01'), post('en-only', 'en', '2026-03-01'), post('bg-only', 'bg', '2026-01-01')];

  it('makes each post at its address in its language, the default language also under its prefix', () => {
    const pages = plannedBlogPages(posts).filter((page) => page.component === BLOG_POST_TEMPLATE);
    expect(pages.map((page) => page.path).sort()).toEqual(['/blog/both/', '/en/blog/both/', '/bg/blog/both/', '/blog/en-only/', '/en/blog/en-only/', '/bg/blog/bg-only/'].sort());
  });

  it("makes each language's /blog/ its list when it has posts, and the home page when it has none", () => {
    const lists = plannedBlogPages([post('a', 'en', '2026-01-01')]).filter((page) => page.context.i18n.originalPath === '/blog/');
    expect(lists.map(({ path, component }) => [path, component])).toEqual([
      ['/blog/', BLOG_LIST_TEMPLATE],
      ['/en/blog/', BLOG_LIST_TEMPLATE],
      ['/bg/blog/', BLOG_HOME_TEMPLATE],
    ]);
    expect(lists[0].context).toEqual({
      language: 'en',
      i18n: { language: 'en', languages: ['en'], defaultLanguage: 'en', generateDefaultLanguagePage: true, routed: false, originalPath: '/blog/', path: '/blog/' },
      page: 1,
      pageCount: 1,
      skip: 0,
      limit: 10,
      newerPath: null,
      olderPath: null,
    });
    // The home page is written in every language, so its alternates name them all, as the i18n plugin's pages do.
    expect(lists[2].context).toEqual({
      language: 'bg',
      i18n: { language: 'bg', languages: ['en', 'bg'], defaultLanguage: 'en', generateDefaultLanguagePage: true, routed: true, originalPath: '/blog/', path: '/bg/blog/' },
    });
  });

  it('gives each post the i18n context the plugin would, with only the languages it is written in', () => {
    const byPath = new Map(plannedBlogPages(posts).map((page) => [page.path, page.context]));
    expect(byPath.get('/blog/en-only/')).toEqual({
      language: 'en',
      i18n: { language: 'en', languages: ['en'], defaultLanguage: 'en', generateDefaultLanguagePage: true, routed: false, originalPath: '/blog/en-only/', path: '/blog/en-only/' },
      slug: 'en-only',
      newer: null,
      older: { title: 'BOTH', path: '/blog/both/' },
      shareImage: null,
    });
    expect(byPath.get('/en/blog/en-only/')?.i18n).toMatchObject({ routed: true, path: '/en/blog/en-only/' });
    expect(byPath.get('/bg/blog/both/')?.i18n.languages).toEqual(['en', 'bg']);
    expect(byPath.get('/bg/blog/bg-only/')).toMatchObject({ slug: 'bg-only', newer: { title: 'BOTH', path: '/blog/both/' }, older: null });
    expect(byPath.get('/bg/blog/bg-only/')?.i18n.languages).toEqual(['bg']);
  });

  it('gives each post and language its own share card, the same on the default language’s two copies', () => {
    const cards = new Map([
      ['en/both', '/static/share/0123456789abcdef0123.png'],
      ['bg/both', '/static/share/fedcba9876543210fedc.png'],
    ]);
    const byPath = new Map(plannedBlogPages(posts, cards).map((page) => [page.path, page.context]));
    expect(byPath.get('/blog/both/')?.shareImage).toBe('/static/share/0123456789abcdef0123.png');
    expect(byPath.get('/en/blog/both/')?.shareImage).toBe('/static/share/0123456789abcdef0123.png');
    expect(byPath.get('/bg/blog/both/')?.shareImage).toBe('/static/share/fedcba9876543210fedc.png');
    expect(byPath.get('/bg/blog/bg-only/')?.shareImage).toBeNull();
  });

  it('makes a list page for every ten posts, with the languages that have that page', () => {
    const many = [
      ...Array.from({ length: 23 }, (_, i) => post(`en-${String(i).padStart(2, '0')}`, 'en', `2026-01-${String(i + 1).padStart(2, '0')}`)),
      ...Array.from({ length: 12 }, (_, i) => post(`bg-${i}`, 'bg', '2026-02-01')),
    ];
    const lists = plannedBlogPages(many).filter((page) => page.component === BLOG_LIST_TEMPLATE);
    expect(lists.map((page) => page.path)).toEqual([
      '/blog/',
      '/en/blog/',
      '/blog/page/2/',
      '/en/blog/page/2/',
      '/blog/page/3/',
      '/en/blog/page/3/',
      '/bg/blog/',
      '/bg/blog/page/2/',
    ]);
    const byPath = new Map(lists.map((page) => [page.path, page.context]));
    expect(byPath.get('/blog/page/2/')).toMatchObject({ page: 2, pageCount: 3, skip: 10, limit: 10, newerPath: '/blog/', olderPath: '/blog/page/3/' });
    expect(byPath.get('/blog/page/2/')?.i18n.languages).toEqual(['en', 'bg']);
    expect(byPath.get('/blog/page/3/')?.i18n.languages).toEqual(['en']);
    expect(byPath.get('/bg/blog/page/2/')).toMatchObject({ page: 2, pageCount: 2, olderPath: null });
  });

  // Each post used to sort all posts of its language for its neighbours,
  // so planning grew as N² log N (12 s at 7,000 posts).
  const site = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      post(`post-${i}`, i % 3 === 0 ? 'bg' : 'en', `20${String(10 + (i % 17)).padStart(2, '0')}-01-${String(1 + (i % 28)).padStart(2, '0')}`),
    );

  it("keeps a post page's context the same size whatever the number of posts", () => {
    const contextOf = (count: number) => plannedBlogPages(site(count)).find((page) => page.path === '/blog/post-1/')?.context;
    const [small, large] = [contextOf(300), contextOf(30_000)];
    expect(Object.keys(large ?? {})).toEqual(['language', 'i18n', 'slug', 'newer', 'older', 'shareImage']);
    expect(Object.keys(small ?? {})).toEqual(Object.keys(large ?? {}));
    for (const context of [small, large]) expect(context).toMatchObject({ newer: { path: expect.any(String) }, older: { path: expect.any(String) } });
    // Only the neighbours' slugs (post-12 against post-12345) may differ in length.
    expect(JSON.stringify(large).length).toBeLessThanOrEqual(JSON.stringify(small).length + 20);
  });

  /**
   * `posts` whose fields count their reads, failing past `budget`: planning
   * that searched or sorted a language's posts again for each post reads them
   * thousands of times over, and stops here at once instead of running for
   * minutes. Counted, not timed, so the machine's speed decides nothing.
   */
  function counted(posts: PostSummary[], budget: number): { posts: PostSummary[]; reads: () => number } {
    let reads = 0;
    const read = <T>(value: T): T => {
      reads += 1;
      if (reads > budget) throw new Error(`planning read the posts' fields more than ${budget} times`);
      return value;
    };
    const watched = posts.map((post) => {
      const fields = {} as PostSummary;
      for (const key of Object.keys(post) as (keyof PostSummary)[]) Object.defineProperty(fields, key, { enumerable: true, get: () => read(post[key]) });
      return fields;
    });
    return { posts: watched, reads: () => reads };
  }

  it('plans 30,000 posts reading each a sort’s worth of times, not once more for every other post', () => {
    const count = 30_000;
    // A sort reads each post about 2·log2(N) times; planning reads 9·N·log2(N) fields in all today (4.0 million), a sort per post N times that.
    const budget = Math.round(16 * count * Math.log2(count));
    const { posts, reads } = counted(site(count), budget);
    const pages = plannedBlogPages(posts);
    expect(reads()).toBeLessThanOrEqual(budget);
    expect(pages.filter((page) => page.component === BLOG_POST_TEMPLATE)).toHaveLength(30_000 + 20_000);
    expect(pages.find((page) => page.path === '/blog/post-1/')?.context).toMatchObject({ slug: 'post-1' });
  });

  it('makes only the home page at /blog/ without posts', () => {
    const pages = plannedBlogPages([]);
    expect(pages.map((page) => page.path)).toEqual(['/blog/', '/en/blog/', '/bg/blog/']);
    expect(pages.every((page) => page.component === BLOG_HOME_TEMPLATE)).toBe(true);
  });
});

describe('covers', () => {
  /** What the image step made of an upload (features/images/pipeline.node.ts), as the image map holds it. */
  const processed = (key: string, share: boolean): ProcessedImage => ({
    key,
    source: `content/media/${key}.jpg`,
    width: 720,
    height: 540,
    color: '#b80808',
    animated: false,
    fallback: 'jpeg',
    files: (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
      [360, 720].map((width) => ({ format, width, height: (width * 3) / 4, path: `/static/images/${key}-${width}.${format === 'jpeg' ? 'jpg' : format}`, bytes: 1234 })),
    ),
    ...(share ? { share: { format: 'jpeg' as const, width: 1200, height: 630, path: `/static/images/${key}-share.jpg`, bytes: 5678 } } : {}),
  });
  const MAP: ImageMap = { 'content/media/shelf.jpg': processed('shelf', true), 'content/media/plain.jpg': processed('plain', false) };
  const blogNode = (language: string, name: string, image?: unknown, published = true) =>
    node({ section: 'blog', language, name, published }, { title: name, date: '2026-01-01', ...(image === undefined ? {} : { image }) });

  it('postCovers: each published post’s cover, by language and slug, from the image map', () => {
    const covers = postCovers(
      [
        blogNode('en', 'habits', '/media/shelf.jpg'),
        blogNode('bg', 'habits', '/media/shelf.jpg'),
        blogNode('en', 'no-cover'),
        blogNode('en', 'draft', '/media/shelf.jpg', false),
        blogNode('en', 'not-made', '/media/missing.jpg'),
        blogNode('en', 'elsewhere', 'https://evil.example/shelf.jpg'),
        node({ section: 'docs', language: 'en', name: 'readme', published: true }, { image: '/media/shelf.jpg' }),
      ],
      MAP,
    );
    expect([...covers.keys()]).toEqual(['en/habits', 'bg/habits']);
    expect(covers.get('en/habits')).toBe(MAP['content/media/shelf.jpg']);
  });

  const posts = [post('habits', 'en', '2026-02-01'), post('habits', 'bg', '2026-02-01'), post('plain', 'en', '2026-01-01')];
  const covers = new Map([
    ['en/habits', MAP['content/media/shelf.jpg']],
    ['bg/habits', MAP['content/media/shelf.jpg']],
  ]);

  it('gives a post with a cover what its picture needs and its crop, and leaves the card to the others', () => {
    const cards = new Map([['en/plain', '/static/share/0123456789abcdef0123.png']]);
    const byPath = new Map(plannedBlogPages(posts, cards, covers).map((page) => [page.path, page.context as unknown as PostContext]));
    for (const path of ['/blog/habits/', '/en/blog/habits/', '/bg/blog/habits/']) {
      expect(byPath.get(path)?.cover).toEqual({
        image: {
          source: 'content/media/shelf.jpg',
          color: '#b80808',
          fallback: 'jpeg',
          files: MAP['content/media/shelf.jpg'].files.map(({ format, width, height, path: file }) => ({ format, width, height, path: file })),
        },
        share: { path: '/static/images/shelf-share.jpg', type: 'image/jpeg' },
      });
      expect(byPath.get(path)?.shareImage).toBeNull();
    }
    // Without a cover: no cover key at all, and its card.
    expect(Object.keys(byPath.get('/blog/plain/') ?? {})).toEqual(['language', 'i18n', 'slug', 'newer', 'older', 'shareImage']);
    expect(byPath.get('/blog/plain/')?.shareImage).toBe('/static/share/0123456789abcdef0123.png');
  });

  it('keeps the page data small: only what the picture needs, nothing the build alone reads', () => {
    const [page] = plannedBlogPages(posts, new Map(), covers).filter((planned) => planned.path === '/blog/habits/');
    const cover = (page.context as unknown as PostContext).cover;
    expect(Object.keys(cover ?? {})).toEqual(['image', 'share']);
    expect(Object.keys(cover?.image ?? {})).toEqual(['source', 'color', 'fallback', 'files']);
    expect(new Set(cover?.image.files.flatMap((file) => Object.keys(file)))).toEqual(new Set(['format', 'width', 'height', 'path']));
    const text = JSON.stringify(page.context);
    expect(text.length).toBeLessThan(JSON.stringify(plannedBlogPages(posts).find((planned) => planned.path === '/blog/habits/')?.context).length + 1200);
  });

  it('gives a cover without a crop no share image of its own, so the page names the site-wide one', () => {
    const byPath = new Map(
      plannedBlogPages(posts, new Map(), new Map([['en/habits', MAP['content/media/plain.jpg']]])).map((page) => [page.path, page.context as unknown as PostContext]),
    );
    expect(byPath.get('/blog/habits/')?.cover?.share).toBeNull();
  });

  it('gives each list page the thumbnails of its own posts, by slug, and none to a page whose posts have no cover', () => {
    const many = [
      ...Array.from({ length: 12 }, (_, i) => post(`post-${String(i).padStart(2, '0')}`, 'en', `2026-01-${String(i + 1).padStart(2, '0')}`)),
      post('lonely', 'bg', '2026-01-01'),
    ];
    // Newest first: post-11 leads page 1, post-01 and post-00 are page 2.
    const withCovers = new Map([
      ['en/post-11', MAP['content/media/shelf.jpg']],
      ['en/post-00', MAP['content/media/shelf.jpg']],
    ]);
    const listOf = (path: string) => plannedBlogPages(many, new Map(), withCovers).find((page) => page.path === path)?.context as unknown as ListContext;
    expect(Object.keys(listOf('/blog/').covers ?? {})).toEqual(['post-11']);
    expect(listOf('/blog/').covers?.['post-11']).toEqual(pictureImage(MAP['content/media/shelf.jpg']));
    expect(Object.keys(listOf('/blog/page/2/').covers ?? {})).toEqual(['post-00']);
    expect(listOf('/bg/blog/')).not.toHaveProperty('covers');
  });
});

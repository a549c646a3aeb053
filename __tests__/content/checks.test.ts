import { readdirSync } from 'node:fs';
import path from 'node:path';
import { findDuplicateNames, findMissingTranslations, isSlug, frontmatterScalar, isCalendarDate, parseContentPath, validateFrontmatter, type ContentFile } from '../../features/content/checks';
import { remoteReadmeUrls } from '../../features/site/settings.node';
import { CONTENT_SECTIONS, type ContentSection } from '../../features/content/contentSchema';
import { LANGUAGES, type Language } from '../../features/site/languages';

describe('parseContentPath', () => {
  it('reads section, language and name', () => {
    expect(parseContentPath('banners/bg/01-sale-orders.md')).toEqual({ section: 'banners', language: 'bg', name: '01-sale-orders' });
  });
  it('names the file when the language folder is unknown', () => {
    expect(parseContentPath('home/fr/01.md')).toEqual({
      error: `content/home/fr/01.md: unknown language folder "fr" (expected ${LANGUAGES.join(', ')})`,
    });
  });
  it('names the file when the section is unknown', () => {
    expect(parseContentPath('news/en/post.md')).toMatchObject({ error: expect.stringContaining('content/news/en/post.md: unknown section "news"') });
  });
  it('takes any blog post whose file name is a slug, .md or .markdown', () => {
    expect(parseContentPath('blog/en/stock-control-habits.md')).toEqual({ section: 'blog', language: 'en', name: 'stock-control-habits' });
    expect(parseContentPath('blog/bg/2026-review.markdown')).toEqual({ section: 'blog', language: 'bg', name: '2026-review' });
  });
  it.each(['Stock.md', 'two--hyphens.md', '-lead.md', 'trail-.md', 'with space.md', 'dot.ted.md', 'кирилица.md'])(
    'refuses the blog post file name %s, saying what a slug is',
    (name) => {
      expect(parseContentPath(`blog/en/${name}`)).toEqual({ error: expect.stringContaining(`content/blog/en/${name}: the file name is the page's address`) });
    },
  );
  it("refuses a post named after one of the site's own names, in any case, naming the file, its address and what the name is", () => {
    expect(parseContentPath('blog/en/page.md')).toEqual({
      error:
        'content/blog/en/page.md: the file name is the page\'s address (/blog/page/), and "page" is a name the site uses itself: the folder of the blog\'s later list pages (/blog/page/2/). Rename the file (e.g. page-guide.md).',
    });
    expect(parseContentPath('blog/bg/Search.markdown')).toEqual({
      error:
        'content/blog/bg/Search.markdown: the file name is the page\'s address (/blog/Search/), and "Search" is a name the site uses itself: the search page (/search/), whose policy a host may give to any address ending in /search/. Rename the file (e.g. search-guide.md).',
    });
    for (const name of ['rss.xml', 'index', '404', '404.html', 'admin', 'static', 'page-data', '_gatsby', '~partytown', 'pagefind', 'bg', 'en', 'docs', 'sitemap'])
      expect(parseContentPath(`blog/en/${name}.md`)).toEqual({
        error: expect.stringContaining(`content/blog/en/${name}.md: the file name is the page's address (/blog/${name}/), and "${name}" is a name the site uses itself: `),
      });
    // Only where names are addresses: a banner may be called anything the section allows.
    expect(parseContentPath('banners/en/page.md')).toEqual({ section: 'banners', language: 'en', name: 'page' });
  });
  it('takes every file of the real content/', () => {
    const files = LANGUAGES.flatMap((language) =>
      (Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap((section) =>
        readdirSync(path.join(__dirname, '..', '..', 'content', section, language)).map((name) => `${section}/${language}/${name}`),
      ),
    );
    expect(files).toContain('blog/bg/godishna-inventarizatsiya.md');
    for (const file of files) expect([file, parseContentPath(file)]).toEqual([file, expect.not.objectContaining({ error: expect.anything() })]);
  });
  it('names the files a section holds when a file is not one of them', () => {
    expect(parseContentPath('privacy/en/cookies.md')).toEqual({ error: 'content/privacy/en/cookies.md: content/privacy/<language>/ holds only policy.md' });
    expect(parseContentPath('home/en/04-reports.md')).toEqual({ error: 'content/home/en/04-reports.md: content/home/<language>/ holds only hero.md, topics.md, closing.md' });
    expect(parseContentPath('banners/en/04-reports.md')).toEqual({ section: 'banners', language: 'en', name: '04-reports' });
    expect(parseContentPath('home/en/hero.md')).toEqual({ section: 'home', language: 'en', name: 'hero' });
  });
  it('names the file when it is not in a language folder', () => {
    expect(parseContentPath('home/intro.md')).toEqual({
      error: 'content/home/intro.md: content files live at content/<section>/<language>/<name>.md',
    });
  });
});

describe('validateFrontmatter (banners)', () => {
  const file = 'content/banners/en/01-sale-orders.md';
  const valid = { order: 1, title: 'Sale orders', illustration: 'sale-order' };

  it('accepts a complete section', () => {
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', valid)).toEqual([]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaLabel: 'Get Started', ctaTarget: 'app' })).toEqual([]);
  });

  it('names the file and every missing field', () => {
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', {})).toEqual([
      `${file}: frontmatter field "order" is missing; it must be a whole number from 1 to 2147483647`,
      `${file}: frontmatter field "title" is missing; it must be a string`,
      `${file}: frontmatter field "illustration" is missing; it must be one of "sale-order", "features", "payments"`,
    ]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', null)).toHaveLength(3);
  });

  it('names a wrongly typed field and shows the value', () => {
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: 'first' })).toEqual([
      `${file}: frontmatter field "order" must be a whole number from 1 to 2147483647, got "first"`,
    ]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, title: 3 })).toEqual([`${file}: frontmatter field "title" must be a string, got 3`]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, illustration: 'photo' })).toEqual([
      `${file}: frontmatter field "illustration" must be one of "sale-order", "features", "payments", got "photo"`,
    ]);
  });

  it('requires a link target once a call to action has a label', () => {
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaLabel: 'Go' })).toEqual([
      `${file}: frontmatter field "ctaTarget" is missing; it must be one of "app", "docs", "pricing", "contact" when "ctaLabel" is set`,
    ]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaLabel: 'Go', ctaTarget: 'blog' })).toHaveLength(1);
  });

  it('requires a label once a call to action has a target', () => {
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaTarget: 'app' })).toEqual([
      `${file}: frontmatter field "ctaLabel" is missing; it must be a string when "ctaTarget" is set`,
    ]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaLabel: '', ctaTarget: 'app' })).toHaveLength(1);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, ctaLabel: '', ctaTarget: '' })).toEqual([]);
  });

  it('wants order to be a whole number from 1 to the largest GraphQL Int', () => {
    const message = (got: string) => `${file}: frontmatter field "order" must be a whole number from 1 to 2147483647, got ${got}`;
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: 1.5 })).toEqual([message('1.5')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: '2' })).toEqual([message('"2"')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: -0 })).toEqual([message('-0')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: 0 })).toEqual([message('0')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: -1 })).toEqual([message('-1')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: 2 ** 31 })).toEqual([message('2147483648')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: Number.NaN })).toEqual([message('NaN')]);
    expect(validateFrontmatter(file, 'banners', '01-sale-orders', { ...valid, order: 2 ** 31 - 1 })).toEqual([]);
  });
});

describe('validateFrontmatter (home: hero, topics, closing)', () => {
  const topics = 'content/home/bg/topics.md';
  const valid = {
    heading: 'Всичко',
    lead: 'Едно приложение',
    items: [
      { label: 'Склад', icon: 'box', onShareImage: true },
      { label: 'Фактури', icon: 'invoice' },
    ],
  };

  it('checks every field of every list item, naming it by its place from 1', () => {
    expect(validateFrontmatter(topics, 'home', 'topics', valid)).toEqual([]);
    expect(validateFrontmatter(topics, 'home', 'topics', { ...valid, items: [{ label: 'Склад', icon: 'boxes' }, { icon: 'box', onShareImage: 'yes' }, 'Фактури'] })).toEqual([
      expect.stringMatching(/^content\/home\/bg\/topics\.md: frontmatter field "items\[1\]\.icon" must be one of "menu", "close", .*"box".*, got "boxes"$/),
      `${topics}: frontmatter field "items[2].label" is missing; it must be a string`,
      `${topics}: frontmatter field "items[2].onShareImage" must be true or false, got "yes"`,
      `${topics}: frontmatter field "items[3]" must be an item with label, icon, onShareImage, got "Фактури"`,
    ]);
  });

  it('holds every string of every list item to plain text', () => {
    const topics = {
      heading: 'What it covers',
      lead: 'All of it',
      items: [
        { label: 'Stock', icon: 'box' },
        { label: '<b onmouseover=x>Sales</b>', icon: 'box' },
      ],
    };
    expect(validateFrontmatter('content/home/en/topics.md', 'home', 'topics', topics)).toEqual([
      expect.stringMatching(/^content\/home\/en\/topics\.md: frontmatter field "items\[2\]\.label" must be plain text, but it contains "<b", which would begin an HTML tag; /),
    ]);
  });

  it('wants a list of at least one item', () => {
    const message = (got: string) => `${topics}: frontmatter field "items" must be a list of one or more items, got ${got}`;
    expect(validateFrontmatter(topics, 'home', 'topics', { ...valid, items: [] })).toEqual([message('[]')]);
    expect(validateFrontmatter(topics, 'home', 'topics', { ...valid, items: 'Склад' })).toEqual([message('"Склад"')]);
    expect(validateFrontmatter(topics, 'home', 'topics', { heading: 'Всичко', lead: 'Едно' })).toEqual([
      `${topics}: frontmatter field "items" is missing; it must be a list of one or more items`,
    ]);
  });

  it('holds the hero and the closing band to their own fields', () => {
    expect(validateFrontmatter('content/home/en/closing.md', 'home', 'closing', { heading: 'Ready', lead: 'Set up' })).toEqual([
      'content/home/en/closing.md: frontmatter field "pricingLabel" is missing; it must be a string',
    ]);
    expect(validateFrontmatter('content/home/en/hero.md', 'home', 'hero', { title: 'T' })).toHaveLength(8);
  });

  it('refuses a file its section does not take', () => {
    expect(validateFrontmatter('content/docs/en/faq.md', 'docs', 'faq', {})).toEqual(['content/docs/en/faq.md: content/docs/ takes no file named "faq.md"']);
  });
});

describe('validateFrontmatter (privacy and docs)', () => {
  const file = 'content/privacy/bg/policy.md';
  const valid = { title: 'Политика', description: 'Как пазим данните', lastUpdated: new Date('2025-05-30') };

  it('accepts a date from YAML or as text', () => {
    expect(validateFrontmatter(file, 'privacy', 'policy', valid)).toEqual([]);
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: '2025-05-30' })).toEqual([]);
  });

  it('names the file and the wrongly typed date', () => {
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: 'May 30th' })).toEqual([
      `${file}: frontmatter field "lastUpdated" must be a date (YYYY-MM-DD), got "May 30th"`,
    ]);
    expect(validateFrontmatter(file, 'privacy', 'policy', { title: 'x' })).toEqual([
      `${file}: frontmatter field "description" is missing; it must be a string`,
      `${file}: frontmatter field "lastUpdated" is missing; it must be a date (YYYY-MM-DD)`,
    ]);
  });

  it('refuses a date that is not on the calendar', () => {
    const message = (got: string) => `${file}: frontmatter field "lastUpdated" must be a date (YYYY-MM-DD), got ${got}, a day the calendar does not have`;
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: '2025-02-30' })).toEqual([message('"2025-02-30"')]);
    // YAML has already turned an unquoted 2025-02-30 into 2 March: the file's text tells.
    const source = '---\ntitle: Политика\ndescription: Данни\nlastUpdated: 2025-02-30\n---\n\nText\n';
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: '2025-03-02T00:00:00.000Z' }, source)).toEqual([message('"2025-02-30"')]);
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: '2024-02-29T00:00:00.000Z' }, source.replace('2025-02-30', '2024-02-29'))).toEqual([]);
    expect(validateFrontmatter(file, 'privacy', 'policy', { ...valid, lastUpdated: '2025-05-30T10:00:00.000Z' })).toHaveLength(1);
  });

  it('lets the documentation README go without frontmatter (a fetched README has none)', () => {
    expect(validateFrontmatter('content/docs/en/readme.md', 'docs', 'readme', {})).toEqual([]);
    expect(validateFrontmatter('content/docs/en/readme.md', 'docs', 'readme', { title: 7 })).toEqual([
      'content/docs/en/readme.md: frontmatter field "title" must be a string, got 7',
    ]);
  });
});

describe('remoteReadmeUrls', () => {
  it('reads the configured languages only', () => {
    expect(remoteReadmeUrls({})).toEqual({});
    expect(remoteReadmeUrls({ DOCS_README_URL_BG: ' https://raw.example.com/README.bg.md ' })).toEqual({
      bg: 'https://raw.example.com/README.bg.md',
    });
  });
  it('names the variable when the URL is not absolute', () => {
    expect(() => remoteReadmeUrls({ DOCS_README_URL_EN: 'README.md' })).toThrow('DOCS_README_URL_EN must be an absolute https URL, got "README.md"');
  });
  it('accepts https only', () => {
    expect(() => remoteReadmeUrls({ DOCS_README_URL_BG: 'http://raw.example.com/README.md' })).toThrow(
      'DOCS_README_URL_BG must be an absolute https URL, got "http://raw.example.com/README.md"',
    );
    expect(() => remoteReadmeUrls({ DOCS_README_URL_EN: 'ftp://raw.example.com/README.md' })).toThrow('must be an absolute https URL');
    expect(() => remoteReadmeUrls({ DOCS_README_URL_EN: 'https:///README.md' })).toThrow('must be an absolute https URL');
    expect(remoteReadmeUrls({ DOCS_README_URL_EN: 'HTTPS://raw.example.com/README.md' })).toEqual({ en: 'HTTPS://raw.example.com/README.md' });
  });
});

describe('isCalendarDate', () => {
  it('knows month lengths and leap years', () => {
    expect(['2024-02-29', '2000-02-29', '2025-01-31', '2025-12-31', '0001-01-01'].filter(isCalendarDate)).toHaveLength(5);
    expect(['2025-02-30', '2025-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-1-1', '2025-01-01T00:00'].some(isCalendarDate)).toBe(false);
  });
});

describe('frontmatterScalar', () => {
  const source = '---\ntitle: "A: b"\nlastUpdated: 2025-02-30 # checked\nquoted: \'2024-02-29\'\nnested:\n  lastUpdated: 2020-01-01\n---\nlastUpdated: 1999-01-01\n';
  it('reads a value as written in the frontmatter, and nothing else', () => {
    expect(frontmatterScalar(source, 'lastUpdated')).toBe('2025-02-30');
    expect(frontmatterScalar(source, 'quoted')).toBe('2024-02-29');
    expect(frontmatterScalar(source, 'title')).toBe('A: b');
    expect(frontmatterScalar(source, 'nested')).toBeUndefined();
    expect(frontmatterScalar('lastUpdated: 2025-01-01\n', 'lastUpdated')).toBeUndefined();
    expect(frontmatterScalar('---\r\nlastUpdated: 2025-01-01\r\n---\r\n', 'lastUpdated')).toBe('2025-01-01');
  });
});

describe('findMissingTranslations', () => {
  const file = (language: Language, name: string, section: ContentFile['section'] = 'home'): ContentFile => ({
    path: `content/${section}/${language}/${name}.md`,
    section,
    language,
    name,
  });
  // Every file a section names, in every language.
  const required = (Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap((section) =>
    Object.keys(CONTENT_SECTIONS[section].files).flatMap((name) => LANGUAGES.map((language) => file(language, name, section))),
  );
  /** A banner in every language. */
  const everywhere = (name: string) => LANGUAGES.map((language) => file(language, name));

  it('passes when every language has the same files', () => {
    expect(findMissingTranslations([...required, ...everywhere('a'), ...everywhere('b')])).toEqual([]);
  });

  it('names the file a language lacks', () => {
    expect(findMissingTranslations([...required, ...everywhere('a'), ...everywhere('b').filter((f) => f.language !== 'bg')])).toEqual([
      'content/home/bg/b.md: file is missing (every language needs "b.md")',
    ]);
  });

  it('names a required file that no language has', () => {
    expect(findMissingTranslations([...everywhere('a'), ...required.filter((f) => !(f.section === 'docs' && f.language === 'en'))])).toEqual([
      'content/docs/en/readme.md: file is missing (every language needs "readme.md")',
    ]);
  });

  it('names every file a section needs when there are none', () => {
    expect(findMissingTranslations([]).sort()).toEqual(required.map((f) => `${f.path}: file is missing (every language needs "${f.name}.md")`).sort());
  });
});

describe('blog posts', () => {
  const file = 'content/blog/en/a-post.md';
  const valid = { title: 'A post', description: 'What it says', date: '2026-09-15' };

  it('need a title, a description and a real date; the rest is optional', () => {
    expect(validateFrontmatter(file, 'blog', 'a-post', valid)).toEqual([]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, updated: '2026-10-02', author: 'Ana', tags: ['payments', 'Lightning'], draft: true })).toEqual([]);
    expect(validateFrontmatter(file, 'blog', 'a-post', {})).toEqual([
      `${file}: frontmatter field "title" is missing; it must be a string`,
      `${file}: frontmatter field "description" is missing; it must be a string`,
      `${file}: frontmatter field "date" is missing; it must be a date (YYYY-MM-DD)`,
    ]);
  });

  it('name the field and what was found', () => {
    const source = (date: string) => `---\ntitle: A post\ndate: ${date}\n---\nText`;
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, date: '2026-03-02' }, source('2026-02-30'))).toEqual([
      `${file}: frontmatter field "date" must be a date (YYYY-MM-DD), got "2026-02-30", a day the calendar does not have`,
    ]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, updated: 'soon' })).toEqual([`${file}: frontmatter field "updated" must be a date (YYYY-MM-DD), got "soon"`]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, draft: 'yes' })).toEqual([`${file}: frontmatter field "draft" must be true or false, got "yes"`]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, tags: 'payments' })).toEqual([
      `${file}: frontmatter field "tags" must be a list of one or more words, e.g. [payments, lightning], got "payments"`,
    ]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, tags: ['ok', ''] })).toHaveLength(1);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, tags: [{ name: 'x' }] })).toHaveLength(1);
  });

  it('hold text only: markup, character references and control characters are refused, naming the field', () => {
    const rule =
      'plain text has no "<" followed by a letter, "/", "!" or "?" (the start of an HTML tag, comment or declaration), no character references such as &lt; or &#60; (write the character itself) and no control characters or broken Unicode';
    expect(
      validateFrontmatter(file, 'blog', 'a-post', {
        ...valid,
        title: 'Hi <img src=x onerror=alert(1)>',
        description: '&lt;script&gt;',
        author: 'Eve\u0007',
        tags: ['payments', '</category><script>'],
      }),
    ).toEqual([
      `${file}: frontmatter field "title" must be plain text, but it contains "<img", which would begin an HTML tag; ${rule}`,
      `${file}: frontmatter field "description" must be plain text, but it contains the character reference "&lt;", which a reader of HTML would turn into a character; ${rule}`,
      `${file}: frontmatter field "author" must be plain text, but it contains the control character U+0007; ${rule}`,
      `${file}: frontmatter field "tags[2]" must be plain text, but it contains "</category", which would begin an HTML tag; ${rule}`,
    ]);
    expect(validateFrontmatter(file, 'blog', 'a-post', { ...valid, title: 'Stock < 5 & reorder', author: '{{product}} team' })).toEqual([]);
  });

  it('may exist in one language only', () => {
    const post = (language: Language, name: string): ContentFile => ({ path: `content/blog/${language}/${name}.md`, section: 'blog', language, name });
    const required = (Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap((section) =>
      Object.keys(CONTENT_SECTIONS[section].files).flatMap((name) => LANGUAGES.map((language) => ({ path: `content/${section}/${language}/${name}.md`, section, language, name }))),
    );
    expect(findMissingTranslations([...required, post('bg', 'only-here'), post('en', 'only-there')])).toEqual([]);
  });
});

describe('isSlug', () => {
  it('takes lower-case letters and digits joined by single hyphens', () => {
    expect(['a', 'a-b', 'stock-control-habits', '2026-review', 'x1'].every(isSlug)).toBe(true);
    expect(['', 'A', 'a--b', '-a', 'a-', 'a_b', 'a.b', 'a b', 'é'].some(isSlug)).toBe(false);
  });
});

describe('findDuplicateNames', () => {
  const at = (path: string, language: Language, name: string): ContentFile => ({ path, section: 'blog', language, name });

  it('names two files of one language that would make one page', () => {
    expect(findDuplicateNames([at('content/blog/en/a.md', 'en', 'a'), at('content/blog/en/a.markdown', 'en', 'a'), at('content/blog/bg/a.md', 'bg', 'a')])).toEqual([
      'content/blog/en/a.md: "a" is already used by content/blog/en/a.markdown in the same language; give one of them another name',
    ]);
  });

  it('lets one slug be the translations of one post', () => {
    expect(findDuplicateNames(LANGUAGES.map((language) => at(`content/blog/${language}/a.md`, language, 'a')))).toEqual([]);
  });
});

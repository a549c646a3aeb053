import { findMissingTranslations, parseContentPath, remoteReadmeUrls, validateFrontmatter, type ContentFile } from '../../src/lib/content';

describe('parseContentPath', () => {
  it('reads section, language and name', () => {
    expect(parseContentPath('home/bg/01-sale-orders.md')).toEqual({ section: 'home', language: 'bg', name: '01-sale-orders' });
  });
  it('names the file when the language folder is unknown', () => {
    expect(parseContentPath('home/fr/01.md')).toEqual({
      error: 'content/home/fr/01.md: unknown language folder "fr" (expected en, bg)',
    });
  });
  it('names the file when the section is unknown', () => {
    expect(parseContentPath('blog/en/post.md')).toMatchObject({ error: expect.stringContaining('content/blog/en/post.md: unknown section "blog"') });
  });
  it('names the file when it is not in a language folder', () => {
    expect(parseContentPath('home/intro.md')).toEqual({
      error: 'content/home/intro.md: content files live at content/<section>/<language>/<name>.md',
    });
  });
});

describe('validateFrontmatter (home)', () => {
  const file = 'content/home/en/01-sale-orders.md';
  const valid = { order: 1, title: 'Sale orders', illustration: 'sale-order' };

  it('accepts a complete section', () => {
    expect(validateFrontmatter(file, 'home', valid)).toEqual([]);
    expect(validateFrontmatter(file, 'home', { ...valid, ctaLabel: 'Get Started', ctaTarget: 'app' })).toEqual([]);
  });

  it('names the file and every missing field', () => {
    expect(validateFrontmatter(file, 'home', {})).toEqual([
      `${file}: frontmatter field "order" is missing; it must be a number`,
      `${file}: frontmatter field "title" is missing; it must be a string`,
      `${file}: frontmatter field "illustration" is missing; it must be one of "sale-order", "features", "payments"`,
    ]);
    expect(validateFrontmatter(file, 'home', null)).toHaveLength(3);
  });

  it('names a wrongly typed field and shows the value', () => {
    expect(validateFrontmatter(file, 'home', { ...valid, order: 'first' })).toEqual([
      `${file}: frontmatter field "order" must be a number, got "first"`,
    ]);
    expect(validateFrontmatter(file, 'home', { ...valid, title: 3 })).toEqual([
      `${file}: frontmatter field "title" must be a string, got 3`,
    ]);
    expect(validateFrontmatter(file, 'home', { ...valid, illustration: 'photo' })).toEqual([
      `${file}: frontmatter field "illustration" must be one of "sale-order", "features", "payments", got "photo"`,
    ]);
  });

  it('requires a link target once a call to action has a label', () => {
    expect(validateFrontmatter(file, 'home', { ...valid, ctaLabel: 'Go' })).toEqual([
      `${file}: frontmatter field "ctaTarget" is missing; it must be one of "app", "docs", "pricing", "contact"`,
    ]);
    expect(validateFrontmatter(file, 'home', { ...valid, ctaLabel: 'Go', ctaTarget: 'blog' })).toHaveLength(1);
  });
});

describe('validateFrontmatter (privacy and docs)', () => {
  const file = 'content/privacy/bg/policy.md';
  const valid = { title: 'Политика', description: 'Как пазим данните', lastUpdated: new Date('2025-05-30') };

  it('accepts a date from YAML or as text', () => {
    expect(validateFrontmatter(file, 'privacy', valid)).toEqual([]);
    expect(validateFrontmatter(file, 'privacy', { ...valid, lastUpdated: '2025-05-30' })).toEqual([]);
  });

  it('names the file and the wrongly typed date', () => {
    expect(validateFrontmatter(file, 'privacy', { ...valid, lastUpdated: 'May 30th' })).toEqual([
      `${file}: frontmatter field "lastUpdated" must be a date (YYYY-MM-DD), got "May 30th"`,
    ]);
    expect(validateFrontmatter(file, 'privacy', { title: 'x' })).toEqual([
      `${file}: frontmatter field "description" is missing; it must be a string`,
      `${file}: frontmatter field "lastUpdated" is missing; it must be a date (YYYY-MM-DD)`,
    ]);
  });

  it('lets the documentation README go without frontmatter (a fetched README has none)', () => {
    expect(validateFrontmatter('content/docs/en/readme.md', 'docs', {})).toEqual([]);
    expect(validateFrontmatter('content/docs/en/readme.md', 'docs', { title: 7 })).toEqual([
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
    expect(() => remoteReadmeUrls({ DOCS_README_URL_EN: 'README.md' })).toThrow('DOCS_README_URL_EN must be an absolute http(s) URL, got "README.md"');
  });
});

describe('findMissingTranslations', () => {
  const file = (language: 'en' | 'bg', name: string, section: ContentFile['section'] = 'home'): ContentFile => ({
    path: `content/${section}/${language}/${name}.md`,
    section,
    language,
    name,
  });
  const required = [file('en', 'readme', 'docs'), file('bg', 'readme', 'docs'), file('en', 'policy', 'privacy'), file('bg', 'policy', 'privacy')];

  it('passes when every language has the same files', () => {
    expect(findMissingTranslations([...required, file('en', 'a'), file('bg', 'a'), file('en', 'b'), file('bg', 'b')])).toEqual([]);
  });

  it('names the file a language lacks', () => {
    expect(findMissingTranslations([...required, file('en', 'a'), file('bg', 'a'), file('en', 'b')])).toEqual([
      'content/home/bg/b.md: file is missing (every language needs "b.md")',
    ]);
  });

  it('names a required file that no language has', () => {
    expect(findMissingTranslations([file('en', 'a'), file('bg', 'a'), file('bg', 'readme', 'docs'), ...required.slice(2)])).toEqual([
      'content/docs/en/readme.md: file is missing (every language needs "readme.md")',
    ]);
  });

  it('fails on an empty section', () => {
    expect(findMissingTranslations([])).toContain('content/home/: no markdown files; each language needs at least one');
  });
});

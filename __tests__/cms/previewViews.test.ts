/** What the CMS preview reads from an entry and which page it links. */
import { bodyLineOffset, entryFile, previewView } from '../../features/cms/preview/views';
import { contentPagePath } from '../../features/content/contentPages';

describe('entryFile', () => {
  it("takes the pane's language in a collection with both languages side by side, whose path is the English file's", () => {
    expect(entryFile('content/blog/en/stock-control-habits.md', 'bg', true)).toEqual({ language: 'bg', name: 'stock-control-habits' });
    expect(entryFile('content/blog/en/stock-control-habits.md', 'en', true)).toEqual({ language: 'en', name: 'stock-control-habits' });
  });

  it("takes the file's own language in a collection of one file a language (the home page's), whatever the pane says", () => {
    expect(entryFile('content/home/bg/hero.md', 'en', false)).toEqual({ language: 'bg', name: 'hero' });
    expect(entryFile('content/home/en/topics.md', undefined, false)).toEqual({ language: 'en', name: 'topics' });
  });

  it("takes a new entry's language from its collection of one language (blog_bg), which has no file yet, whatever the pane says", () => {
    expect(entryFile(undefined, undefined, false, 'bg')).toEqual({ language: 'bg', name: '' });
    expect(entryFile(undefined, 'en', false, 'bg')).toEqual({ language: 'bg', name: '' });
    expect(entryFile(undefined, 'de', false, 'en')).toEqual({ language: 'en', name: '' });
    // A saved entry's file says it, as ever.
    expect(entryFile('content/blog/bg/godishna-inventarizatsiya.md', 'en', false, 'bg')).toEqual({ language: 'bg', name: 'godishna-inventarizatsiya' });
    expect(entryFile('content/blog/en/stock-control-habits.md', undefined, false, 'en')).toEqual({ language: 'en', name: 'stock-control-habits' });
  });

  it('falls back to the pane, then English, for a new entry without a file, and ignores a language the site does not have', () => {
    expect(entryFile(undefined, 'bg', true)).toEqual({ language: 'bg', name: '' });
    expect(entryFile(undefined, 'de', true)).toEqual({ language: 'en', name: '' });
    expect(entryFile('content/home/de/hero.md', 'de', false)).toEqual({ language: 'en', name: 'hero' });
  });
});

describe('bodyLineOffset', () => {
  it('counts the frontmatter and its two fences, as gray-matter splits the file', () => {
    expect(bodyLineOffset('---\ntitle: A\ndate: 2026-01-01\n---\n\nBody')).toBe(4);
    expect(bodyLineOffset('---\r\ntitle: A\r\n---\r\nBody')).toBe(3);
    expect(bodyLineOffset('---\n---\nBody')).toBe(2);
  });

  it('is 0 without frontmatter or without a file', () => {
    expect(bodyLineOffset('# Just a body\n---\n')).toBe(0);
    expect(bodyLineOffset(undefined)).toBe(0);
  });
});

describe('previewView', () => {
  const facts = { language: 'bg', name: 'x', lineOffset: 5 } as const;

  it('reads a post: dates as days, optional fields left out, tags as text', () => {
    expect(
      previewView({ ...facts, section: 'blog' }, { title: 'T', description: 'D', date: new Date('2026-11-03T00:00:00Z'), updated: '', tags: ['a', 3, 'b'], body: 'B' }),
    ).toEqual({ ...facts, section: 'blog', kind: 'post', title: 'T', description: 'D', date: '2026-11-03', updated: undefined, author: undefined, tags: ['a', 'b'], body: 'B' });
  });

  it('reads the documentation and the policy as documents, and a banner with its button only when both its fields are set', () => {
    expect(previewView({ ...facts, section: 'docs' }, {})).toMatchObject({ kind: 'document', title: '', description: '', body: '' });
    expect(previewView({ ...facts, section: 'privacy' }, { title: 'P' })).toMatchObject({ kind: 'document', title: 'P' });
    expect(previewView({ ...facts, section: 'banners' }, { title: 'B', illustration: 'payments', ctaLabel: 'Go' })).toMatchObject({
      kind: 'banner',
      illustration: 'payments',
      cta: undefined,
    });
    expect(previewView({ ...facts, section: 'banners' }, { title: 'B', ctaLabel: 'Go', ctaTarget: 'pricing' })).toMatchObject({ cta: { label: 'Go', target: 'pricing' } });
  });

  it("reads the home page's files by name: the topics' items, the closing band, the hero's fields", () => {
    expect(previewView({ ...facts, section: 'home', name: 'topics' }, { heading: 'H', lead: 'L', items: [{ label: 'Stock', icon: 'box' }, null] })).toMatchObject({
      kind: 'topics',
      items: [
        { label: 'Stock', icon: 'box' },
        { label: '', icon: '' },
      ],
    });
    expect(previewView({ ...facts, section: 'home', name: 'closing' }, { heading: 'H', lead: 'L', pricingLabel: 'P' })).toMatchObject({ kind: 'closing', pricingLabel: 'P' });
    expect(previewView({ ...facts, section: 'home', name: 'hero' }, { headline: 'H', eyebrow: 7 })).toMatchObject({ kind: 'hero', fields: { headline: 'H', eyebrow: '' } });
  });
});

describe('contentPagePath', () => {
  it('names the page each content file is drawn on, without the language', () => {
    expect([contentPagePath('home', 'hero'), contentPagePath('banners', '01-x'), contentPagePath('docs', 'readme'), contentPagePath('privacy', 'policy')]).toEqual([
      '/',
      '/',
      '/docs/',
      '/privacy-policy/',
    ]);
    expect(contentPagePath('blog', 'stock-control-habits')).toBe('/blog/stock-control-habits/');
  });
});

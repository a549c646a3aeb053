/**
 * A blog post's cover fields, `image` and `imageAlt`, as the content schema
 * declares them and everything derived from it
 * checks them: the build's frontmatter checks, the CMS's form, and the
 * refusal of a cover anywhere but a post, since the image step
 * would make and publish it wherever it stood.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_FIELDS, parseContentPath, validateFrontmatter } from '../../features/content/checks';
import { cmsConfig, cmsField, type CmsField } from '../../features/cms/decapConfig';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { CONTENT_SECTIONS, type ContentSection } from '../../features/content/contentSchema';
import { LANGUAGES } from '../../features/site/languages';
import { collectImages } from '../../features/images/contentImages.node';

const FILE = 'content/blog/en/stock-habits.md';
const POST = { title: 'Stock habits', description: 'Routines.', date: '2026-10-08' };
const check = (extra: Record<string, unknown>, file = FILE) => validateFrontmatter(file, 'blog', 'stock-habits', { ...POST, ...extra });
const ADDRESS = 'an upload of the media folder by its address, /media/<name> (upload it in the CMS, or put it in content/media/)';

describe('a post’s cover in the build’s checks', () => {
  it('takes a post without a cover, and one with both its upload and its alt text', () => {
    expect(check({})).toEqual([]);
    expect(check({ image: '/media/labelled-stock.jpg', imageAlt: 'Trays of eggs on a shelf' })).toEqual([]);
    expect(check({ image: '/media/2026/shop%20front.jpg', imageAlt: 'A shop front' })).toEqual([]);
  });

  it('refuses a cover without alt text, naming the file and the field', () => {
    expect(check({ image: '/media/labelled-stock.jpg' })).toEqual([`${FILE}: frontmatter field "imageAlt" is missing; it must be a string when "image" is set`]);
    expect(check({ image: '/media/labelled-stock.jpg', imageAlt: '' })).toEqual([`${FILE}: frontmatter field "imageAlt" is missing; it must be a string when "image" is set`]);
    expect(check({ image: '/media/labelled-stock.jpg', imageAlt: '   ' })).toEqual([`${FILE}: frontmatter field "imageAlt" must be a string, got "   "`]);
  });

  it('refuses alt text without a cover, naming the file and the field', () => {
    expect(check({ imageAlt: 'Trays of eggs' })).toEqual([`${FILE}: frontmatter field "image" is missing; it must be ${ADDRESS} when "imageAlt" is set`]);
  });

  it.each([
    ['another site’s image', 'https://evil.example/cover.jpg'],
    ['a protocol-relative address', '//evil.example/cover.jpg'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a file of static/', '/favicon.svg'],
    ['a path out of the media folder', '/media/../site.env'],
    ['an encoded climb', '/media/%2e%2e/%2e%2e/.env'],
    ['a hidden file', '/media/.secret.jpg'],
    ['a query', '/media/photo.jpg?v=2'],
    ['an empty segment', '/media//photo.jpg'],
    ['the media folder as written on disk', 'content/media/photo.jpg'],
  ])('refuses %s as a cover, naming the file and the field', (_, image) => {
    expect(check({ image, imageAlt: 'A cover' })).toEqual([`${FILE}: frontmatter field "image" must be ${ADDRESS}, got ${JSON.stringify(image)}`]);
  });

  it('refuses a cover that is not one address', () => {
    expect(check({ image: ['/media/a.jpg', '/media/b.jpg'], imageAlt: 'Two' })).toEqual([
      `${FILE}: frontmatter field "image" must be ${ADDRESS}, got ["/media/a.jpg","/media/b.jpg"]`,
    ]);
    expect(check({ image: 42, imageAlt: 'A number' })).toEqual([`${FILE}: frontmatter field "image" must be ${ADDRESS}, got 42`]);
  });

  it('refuses markup in the alt text, as in any text field', () => {
    expect(check({ image: '/media/a.jpg', imageAlt: 'Eggs<img src=x onerror=alert(1)>' })).toEqual([
      expect.stringMatching(/^content\/blog\/en\/stock-habits\.md: frontmatter field "imageAlt" must be plain text, but it contains /),
    ]);
  });

  it('takes exactly the addresses the image step takes, and refuses those it refuses', () => {
    const node = (image: string) => ({ fileAbsolutePath: `/site/${FILE}`, rawMarkdownBody: '', frontmatter: { image } });
    for (const image of ['/media/labelled-stock.jpg', '/media/a/b.png', 'https://evil.example/x.jpg', '/media/../x.jpg', '/media/%zz.jpg', '/media/.x.jpg']) {
      const step = collectImages([node(image)], () => undefined);
      expect([image, check({ image, imageAlt: 'A cover' }).length === 0]).toEqual([image, step.problems.length === 0]);
    }
  });
});

describe('a cover anywhere but a post', () => {
  it('is declared for blog posts alone', () => {
    expect([...IMAGE_FIELDS]).toEqual([['image', ['blog']]]);
  });

  it.each([
    ['docs', 'readme', 'content/docs/en/readme.md', {}],
    ['privacy', 'policy', 'content/privacy/bg/policy.md', { title: 'Политика', description: 'Как.', lastUpdated: '2026-01-01' }],
    ['banners', '04-reports', 'content/banners/en/04-reports.md', { order: 4, title: 'Reports', illustration: 'sale-order' }],
  ] as const)('content/%s/ refuses it, naming the file and the field, and where a cover may be', (section, name, file, fields) => {
    expect(validateFrontmatter(file, section, name, { ...fields, image: '/media/labelled-stock.jpg', imageAlt: 'Eggs' })).toEqual([
      `${file}: frontmatter field "image" is a cover image, which only content/blog/ may have: remove the field; to show the image in the text, put it in the body: ![what it shows](/media/<name>)`,
    ]);
  });

  it('takes the same file without it', () => {
    expect(validateFrontmatter('content/docs/en/readme.md', 'docs', 'readme', { imageAlt: 'Left over' })).toEqual([]);
  });
});

describe('the real content', () => {
  const files = LANGUAGES.flatMap((language) =>
    (Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap((section) =>
      readdirSync(path.join(__dirname, '..', '..', 'content', section, language)).map((name) => `${section}/${language}/${name}`),
    ),
  );

  it('passes, covers included', () => {
    let covers = 0;
    for (const relative of files) {
      const parsed = parseContentPath(relative);
      if ('error' in parsed) throw new Error(parsed.error);
      const file = `content/${relative}`;
      const source = readFileSync(path.join(__dirname, '..', '..', file), 'utf8');
      const { data } = readFrontmatter(file, source);
      if (data.image) covers += 1;
      expect([file, validateFrontmatter(file, parsed.section, parsed.name, data, source)]).toEqual([file, []]);
    }
    expect(covers).toBeGreaterThan(0);
  });

  it('gives stock-control-habits the photo of its body as its cover, with alt text written in each language', () => {
    const alts = LANGUAGES.map((language) => {
      const file = `content/blog/${language}/stock-control-habits.md`;
      const { data } = readFrontmatter(file, readFileSync(path.join(__dirname, '..', '..', file), 'utf8'));
      expect([language, data.image]).toEqual([language, '/media/labelled-stock.jpg']);
      return String(data.imageAlt);
    });
    expect(new Set(alts).size).toBe(LANGUAGES.length);
    expect(alts[LANGUAGES.indexOf('bg')]).toMatch(/^[А-Яа-я ,]+$/);
  });
});

describe('the CMS’s form', () => {
  const config = cmsConfig({ name: 'github', repo: 'stockpay/website', branch: 'main' }, {});
  // The blog is a collection a language (blog_en, blog_bg): each has its own cover fields.
  const blogs = LANGUAGES.map((language) => config.collections.find((collection) => collection.name === `blog_${language}`));
  const fields = (name: string): (CmsField | undefined)[] => blogs.map((blog) => blog?.fields?.find((candidate) => candidate.name === name));

  it('offers the cover as Decap’s image widget, uploads only, one image, optional, per language', () => {
    expect(blogs).toHaveLength(LANGUAGES.length);
    for (const field of fields('image'))
      expect(field).toEqual({
        name: 'image',
        label: 'Image',
        widget: 'image',
        choose_url: false,
        media_library: { allow_multiple: false },
        required: false,
        hint: expect.stringContaining('alt text'),
      });
    expect(cmsField('cover', { type: 'image', required: true }, false)).toEqual({
      name: 'cover',
      label: 'Cover',
      widget: 'image',
      choose_url: false,
      media_library: { allow_multiple: false },
      required: true,
    });
  });

  it('offers the alt text as a line of text beside it, and saves uploads where the build reads them', () => {
    for (const field of fields('imageAlt')) expect(field).toMatchObject({ widget: 'string', required: false });
    for (const blog of blogs) expect(blog?.fields?.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['tags', 'image', 'imageAlt', 'body']));
    expect([config.media_folder, config.public_folder]).toEqual(['content/media', '/media']);
  });
});

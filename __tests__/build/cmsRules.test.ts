import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cmsConfig } from '../../src/build/cmsConfig';
import { collectionChecks, entryProblems, inReferenceOrder, languageNames, type CollectionChecks } from '../../src/build/cmsRules';
import { CONTENT_SECTIONS } from '../../src/lib/contentSchema';
import { readFrontmatter } from '../../src/build/frontmatterParser';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../src/build/slugs';

const names = { en: 'English', bg: 'Bulgarian' };
const banner: CollectionChecks = collectionChecks().banners;
const post: CollectionChecks = collectionChecks().blog;
const fullBanner = { order: 1, title: 'Orders', illustration: 'sale-order' };

describe('collectionChecks', () => {
  it('covers the side-by-side collections: banners, documentation, privacy and blog, not the home page files', () => {
    expect(Object.keys(collectionChecks())).toEqual(['banners', 'docs', 'privacy', 'blog']);
  });

  it('holds every required field of the schema, and each field required with another', () => {
    const required = Object.entries(CONTENT_SECTIONS.banners.entries.fields)
      .filter(([, rule]) => rule.required)
      .map(([name]) => name);
    expect(banner.fields.filter((check) => check.required).map((check) => check.field)).toEqual(required);
    expect(banner.fields.filter((check) => check.requiredWith)).toEqual([
      { field: 'ctaLabel', label: 'Cta label', required: false, requiredWith: 'ctaTarget', requiredWithLabel: 'Cta target' },
      { field: 'ctaTarget', label: 'Cta target', required: false, requiredWith: 'ctaLabel', requiredWithLabel: 'Cta label' },
    ]);
    expect(collectionChecks().docs.fields).toEqual([]);
    expect(post.translations).toBe('optional');
    expect(banner.translations).toBe('every');
  });

  it('names the languages in English, as the CMS does', () => {
    expect(languageNames()).toEqual(names);
  });
});

describe('entryProblems', () => {
  it('accepts a complete entry in every language', () => {
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, title: 'Поръчки' } }, names)).toEqual([]);
  });

  it('names the language and field of each required value that is missing, empty or blank', () => {
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, title: '  ' } }, names)).toEqual(['Bulgarian: "Title" is required.']);
    expect(entryProblems(banner, { en: { ...fullBanner, title: null }, bg: { order: 1, illustration: 'features' } }, names)).toEqual([
      'English: "Title" is required.',
      'Bulgarian: "Title" is required.',
    ]);
    expect(entryProblems(banner, { en: fullBanner }, names)).toEqual([
      'Bulgarian: "Order" is required.',
      'Bulgarian: "Title" is required.',
      'Bulgarian: "Illustration" is required.',
    ]);
  });

  it("asks for a button's target when its label is set, and the other way round", () => {
    expect(entryProblems(banner, { en: { ...fullBanner, ctaLabel: 'See prices' }, bg: fullBanner }, names)).toEqual(['English: "Cta target" is required when "Cta label" is set.']);
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, ctaTarget: 'pricing' } }, names)).toEqual(['Bulgarian: "Cta label" is required when "Cta target" is set.']);
    expect(entryProblems(banner, { en: { ...fullBanner, ctaLabel: 'See prices', ctaTarget: 'pricing' }, bg: fullBanner }, names)).toEqual([]);
  });

  it('lets a post wait for its translation, but not go half translated', () => {
    const english = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15' };
    expect(entryProblems(post, { en: english, bg: {} }, names)).toEqual([]);
    expect(entryProblems(post, { en: english, bg: { title: '', tags: [] } }, names)).toEqual([]);
    expect(entryProblems(post, { en: english, bg: { title: 'Навици' } }, names)).toEqual(['Bulgarian: "Description" is required.', 'Bulgarian: "Date" is required.']);
  });

  it('runs from its own source text, as the admin script embeds it', () => {
    // The admin script does the same, in the editor's browser.
    const rebuilt = new Function(`return ${entryProblems.toString()}`)() as typeof entryProblems;
    expect(rebuilt(banner, { en: fullBanner, bg: { ...fullBanner, title: '' } }, names)).toEqual(['Bulgarian: "Title" is required.']);
  });
});

describe("a new post's file name", () => {
  const english = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15' };
  const titled = (title: unknown) => ({ en: { ...english, title }, bg: {} });
  const slug = post.slug as NonNullable<CollectionChecks['slug']>;

  it("is checked for the collections whose names are addresses, with the build's rule and the site's own names", () => {
    expect(slug).toEqual({
      field: 'title',
      label: 'Title',
      language: 'en',
      folder: 'content/blog',
      address: ['/blog/', '/'],
      pattern: SLUG_PATTERN.source,
      rule: 'lower-case letters (a-z), digits and single hyphens',
      reserved: Object.fromEntries(RESERVED_SLUGS),
    });
    expect(
      Object.entries(collectionChecks())
        .filter(([, checks]) => checks.slug)
        .map(([name]) => name),
    ).toEqual(['blog']);
    // What Decap is told: the post's file is named after its title ({{slug}}), in the folder the check names.
    const blog = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {}).collections.find((collection) => collection.name === 'blog');
    expect(blog).toMatchObject({ folder: slug.folder, slug: '{{slug}}', summary: `{{${slug.field}}}` });
    expect(blog?.fields?.map((field) => field.name)).toContain(slug.field);
  });

  it("refuses a new post whose title names it after one of the site's own names, naming the file, its address and what the name is", () => {
    expect(entryProblems(post, titled('Page'), names, { newRecord: true })).toEqual([
      'English: the Title "Page" names the new entry\'s file content/blog/en/page.md, at the address /blog/page/; "page" is a name the site uses itself: the folder of the blog\'s later list pages (/blog/page/2/). Change the Title: the file is named after it when the entry is first saved, and keeps that name.',
    ]);
    expect(entryProblems(post, titled('  Privacy policy! '), names, { newRecord: true })).toEqual([
      expect.stringMatching(
        /^English: the Title "Privacy policy!" names the new entry's file content\/blog\/en\/privacy-policy\.md, at the address \/blog\/privacy-policy\/; "privacy-policy" is a name the site uses itself: a page of the site \(\/privacy-policy\/\)\./,
      ),
    ]);
  });

  it('refuses a new post whose title makes no slug, saying what a name is made of', () => {
    expect(entryProblems(post, titled('My_post'), names, { newRecord: true })).toEqual([
      'English: the Title "My_post" names the new entry\'s file content/blog/en/my_post.md; that name is the entry\'s address, made of lower-case letters (a-z), digits and single hyphens only. Change the Title: the file is named after it when the entry is first saved, and keeps that name.',
    ]);
    expect(entryProblems(post, titled('Инвентаризация'), names, { newRecord: true })).toEqual([
      expect.stringContaining("names the new entry's file content/blog/en/.md; that name"),
    ]);
  });

  it("takes a post saved before whatever its title (its file is named already), an ordinary title, and a name that is an object's own key", () => {
    expect(entryProblems(post, titled('Page'), names)).toEqual([]);
    expect(entryProblems(post, titled('Page'), names, { newRecord: false })).toEqual([]);
    expect(entryProblems(post, titled('Page'), names, { newRecord: 'true' })).toEqual([]);
    for (const title of ['Stock control habits', 'Page 2', 'Constructor', 'hasOwnProperty', 'toString', 'valueOf'])
      expect([title, entryProblems(post, titled(title), names, { newRecord: true })]).toEqual([title, []]);
    expect(entryProblems(post, titled('__proto__'), names, { newRecord: true })).toEqual([expect.stringContaining('content/blog/en/__proto__.md; that name is')]);
    // An empty title is the required field's message alone; a banner's file name is no address.
    expect(entryProblems(post, titled('  '), names, { newRecord: true })).toEqual(['English: "Title" is required.']);
    expect(entryProblems(banner, { en: { ...fullBanner, title: 'Page' }, bg: { ...fullBanner, title: 'Страница' } }, names, { newRecord: true })).toEqual([]);
  });

  // decap-cms-core's own slug functions (lib/formatters.ts prepareSlug, lib/urlHelper.ts sanitizeSlug) with the CMS's
  // slug options, over the packages it uses, the very versions installed with it.
  const load = createRequire(require.resolve('decap-cms/package.json'));
  const decapLoad = createRequire(load.resolve('decap-cms-app/package.json'));
  const coreLoad = createRequire(decapLoad.resolve('decap-cms-core/package.json'));
  const diacritics = coreLoad('diacritics') as { remove(text: string): string };
  const sanitizeFilename = coreLoad('sanitize-filename') as (input: string, options: { replacement: string }) => string;
  const decapSlug = (title: string): string => {
    const prepared = title.trim().toLocaleLowerCase().replace(/[']/g, '').replace(/[.]/g, '-');
    const uri = Array.from(diacritics.remove(prepared))
      .map((char) => (/[\w\-.~]/i.test(char) ? char : '-'))
      .join('');
    return sanitizeFilename(uri, { replacement: '-' })
      .replace(/(?:-)+/g, '-')
      .replace(/^-/, '')
      .replace(/-$/, '');
  };
  const realTitles = readdirSync(path.join(__dirname, '..', '..', 'content', 'blog', 'en')).map((file) => {
    const text = readFileSync(path.join(__dirname, '..', '..', 'content', 'blog', 'en', file), 'utf8');
    return String(readFrontmatter(file, text).data.title);
  });
  const hostile = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'hostile', 'post-slugs', 'titles.json'), 'utf8')) as Record<string, { title: string }[]>;
  const TITLES = [
    ...realTitles,
    ...Object.values(hostile).flatMap((list) => list.map(({ title }) => title)),
    ...[
      'Crème brûlée',
      'Ærø',
      'Łódź',
      'Straße',
      'Þór',
      'Đorđe',
      'naïve café',
      "don't stop",
      'Rock & Roll',
      'C++ / C#',
      'emoji 🎉 party',
      '  spaces   everywhere ',
      'dots...and...dots',
    ],
    ...['under_score', 'tilde~ok', 'Con', 'com1', 'LPT9', 'Ñandú', 'Ångström', 'Øresund', 'Œuvre', 'Ħal', '½ price', 'Ţară', 'ș ț', 'Ω', `${'long '.repeat(40)}end`],
  ];

  it.each(TITLES)('%j: named as Decap names it', (title) => {
    const expected = decapSlug(title);
    // Marked reserved, the name Decap makes is the one the message names.
    const marked: CollectionChecks = { ...post, slug: { ...slug, reserved: { [expected]: 'marked' } } };
    const problems = entryProblems(marked, titled(title), names, { newRecord: true });
    expect(problems).toEqual([expect.stringMatching(/ names the new entry's file /)]);
    expect(problems[0]).toContain(
      ` names the new entry's file content/blog/en/${expected}.md, at the address /blog/${expected}/; "${expected}" is a name the site uses itself: marked.`,
    );
  });

  it('runs from its own source text, as the admin script embeds it', () => {
    const rebuilt = new Function(`return ${entryProblems.toString()}`)() as typeof entryProblems;
    expect(rebuilt(post, titled('Search'), names, { newRecord: true })).toEqual(entryProblems(post, titled('Search'), names, { newRecord: true }));
    expect(rebuilt(post, titled('Search'), names, { newRecord: true })).toHaveLength(1);
  });
});

describe('inReferenceOrder', () => {
  it("puts keys in the reference's order at every depth, and keys it lacks after, in their own order", () => {
    const reference = { a: '', nested: { x: '', y: '' }, b: '' };
    const value = { extra: '1', b: '2', nested: { y: '3', new: '4', x: '5' }, a: '6' };
    const ordered = inReferenceOrder(value, reference) as Record<string, unknown>;
    expect(JSON.stringify(ordered)).toBe('{"a":"6","nested":{"x":"5","y":"3","new":"4"},"b":"2","extra":"1"}');
  });

  it('leaves strings, lists and missing references alone', () => {
    expect(inReferenceOrder('text', { a: '' })).toBe('text');
    expect(inReferenceOrder(['b', 'a'], {})).toEqual(['b', 'a']);
    expect(JSON.stringify(inReferenceOrder({ b: 1, a: 2 }, undefined))).toBe('{"b":1,"a":2}');
  });

  it('keeps the order of the real UI string files through a shuffle', () => {
    const english = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'locales', 'en', 'pricing.json'), 'utf8')) as Record<string, unknown>;
    const bulgarian = readFileSync(path.join(__dirname, '..', '..', 'locales', 'bg', 'pricing.json'), 'utf8');
    const shuffled = Object.fromEntries(Object.entries(JSON.parse(bulgarian) as Record<string, unknown>).reverse());
    expect(`${JSON.stringify(inReferenceOrder(shuffled, english), null, 2)}\n`).toBe(bulgarian);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cmsConfig } from '../../features/cms/decapConfig';
import { collectionChecks, entryProblems, inReferenceOrder, languageNames, type CollectionChecks } from '../../features/cms/rules';
import { CONTENT_SECTIONS } from '../../features/content/contentSchema';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../features/content/slugs';

const names = { en: 'English', bg: 'Bulgarian' };
const banner: CollectionChecks = collectionChecks().banners;
const post: CollectionChecks = collectionChecks().blog_en;
const bgPost: CollectionChecks = collectionChecks().blog_bg;
const fullBanner = { order: 1, title: 'Orders', illustration: 'sale-order' };

describe('collectionChecks', () => {
  it('covers the side-by-side collections (banners, documentation, privacy) and each language of the blog, not the home page files', () => {
    expect(Object.keys(collectionChecks())).toEqual(['banners', 'docs', 'privacy', 'blog_en', 'blog_bg']);
    // Each is a collection of the config, by its name.
    const names = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {}).collections.map((collection) => collection.name);
    expect(names).toEqual(expect.arrayContaining(Object.keys(collectionChecks())));
  });

  it("lists the languages an entry holds, the one of Decap's entry data first", () => {
    expect(banner.languages).toEqual(['en', 'bg']);
    expect(collectionChecks().docs.languages).toEqual(['en', 'bg']);
    expect(post.languages).toEqual(['en']);
    expect(bgPost.languages).toEqual(['bg']);
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
    // A post's one language is the entry itself: every required field, always.
    expect(post.translations).toBe('every');
    expect(bgPost.translations).toBe('every');
    expect(banner.translations).toBe('every');
    expect(bgPost.fields).toEqual(post.fields);
    expect(post.fields.filter((check) => check.required).map((check) => check.field)).toEqual(['title', 'description', 'date']);
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

  it("holds a post to every required field in its own language, naming the language, and reads no other language's values", () => {
    const english = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15' };
    const bulgarian = { title: 'Навици', description: 'Пет навика', date: '2026-09-15' };
    expect(entryProblems(post, { en: english }, names)).toEqual([]);
    expect(entryProblems(bgPost, { bg: bulgarian }, names)).toEqual([]);
    // Empty is no translation waiting: it is this entry, and it is incomplete.
    expect(entryProblems(bgPost, { bg: {} }, names)).toEqual(['Bulgarian: "Title" is required.', 'Bulgarian: "Description" is required.', 'Bulgarian: "Date" is required.']);
    expect(entryProblems(bgPost, {}, names)).toHaveLength(3);
    expect(entryProblems(bgPost, { bg: { title: 'Навици' } }, names)).toEqual(['Bulgarian: "Description" is required.', 'Bulgarian: "Date" is required.']);
    expect(entryProblems(post, { en: { ...english, description: ' ' } }, names)).toEqual(['English: "Description" is required.']);
    // The other language is another collection's entry: not this one's to check.
    expect(entryProblems(bgPost, { bg: bulgarian, en: {} }, names)).toEqual([]);
    expect(entryProblems(post, { en: english, bg: { title: 'Навици' } }, names)).toEqual([]);
    // A cover with its alt text, in the post's language.
    expect(entryProblems(bgPost, { bg: { ...bulgarian, image: '/media/a.jpg' } }, names)).toEqual(['Bulgarian: "Image alt" is required when "Image" is set.']);
    expect(entryProblems(post, { en: { ...english, imageAlt: 'Eggs' } }, names)).toEqual(['English: "Image" is required when "Image alt" is set.']);
  });

  it('names a language the CMS has no name for by its code, rather than as undefined', () => {
    expect(entryProblems(bgPost, { bg: {} }, {})).toEqual(['bg: "Title" is required.', 'bg: "Description" is required.', 'bg: "Date" is required.']);
  });

  it('runs from its own source text, as the admin script embeds it', () => {
    // The admin script does the same, in the editor's browser.
    const rebuilt = new Function(`return ${entryProblems.toString()}`)() as typeof entryProblems;
    expect(rebuilt(banner, { en: fullBanner, bg: { ...fullBanner, title: '' } }, names)).toEqual(['Bulgarian: "Title" is required.']);
  });
});

describe("a new post's file name", () => {
  const english = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15' };
  const bulgarian = { title: 'Годишна инвентаризация', description: 'Как да преброите склада', date: '2026-11-03' };
  const titled = (title: unknown) => ({ en: { ...english, title } });
  const addressed = (address: unknown, values: Record<string, unknown> = bulgarian) => ({ bg: { ...values, address } });
  const slug = post.slug as NonNullable<CollectionChecks['slug']>;
  const bgSlug = bgPost.slug as NonNullable<CollectionChecks['slug']>;
  const GIVE =
    'Give the entry an Address (lower-case letters (a-z), digits and single hyphens), or change the Title: the file is named when the entry is first saved, and keeps that name.';
  const CHANGE = 'Change the Address: the file is named after it when the entry is first saved, and keeps that name.';

  it("is checked for the collections whose names are addresses, in each language's folder and address, with the build's rule and the site's own names", () => {
    const common = {
      field: 'address',
      label: 'Address',
      from: 'title',
      fromLabel: 'Title',
      pattern: SLUG_PATTERN.source,
      rule: 'lower-case letters (a-z), digits and single hyphens',
      reserved: Object.fromEntries(RESERVED_SLUGS),
    };
    expect(slug).toEqual({ ...common, folder: 'content/blog/en', address: ['/blog/', '/'] });
    expect(bgSlug).toEqual({ ...common, folder: 'content/blog/bg', address: ['/bg/blog/', '/'] });
    expect(
      Object.entries(collectionChecks())
        .filter(([, checks]) => checks.slug)
        .map(([name]) => name),
    ).toEqual(['blog_en', 'blog_bg']);
    // What Decap is told: each language's post file is named after its address ({{fields.address}}), in the folder the check names, the address asked first.
    const collections = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {}).collections;
    for (const [name, check] of [
      ['blog_en', slug],
      ['blog_bg', bgSlug],
    ] as const) {
      const blog = collections.find((collection) => collection.name === name);
      expect(blog).toMatchObject({ folder: check.folder, slug: `{{fields.${check.field}}}`, summary: `{{${check.from}}}` });
      expect(blog?.fields?.[0]?.name).toBe(check.field);
      expect(blog?.fields?.map((field) => field.name)).toContain(check.from);
    }
  });

  it('takes a new post with a valid address, whatever its title, in Latin or Cyrillic letters', () => {
    expect(entryProblems(bgPost, addressed('godishna-inventarizatsiya'), names, { newRecord: true })).toEqual([]);
    expect(entryProblems(bgPost, addressed('  2026-inventory  '), names, { newRecord: true })).toEqual([]);
    expect(entryProblems(post, { en: { ...english, address: 'stock-habits' } }, names, { newRecord: true })).toEqual([]);
    // Named as Decap names it: lower case, dots and spaces made hyphens.
    expect(entryProblems(bgPost, addressed('Godishna Inventarizatsiya'), names, { newRecord: true })).toEqual([]);
    // The address names the file, even when the title would make a reserved name.
    expect(entryProblems(post, { en: { ...english, title: 'Page', address: 'page-turners' } }, names, { newRecord: true })).toEqual([]);
  });

  it("refuses a new post whose address is one of the site's own names, naming the language, the field, the file, its address and what the name is", () => {
    expect(entryProblems(bgPost, addressed('page'), names, { newRecord: true })).toEqual([
      `Bulgarian: the Address "page" names the new entry's file content/blog/bg/page.md, at the address /bg/blog/page/; "page" is a name the site uses itself: the folder of the blog's later list pages (/blog/page/2/). ${CHANGE}`,
    ]);
    expect(entryProblems(post, { en: { ...english, address: ' Search ' } }, names, { newRecord: true })).toEqual([
      expect.stringMatching(
        /^English: the Address "Search" names the new entry's file content\/blog\/en\/search\.md, at the address \/blog\/search\/; "search" is a name the site uses itself: /,
      ),
    ]);
  });

  it('refuses a new post whose address makes no slug, saying what a name is made of and to change the address', () => {
    expect(entryProblems(bgPost, addressed('my_post'), names, { newRecord: true })).toEqual([
      `Bulgarian: the Address "my_post" names the new entry's file content/blog/bg/my_post.md; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only. ${CHANGE}`,
    ]);
    // Cyrillic letters make no ASCII name: nothing is left of them.
    expect(entryProblems(bgPost, addressed('инвентаризация'), names, { newRecord: true })).toEqual([
      `Bulgarian: the Address "инвентаризация" names the new entry's file content/blog/bg/.md; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only. ${CHANGE}`,
    ]);
  });

  it('names a new post without an address after its title, as Decap names an entry, and holds that name to the rule', () => {
    expect(entryProblems(post, titled('Stock control habits'), names, { newRecord: true })).toEqual([]);
    for (const address of [undefined, null, '', '   ', 42])
      expect([address, entryProblems(post, { en: { ...english, title: 'Stock control habits', address } }, names, { newRecord: true })]).toEqual([address, []]);
    expect(entryProblems(bgPost, addressed('', { ...bulgarian, title: 'Inventory 2026' }), names, { newRecord: true })).toEqual([]);
  });

  it('refuses a new post whose title is all Cyrillic and whose address is empty, asking for an Address', () => {
    for (const address of [undefined, '', '  '])
      expect(entryProblems(bgPost, addressed(address), names, { newRecord: true })).toEqual([
        `Bulgarian: the Title "Годишна инвентаризация" names the new entry's file content/blog/bg/.md; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only. ${GIVE}`,
      ]);
  });

  it("refuses a new post whose title names it after one of the site's own names, naming the file, its address and what the name is", () => {
    expect(entryProblems(post, titled('Page'), names, { newRecord: true })).toEqual([
      `English: the Title "Page" names the new entry's file content/blog/en/page.md, at the address /blog/page/; "page" is a name the site uses itself: the folder of the blog's later list pages (/blog/page/2/). ${GIVE}`,
    ]);
    expect(entryProblems(post, titled('  Privacy policy! '), names, { newRecord: true })).toEqual([
      expect.stringMatching(
        /^English: the Title "Privacy policy!" names the new entry's file content\/blog\/en\/privacy-policy\.md, at the address \/blog\/privacy-policy\/; "privacy-policy" is a name the site uses itself: a page of the site \(\/privacy-policy\/\)\./,
      ),
    ]);
    expect(entryProblems(bgPost, addressed('', { ...bulgarian, title: 'Admin' }), names, { newRecord: true })).toEqual([
      expect.stringContaining('content/blog/bg/admin.md, at the address /bg/blog/admin/; "admin" is a name the site uses itself'),
    ]);
  });

  it('refuses a new post whose title makes no slug, saying what a name is made of', () => {
    expect(entryProblems(post, titled('My_post'), names, { newRecord: true })).toEqual([
      `English: the Title "My_post" names the new entry's file content/blog/en/my_post.md; that name is the entry's address, made of lower-case letters (a-z), digits and single hyphens only. ${GIVE}`,
    ]);
    expect(entryProblems(post, titled('Инвентаризация'), names, { newRecord: true })).toEqual([
      expect.stringContaining("names the new entry's file content/blog/en/.md; that name"),
    ]);
  });

  it('refuses an address given for a post saved before, whose file keeps its name: "Clear the Address"', () => {
    expect(entryProblems(bgPost, addressed('new-name'), names, { newRecord: false })).toEqual([
      'Bulgarian: the Address "new-name" names a new entry only; this entry was saved before, and its file keeps its name. Clear the Address.',
    ]);
    // Whatever the address: valid, reserved, or no name at all.
    for (const address of ['page', 'инвентаризация', ' x '])
      expect(entryProblems(post, { en: { ...english, address } }, names)).toEqual([
        expect.stringMatching(/^English: the Address ".+" names a new entry only; .* Clear the Address\.$/),
      ]);
    // Beside a missing required field, both are said.
    expect(entryProblems(bgPost, addressed('new-name', { ...bulgarian, title: '' }), names, { newRecord: false })).toEqual([
      'Bulgarian: "Title" is required.',
      expect.stringContaining('Clear the Address.'),
    ]);
  });

  it("takes a post saved before whatever its title (its file is named already), an ordinary title, and a name that is an object's own key", () => {
    expect(entryProblems(post, titled('Page'), names)).toEqual([]);
    expect(entryProblems(post, titled('Page'), names, { newRecord: false })).toEqual([]);
    expect(entryProblems(post, titled('Page'), names, { newRecord: 'true' })).toEqual([]);
    expect(entryProblems(bgPost, addressed(''), names, { newRecord: false })).toEqual([]);
    expect(entryProblems(bgPost, addressed('   '), names)).toEqual([]);
    for (const title of ['Stock control habits', 'Page 2', 'Constructor', 'hasOwnProperty', 'toString', 'valueOf'])
      expect([title, entryProblems(post, titled(title), names, { newRecord: true })]).toEqual([title, []]);
    for (const address of ['constructor', 'has-own-property', 'tostring', 'valueof'])
      expect([address, entryProblems(bgPost, addressed(address), names, { newRecord: true })]).toEqual([address, []]);
    expect(entryProblems(post, titled('__proto__'), names, { newRecord: true })).toEqual([expect.stringContaining('content/blog/en/__proto__.md; that name is')]);
    expect(entryProblems(bgPost, addressed('__proto__'), names, { newRecord: true })).toEqual([expect.stringContaining('content/blog/bg/__proto__.md; that name is')]);
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

  it.each(TITLES)('%j: named as Decap names it, as a title or as an address', (title) => {
    const expected = decapSlug(title);
    // Marked reserved, the name Decap makes is the one the message names.
    const marked: CollectionChecks = { ...post, slug: { ...slug, reserved: { [expected]: 'marked' } } };
    const problems = entryProblems(marked, titled(title), names, { newRecord: true });
    expect(problems).toEqual([expect.stringMatching(/ names the new entry's file /)]);
    expect(problems[0]).toContain(
      ` names the new entry's file content/blog/en/${expected}.md, at the address /blog/${expected}/; "${expected}" is a name the site uses itself: marked.`,
    );
    // Decap makes {{fields.address}} into a name as it makes a title (slugFormatter's processSegment).
    const markedBg: CollectionChecks = { ...bgPost, slug: { ...bgSlug, reserved: { [expected]: 'marked' } } };
    const given = entryProblems(markedBg, addressed(title), names, { newRecord: true });
    expect(given).toEqual([expect.stringMatching(/^Bulgarian: the Address /)]);
    expect(given[0]).toContain(
      ` names the new entry's file content/blog/bg/${expected}.md, at the address /bg/blog/${expected}/; "${expected}" is a name the site uses itself: marked.`,
    );
  });

  it('runs from its own source text, as the admin script embeds it', () => {
    const rebuilt = new Function(`return ${entryProblems.toString()}`)() as typeof entryProblems;
    expect(rebuilt(post, titled('Search'), names, { newRecord: true })).toEqual(entryProblems(post, titled('Search'), names, { newRecord: true }));
    expect(rebuilt(post, titled('Search'), names, { newRecord: true })).toHaveLength(1);
    for (const [address, saved] of [
      ['page', { newRecord: true }],
      ['my_post', { newRecord: true }],
      ['', { newRecord: true }],
      ['new-name', { newRecord: false }],
    ] as const)
      expect(rebuilt(bgPost, addressed(address), names, saved)).toEqual(entryProblems(bgPost, addressed(address), names, saved));
    expect(rebuilt(bgPost, addressed(''), names, { newRecord: true })).toEqual([expect.stringContaining('Give the entry an Address')]);
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

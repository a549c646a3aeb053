import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import {
  ADDRESS_FIELD,
  LOCALE_FORMAT,
  MARKDOWN_FORMAT,
  POST_FORMAT,
  cmsConfig,
  cmsField,
  collectionFacts,
  editedByLanguage,
  fieldLabel,
  languageCollectionName,
  localeFields,
  sectionCollections,
  TRANSLATION_WIDGET,
  type CmsCollection,
  type CmsField,
} from '../../features/cms/decapConfig';
import { type LocaleStrings } from '../../features/i18n/localeText';
import { CONTENT_SECTIONS, type ContentSection, type FieldRule, type SectionSchema } from '../../features/content/contentSchema';
import { RECORD_FIELD, UI_RECORDS_FILE } from '../../features/translations/recordField';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../features/site/languages';
import { SOCIAL_NETWORKS } from '../../features/site/social';

const ROOT = path.join(__dirname, '..', '..');
const namespaces: Record<string, LocaleStrings> = Object.fromEntries(
  readdirSync(path.join(ROOT, 'locales', DEFAULT_LANGUAGE)).map((file) => [
    file.replace(/\.json$/, ''),
    JSON.parse(readFileSync(path.join(ROOT, 'locales', DEFAULT_LANGUAGE, file), 'utf8')) as LocaleStrings,
  ]),
);
const config = cmsConfig({ name: 'github', repo: 'stockpay/website', branch: 'main' }, namespaces);
const sections = Object.keys(CONTENT_SECTIONS) as ContentSection[];
/** The names of a section's collections: the section's, or one a language for a section edited one language at a time (blog_en, blog_bg). */
const collectionNames = (section: ContentSection): string[] => (editedByLanguage(section) ? LANGUAGES.map((language) => languageCollectionName(section, language)) : [section]);
const collection = (name: string): CmsCollection => {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};

/** What a field of the schema must become in the CMS: the same required flag, type and allowed values. */
function expectMatches(field: CmsField | undefined, name: string, rule: FieldRule): void {
  expect(field).toBeDefined();
  expect([name, field?.required]).toEqual([name, rule.required]);
  switch (rule.type) {
    case 'string':
      if (rule.oneOf) expect(field).toMatchObject({ widget: 'select', options: [...rule.oneOf] });
      // The translation record is written by its own field's button alone, never typed.
      else expect(field?.widget).toBe(name === RECORD_FIELD ? TRANSLATION_WIDGET : 'string');
      break;
    case 'integer':
      expect(field).toMatchObject({ widget: 'number', value_type: 'int', min: rule.min, max: rule.max });
      break;
    case 'date':
      expect(field).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', time_format: false });
      break;
    case 'boolean':
      expect(field?.widget).toBe('boolean');
      break;
    case 'image':
      // An upload of the media folder only, never an address typed in.
      expect(field).toMatchObject({ widget: 'image', choose_url: false, media_library: { allow_multiple: false } });
      break;
    case 'words':
      expect(field?.widget).toBe('list');
      expect(field?.fields).toBeUndefined();
      break;
    case 'list':
      expect(field?.widget).toBe('list');
      if (rule.required) expect(field?.min).toBe(1);
      for (const [itemName, itemRule] of Object.entries(rule.item))
        expectMatches(
          field?.fields?.find((f) => f.name === itemName),
          itemName,
          itemRule,
        );
      break;
  }
}

/** The collections that edit no content section: the UI strings, their translations' records, the site file. */
const NOT_CONTENT = ['ui_strings', 'ui_translations', 'site'];

describe('the CMS config generated from the content schema', () => {
  it('has one collection per content section, one a language for the blog, then the UI strings and the site file', () => {
    expect(config.collections.map((c) => c.name)).toEqual([...sections.flatMap(collectionNames), 'ui_strings', 'ui_translations', 'site']);
    expect(config.collections.map((c) => c.name)).toEqual(['home', 'banners', 'docs', 'privacy', 'blog_en', 'blog_bg', 'ui_strings', 'ui_translations', 'site']);
    // Only a section whose entries may exist in one language is edited one language at a time.
    expect(sections.filter(editedByLanguage)).toEqual(['blog']);
    expect(sections.filter((section) => (CONTENT_SECTIONS[section] as SectionSchema).translations === 'optional')).toEqual(['blog']);
  });

  it('edits every language, English by default, each in its own folder (Decap multiple_folders)', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: [...LANGUAGES], default_locale: DEFAULT_LANGUAGE });
  });

  it.each(sections)('gives every field of content/%s/ with the same rules, in every language', (section) => {
    const spec: SectionSchema = CONTENT_SECTIONS[section];
    const schemas = spec.entries ? [spec.entries] : Object.values(spec.files);
    if (editedByLanguage(section)) {
      // A collection a language: its language folder, every field its own, with no i18n.
      const [schema] = schemas;
      for (const language of LANGUAGES) {
        const c = collection(languageCollectionName(section, language));
        expect(c.folder).toBe(`content/${section}/${language}`);
        expect(c.i18n).toBeUndefined();
        for (const [name, rule] of Object.entries(schema.fields)) {
          const field = c.fields?.find((f) => f.name === name);
          expectMatches(field, name, rule);
          expect([language, name, field?.i18n]).toEqual([language, name, undefined]);
        }
        // The schema's fields, then the body; the address first when names are addresses.
        expect(c.fields?.map((f) => f.name)).toEqual([...(spec.namesAreSlugs ? [ADDRESS_FIELD] : []), ...Object.keys(schema.fields), 'body']);
      }
      return;
    }
    const c = collection(section);
    if (c.folder) {
      // Side by side: one folder entry holds every language, each field translated.
      expect(c).toMatchObject({ folder: `content/${section}`, i18n: true });
      const [schema] = schemas;
      for (const [name, rule] of Object.entries(schema.fields)) {
        const field = c.fields?.find((f) => f.name === name);
        expectMatches(field, name, rule);
        expect(field?.i18n).toBe(true);
      }
    } else {
      // A file per language and name.
      expect(c.files?.map((f) => f.file).sort()).toEqual(
        Object.keys(spec.files)
          .flatMap((name) => LANGUAGES.map((lang) => `content/${section}/${lang}/${name}.md`))
          .sort(),
      );
      for (const file of c.files ?? []) {
        const name = path.basename(file.file, '.md');
        for (const [fieldName, rule] of Object.entries(spec.files[name].fields))
          expectMatches(
            file.fields.find((f) => f.name === fieldName),
            fieldName,
            rule,
          );
      }
    }
  });

  it('lets editors add banners and posts, named so the build accepts them, but not documentation or policy files', () => {
    expect(collection('banners')).toMatchObject({ create: true, slug: '{{fields.order}}-{{slug}}' });
    for (const language of LANGUAGES) expect(collection(`blog_${language}`)).toMatchObject({ create: true, slug: `{{fields.${ADDRESS_FIELD}}}`, summary: '{{title}}' });
    expect(collection('docs')).toMatchObject({ create: false, delete: false });
    expect(collection('privacy')).toMatchObject({ create: false, delete: false });
    expect(config.slug).toEqual({ encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' });
  });

  it('edits every markdown body raw first, so diagrams, math and heading ids survive', () => {
    for (const c of config.collections.filter((c) => !NOT_CONTENT.includes(c.name))) {
      const fieldLists = c.fields ? [c.fields] : (c.files ?? []).map((f) => f.fields);
      for (const fields of fieldLists) expect(fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown', required: false, modes: ['raw', 'rich_text'] });
    }
  });

  it('reads and writes every markdown file as YAML frontmatter only, never inferring TOML (+++) or JSON ({)', () => {
    expect(MARKDOWN_FORMAT).toBe('yaml-frontmatter');
    // Decap's yaml-frontmatter without the address (features/cms/frontmatter.ts, held to Decap's byte for byte by its test).
    expect(POST_FORMAT).toBe('stockpay-post-frontmatter');
    const markdown = config.collections.filter((c) => !NOT_CONTENT.includes(c.name));
    expect(markdown.map((c) => c.name)).toEqual(sections.flatMap(collectionNames));
    for (const c of markdown) expect([c.name, c.format]).toEqual([c.name, c.name.startsWith('blog_') ? POST_FORMAT : 'yaml-frontmatter']);
    // As written to config.yml, where Decap reads it.
    const written = (parse(stringify(config)) as { collections: CmsCollection[] }).collections;
    expect(written.filter((c) => c.format === 'yaml-frontmatter')).toHaveLength(sections.length - 1);
    expect(written.filter((c) => c.format === POST_FORMAT).map((c) => c.name)).toEqual(['blog_en', 'blog_bg']);
  });

  it('offers every UI string file of every language, with every key of the English file, each required', () => {
    expect(collection('ui_strings').format).toBe(LOCALE_FORMAT);
    const files = collection('ui_strings').files ?? [];
    expect(files.map((f) => f.file).sort()).toEqual(
      Object.keys(namespaces)
        .flatMap((ns) => LANGUAGES.map((lang) => `locales/${lang}/${ns}.json`))
        .sort(),
    );
    const keys = (fields: CmsField[], prefix = ''): string[] =>
      fields.flatMap((f) => (f.widget === 'object' ? keys(f.fields ?? [], `${prefix}${f.name}.`) : [`${prefix}${f.name}`]));
    const stringKeys = (strings: LocaleStrings, prefix = ''): string[] =>
      Object.entries(strings).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : stringKeys(value, `${prefix}${key}.`)));
    for (const file of files) {
      const ns = path.basename(file.file, '.json');
      expect(keys(file.fields)).toEqual(stringKeys(namespaces[ns]));
    }
  });

  it('edits the footer links with the rules the build checks', () => {
    const [social] = collection('site').files ?? [];
    expect(social.file).toBe('content/social.json');
    const [links] = social.fields;
    expect(links).toMatchObject({ name: 'links', widget: 'list', required: true, min: 1 });
    expect(links.fields?.find((f) => f.name === 'network')).toMatchObject({ widget: 'select', options: [...SOCIAL_NETWORKS] });
    const [pattern] = links.fields?.find((f) => f.name === 'url')?.pattern ?? [''];
    expect(new RegExp(pattern).test('https://github.com/stockpayapp')).toBe(true);
    expect(new RegExp(pattern).test('javascript:alert(1)')).toBe(false);
  });

  it('survives YAML: the written config reads back the same', () => {
    expect(parse(stringify(config))).toEqual(JSON.parse(JSON.stringify(config)));
  });
});

describe('sectionCollections', () => {
  it('refuses a section with both named files and entries, which one folder cannot list apart', () => {
    const both = { label: 'Both', files: { hero: { fields: {} } }, entries: { fields: {} } };
    const sectionsWithBoth = CONTENT_SECTIONS as unknown as Record<string, SectionSchema>;
    sectionsWithBoth.both = both;
    try {
      expect(() => sectionCollections('both' as ContentSection)).toThrow('content/both: a section holds named files or entries, not both');
    } finally {
      delete sectionsWithBoth.both;
    }
  });
});

describe('the blog, one collection a language', () => {
  it.each(LANGUAGES)("gives blog_%s its language folder, the posts' format and file names from the Address field", (language) => {
    const c = collection(`blog_${language}`);
    expect(c).toMatchObject({
      folder: `content/blog/${language}`,
      format: POST_FORMAT,
      create: true,
      slug: '{{fields.address}}',
      label: `Blog posts · ${language === 'en' ? 'English' : 'Bulgarian'}`,
    });
    expect(c.i18n).toBeUndefined();
    expect(c.delete).toBeUndefined();
  });

  it('asks first for the address, optional (it may be made from a title in Latin letters), naming the page and the file it makes', () => {
    expect(ADDRESS_FIELD).toBe('address');
    const [en] = collection('blog_en').fields ?? [];
    const [bg] = collection('blog_bg').fields ?? [];
    expect(en).toMatchObject({ name: 'address', label: 'Address', widget: 'string', required: false });
    expect(bg).toMatchObject({ name: 'address', label: 'Address', widget: 'string', required: false });
    expect(en.i18n).toBeUndefined();
    expect(en.hint).toContain('/blog/<address>/');
    expect(en.hint).toContain('content/blog/en/<address>.md');
    expect(bg.hint).toContain('/bg/blog/<address>/');
    expect(bg.hint).toContain('content/blog/bg/<address>.md');
    for (const hint of [en.hint, bg.hint]) {
      expect(hint).toContain('Its translation takes the same address.');
      expect(hint).toContain('Left empty, it is made from the title, if that is written in Latin letters.');
    }
    // No other collection has it: their file names are not addresses.
    const others = config.collections.filter((c) => !c.name.startsWith('blog_'));
    const names = others.flatMap((c) => [...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)].map((f) => f.name));
    expect(names).not.toContain(ADDRESS_FIELD);
  });

  it('leaves the other sections as they were: the languages side by side, or a file a language', () => {
    expect(collection('banners')).toMatchObject({ folder: 'content/banners', i18n: true, format: MARKDOWN_FORMAT, slug: '{{fields.order}}-{{slug}}', create: true });
    expect(collection('docs')).toMatchObject({ folder: 'content/docs', i18n: true, format: MARKDOWN_FORMAT, create: false, delete: false });
    expect(collection('privacy')).toMatchObject({ folder: 'content/privacy', i18n: true, format: MARKDOWN_FORMAT, create: false, delete: false });
    expect(collection('home').files?.map((f) => f.name)).toEqual(['hero_en', 'hero_bg', 'topics_en', 'topics_bg', 'closing_en', 'closing_bg']);
    for (const section of sections.filter((s) => !editedByLanguage(s))) expect(sectionCollections(section)).toHaveLength(1);
    expect(sectionCollections('blog').map((c) => c.name)).toEqual(['blog_en', 'blog_bg']);
  });
});

describe('collectionFacts', () => {
  it('names the section and, for a collection of one language, the language, of every content collection', () => {
    expect(collectionFacts('blog_en')).toEqual({ section: 'blog', language: 'en' });
    expect(collectionFacts('blog_bg')).toEqual({ section: 'blog', language: 'bg' });
    for (const section of ['home', 'banners', 'docs', 'privacy'] as const) expect(collectionFacts(section)).toEqual({ section });
    for (const c of config.collections.filter((c) => !NOT_CONTENT.includes(c.name))) expect([c.name, collectionFacts(c.name)]).toEqual([c.name, expect.anything()]);
  });

  it('knows nothing of other names: the UI strings, the site file, the blog as one collection, languages it lacks, look-alikes', () => {
    for (const name of [
      'ui_strings',
      'site',
      'blog',
      'blog_de',
      'blog_',
      'blog_EN',
      'banners_en',
      'home_bg',
      'hero_en',
      '',
      '__proto__',
      'constructor',
      'toString',
      'blog_en ',
      ' blog_bg',
    ])
      expect([name, collectionFacts(name)]).toEqual([name, undefined]);
  });

  it('names collections as the config does', () => {
    expect(languageCollectionName('blog', 'bg')).toBe('blog_bg');
    expect(config.collections.map((c) => c.name)).toEqual(expect.arrayContaining(LANGUAGES.map((language) => languageCollectionName('blog', language))));
  });
});

describe('"View on site"', () => {
  it("links each entry to its page: a post by its file name, the other sections' one page, each home file in its own language", () => {
    // Each language's post at its own address: /blog/<name>/, /bg/blog/<name>/.
    expect(collection('blog_en').preview_path).toBe('blog/{{filename}}/');
    expect(collection('blog_bg').preview_path).toBe('bg/blog/{{filename}}/');
    expect(collection('docs').preview_path).toBe('docs/');
    expect(collection('privacy').preview_path).toBe('privacy-policy/');
    expect(collection('banners').preview_path).toBe('');
    expect(Object.fromEntries((collection('home').files ?? []).map((file) => [file.name, file.preview_path]))).toEqual({
      hero_en: '',
      hero_bg: 'bg/',
      topics_en: '',
      topics_bg: 'bg/',
      closing_en: '',
      closing_bg: 'bg/',
    });
  });

  it("says above each language's blog where its files are, that a translation shares the address, and where to find it", () => {
    expect(collection('blog_en').description).toBe(
      'Entries in English: content/blog/en/<address>.md. An entry and its translation share the address. ' +
        "An entry's preview says whether its Bulgarian translation exists, with a link to open it or to start it.",
    );
    expect(collection('blog_bg').description).toBe(
      'Entries in Bulgarian: content/blog/bg/<address>.md. An entry and its translation share the address. ' +
        "An entry's preview says whether its English translation exists, with a link to open it or to start it.",
    );
    expect(config.collections.filter((c) => c.description !== undefined).map((c) => c.name)).toEqual(['blog_en', 'blog_bg', 'ui_translations']);
  });

  it('names the site the links open only when the build knows it', () => {
    expect(config.site_url).toBeUndefined();
    expect(cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {}, 'http://127.0.0.1:8000').site_url).toBe('http://127.0.0.1:8000');
  });
});

describe('the backends', () => {
  it('publishes through pull requests on github, gitlab and git-gateway, and writes straight to disk locally', () => {
    expect(cmsConfig({ name: 'github', repo: 'a/b', branch: 'main' }, {})).toMatchObject({
      backend: { name: 'github', repo: 'a/b', branch: 'main', preview_context: 'deploy/netlify' },
      publish_mode: 'editorial_workflow',
    });
    expect(cmsConfig({ name: 'gitlab', repo: 'group/sub/b', branch: 'content' }, {})).toMatchObject({
      backend: { name: 'gitlab', repo: 'group/sub/b', branch: 'content', preview_context: 'deploy/netlify' },
      publish_mode: 'editorial_workflow',
    });
    expect(cmsConfig({ name: 'git-gateway', branch: 'main' }, {})).toMatchObject({ backend: { name: 'git-gateway', branch: 'main' }, publish_mode: 'editorial_workflow' });
    const local = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {});
    expect(local.backend).toEqual({ name: 'proxy', proxy_url: 'http://127.0.0.1:8081/api/v1', branch: 'main' });
    expect(local.publish_mode).toBeUndefined();
  });
});

describe("the UI strings' translation records", () => {
  it('are one file, a field a translated UI string file, each the translation widget naming its file', () => {
    const records = collection('ui_translations');
    expect(records.format).toBe('yml');
    expect(records.editor).toEqual({ preview: false });
    expect(records.files?.map((file) => file.file)).toEqual([UI_RECORDS_FILE]);
    const [bulgarian] = records.files?.[0].fields ?? [];
    expect(bulgarian).toMatchObject({ name: 'bg', widget: 'object', required: false });
    expect(bulgarian.fields?.map((field) => field.name)).toEqual(Object.keys(namespaces));
    for (const field of bulgarian.fields ?? []) expect(field).toMatchObject({ widget: TRANSLATION_WIDGET, required: false, strings: { namespace: field.name, language: 'bg' } });
    expect(bulgarian.fields?.[0].label).toMatch(/\(locales\/bg\/[a-z]+\.json\)$/);
  });
});

describe('fields', () => {
  it('labels a camelCase name as words', () => {
    expect(fieldLabel('ctaLabel')).toBe('Cta label');
    expect(fieldLabel('onShareImage')).toBe('On share image');
    expect(fieldLabel('title')).toBe('Title');
  });

  it('marks a field translatable only where the languages sit side by side', () => {
    expect(cmsField('title', { type: 'string', required: true }, true)).toEqual({ name: 'title', label: 'Title', required: true, i18n: true, widget: 'string' });
    expect(cmsField('title', { type: 'string', required: true, hint: 'Shown first.' }, false)).toEqual({
      name: 'title',
      label: 'Title',
      required: true,
      hint: 'Shown first.',
      widget: 'string',
    });
  });

  it('gives a long string a text area and names the placeholders a translation must keep', () => {
    expect(localeFields({ short: 'Menu', long: 'x'.repeat(81), product: '{{product}} home, {{ product }} again, {{language}}' })).toEqual([
      { name: 'short', label: 'short', widget: 'string', required: true },
      { name: 'long', label: 'long', widget: 'text', required: true },
      { name: 'product', label: 'product', widget: 'string', required: true, hint: 'Keep {{product}}, {{ product }}, {{language}}: the site fills it in.' },
    ]);
  });
});

/**
 * The configuration of the editors' CMS at /admin/ (Decap CMS), derived from
 * the one content schema, the UI strings of the
 * default language and the footer's social-link rules, so what the CMS asks
 * for is what the build accepts. Pure: features/cms/admin.node.ts reads the files and
 * writes the result to public/admin/config.yml.
 * https://decapcms.org/docs/configuration-options/
 */
import { CONTENT_SECTIONS, isContentSection, type ContentSection, type FieldRule, type Fields, type FileSchema, type SectionSchema } from '../content/contentSchema';
import { contentPagePath } from '../content/contentPages';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, localizedPath, type Language } from '../site/languages';
import { SOCIAL_FILE, SOCIAL_NETWORKS, SOCIAL_URL_PATTERN } from '../site/social';

// A type only: this module is bundled into the CMS's setup script (features/cms/admin.browser.ts), which has no process.env for config.ts to read when it loads.
import type { CmsBackend } from './settings';
import { OAUTH_PATH, gitApiRoot } from './backends';
import { MEDIA_FOLDER, MEDIA_PATH } from '../images/paths';
import type { LocaleStrings } from '../i18n/localeText';
import { RECORD_FIELD, UI_RECORDS_FILE } from '../translations/recordField';

/** Where the CMS reads and writes the files: read from the CMS_* variables by features/site/settings.ts (cmsBackendFromEnv). */
export type { CmsBackend };

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  i18n?: boolean;
  options?: string[];
  value_type?: 'int';
  min?: number;
  max?: number;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
  modes?: string[];
  pattern?: [string, string];
  /** The image widget: false offers uploads only, no address typed in. */
  choose_url?: boolean;
  media_library?: { allow_multiple: boolean };
  fields?: CmsField[];
  summary?: string;
  /** A UI string file's translation record (TRANSLATION_WIDGET): which file it follows for, by namespace and language. */
  strings?: { namespace: string; language: Language };
}

interface CmsFile {
  name: string;
  label: string;
  file: string;
  format?: 'json';
  /** The page that shows it, relative to site_url: the CMS's "View on site". */
  preview_path?: string;
  fields: CmsField[];
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  i18n?: boolean;
  format?: string;
  /** A folder collection: one entry per file. */
  folder?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  summary?: string;
  /** The page that shows an entry, relative to site_url (the default language's page: Decap links the default language's entry). */
  preview_path?: string;
  /** Shown above the collection's list of entries. */
  description?: string;
  /** A files collection: these files and no others. */
  files?: CmsFile[];
  /** Decap's editor: no preview pane for a collection with nothing to preview. */
  editor?: { preview: boolean };
  fields?: CmsField[];
}

export interface CmsConfig {
  backend: Record<string, string>;
  publish_mode?: 'editorial_workflow';
  /** The site the "View on site" links open (preview_path is relative to it). */
  site_url?: string;
  locale: string;
  media_folder: string;
  public_folder: string;
  slug: { encoding: 'ascii'; clean_accents: boolean; sanitize_replacement: string };
  i18n: { structure: 'multiple_folders'; locales: string[]; default_locale: string };
  collections: CmsCollection[];
}

/** 'ctaLabel' -> 'Cta label', 'onShareImage' -> 'On share image'. */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The widget of the translation record: where this copy stands, and the control that marks it up to date (features/cms/translation/). */
export const TRANSLATION_WIDGET = 'translation-record';

/** The CMS widget for one rule of the schema, with the same required, types and allowed values; `i18n` in a collection of both languages side by side. */
export function cmsField(name: string, rule: FieldRule, i18n: boolean): CmsField {
  return {
    name,
    label: fieldLabel(name),
    ...(name === RECORD_FIELD ? { widget: TRANSLATION_WIDGET } : widget(rule, i18n)),
    required: rule.required,
    ...(i18n ? { i18n: true } : {}),
    ...(rule.hint ? { hint: rule.hint } : {}),
  };
}

function widget(rule: FieldRule, i18n: boolean): Omit<CmsField, 'name' | 'label'> {
  switch (rule.type) {
    case 'string':
      return rule.oneOf ? { widget: 'select', options: [...rule.oneOf] } : { widget: 'string' };
    case 'integer':
      return { widget: 'number', value_type: 'int', min: rule.min, max: rule.max };
    case 'date':
      // Saved as the day alone (2026-09-15), which is what the build checks.
      return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
    case 'boolean':
      return { widget: 'boolean' };
    case 'words':
      // A list without fields is one line of comma-separated words: payments, Lightning.
      return { widget: 'list' };
    case 'image':
      // An upload of the media folder, saved as its address (/media/<name>, the config's public_folder);
      // never an address typed in, which the build refuses (features/content/checks.ts), and one image, not a list.
      return { widget: 'image', choose_url: false, media_library: { allow_multiple: false } };
    case 'list':
      return { widget: 'list', ...(rule.required ? { min: 1 } : {}), fields: cmsFields(rule.item, i18n) };
  }
}

export function cmsFields(fields: Fields, i18n: boolean): CmsField[] {
  return Object.entries(fields).map(([name, rule]) => cmsField(name, rule, i18n));
}

/**
 * The markdown body. Raw first: the documentation holds diagrams, math and
 * heading ids that a rich-text round trip would rewrite; rich text is one
 * click away for plain prose.
 */
function bodyField(i18n: boolean): CmsField {
  return { name: 'body', label: 'Body', widget: 'markdown', required: false, ...(i18n ? { i18n: true } : {}), modes: ['raw', 'rich_text'] };
}

function markdownFields(schema: FileSchema, i18n: boolean): CmsField[] {
  return [...cmsFields(schema.fields, i18n), bodyField(i18n)];
}

/**
 * How Decap reads and writes a markdown file: YAML frontmatter between `---`
 * lines, as the build reads it (features/content/frontmatterParser.ts). Decap's
 * default, 'frontmatter', would also read a file that opens with TOML's
 * `+++` or JSON's `{`; a language after `---` (`---js`) it still honours,
 * which the admin script answers (features/cms/adminPage.ts).
 */
export const MARKDOWN_FORMAT = 'yaml-frontmatter';

/**
 * Where an entry's page is, for Decap's preview_path (relative to site_url,
 * no leading slash): in `language`, for a file `name` (Decap's
 * {{filename}} for a folder collection's entries).
 */
export function previewPath(section: ContentSection, name: string, language: Language = DEFAULT_LANGUAGE): string {
  return localizedPath(language, contentPagePath(section, name), false).replace(/^\//, '');
}

/**
 * The field in which an editor gives a new post its address, which is its
 * file's name and the same in every language: a Bulgarian title makes none
 * (Decap's ASCII names drop Cyrillic letters). Decap names the file after
 * it (`slug: '{{fields.address}}'`); the posts' format keeps it out of the
 * file (features/cms/frontmatter.ts), whose fields stay the schema's; the
 * admin script fills it from a title in Latin letters when it is left empty and
 * holds it to the build's rule (features/cms/rules.ts).
 */
export const ADDRESS_FIELD = 'address';

/** The format of a collection with the address field: Decap's YAML frontmatter without it (features/cms/frontmatter.ts), registered by the admin script. */
export const POST_FORMAT = 'stockpay-post-frontmatter';

/**
 * True for a section edited one language at a time, a collection per
 * language: one whose entries may exist in one language only (a post not
 * yet translated). Decap's i18n finds an entry by its default language's
 * file, so a post written in Bulgarian alone could not be listed on GitHub
 * or GitLab, nor opened, nor started (decaporg/decap-cms #5770, #7505).
 */
export const editedByLanguage = (section: ContentSection): boolean => (CONTENT_SECTIONS[section] as SectionSchema).translations === 'optional';

/** The collection of `section` in `language`: blog_bg. */
export const languageCollectionName = (section: ContentSection, language: Language): string => `${section}_${language}`;

/** What a collection of the config edits: its content section, and the language of a collection of one language (blog_bg). */
export function collectionFacts(name: string): { section: ContentSection; language?: Language } | undefined {
  if (isContentSection(name)) return editedByLanguage(name) ? undefined : { section: name };
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    if (!editedByLanguage(section)) continue;
    const language = LANGUAGES.find((candidate) => languageCollectionName(section, candidate) === name);
    if (language) return { section, language };
  }
  return undefined;
}

/** The address field of a collection of `language` whose file names are addresses. */
function addressField(section: ContentSection, language: Language): CmsField {
  return {
    name: ADDRESS_FIELD,
    label: 'Address',
    widget: 'string',
    required: false,
    hint:
      'For a new entry: its address, in Latin letters, lower case, words joined by hyphens (godishna-inventarizatsiya), which names its page, ' +
      `${localizedPath(language, contentPagePath(section, '<address>'), false)}, and its file, content/${section}/${language}/<address>.md. ` +
      'Its translation takes the same address. Left empty, it is made from the title, if that is written in Latin letters. Once saved, the entry keeps it, and this field stays empty.',
  };
}

/** What the CMS says above a collection of one language. */
export function languageCollectionNote(section: ContentSection, language: Language): string {
  const others = LANGUAGES.filter((other) => other !== language)
    .map(languageName)
    .join(' or ');
  return (
    `Entries in ${languageName(language)}: content/${section}/${language}/<address>.md. An entry and its translation share the address. ` +
    `An entry's preview says whether its ${others} translation exists, with a link to open it or to start it.`
  );
}

/**
 * The collections of one content section. Decap shows the languages side by
 * side (its i18n, `multiple_folders`: content/<section>/<lang>/) only in a
 * folder collection, one kind of file per folder: so a section of entries
 * (banners) or of one named file (the documentation, the privacy policy) is
 * a folder; a section of several named files (the home page's hero, topics
 * and closing) is a files collection with each language's file listed on
 * its own, since Decap's files collections take i18n only as one file
 * holding every language. A section whose entries may exist in one language
 * only (the blog) is a folder collection per language instead
 * (editedByLanguage), its entries paired by their address.
 */
export function sectionCollections(section: ContentSection): CmsCollection[] {
  const spec: SectionSchema = CONTENT_SECTIONS[section];
  const named = Object.entries(spec.files);
  if (spec.entries && named.length > 0) throw new Error(`content/${section}: a section holds named files or entries, not both (features/content/contentSchema.ts)`);
  if (spec.entries && editedByLanguage(section)) {
    const schema = spec.entries;
    return LANGUAGES.map((language) => ({
      name: languageCollectionName(section, language),
      label: `${schema.label ?? spec.label} · ${languageName(language)}`,
      label_singular: `${schema.label ?? spec.label} · ${languageName(language)}`,
      format: spec.namesAreSlugs ? POST_FORMAT : MARKDOWN_FORMAT,
      folder: `content/${section}/${language}`,
      create: true,
      // A new entry's file name: its address, given or made from the title before saving (features/cms/admin.browser.ts).
      slug: spec.namesAreSlugs ? `{{fields.${ADDRESS_FIELD}}}` : '{{slug}}',
      summary: '{{title}}',
      preview_path: previewPath(section, '{{filename}}', language),
      description: languageCollectionNote(section, language),
      fields: [...(spec.namesAreSlugs ? [addressField(section, language)] : []), ...markdownFields(schema, false)],
    }));
  }
  const folder = `content/${section}`;
  if (spec.entries) {
    return [
      {
        name: section,
        label: spec.label,
        label_singular: spec.entries.label,
        i18n: true,
        format: MARKDOWN_FORMAT,
        folder,
        create: true,
        // A new entry's file name.
        slug: spec.entries.fields.order ? '{{fields.order}}-{{slug}}' : '{{slug}}',
        summary: '{{title}}',
        preview_path: previewPath(section, '{{filename}}'),
        fields: markdownFields(spec.entries, true),
      },
    ];
  }
  if (named.length === 1) {
    const [[, schema]] = named;
    return [
      {
        name: section,
        label: spec.label,
        label_singular: schema.label,
        i18n: true,
        format: MARKDOWN_FORMAT,
        folder,
        create: false,
        delete: false,
        preview_path: previewPath(section, named[0][0]),
        fields: markdownFields(schema, true),
      },
    ];
  }
  return [
    {
      name: section,
      label: spec.label,
      format: MARKDOWN_FORMAT,
      files: named.flatMap(([name, schema]) =>
        LANGUAGES.map((language) => ({
          name: `${name}_${language}`,
          label: `${schema.label ?? fieldLabel(name)} · ${languageName(language)}`,
          file: `${folder}/${language}/${name}.md`,
          preview_path: previewPath(section, name, language),
          fields: markdownFields(schema, false),
        })),
      ),
    },
  ];
}

/** The object fields of a UI string file, from the default language's keys: every string required. */
export function localeFields(strings: LocaleStrings): CmsField[] {
  return Object.entries(strings).map(([key, value]): CmsField => {
    if (typeof value !== 'string') return { name: key, label: key, widget: 'object', fields: localeFields(value) };
    const placeholders = [...new Set(value.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? [])];
    return {
      name: key,
      label: key,
      // Long strings get a text area, short ones a line.
      widget: value.length > 80 ? 'text' : 'string',
      required: true,
      ...(placeholders.length > 0 ? { hint: `Keep ${placeholders.join(', ')}: the site fills it in.` } : {}),
    };
  });
}

export const LOCALES_COLLECTION = 'ui_strings';
/** The UI string files' format: JSON in the English file's key order (registered by the admin script, features/cms/adminPage.ts). */
export const LOCALE_FORMAT = 'stockpay-locale-json';

/** Every UI string file of every language (locales/<lang>/<ns>.json), with the default language's keys as fields. */
function localesCollection(namespaces: Readonly<Record<string, LocaleStrings>>): CmsCollection {
  return {
    name: LOCALES_COLLECTION,
    label: 'Interface text',
    format: LOCALE_FORMAT,
    files: Object.entries(namespaces).flatMap(([namespace, strings]) =>
      LANGUAGES.map((language) => ({
        name: `${namespace}_${language}`,
        label: `${fieldLabel(namespace)} · ${languageName(language)} (locales/${language}/${namespace}.json)`,
        file: `locales/${language}/${namespace}.json`,
        fields: localeFields(strings),
      })),
    ),
  };
}

export const UI_RECORDS_COLLECTION = 'ui_translations';

/**
 * The UI string files' translation records (UI_RECORDS_FILE): one file,
 * a field a translated file, each the Translation field of the entries,
 * which says where that file stands against the English one and marks it
 * up to date. The string files themselves hold strings alone: every key of
 * them is loaded by the pages.
 */
function uiRecordsCollection(namespaces: readonly string[]): CmsCollection {
  return {
    name: UI_RECORDS_COLLECTION,
    label: 'Interface text · translations',
    format: 'yml',
    // Records show nowhere on the site: the form says all there is.
    editor: { preview: false },
    description: `Whether each translated file of the interface text follows the English one as it is now, and the button that marks it so once it does (${UI_RECORDS_FILE}).`,
    files: [
      {
        name: 'translations',
        label: 'Translations of the interface text',
        file: UI_RECORDS_FILE,
        fields: LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => ({
          name: language,
          label: languageName(language),
          widget: 'object',
          required: false,
          fields: namespaces.map((namespace) => ({
            name: namespace,
            label: `${fieldLabel(namespace)} (locales/${language}/${namespace}.json)`,
            widget: TRANSLATION_WIDGET,
            required: false,
            strings: { namespace, language },
          })),
        })),
      },
    ],
  };
}

/** content/social.json: one list for every language, with the rules features/site/social.ts checks. */
function socialCollection(): CmsCollection {
  return {
    name: 'site',
    label: 'Site',
    files: [
      {
        name: 'social',
        label: 'Social links (footer)',
        file: SOCIAL_FILE,
        format: 'json',
        fields: [
          {
            name: 'links',
            label: 'Links',
            widget: 'list',
            required: true,
            min: 1,
            summary: '{{fields.name}}',
            fields: [
              { name: 'network', label: 'Network', widget: 'select', required: true, options: [...SOCIAL_NETWORKS], hint: 'Which icon the footer shows.' },
              { name: 'name', label: 'Name', widget: 'string', required: true, hint: "The service's own name, read out to screen readers." },
              { name: 'url', label: 'Address', widget: 'string', required: true, pattern: [SOCIAL_URL_PATTERN.source, 'An https:// address'] },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * The commit status context a pull request's deploy preview is posted under
 * (deploy/github-actions/publish.yml's preview job posts it; Netlify's own
 * builds post the same): Decap's "Check for preview" links the status with
 * exactly this context (its backend's preview_context).
 */
export const DEPLOY_PREVIEW_CONTEXT = 'deploy/netlify';

/**
 * The backend block, and the workflow. GitHub and GitLab sign editors in
 * through Netlify's OAuth provider unless the build says otherwise
 * (features/site/settings.ts, CmsSignIn): through the site's own exchange, whose
 * origin is Decap's `base_url` (Decap compares its messages' origin with
 * it, so it is the origin alone) and whose start is `auth_endpoint`; or,
 * on GitLab, through PKCE in the browser (`auth_type: pkce` and the
 * application's `app_id`, with the GitLab's own address as `base_url`,
 * Decap's default being gitlab.com). A GitHub Enterprise Server or a
 * GitLab of one's own (serverUrl) gives Decap its API as `api_root`.
 */
function backendConfig(backend: CmsBackend): Pick<CmsConfig, 'backend' | 'publish_mode'> {
  switch (backend.name) {
    case 'local':
      // The local backend writes the working tree directly; it has no editorial workflow.
      return { backend: { name: 'proxy', proxy_url: backend.url, branch: 'main' } };
    case 'git-gateway':
      return { backend: { name: 'git-gateway', branch: backend.branch }, publish_mode: 'editorial_workflow' };
    default: {
      const { serverUrl } = backend;
      const signIn: Record<string, string> = backend.oauthOrigin
        ? { base_url: backend.oauthOrigin, auth_endpoint: `${OAUTH_PATH.slice(1)}auth` }
        : backend.gitlabAppId
          ? { auth_type: 'pkce', app_id: backend.gitlabAppId, ...(serverUrl ? { base_url: serverUrl } : {}) }
          : {};
      const server: Record<string, string> = serverUrl ? { api_root: gitApiRoot(backend.name, serverUrl) } : {};
      return {
        backend: { name: backend.name, repo: backend.repo, branch: backend.branch, preview_context: DEPLOY_PREVIEW_CONTEXT, ...server, ...signIn },
        publish_mode: 'editorial_workflow',
      };
    }
  }
}

/**
 * The whole configuration; `namespaces` are the default language's UI string
 * files by name; `siteUrl` the site the "View on site" links open (under
 * `npm run edit`, the development site that serves the CMS).
 */
export function cmsConfig(backend: CmsBackend, namespaces: Readonly<Record<string, LocaleStrings>>, siteUrl?: string): CmsConfig {
  return {
    ...backendConfig(backend),
    ...(siteUrl ? { site_url: siteUrl } : {}),
    locale: 'en',
    media_folder: MEDIA_FOLDER,
    public_folder: MEDIA_PATH.replace(/\/$/, ''),
    // A post's address is its file name: lower-case ASCII letters, digits and hyphens (features/content/checks.ts isSlug).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    i18n: { structure: 'multiple_folders', locales: [...LANGUAGES], default_locale: DEFAULT_LANGUAGE },
    collections: [
      ...(Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap(sectionCollections),
      localesCollection(namespaces),
      uiRecordsCollection(Object.keys(namespaces)),
      socialCollection(),
    ],
  };
}

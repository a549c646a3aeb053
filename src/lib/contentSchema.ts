/**
 * What every markdown file under content/ may say in its frontmatter: one
 * declaration per file kind, from which the build's checks (src/lib/content.ts),
 * the GraphQL types (gatsby/createSchemaCustomization.ts) and the TypeScript
 * types of the views (`Frontmatter` below) are all derived. Adding a field is
 * one line here, then its use in a page query.
 */
import { ICON_NAMES } from './iconPaths';
import { HOME_ILLUSTRATIONS } from './illustrations';

/** The largest GraphQL Int: the page query sorts the home banners by `order`. */
export const GRAPHQL_INT_MAX = 2_147_483_647;

export const CTA_TARGETS = ['app', 'docs', 'pricing', 'contact'] as const;
export type CtaTarget = (typeof CTA_TARGETS)[number];

interface Rule {
  required: boolean;
  /** Required when this other field (of the same file or list item) is set. */
  requiredWith?: string;
}

export type FieldRule =
  | (Rule & { type: 'string'; oneOf?: readonly string[] })
  | (Rule & { type: 'integer'; min: number; max: number })
  /** YYYY-MM-DD, a day the calendar has. */
  | (Rule & { type: 'date' })
  | (Rule & { type: 'boolean' })
  /** A list of short words or phrases, such as a post's tags: [payments, lightning]. */
  | (Rule & { type: 'words' })
  /** A list of objects, each with these fields; a required list has at least one item. */
  | (Rule & { type: 'list'; item: Fields });

export type Fields = Readonly<Record<string, FieldRule>>;

export interface FileSchema {
  fields: Fields;
}

export interface SectionSchema {
  /** Files every language must have, by name (content/<section>/<lang>/<name>.md). */
  files: Readonly<Record<string, FileSchema>>;
  /** Any other file of the section, when the section takes more (the home banners); refused otherwise. */
  entries?: FileSchema;
  /**
   * 'every' (the default): each language has the same files. 'optional':
   * an entry may exist in one language only (a blog post not yet translated).
   */
  translations?: 'every' | 'optional';
  /** True when an entry's file name is its address (a blog post's slug): lower-case letters, digits and hyphens. */
  namesAreSlugs?: boolean;
}

const text = { type: 'string', required: true } as const;
const optionalText = { type: 'string', required: false } as const;

/** One banner of the home page: content/home/<lang>/<nn-name>.md, sorted by `order`. */
const HOME_BANNER = {
  fields: {
    order: { type: 'integer', required: true, min: 1, max: GRAPHQL_INT_MAX },
    title: text,
    illustration: { type: 'string', required: true, oneOf: HOME_ILLUSTRATIONS },
    ctaLabel: { type: 'string', required: false, requiredWith: 'ctaTarget' },
    ctaTarget: { type: 'string', required: false, oneOf: CTA_TARGETS, requiredWith: 'ctaLabel' },
  },
} as const satisfies FileSchema;

/** The home page's head and its first screen: content/home/<lang>/hero.md. */
const HOME_HERO = {
  fields: {
    /** The page's title and description in search results and link previews. */
    title: text,
    description: text,
    eyebrow: text,
    headline: text,
    lead: text,
    tryLabel: text,
    demoLabel: text,
    demoBadge: text,
    demoNote: text,
  },
} as const satisfies FileSchema;

/** The list of what the application covers: content/home/<lang>/topics.md. */
const HOME_TOPICS = {
  fields: {
    heading: text,
    lead: text,
    items: {
      type: 'list',
      required: true,
      item: {
        label: text,
        icon: { type: 'string', required: true, oneOf: ICON_NAMES },
        /** Shown as a chip on the share image (gatsby/brandImages.ts), which has room for three. */
        onShareImage: { type: 'boolean', required: false },
      },
    },
  },
} as const satisfies FileSchema;

/** The closing call to action: content/home/<lang>/closing.md (its first button is the hero's). */
const HOME_CLOSING = {
  fields: { heading: text, lead: text, pricingLabel: text },
} as const satisfies FileSchema;

/**
 * One blog post: content/blog/<lang>/<slug>.md; the same slug in two
 * languages makes them translations of one post.
 */
const BLOG_POST = {
  fields: {
    title: text,
    /** Shown in the list, in search results and in the feed. */
    description: text,
    date: { type: 'date', required: true },
    updated: { type: 'date', required: false },
    author: optionalText,
    tags: { type: 'words', required: false },
    /** Shown by `npm run develop`, never built by `gatsby build`. */
    draft: { type: 'boolean', required: false },
  },
} as const satisfies FileSchema;

/** Every content section and the files it holds. */
export const CONTENT_SECTIONS = {
  home: {
    files: { hero: HOME_HERO, topics: HOME_TOPICS, closing: HOME_CLOSING },
    entries: HOME_BANNER,
  },
  docs: {
    // Optional, so a README fetched from elsewhere (DOCS_README_URL_*) needs
    // no frontmatter; the page falls back to locales/<lang>/content.json.
    files: { readme: { fields: { title: optionalText, description: optionalText } } },
  },
  privacy: {
    files: { policy: { fields: { title: text, description: text, lastUpdated: { type: 'date', required: true } } } },
  },
  blog: { files: {}, entries: BLOG_POST, translations: 'optional', namesAreSlugs: true },
} as const satisfies Readonly<Record<string, SectionSchema>>;

export type ContentSection = keyof typeof CONTENT_SECTIONS;

export function isContentSection(value: string): value is ContentSection {
  return Object.prototype.hasOwnProperty.call(CONTENT_SECTIONS, value);
}

/** The schema of content/<section>/<lang>/<name>.md, or undefined when the section takes no such file. */
export function fileSchema(section: ContentSection, name: string): FileSchema | undefined {
  const spec: SectionSchema = CONTENT_SECTIONS[section];
  return Object.prototype.hasOwnProperty.call(spec.files, name) ? spec.files[name] : spec.entries;
}

/**
 * 'file' for a file a section names (hero.md), 'entry' for one of its other
 * files (a banner): page queries select the banners with `fields.kind`.
 */
export function contentKind(section: ContentSection, name: string): 'file' | 'entry' {
  return Object.prototype.hasOwnProperty.call(CONTENT_SECTIONS[section].files, name) ? 'file' : 'entry';
}

// ---------------------------------------------------------------------------
// The TypeScript types of checked frontmatter, derived from the declarations.

type ValueOf<R> = R extends { type: 'list'; item: infer I }
  ? FieldsValue<I>[]
  : R extends { type: 'words' }
    ? string[]
  : R extends { type: 'boolean' }
    ? boolean
    : R extends { type: 'integer' }
      ? number
      : R extends { oneOf: readonly (infer V)[] }
        ? V
        : string;

type FieldsValue<F> = { [K in keyof F as F[K] extends { required: true } ? K : never]: ValueOf<F[K]> } & {
  [K in keyof F as F[K] extends { required: true } ? never : K]?: ValueOf<F[K]> | null;
};

type Sections = typeof CONTENT_SECTIONS;

/** The frontmatter of a named file once the build has checked it: `Frontmatter<'home', 'hero'>`. */
export type Frontmatter<S extends ContentSection, N extends keyof Sections[S]['files']> = Sections[S]['files'][N] extends {
  fields: infer F;
}
  ? FieldsValue<F>
  : never;

/** The frontmatter of a section's other files once checked: `EntryFrontmatter<'home'>`, a banner. */
export type EntryFrontmatter<S extends ContentSection> = Sections[S] extends { entries: { fields: infer F } } ? FieldsValue<F> : never;

/**
 * The frontmatter a page query returned, as the type its schema promises.
 * Only for content the build has checked (gatsby/onCreateNode.ts fails the
 * build on any file that breaks its schema), so no view repeats the rules.
 */
export function checked<T>(frontmatter: unknown): T {
  return frontmatter as T;
}

/**
 * What every markdown file under content/ may say in its frontmatter: one
 * declaration per file kind, from which the build's checks (features/content/checks.ts),
 * the GraphQL types (gatsby/createSchemaCustomization.ts) and the TypeScript
 * types of the views (`Frontmatter`, features/content/frontmatter.ts) and the editors' CMS
 * (features/cms/decapConfig.ts) are all derived. Adding a field is
 * one line here, then its use in a page query.
 */
import { ICON_NAMES } from '../site/iconPaths';
import { HOME_ILLUSTRATIONS } from '../illustrations/illustrations';

/** The largest GraphQL Int: the page query sorts the home banners by `order`. */
export const GRAPHQL_INT_MAX = 2_147_483_647;

export const CTA_TARGETS = ['app', 'docs', 'pricing', 'contact'] as const;
export type CtaTarget = (typeof CTA_TARGETS)[number];

interface Rule {
  required: boolean;
  /** Required when this other field (of the same file or list item) is set. */
  requiredWith?: string;
  /** A line of help the editors' CMS shows under the field (features/cms/decapConfig.ts). */
  hint?: string;
}

export type FieldRule =
  | (Rule & { type: 'string'; oneOf?: readonly string[] })
  | (Rule & { type: 'integer'; min: number; max: number })
  /** YYYY-MM-DD, a day the calendar has. */
  | (Rule & { type: 'date' })
  | (Rule & { type: 'boolean' })
  /** A list of short words or phrases, such as a post's tags: [payments, lightning]. */
  | (Rule & { type: 'words' })
  /**
   * An upload of the media folder by its address, /media/<name>
   * (features/images/paths.js): a post's cover. The build's
   * image step (features/images/contentImages.node.ts) makes and publishes what the pages show
   * of it, wherever a file sets it, so only a file whose schema declares
   * the field may (features/content/checks.ts).
   */
  | (Rule & { type: 'image' })
  /** A list of objects, each with these fields; a required list has at least one item. */
  | (Rule & { type: 'list'; item: Fields });

export type Fields = Readonly<Record<string, FieldRule>>;

export interface FileSchema {
  /** What the editors' CMS calls it; the file name otherwise. */
  label?: string;
  fields: Fields;
}

export interface SectionSchema {
  /** What the editors' CMS calls the section. */
  label: string;
  /** Files every language must have, by name (content/<section>/<lang>/<name>.md). */
  files: Readonly<Record<string, FileSchema>>;
  /**
   * Any file of the section, for a section of entries (the home banners, the
   * blog posts), whose `files` is then empty: a folder holds one kind of
   * file, which is how the editors' CMS lists it (features/cms/decapConfig.ts).
   */
  entries?: FileSchema;
  /**
   * 'every' (the default): each language has the same files. 'optional':
   * an entry may exist in one language only (a blog post not yet translated).
   */
  translations?: 'every' | 'optional';
  /** True when an entry's file name is its address (a blog post's slug): lower-case letters, digits and hyphens, and none of the site's own names (features/content/slugs.ts). */
  namesAreSlugs?: boolean;
}

const text = { type: 'string', required: true } as const;
const optionalText = { type: 'string', required: false } as const;

/**
 * A translation's record of the original it follows (its language and
 * the fingerprints of its sections, features/translations/record.ts),
 * in every file kind; an original has none. Read and checked by the
 * translation status, which names the file and field when it is malformed.
 */
const translationRecord = {
  type: 'string',
  required: false,
  hint: 'Which version of the original this translation follows, written when the translation is marked up to date: with the button above, or by "npm run translations -- --mark". Empty on the original.',
} as const;

/** One banner of the home page: content/banners/<lang>/<nn-name>.md, sorted by `order`. */
const HOME_BANNER = {
  label: 'Home page banners',
  fields: {
    order: { type: 'integer', required: true, min: 1, max: GRAPHQL_INT_MAX, hint: 'Banners show in this order, lowest first.' },
    title: text,
    illustration: { type: 'string', required: true, oneOf: HOME_ILLUSTRATIONS },
    ctaLabel: { type: 'string', required: false, requiredWith: 'ctaTarget', hint: 'A button under the text: set its label and its target together, or neither.' },
    ctaTarget: { type: 'string', required: false, oneOf: CTA_TARGETS, requiredWith: 'ctaLabel' },
    translation: translationRecord,
  },
} as const satisfies FileSchema;

/** The home page's head and its first screen: content/home/<lang>/hero.md. */
const HOME_HERO = {
  label: 'First screen (hero.md)',
  fields: {
    title: { ...text, hint: "The page's title in search results and link previews." },
    description: { ...text, hint: "The page's description in search results and link previews." },
    eyebrow: text,
    headline: text,
    lead: text,
    tryLabel: text,
    demoLabel: text,
    demoBadge: text,
    demoNote: text,
    translation: translationRecord,
  },
} as const satisfies FileSchema;

/** The list of what the application covers: content/home/<lang>/topics.md. */
const HOME_TOPICS = {
  label: 'What the application covers (topics.md)',
  fields: {
    heading: text,
    lead: text,
    items: {
      type: 'list',
      required: true,
      item: {
        label: text,
        icon: { type: 'string', required: true, oneOf: ICON_NAMES },
        /** Shown as a chip on the share image (features/share-cards/brandImages.node.tsx), which has room for three. */
        onShareImage: { type: 'boolean', required: false, hint: 'Shown on the share image, which has room for three topics.' },
      },
    },
    translation: translationRecord,
  },
} as const satisfies FileSchema;

/** The closing call to action: content/home/<lang>/closing.md (its first button is the hero's). */
const HOME_CLOSING = {
  label: 'Closing call to action (closing.md)',
  fields: { heading: text, lead: text, pricingLabel: text, translation: translationRecord },
} as const satisfies FileSchema;

/**
 * One blog post: content/blog/<lang>/<slug>.md; the same slug in two
 * languages makes them translations of one post.
 */
const BLOG_POST = {
  label: 'Blog posts',
  fields: {
    title: text,
    /** Shown in the list, in search results and in the feed. */
    description: text,
    date: { type: 'date', required: true },
    updated: { type: 'date', required: false },
    author: optionalText,
    tags: { type: 'words', required: false },
    /**
     * The cover: at the top of the post, its thumbnail in the list, and its
     * 1200 x 630 crop when the post is shared (in place of the drawn card).
     */
    image: {
      type: 'image',
      required: false,
      requiredWith: 'imageAlt',
      hint: 'A photo shown at the top of the post, beside its title in the list, and when the post is shared. Set its alt text with it.',
    },
    /** The cover's alt text: what it shows, for whoever cannot see it. */
    imageAlt: {
      type: 'string',
      required: false,
      requiredWith: 'image',
      hint: 'What the photo shows, for people who cannot see it, e.g. "Packs of eggs on a shop shelf, each with a price label".',
    },
    /** Shown by `npm run develop`, never built by `gatsby build`. */
    draft: { type: 'boolean', required: false, hint: 'A draft shows in the development site only, never on the built site.' },
    translation: translationRecord,
  },
} as const satisfies FileSchema;

/** Every content section and the files it holds. */
export const CONTENT_SECTIONS = {
  home: {
    label: 'Home page',
    files: { hero: HOME_HERO, topics: HOME_TOPICS, closing: HOME_CLOSING },
  },
  // A folder of their own, so the CMS lists every file of it as a banner.
  banners: { label: 'Home page banners', files: {}, entries: HOME_BANNER },
  docs: {
    label: 'Documentation',
    // Optional, so a README fetched from elsewhere (DOCS_README_URL_*) needs
    // no frontmatter; the page falls back to locales/<lang>/content.json.
    files: { readme: { label: 'Documentation page (readme.md)', fields: { title: optionalText, description: optionalText, translation: translationRecord } } },
  },
  privacy: {
    label: 'Privacy policy',
    files: { policy: { label: 'Privacy policy (policy.md)', fields: { title: text, description: text, lastUpdated: { type: 'date', required: true }, translation: translationRecord } } },
  },
  blog: { label: 'Blog', files: {}, entries: BLOG_POST, translations: 'optional', namesAreSlugs: true },
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

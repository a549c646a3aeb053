/**
 * What the editors' CMS does in the browser beyond Decap's own behaviour
 * (src/build/adminPage.ts writes it into the admin script):
 * - checks before every save, derived from the content schema like the CMS
 *   config (src/build/cmsConfig.ts): in the side-by-side editor Decap
 *   validates only the default language's pane, so a cleared Bulgarian
 *   title would be saved; a field required when another is set
 *   (`requiredWith`: a banner's button label and target) has no Decap
 *   equivalent; and a new post's file name, which Decap makes from its
 *   title and which is its address, is held to the build's rule
 *   (src/build/slugs.ts), so "Page" or "Search" is refused in the CMS rather
 *   than by the next build;
 * - the key order of a saved UI string file: Decap keeps values in maps
 *   that lose their order past eight keys, so a one-word change would
 *   reshuffle the whole file in git.
 */
import { CONTENT_SECTIONS, type ContentSection, type SectionSchema } from '../lib/contentSchema';
import { fieldLabel } from './cmsConfig';
import { contentPagePath } from './contentPages';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName } from '../lib/languages';
import { RESERVED_SLUGS, SLUG_PATTERN, SLUG_RULE } from './slugs';

export interface FieldCheck {
  field: string;
  label: string;
  required: boolean;
  /** Required when this other field is set. */
  requiredWith?: string;
  requiredWithLabel?: string;
}

/** A new entry's file name, for a collection whose names are addresses (a post's slug). */
export interface SlugCheck {
  /** The field Decap names a new entry's file after (`slug: '{{slug}}'`: the identifier field, the title), and its label. */
  field: string;
  label: string;
  /** The language whose pane Decap takes it from: the default one. */
  language: string;
  /** Where the entries' files are: content/blog (then <language>/<name>.md). */
  folder: string;
  /** The entry's address around its name: ['/blog/', '/'] for /blog/<name>/. */
  address: readonly [string, string];
  /** SLUG_PATTERN's source, and it in words. */
  pattern: string;
  rule: string;
  /** The site's own names, each with what it is (src/build/slugs.ts). */
  reserved: Readonly<Record<string, string>>;
}

export interface CollectionChecks {
  /** 'optional': a language left wholly empty is a translation not written yet, not an error. */
  translations: 'every' | 'optional';
  fields: FieldCheck[];
  /** Set for a collection whose file names are addresses. */
  slug?: SlugCheck;
}

/**
 * Decap names a new entry after this field of the default language: the
 * collections set `slug: '{{slug}}'` (src/build/cmsConfig.ts) and no
 * identifier_field, so Decap takes the field called title.
 */
export const IDENTIFIER_FIELD = 'title';

/** A section's page address before and after an entry's name: ['/blog/', '/']. */
function addressAround(section: ContentSection): [string, string] {
  const place = '\u0000';
  const [before, after = ''] = contentPagePath(section, place).split(place);
  return [before, after];
}

/** Language code -> the name the CMS shows ('bg' -> 'Bulgarian'). */
export type LanguageNames = Readonly<Record<string, string>>;

/** The checks of every collection that shows the languages side by side (the folder collections of src/build/cmsConfig.ts). */
export function collectionChecks(): Record<string, CollectionChecks> {
  const checks: Record<string, CollectionChecks> = {};
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    const spec: SectionSchema = CONTENT_SECTIONS[section];
    const named = Object.values(spec.files);
    const schema = spec.entries ?? (named.length === 1 ? named[0] : undefined);
    if (!schema) continue;
    checks[section] = {
      translations: spec.translations ?? 'every',
      fields: Object.entries(schema.fields)
        .filter(([, rule]) => rule.required || rule.requiredWith)
        .map(([field, rule]) => ({
          field,
          label: fieldLabel(field),
          required: rule.required,
          ...(rule.requiredWith ? { requiredWith: rule.requiredWith, requiredWithLabel: fieldLabel(rule.requiredWith) } : {}),
        })),
      ...(spec.namesAreSlugs
        ? {
            slug: {
              field: IDENTIFIER_FIELD,
              label: fieldLabel(IDENTIFIER_FIELD),
              language: DEFAULT_LANGUAGE,
              folder: `content/${section}`,
              address: addressAround(section),
              pattern: SLUG_PATTERN.source,
              rule: SLUG_RULE,
              reserved: Object.fromEntries(RESERVED_SLUGS),
            },
          }
        : {}),
    };
  }
  return checks;
}

export const languageNames = (): LanguageNames => Object.fromEntries(LANGUAGES.map((language) => [language, languageName(language)]));

/** What Decap says of the entry being saved, beyond its values. */
export interface SavedEntry {
  /** True for an entry not saved before (Decap's `newRecord`): its file name is made now, from its title. */
  newRecord?: unknown;
}

/**
 * What is wrong with an entry about to be saved, one message per field and
 * language, or nothing. `data` holds each language's values. For a new
 * entry of a collection whose file names are addresses (`checks.slug`),
 * also the file name Decap will make from its title, found as Decap finds
 * it (decap-cms-core's slugFormatter for `encoding: 'ascii'` and
 * `clean_accents`: lower case, quotes dropped, dots and every other
 * character outside letters, digits, "_", "-" and "~" made hyphens,
 * accents removed, hyphens run together and trimmed), and held to the
 * build's rule.
 *
 * Self-contained (no imports, no helpers outside it): the admin script
 * embeds this function's source, so the editor's browser runs the same code
 * the unit tests do.
 */
export function entryProblems(
  checks: CollectionChecks,
  data: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>,
  names: LanguageNames,
  saved: SavedEntry = {},
): string[] {
  const isEmpty = (value: unknown): boolean =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
  // Letters that lose no accent mark to Unicode decomposition, as Decap's diacritics package spells them.
  const letters: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l', ŧ: 't', ħ: 'h' };
  const fileName = (title: string): string =>
    Array.from(
      title
        .trim()
        .toLowerCase()
        .replace(/'/g, '')
        .replace(/\./g, '-')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    )
      .map((char) => letters[char] ?? (/^[\w.~-]$/.test(char) ? char : '-'))
      .join('')
      // Windows' device names, which Decap's file-name sanitizer replaces whole.
      .replace(/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
  const problems: string[] = [];
  for (const language of Object.keys(names)) {
    const values = data[language] ?? {};
    if (checks.translations === 'optional' && Object.values(values).every(isEmpty)) continue;
    for (const check of checks.fields) {
      if (!isEmpty(values[check.field])) continue;
      if (check.required) problems.push(`${names[language]}: "${check.label}" is required.`);
      else if (check.requiredWith && !isEmpty(values[check.requiredWith])) {
        problems.push(`${names[language]}: "${check.label}" is required when "${check.requiredWithLabel}" is set.`);
      }
    }
  }
  const slug = checks.slug;
  const title = slug ? data[slug.language]?.[slug.field] : undefined;
  // An entry saved before keeps its file name; an empty title is reported above.
  if (slug && saved.newRecord === true && typeof title === 'string' && !isEmpty(title)) {
    const name = fileName(title);
    const file = `${slug.folder}/${slug.language}/${name}.md`;
    const said = `${names[slug.language] ?? slug.language}: the ${slug.label} "${title.trim()}" names the new entry's file ${file}`;
    const change = `Change the ${slug.label}: the file is named after it when the entry is first saved, and keeps that name.`;
    const reserved = Object.prototype.hasOwnProperty.call(slug.reserved, name) ? slug.reserved[name] : undefined;
    if (reserved !== undefined) {
      problems.push(`${said}, at the address ${slug.address[0]}${name}${slug.address[1]}; "${name}" is a name the site uses itself: ${reserved}. ${change}`);
    } else if (!new RegExp(slug.pattern).test(name)) {
      problems.push(`${said}; that name is the entry's address, made of ${slug.rule} only. ${change}`);
    }
  }
  return problems;
}

/**
 * `value` with its object keys in the order of `reference` (the English
 * file of the same UI strings), at every depth; keys the reference lacks
 * follow in their own order. Self-contained, like entryProblems: the admin
 * script embeds its source.
 */
export function inReferenceOrder(value: unknown, reference: unknown): unknown {
  const isObject = (candidate: unknown): candidate is Record<string, unknown> => typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);
  if (!isObject(value)) return value;
  const model = isObject(reference) ? reference : {};
  const keys = [...Object.keys(model).filter((key) => key in value), ...Object.keys(value).filter((key) => !(key in model))];
  const ordered: Record<string, unknown> = {};
  for (const key of keys) ordered[key] = inReferenceOrder(value[key], model[key]);
  return ordered;
}

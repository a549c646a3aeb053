/**
 * What the editors' CMS does in the browser beyond Decap's own behaviour
 * (features/cms/adminPage.ts writes it into the admin script):
 * - checks before every save, derived from the content schema like the CMS
 *   config: in the side-by-side editor Decap
 *   validates only the default language's pane, so a cleared Bulgarian
 *   title would be saved; a field required when another is set
 *   (`requiredWith`: a banner's button label and target) has no Decap
 *   equivalent; and a new post's file name, which is its address, given in
 *   its Address field or else made from its title, is held to the build's
 *   rule, so "Page" or "Search" is refused in the CMS
 *   rather than by the next build;
 * - the key order of a saved UI string file: Decap keeps values in maps
 *   that lose their order past eight keys, so a one-word change would
 *   reshuffle the whole file in git.
 */
import { CONTENT_SECTIONS, type ContentSection, type SectionSchema } from '../content/contentSchema';
import { ADDRESS_FIELD, editedByLanguage, fieldLabel, languageCollectionName } from './decapConfig';
import { contentPagePath } from '../content/contentPages';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, localizedPath, type Language } from '../site/languages';
import { RESERVED_SLUGS, SLUG_PATTERN, SLUG_RULE } from '../content/slugs';

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
  /** The field in which the editor gives it (the address: Decap names the file `{{fields.address}}`), and its label. */
  field: string;
  label: string;
  /** The field it is made from when that is left empty (the title, made into a name as Decap makes one), and its label. */
  from: string;
  fromLabel: string;
  /** Where the entries' files are: content/blog/bg (then <name>.md). */
  folder: string;
  /** The entry's address around its name: ['/bg/blog/', '/'] for /bg/blog/<name>/. */
  address: readonly [string, string];
  /** SLUG_PATTERN's source, and it in words. */
  pattern: string;
  rule: string;
  /** The site's own names, each with what it is. */
  reserved: Readonly<Record<string, string>>;
}

export interface CollectionChecks {
  /**
   * The languages an entry holds, the one in Decap's entry data first: every
   * language, the default one first, in a collection of them side by side;
   * its own language in a collection of one (blog_bg).
   */
  languages: readonly string[];
  /** 'optional': a language left wholly empty is a translation not written yet, not an error. */
  translations: 'every' | 'optional';
  fields: FieldCheck[];
  /** Set for a collection whose file names are addresses. */
  slug?: SlugCheck;
}

/** The field Decap names a new post after when it has no address: the title, as it did before posts had one. */
export const IDENTIFIER_FIELD = 'title';

/** A section's page address in `language` before and after an entry's name: ['/bg/blog/', '/']. */
function addressAround(section: ContentSection, language: Language): [string, string] {
  const place = '\u0000';
  const [before, after = ''] = localizedPath(language, contentPagePath(section, place), false).split(place);
  return [before, after];
}

/** Language code -> the name the CMS shows ('bg' -> 'Bulgarian'). */
export type LanguageNames = Readonly<Record<string, string>>;

/**
 * The checks of every collection of a content section, by its name: the
 * folder collections that show the languages side by side, and the
 * collections of one language.
 */
export function collectionChecks(): Record<string, CollectionChecks> {
  const checks: Record<string, CollectionChecks> = {};
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    const spec: SectionSchema = CONTENT_SECTIONS[section];
    const named = Object.values(spec.files);
    const schema = spec.entries ?? (named.length === 1 ? named[0] : undefined);
    if (!schema) continue;
    const fields = Object.entries(schema.fields)
      .filter(([, rule]) => rule.required || rule.requiredWith)
      .map(([field, rule]) => ({
        field,
        label: fieldLabel(field),
        required: rule.required,
        ...(rule.requiredWith ? { requiredWith: rule.requiredWith, requiredWithLabel: fieldLabel(rule.requiredWith) } : {}),
      }));
    const slug = (language: Language): SlugCheck => ({
      field: ADDRESS_FIELD,
      label: fieldLabel(ADDRESS_FIELD),
      from: IDENTIFIER_FIELD,
      fromLabel: fieldLabel(IDENTIFIER_FIELD),
      folder: `content/${section}/${language}`,
      address: addressAround(section, language),
      pattern: SLUG_PATTERN.source,
      rule: SLUG_RULE,
      reserved: Object.fromEntries(RESERVED_SLUGS),
    });
    if (editedByLanguage(section)) {
      for (const language of LANGUAGES) {
        checks[languageCollectionName(section, language)] = { languages: [language], translations: 'every', fields, ...(spec.namesAreSlugs ? { slug: slug(language) } : {}) };
      }
    } else {
      checks[section] = { languages: [DEFAULT_LANGUAGE, ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)], translations: spec.translations ?? 'every', fields };
    }
  }
  return checks;
}

export const languageNames = (): LanguageNames => Object.fromEntries(LANGUAGES.map((language) => [language, languageName(language)]));

/** What Decap says of the entry being saved, beyond its values. */
export interface SavedEntry {
  /** True for an entry not saved before (Decap's `newRecord`): its file name is made now. */
  newRecord?: unknown;
}

/**
 * What is wrong with an entry about to be saved, one message per field and
 * language, or nothing. `data` holds each language's values. For an entry
 * of a collection whose file names are addresses (`checks.slug`): when it
 * is new, the file name Decap will make from its address, or when that is
 * empty from its title, found as Decap finds it (decap-cms-core's
 * slugFormatter for `encoding: 'ascii'` and `clean_accents`: lower case,
 * quotes dropped, dots and every other character outside letters, digits,
 * "_", "-" and "~" made hyphens, accents removed, hyphens run together and
 * trimmed), held to the build's rule; when it was saved before, no address,
 * since its file keeps its name.
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
  for (const language of checks.languages) {
    const values = data[language] ?? {};
    if (checks.translations === 'optional' && Object.values(values).every(isEmpty)) continue;
    for (const check of checks.fields) {
      if (!isEmpty(values[check.field])) continue;
      if (check.required) problems.push(`${names[language] ?? language}: "${check.label}" is required.`);
      else if (check.requiredWith && !isEmpty(values[check.requiredWith])) {
        problems.push(`${names[language] ?? language}: "${check.label}" is required when "${check.requiredWithLabel}" is set.`);
      }
    }
  }
  const slug = checks.slug;
  if (!slug) return problems;
  const language = checks.languages[0];
  const said = names[language] ?? language;
  const values = data[language] ?? {};
  const given = values[slug.field];
  const source = typeof given === 'string' && !isEmpty(given) ? { label: slug.label, text: given } : { label: slug.fromLabel, text: values[slug.from] };
  if (saved.newRecord !== true) {
    // A saved entry keeps its file name, whatever its fields say now.
    if (source.label === slug.label) {
      problems.push(
        `${said}: the ${slug.label} "${String(given).trim()}" names a new entry only; this entry was saved before, and its file keeps its name. Clear the ${slug.label}.`,
      );
    }
    return problems;
  }
  // An empty title is reported above.
  if (typeof source.text !== 'string' || isEmpty(source.text)) return problems;
  const name = fileName(source.text);
  const file = `${slug.folder}/${name}.md`;
  const named = `${said}: the ${source.label} "${source.text.trim()}" names the new entry's file ${file}`;
  const change =
    source.label === slug.label
      ? `Change the ${slug.label}: the file is named after it when the entry is first saved, and keeps that name.`
      : `Give the entry an ${slug.label} (${slug.rule}), or change the ${slug.fromLabel}: the file is named when the entry is first saved, and keeps that name.`;
  const reserved = Object.prototype.hasOwnProperty.call(slug.reserved, name) ? slug.reserved[name] : undefined;
  if (reserved !== undefined) {
    problems.push(`${named}, at the address ${slug.address[0]}${name}${slug.address[1]}; "${name}" is a name the site uses itself: ${reserved}. ${change}`);
  } else if (!new RegExp(slug.pattern).test(name)) {
    problems.push(`${named}; that name is the entry's address, made of ${slug.rule} only. ${change}`);
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

/**
 * The checks that turn a mistake in an editor's markdown into a build error
 * naming the file and the field, against the declarations of
 * features/content/contentSchema.ts. Used at build time by features/content/contentNodes.node.ts,
 * gatsby/createPages.ts and features/share-cards/brandImages.node.tsx.
 */
import { CONTENT_SECTIONS, fileSchema, isContentSection, type ContentSection, type FieldRule, type Fields, type SectionSchema } from './contentSchema';
import { LANGUAGES, isLanguage, type Language } from '../site/languages';
import { PLAIN_TEXT_RULE, markupProblem } from './plainText';
import { postPath } from '../blog/blog';
import { SLUG_RULE, isSlug, reservedSlug } from './slugs';
import { mediaSource } from '../images/remark-images/transform';
import { MEDIA_FOLDER, MEDIA_PATH } from '../images/paths';

export { isSlug };

export interface ContentFile {
  /** Path shown in messages, relative to the project, e.g. content/banners/en/01-sale-orders.md */
  path: string;
  section: ContentSection;
  language: Language;
  name: string;
}

/**
 * Splits 'home/bg/01-orders.md' into its section, language and name, or
 * explains what is wrong with the path.
 */
export function parseContentPath(relativePath: string): Omit<ContentFile, 'path'> | { error: string } {
  const file = `content/${relativePath}`;
  const parts = relativePath.split('/');
  if (parts.length !== 3) {
    return { error: `${file}: content files live at content/<section>/<language>/<name>.md` };
  }
  const [section, language, base] = parts;
  if (!isContentSection(section)) {
    return { error: `${file}: unknown section "${section}" (expected ${Object.keys(CONTENT_SECTIONS).join(', ')})` };
  }
  if (!isLanguage(language)) {
    return { error: `${file}: unknown language folder "${language}" (expected ${LANGUAGES.join(', ')})` };
  }
  const name = base.replace(/\.(md|markdown)$/, '');
  const spec: SectionSchema = CONTENT_SECTIONS[section];
  if (spec.namesAreSlugs) {
    // The file name is the page's address: one plain segment, none of the site's own names.
    const reserved = reservedSlug(name);
    if (reserved) {
      const example = `${name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}-guide.md`;
      return {
        error: `${file}: the file name is the page's address (${postPath(name)}), and "${name}" is a name the site uses itself: ${reserved}. Rename the file (e.g. ${example}).`,
      };
    }
    if (!isSlug(name)) return { error: `${file}: the file name is the page's address: use ${SLUG_RULE}, ending in .md (e.g. stock-control-habits.md)` };
  }
  if (!fileSchema(section, name)) {
    const names = Object.keys(CONTENT_SECTIONS[section].files).map((known) => `${known}.md`);
    return { error: `${file}: content/${section}/<language>/ holds only ${names.join(', ')}` };
  }
  return { section, language, name };
}

function describe(rule: FieldRule): string {
  switch (rule.type) {
    case 'string':
      return rule.oneOf ? `one of ${rule.oneOf.map((v) => `"${v}"`).join(', ')}` : 'a string';
    case 'date':
      return 'a date (YYYY-MM-DD)';
    case 'integer':
      return `a whole number from ${rule.min} to ${rule.max}`;
    case 'boolean':
      return 'true or false';
    case 'list':
      return 'a list of one or more items';
    case 'words':
      return 'a list of one or more words, e.g. [payments, lightning]';
    case 'image':
      return `an upload of the media folder by its address, ${MEDIA_PATH}<name> (upload it in the CMS, or put it in ${MEDIA_FOLDER}/)`;
  }
}

/** True for YYYY-MM-DD naming a day that exists: 2024-02-29 yes, 2025-02-30 no. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A field's value as written in the file's YAML frontmatter, quotes
 * removed, for a simple `name: value` line; undefined otherwise. Needed for
 * dates: YAML turns 2025-02-30 into 2 March before any check can see it.
 */
export function frontmatterScalar(source: string, name: string): string | undefined {
  const block = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(source)?.[1];
  if (block === undefined) return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`^${escaped}[ \\t]*:[ \\t]*(.*?)[ \\t]*\\r?$`, 'm').exec(block)?.[1];
  if (!line) return undefined;
  const quoted = /^(["'])(.*)\1$/.exec(line);
  if (quoted) return quoted[2];
  return line.replace(/\s+#.*$/, '');
}

function matches(rule: FieldRule, value: unknown, written: string | undefined): boolean {
  switch (rule.type) {
    case 'string':
      return typeof value === 'string' && value.trim() !== '' && (!rule.oneOf || rule.oneOf.includes(value));
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= rule.min && value <= rule.max;
    case 'boolean':
      return typeof value === 'boolean';
    case 'list':
      return Array.isArray(value) && value.length > 0;
    case 'words':
      return Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string' && word.trim() !== '');
    case 'image':
      // The address the image step (features/images/contentImages.node.ts) takes, by the same rule.
      return typeof value === 'string' && 'source' in mediaSource(value);
    case 'date':
      // As written when the file is at hand; else as parsed: a YAML date
      // reaches us as an ISO timestamp at midnight UTC.
      if (written !== undefined) return isCalendarDate(written);
      if (value instanceof Date) return !Number.isNaN(value.getTime());
      return typeof value === 'string' && isCalendarDate(value.replace(/T00:00:00(\.000)?Z$/, ''));
  }
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

const shownValue = (value: unknown): string => (typeof value === 'number' ? (Object.is(value, -0) ? '-0' : String(value)) : JSON.stringify(value));

/** Messages for `data` against `fields`; `prefix` names a list item's fields ("items[2]."). */
function fieldErrors(file: string, fields: Fields, data: Record<string, unknown>, prefix: string, source: string | undefined): string[] {
  const errors: string[] = [];
  for (const [name, rule] of Object.entries(fields)) {
    const field = `${prefix}${name}`;
    const value = data[name];
    const neededBy = rule.requiredWith !== undefined && isSet(data[rule.requiredWith]) ? rule.requiredWith : undefined;
    if (!isSet(value)) {
      if (rule.required) errors.push(`${file}: frontmatter field "${field}" is missing; it must be ${describe(rule)}`);
      else if (neededBy) errors.push(`${file}: frontmatter field "${field}" is missing; it must be ${describe(rule)} when "${prefix}${neededBy}" is set`);
      continue;
    }
    // A date as written, when the file is at hand (top-level fields only).
    const written = rule.type === 'date' && source !== undefined && prefix === '' ? frontmatterScalar(source, name) : undefined;
    if (!matches(rule, value, written)) {
      const shown = written ?? value;
      const offCalendar = rule.type === 'date' && typeof shown === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(shown) ? ', a day the calendar does not have' : '';
      errors.push(`${file}: frontmatter field "${field}" must be ${describe(rule)}, got ${shownValue(shown)}${offCalendar}`);
      continue;
    }
    // Strings are text wherever they go: a list's items are checked as they recurse.
    const strings: [string, string][] =
      rule.type === 'string' || rule.type === 'image'
        ? [[field, value as string]]
        : rule.type === 'words'
          ? (value as string[]).map((word, index) => [`${field}[${index + 1}]`, word])
          : [];
    for (const [named, text] of strings) {
      const problem = markupProblem(text);
      if (problem) errors.push(`${file}: frontmatter field "${named}" must be plain text, but ${problem}; ${PLAIN_TEXT_RULE}`);
    }
    if (rule.type === 'list') {
      (value as unknown[]).forEach((item, index) => {
        const itemField = `${field}[${index + 1}]`;
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          errors.push(`${file}: frontmatter field "${itemField}" must be an item with ${Object.keys(rule.item).join(', ')}, got ${shownValue(item)}`);
        } else {
          errors.push(...fieldErrors(file, rule.item, item as Record<string, unknown>, `${itemField}.`, undefined));
        }
      });
    }
  }
  return errors;
}

/**
 * The image fields of the schema (a post's `image`), with the sections that
 * declare each. The image step (features/images/contentImages.node.ts) makes and publishes an
 * image for such a field wherever a file sets it, so a file of another
 * section may not: no page of it would show the image.
 */
export const IMAGE_FIELDS: ReadonlyMap<string, readonly ContentSection[]> = (() => {
  const fields = new Map<string, ContentSection[]>();
  for (const [section, spec] of Object.entries(CONTENT_SECTIONS) as [ContentSection, SectionSchema][]) {
    for (const schema of [...Object.values(spec.files), ...(spec.entries ? [spec.entries] : [])]) {
      for (const [name, rule] of Object.entries(schema.fields)) {
        const sections = fields.get(name) ?? [];
        if (rule.type === 'image' && !sections.includes(section)) fields.set(name, [...sections, section]);
      }
    }
  }
  return fields;
})();

/** Messages for image fields set in a file whose schema does not declare them (see IMAGE_FIELDS). */
function strayImageFields(file: string, fields: Fields, data: Record<string, unknown>): string[] {
  return [...IMAGE_FIELDS]
    .filter(([name]) => !Object.prototype.hasOwnProperty.call(fields, name) && isSet(data[name]))
    .map(
      ([name, sections]) =>
        `${file}: frontmatter field "${name}" is a cover image, which only ${sections.map((section) => `content/${section}/`).join(' and ')} may have: ` +
        `remove the field; to show the image in the text, put it in the body: ![what it shows](${MEDIA_PATH}<name>)`,
    );
}

/**
 * One message per broken field of content/<section>/<lang>/<name>.md, each
 * naming the file and the field; list items are named by their place
 * (`items[3].icon`, counting from 1). `source`, the file's whole text, lets
 * dates be checked as written.
 */
export function validateFrontmatter(file: string, section: ContentSection, name: string, frontmatter: Record<string, unknown> | null | undefined, source?: string): string[] {
  const schema = fileSchema(section, name);
  if (!schema) return [`${file}: content/${section}/ takes no file named "${name}.md"`];
  return [...fieldErrors(file, schema.fields, frontmatter ?? {}, '', source), ...strayImageFields(file, schema.fields, frontmatter ?? {})];
}

/**
 * Every language must have the same files in a section (and the files a
 * section requires), so no page silently falls back or renders empty.
 */
export function findMissingTranslations(files: readonly ContentFile[]): string[] {
  const errors: string[] = [];
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    const spec: SectionSchema = CONTENT_SECTIONS[section];
    const inSection = files.filter((f) => f.section === section);
    const optional = spec.translations === 'optional';
    const names = new Set([...Object.keys(spec.files), ...(optional ? [] : inSection.map((f) => f.name))]);
    for (const name of [...names].sort()) {
      for (const language of LANGUAGES) {
        if (!inSection.some((f) => f.name === name && f.language === language)) {
          errors.push(`content/${section}/${language}/${name}.md: file is missing (every language needs "${name}.md")`);
        }
      }
    }
  }
  return errors;
}

/**
 * Two files of one language that would be one page: posts/a.md beside
 * posts/a.markdown. The file system keeps every other pair apart, and
 * names are lower-case slugs where they are addresses.
 */
export function findDuplicateNames(files: readonly ContentFile[]): string[] {
  const seen = new Map<string, string>();
  const errors: string[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const key = `${file.section}/${file.language}/${file.name}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, file.path);
    else errors.push(`${file.path}: "${file.name}" is already used by ${first} in the same language; give one of them another name`);
  }
  return errors;
}


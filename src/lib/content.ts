/**
 * The shape of the markdown that content editors own, and the checks that
 * turn a mistake in their file into a build error naming the file and the
 * field. Used at build time by gatsby/onCreateNode.ts and gatsby/createPages.ts.
 */
import { LANGUAGES, isLanguage, type Language } from './languages';

type FieldType = 'string' | 'integer' | 'date';

interface FieldRule {
  type: FieldType;
  required: boolean;
  oneOf?: readonly string[];
  /** Required when this other field is set. */
  requiredWith?: string;
}

/**
 * `order` sorts the home sections: a whole number from 1 up (1.5, "2", 0
 * and -0 are refused; 2.0 is the number 2 to YAML and passes), at most
 * the largest GraphQL Int, which the page query sorts by.
 */
export const ORDER_RANGE = { min: 1, max: 2_147_483_647 } as const;

export const HOME_ILLUSTRATIONS = ['sale-order', 'features', 'payments'] as const;
export const CTA_TARGETS = ['app', 'docs', 'pricing', 'contact'] as const;
export type HomeIllustration = (typeof HOME_ILLUSTRATIONS)[number];
export type CtaTarget = (typeof CTA_TARGETS)[number];

interface SectionSpec {
  fields: Record<string, FieldRule>;
  /** File names every language must have; other names must only match across languages. */
  files?: readonly string[];
}

/** Every content section, its files' frontmatter and the file names each language must have. */
export const CONTENT_SECTIONS = {
  home: {
    fields: {
      order: { type: 'integer', required: true },
      title: { type: 'string', required: true },
      illustration: { type: 'string', required: true, oneOf: HOME_ILLUSTRATIONS },
      ctaLabel: { type: 'string', required: false, requiredWith: 'ctaTarget' },
      ctaTarget: { type: 'string', required: false, oneOf: CTA_TARGETS, requiredWith: 'ctaLabel' },
    },
  },
  docs: {
    // Optional, so a README fetched from elsewhere (DOCS_README_URL_*) needs
    // no frontmatter; the page falls back to locales/<lang>/content.json.
    fields: {
      title: { type: 'string', required: false },
      description: { type: 'string', required: false },
    },
    files: ['readme'],
  },
  privacy: {
    fields: {
      title: { type: 'string', required: true },
      description: { type: 'string', required: true },
      lastUpdated: { type: 'date', required: true },
    },
    files: ['policy'],
  },
} as const satisfies Record<string, SectionSpec>;

export type ContentSection = keyof typeof CONTENT_SECTIONS;

export function isContentSection(value: string): value is ContentSection {
  return Object.prototype.hasOwnProperty.call(CONTENT_SECTIONS, value);
}

export interface ContentFile {
  /** Path shown in messages, relative to the project, e.g. content/home/en/01-sale-orders.md */
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
  return { section, language, name: base.replace(/\.md$/, '') };
}

function describe(rule: FieldRule): string {
  if (rule.oneOf) return `one of ${rule.oneOf.map((v) => `"${v}"`).join(', ')}`;
  if (rule.type === 'date') return 'a date (YYYY-MM-DD)';
  if (rule.type === 'integer') return `a whole number from ${ORDER_RANGE.min} to ${ORDER_RANGE.max}`;
  return `a ${rule.type}`;
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
      return typeof value === 'number' && Number.isInteger(value) && value >= ORDER_RANGE.min && value <= ORDER_RANGE.max;
    case 'date':
      // As written when the file is at hand; else as parsed: a YAML date
      // reaches us as an ISO timestamp at midnight UTC.
      if (written !== undefined) return isCalendarDate(written);
      if (value instanceof Date) return !Number.isNaN(value.getTime());
      return typeof value === 'string' && isCalendarDate(value.replace(/T00:00:00(\.000)?Z$/, ''));
  }
}

/**
 * One message per broken field, each naming the file and the field.
 * `source`, the file's whole text, lets dates be checked as written.
 */
export function validateFrontmatter(
  file: string,
  section: ContentSection,
  frontmatter: Record<string, unknown> | null | undefined,
  source?: string,
): string[] {
  const { fields }: SectionSpec = CONTENT_SECTIONS[section];
  const data = frontmatter ?? {};
  const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
  const errors: string[] = [];
  for (const [name, rule] of Object.entries(fields)) {
    const value = data[name];
    const neededBy = rule.requiredWith !== undefined && isSet(data[rule.requiredWith]) ? rule.requiredWith : undefined;
    if (!isSet(value)) {
      if (rule.required) errors.push(`${file}: frontmatter field "${name}" is missing; it must be ${describe(rule)}`);
      else if (neededBy) errors.push(`${file}: frontmatter field "${name}" is missing; it must be ${describe(rule)} when "${neededBy}" is set`);
      continue;
    }
    const written = rule.type === 'date' && source !== undefined ? frontmatterScalar(source, name) : undefined;
    if (!matches(rule, value, written)) {
      const shown = written ?? value;
      const offCalendar = rule.type === 'date' && typeof shown === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(shown) ? ', a day the calendar does not have' : '';
      const got = typeof shown === 'number' ? (Object.is(shown, -0) ? '-0' : String(shown)) : JSON.stringify(shown);
      errors.push(`${file}: frontmatter field "${name}" must be ${describe(rule)}, got ${got}${offCalendar}`);
    }
  }
  return errors;
}

/**
 * Every language must have the same files in a section (and the files a
 * section requires), so no page silently falls back or renders empty.
 */
export function findMissingTranslations(files: readonly ContentFile[]): string[] {
  const errors: string[] = [];
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    const spec: SectionSpec = CONTENT_SECTIONS[section];
    const inSection = files.filter((f) => f.section === section);
    const names = new Set([...(spec.files ?? []), ...inSection.map((f) => f.name)]);
    if (names.size === 0) {
      errors.push(`content/${section}/: no markdown files; each language needs at least one`);
      continue;
    }
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

/** Build-time variables that fetch the documentation README from elsewhere, per language. */
export const REMOTE_README_VARIABLES: Record<Language, string> = {
  en: 'DOCS_README_URL_EN',
  bg: 'DOCS_README_URL_BG',
};

/**
 * The README URLs configured for remote fetching; throws naming the
 * variable when one is not an absolute https URL (gatsby/remoteReadme.ts
 * fetches https only, redirects included).
 */
export function remoteReadmeUrls(env: Record<string, string | undefined>): Partial<Record<Language, string>> {
  const urls: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const name = REMOTE_README_VARIABLES[language];
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^https:\/\/[^\s/?#]+\S*$/i.test(value)) throw new Error(`${name} must be an absolute https URL, got "${value}"`);
    urls[language] = value;
  }
  return urls;
}

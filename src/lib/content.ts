/**
 * The shape of the markdown that content editors own, and the checks that
 * turn a mistake in their file into a build error naming the file and the
 * field. Used at build time by gatsby/onCreateNode.ts and gatsby/createPages.ts.
 */
import { LANGUAGES, isLanguage, type Language } from './languages';

type FieldType = 'string' | 'number' | 'date';

interface FieldRule {
  type: FieldType;
  required: boolean;
  oneOf?: readonly string[];
  /** Required when this other field is set. */
  requiredWith?: string;
}

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
      order: { type: 'number', required: true },
      title: { type: 'string', required: true },
      illustration: { type: 'string', required: true, oneOf: HOME_ILLUSTRATIONS },
      ctaLabel: { type: 'string', required: false },
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
  /** Path shown in messages, relative to the project, e.g. content/home/en/01-orders.md */
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
  return `a ${rule.type}`;
}

function matches(rule: FieldRule, value: unknown): boolean {
  switch (rule.type) {
    case 'string':
      return typeof value === 'string' && value.trim() !== '' && (!rule.oneOf || rule.oneOf.includes(value));
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      if (value instanceof Date) return !Number.isNaN(value.getTime());
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
  }
}

/** One message per broken field, each naming the file and the field. */
export function validateFrontmatter(
  file: string,
  section: ContentSection,
  frontmatter: Record<string, unknown> | null | undefined,
): string[] {
  const { fields }: SectionSpec = CONTENT_SECTIONS[section];
  const data = frontmatter ?? {};
  const errors: string[] = [];
  for (const [name, rule] of Object.entries(fields)) {
    const value = data[name];
    const present = value !== undefined && value !== null && value !== '';
    const required = rule.required || (rule.requiredWith !== undefined && data[rule.requiredWith] != null);
    if (!present) {
      if (required) errors.push(`${file}: frontmatter field "${name}" is missing; it must be ${describe(rule)}`);
      continue;
    }
    if (!matches(rule, value)) {
      errors.push(`${file}: frontmatter field "${name}" must be ${describe(rule)}, got ${JSON.stringify(value)}`);
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
 * variable when one is not an absolute http(s) URL.
 */
export function remoteReadmeUrls(env: Record<string, string | undefined>): Partial<Record<Language, string>> {
  const urls: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const name = REMOTE_README_VARIABLES[language];
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^https?:\/\/\S+$/i.test(value)) throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
    urls[language] = value;
  }
  return urls;
}

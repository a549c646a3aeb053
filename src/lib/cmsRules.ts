/**
 * What the editors' CMS does in the browser beyond Decap's own behaviour
 * (src/lib/adminPage.ts writes it into the admin script):
 * - checks before every save, derived from the content schema like the CMS
 *   config (src/lib/cmsConfig.ts): in the side-by-side editor Decap
 *   validates only the default language's pane, so a cleared Bulgarian
 *   title would be saved; and a field required when another is set
 *   (`requiredWith`: a banner's button label and target) has no Decap
 *   equivalent;
 * - the key order of a saved UI string file: Decap keeps values in maps
 *   that lose their order past eight keys, so a one-word change would
 *   reshuffle the whole file in git.
 */
import { CONTENT_SECTIONS, type ContentSection, type SectionSchema } from './contentSchema';
import { fieldLabel } from './cmsConfig';
import { LANGUAGES, languageName } from './languages';

export interface FieldCheck {
  field: string;
  label: string;
  required: boolean;
  /** Required when this other field is set. */
  requiredWith?: string;
  requiredWithLabel?: string;
}

export interface CollectionChecks {
  /** 'optional': a language left wholly empty is a translation not written yet, not an error. */
  translations: 'every' | 'optional';
  fields: FieldCheck[];
}

/** Language code -> the name the CMS shows ('bg' -> 'Bulgarian'). */
export type LanguageNames = Readonly<Record<string, string>>;

/** The checks of every collection that shows the languages side by side (the folder collections of src/lib/cmsConfig.ts). */
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
    };
  }
  return checks;
}

export const languageNames = (): LanguageNames => Object.fromEntries(LANGUAGES.map((language) => [language, languageName(language)]));

/**
 * What is wrong with an entry about to be saved, one message per field and
 * language, or nothing. `data` holds each language's values.
 *
 * Self-contained (no imports, no helpers outside it): the admin script
 * embeds this function's source, so the editor's browser runs the same code
 * the unit tests do.
 */
export function entryProblems(checks: CollectionChecks, data: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>, names: LanguageNames): string[] {
  const isEmpty = (value: unknown): boolean =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
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

/**
 * The TypeScript types of checked frontmatter, derived from the content
 * schema's declarations. Apart from the schema so
 * that the pages' JavaScript, which imports these, never carries the schema
 * itself: only types cross over, and they vanish when compiled.
 */
import type { CONTENT_SECTIONS, ContentSection } from './contentSchema';

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
 * Only for content the build has checked (features/content/contentNodes.node.ts fails the
 * build on any file that breaks its schema), so no view repeats the rules.
 */
export function checked<T>(frontmatter: unknown): T {
  return frontmatter as T;
}

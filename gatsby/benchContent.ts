/**
 * Extra markdown pages for the benchmark (`npm run bench`, scripts/bench.ts),
 * built only when BENCH_CONTENT_DIR names a folder of <language>/<name>.md
 * files. Then gatsby-config sources that folder as 'bench', onCreateNode
 * checks each file and files it under the section 'bench', and
 * gatsby/createBenchPages.ts makes one page per file: /bench/<name>/ for
 * English, /bg/bench/<name>/ for Bulgarian, rendered by
 * gatsby/templates/benchPage.tsx through MarkdownPage like any markdown page.
 * Unset, as in every normal build, none of this adds a source, a node or a page.
 */
import path from 'node:path';
import { validateFrontmatter } from '../src/lib/content';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, localizedPath, type Language } from '../src/lib/languages';

export const BENCH_CONTENT_VARIABLE = 'BENCH_CONTENT_DIR';
/** The source's name (gatsby-source-filesystem) and the section its markdown is filed under. */
export const BENCH_SOURCE = 'bench';

/** The folder of extra pages, or undefined when the variable is unset; throws when it is not absolute. */
export function benchContentDir(env: Record<string, string | undefined>): string | undefined {
  const value = env[BENCH_CONTENT_VARIABLE]?.trim();
  if (!value) return undefined;
  if (!path.isAbsolute(value)) throw new Error(`${BENCH_CONTENT_VARIABLE} must be an absolute path, got "${value}"`);
  return value;
}

export interface BenchFile {
  language: Language;
  /** The file's name without .md, e.g. 'page-001'. */
  name: string;
}

/** 'bg/page-001.md' -> { language: 'bg', name: 'page-001' }, or what is wrong with the path. */
export function parseBenchPath(relativePath: string): BenchFile | { error: string } {
  const parts = relativePath.split('/');
  const [language, base] = parts;
  if (parts.length !== 2 || !/^[a-z0-9][a-z0-9-]*\.md$/.test(base ?? '')) {
    return { error: `${relativePath}: benchmark pages live at <language>/<name>.md, the name in lowercase letters, digits and dashes` };
  }
  if (!isLanguage(language)) {
    return { error: `${relativePath}: unknown language folder "${language}" (expected ${LANGUAGES.join(', ')})` };
  }
  return { language, name: base.replace(/\.md$/, '') };
}

/**
 * Checks one benchmark file the way content files are checked: its path,
 * then its frontmatter against the privacy section's schema (title,
 * description, lastUpdated: the markdown page the template renders alike).
 * `shownAs` names the file in messages.
 */
export function checkBenchFile(
  shownAs: string,
  relativePath: string,
  frontmatter: Record<string, unknown> | null | undefined,
): BenchFile | { errors: string[] } {
  const parsed = parseBenchPath(relativePath);
  if ('error' in parsed) return { errors: [`${BENCH_CONTENT_VARIABLE}/${parsed.error}`] };
  const errors = validateFrontmatter(shownAs, 'privacy', frontmatter);
  return errors.length > 0 ? { errors } : parsed;
}

/** The page's path on the site: '/bench/page-001/' in English, '/bg/bench/page-001/' in Bulgarian. */
export function benchPagePath({ language, name }: BenchFile): string {
  return localizedPath(language, `/bench/${name}/`, language !== DEFAULT_LANGUAGE);
}

export interface BenchPageContext {
  /** The markdown node the page shows. */
  id: string;
  /** The page query's $language, as the i18n plugin sets it on every other page. */
  language: Language;
  /**
   * The i18n plugin's context, set here so the plugin keeps the page as it
   * is (one page at its own path) instead of copying it into every language.
   */
  i18n: {
    language: Language;
    languages: Language[];
    defaultLanguage: Language;
    generateDefaultLanguagePage: boolean;
    routed: boolean;
    originalPath: string;
    path: string;
  };
}

export function benchPageContext(id: string, file: BenchFile): BenchPageContext {
  const routed = file.language !== DEFAULT_LANGUAGE;
  return {
    id,
    language: file.language,
    i18n: {
      language: file.language,
      languages: [...LANGUAGES],
      defaultLanguage: DEFAULT_LANGUAGE,
      generateDefaultLanguagePage: true,
      routed,
      originalPath: `/bench/${file.name}/`,
      path: benchPagePath(file),
    },
  };
}

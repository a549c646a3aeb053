import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { htmlFiles } from '../hosting/publicFiles';
import { LANGUAGES } from '../src/lib/languages';
import { PAGEFIND_PATH } from '../src/lib/search';

/** The files of Pagefind's bundle the site uses; the rest (its own UIs, its worker) are removed so nothing serves them. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight|worker)\.(js|css)$/;

/** The Pagefind binary of this machine, from the @pagefind/<platform>-<arch> package npm installed beside `pagefind`. */
export function pagefindBinary(projectDir: string): string {
  const require = createRequire(path.join(projectDir, 'package.json'));
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = process.platform === 'win32' ? 'pagefind_extended.exe' : 'pagefind_extended';
  try {
    return require.resolve(`@pagefind/${platform}-${process.arch}/bin/${name}`);
  } catch {
    throw new Error(
      `No Pagefind binary for ${platform}-${process.arch}: npm installs it as @pagefind/${platform}-${process.arch}, an optional dependency of "pagefind" (run npm install)`,
    );
  }
}

export interface SearchIndexSummary {
  /** Pages indexed, by language, as pagefind-entry.json counts them. */
  pages: Record<string, number>;
}

/**
 * Builds the search index of a built public/ into public/pagefind/ with
 * Pagefind's binary, afresh (no file of an earlier build stays), and checks
 * it: one index per language, holding exactly the pages whose <main>
 * carries data-pagefind-body (src/lib/search.ts says which). Only
 * `index.html` files are read: the 404.html pages are not content, and
 * Gatsby's page-data holds folders named like pages. Throws, with
 * Pagefind's output, when the index is missing or does not match.
 */
export function writeSearchIndex(projectDir: string, publicDir: string): SearchIndexSummary {
  const bundle = path.join(publicDir, PAGEFIND_PATH);
  rmSync(bundle, { recursive: true, force: true });
  let output: string;
  try {
    output = execFileSync(pagefindBinary(projectDir), ['--site', publicDir, '--output-subdir', PAGEFIND_PATH.slice(1, -1), '--glob', '**/index.html'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Pagefind could not index public/:\n${stdout}${stderr}`);
  }
  const entryFile = path.join(bundle, 'pagefind-entry.json');
  if (!existsSync(entryFile)) throw new Error(`Pagefind wrote no ${PAGEFIND_PATH}pagefind-entry.json:\n${output}`);
  const entry = JSON.parse(readFileSync(entryFile, 'utf8')) as { languages?: Record<string, { page_count?: number }> };
  const pages = Object.fromEntries(Object.entries(entry.languages ?? {}).map(([language, index]) => [language, index.page_count ?? 0]));
  const marked: Record<string, number> = {};
  for (const file of htmlFiles(publicDir).filter((name) => name.endsWith('index.html'))) {
    const html = readFileSync(path.join(publicDir, file), 'utf8');
    if (!/<main\b[^>]*\bdata-pagefind-body/.test(html)) continue;
    const language = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'unknown';
    marked[language] = (marked[language] ?? 0) + 1;
  }
  const missing = LANGUAGES.filter((language) => !pages[language]);
  if (missing.length > 0 || JSON.stringify(Object.entries(pages).sort()) !== JSON.stringify(Object.entries(marked).sort())) {
    throw new Error(
      `The search index does not hold the pages marked for it: indexed ${JSON.stringify(pages)}, marked with data-pagefind-body ${JSON.stringify(marked)}, every language (${LANGUAGES.join(', ')}) needs pages:\n${output}`,
    );
  }
  for (const name of readdirSync(bundle)) if (UNUSED.test(name)) rmSync(path.join(bundle, name));
  return { pages };
}

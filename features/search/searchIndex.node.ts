import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { htmlFiles } from '../../system/folderTree';
import { LANGUAGES } from '../site/languages';
import { PAGEFIND_PATH } from '../site/routes';

/** The files of Pagefind's bundle the site uses; the rest (its own UIs, its worker) are removed so nothing serves them. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight|worker)\.(js|css)$/;

/**
 * Only `index.html` files are indexed: the 404.html pages are not content,
 * and Gatsby's page-data holds folders named like pages.
 */
const PAGES_GLOB = '**/index.html';

/**
 * How long Pagefind has to answer each request. Indexing today's 35 pages
 * takes 0.1 s; a service that stopped (a Rust panic, written to the build's
 * output) never answers, and the build would wait forever.
 */
export const PAGEFIND_ANSWER_MS = 120_000;

type Pagefind = typeof import('pagefind');

/**
 * Pagefind's Node API, the `pagefind` package. It is an ES module with no
 * CommonJS entry, and Gatsby compiles gatsby-node with Parcel to CommonJS,
 * which turns every import() it sees into a require() that Node refuses for
 * this package (ERR_PACKAGE_PATH_NOT_EXPORTED). An import() in a function
 * made at run time is Node's own; it resolves `pagefind` from this file, as
 * a static import would.
 */
const importPagefind = new Function('return import("pagefind")') as () => Promise<Pagefind>;

export interface SearchIndexSummary {
  /** Pages indexed, by language, as pagefind-entry.json counts them. */
  pages: Record<string, number>;
}

/** `request`, or a rejection once `ms` have passed without its answer. */
function answered<T>(request: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Pagefind gave no answer in ${ms / 1000} s: its service stopped (its own message, if any, is above in the output)`)), ms);
  });
  return Promise.race([request, late]).finally(() => clearTimeout(timer));
}

/** Throws Pagefind's own messages when a request reported any. */
function orFail<T extends { errors: string[] }>(response: T): T {
  if (response.errors.length > 0) throw new Error(response.errors.join('\n'));
  return response;
}

/**
 * Indexes `publicDir` into `outputPath` with Pagefind's Node API, as its
 * command line did with `--site public/ --output-subdir pagefind --glob
 * '**\/index.html'` (the same files, byte for byte), and returns Pagefind's
 * log. The API runs Pagefind's binary as a child process: it is closed
 * whatever happens, so the build is not left with it.
 */
async function runPagefind(publicDir: string, outputPath: string, answerWithinMs: number): Promise<string> {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'pagefind-log-'));
  const logfile = path.join(logDir, 'pagefind.log');
  const log = () => (existsSync(logfile) ? readFileSync(logfile, 'utf8') : '');
  const pagefind = await importPagefind();
  try {
    const { index } = orFail(await answered(pagefind.createIndex({ logfile }), answerWithinMs));
    if (!index) throw new Error('Pagefind made no index');
    orFail(await answered(index.addDirectory({ path: publicDir, glob: PAGES_GLOB }), answerWithinMs));
    orFail(await answered(index.writeFiles({ outputPath }), answerWithinMs));
    return log();
  } catch (error) {
    throw new Error(`Pagefind could not index public/:\n${error instanceof Error ? error.message : String(error)}\n${log()}`);
  } finally {
    await pagefind.close();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * Builds the search index of a built public/ into public/pagefind/ with
 * Pagefind's Node API, afresh (no file of an earlier build stays), and
 * checks it: one index per language, holding exactly the pages whose
 * <main> carries data-pagefind-body (features/search/search.ts says which). Throws,
 * with Pagefind's messages and log, when Pagefind fails or the index is
 * missing or does not match.
 */
export async function writeSearchIndex(publicDir: string, answerWithinMs = PAGEFIND_ANSWER_MS): Promise<SearchIndexSummary> {
  const bundle = path.join(publicDir, PAGEFIND_PATH);
  rmSync(bundle, { recursive: true, force: true });
  const output = await runPagefind(publicDir, bundle, answerWithinMs);
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

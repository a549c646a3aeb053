/**
 * What content growth costs the build, for `npm run bench`: a temporary copy
 * of the project whose blog holds every real post many times over, built
 * cold like the site, so the cost per post is measured on the real
 * templates, lists and feeds. The project itself is never touched.
 */
import { htmlFiles } from '../hosting/publicFiles';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { run } from './processes';
import { readPostFiles, type PostFile } from './sitePages';
import { formatTable } from './table';

/** Copies of each real post the grown blog gets. */
export const COPIES_PER_POST = 30;

/**
 * `copies` more posts for each post: slug `<slug>-copy-<n>`, the title
 * numbered so no two list entries read alike, everything else as written.
 * Translations stay translations: the same copy number in each language.
 */
export function copiedPosts(posts: readonly PostFile[], copies: number): PostFile[] {
  return posts.flatMap((post) =>
    Array.from({ length: copies }, (_, index) => {
      const n = index + 1;
      const text = post.text.replace(/^(title:[ \t]*)(["']?)(.*?)\2[ \t]*$/m, (_line, key: string, quote: string, title: string) => `${key}${quote || '"'}${title} (${n})${quote || '"'}`);
      return { language: post.language, slug: `${post.slug}-copy-${n}`, text };
    }),
  );
}

export interface GrowthResult {
  posts: { before: number; after: number };
  htmlFiles: { before: number; after: number };
  ms: { before: number; after: number };
}

/** Milliseconds the build spends per added post, and per added HTML file. */
export function growthCosts(result: GrowthResult): { perPost: number; perHtmlFile: number } {
  const addedPosts = result.posts.after - result.posts.before;
  const addedFiles = result.htmlFiles.after - result.htmlFiles.before;
  const extra = result.ms.after - result.ms.before;
  return { perPost: addedPosts > 0 ? extra / addedPosts : 0, perHtmlFile: addedFiles > 0 ? extra / addedFiles : 0 };
}

export function growthTable(result: GrowthResult): string {
  const { perPost, perHtmlFile } = growthCosts(result);
  const rows = [
    ['the site as it is (the cold build above)', String(result.posts.before), String(result.htmlFiles.before), `${(result.ms.before / 1000).toFixed(1)} s`],
    [`every post copied ${COPIES_PER_POST} more times`, String(result.posts.after), String(result.htmlFiles.after), `${(result.ms.after / 1000).toFixed(1)} s`],
  ];
  return [
    formatTable(['cold build', 'posts', 'HTML files', 'time'], rows),
    '',
    `Each added post costs the build ${Math.round(perPost)} ms (${Math.round(perHtmlFile)} ms per added HTML file: a post, its /en/ copy, list pages).`,
  ].join('\n');
}

const SKIPPED = new Set(['node_modules', '.cache', 'public', '.git']);

/**
 * Builds a copy of `root` with every post copied COPIES_PER_POST more times,
 * cold, with `env`; returns its time and size. The copy shares the
 * project's node_modules and is removed afterwards.
 */
export async function measureGrowth(
  root: string,
  env: NodeJS.ProcessEnv,
  before: { ms: number; htmlFiles: number },
  signal?: AbortSignal,
): Promise<GrowthResult | { failed: number }> {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'stockpay-growth-'));
  try {
    cpSync(root, copy, { recursive: true, filter: (source) => !SKIPPED.has(path.basename(source)) || path.dirname(source) !== root });
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const blogDir = path.join(copy, 'content', 'blog');
    const posts = readPostFiles(blogDir);
    for (const post of copiedPosts(posts, COPIES_PER_POST)) writeFileSync(path.join(blogDir, post.language, `${post.slug}.md`), post.text);
    const started = performance.now();
    const code = await run('gatsby', ['build'], env, { signal, cwd: copy });
    const ms = performance.now() - started;
    if (code !== 0) return { failed: code };
    return {
      posts: { before: posts.length, after: readPostFiles(blogDir).length },
      htmlFiles: { before: before.htmlFiles, after: htmlFiles(path.join(copy, 'public')).length },
      ms: { before: before.ms, after: ms },
    };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Each page's script-free copy, for `npm run bench` (issue 17): the built
 * HTML with every <script> element removed, served alike, is how fast our
 * design can paint; the real page's Largest Contentful Paint is compared
 * with it, page by page.
 */
import { htmlFiles } from '../hosting/publicFiles';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../hosting/cdnFiles';
import { collectMedians, pageUrl, type LighthouseRun } from './lighthouse';
import { startNginx } from '../hosting/nginxServer';
import type { References } from './paintReferences';
import type { SitePage } from './sitePages';
import { formatTable } from './table';

/** The goal: a page's LCP at most this many times its script-free copy's. */
export const LCP_RATIO_GOAL = 1.25;

/**
 * `html` with every <script> element removed (inline, external, JSON-LD)
 * and every script's preload (`as="script"`, `modulepreload`), and nothing
 * else changed: a copy that still fetched the scripts would pay for them.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b(?=[^>]*\bas=["']?script\b|[^>]*\brel=["']?modulepreload\b)[^>]*>/gi, '');
}

/**
 * A copy of `publicDir` in a temporary folder whose pages have no scripts,
 * with fresh precompressed copies, so nginx serves it exactly as the site.
 * The caller removes it with `dispose`.
 */
export async function writeScriptFreeCopy(publicDir: string): Promise<{ dir: string; dispose: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'script-free-'));
  // mkdtemp makes it private; nginx's workers (www-data under root) must read it.
  chmodSync(dir, 0o755);
  cpSync(publicDir, dir, { recursive: true });
  for (const file of htmlFiles(dir).map((entry) => path.join(dir, entry))) writeFileSync(file, stripScripts(readFileSync(file, 'utf8')));
  await precompress(dir);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PaintComparison {
  page: string;
  real: LighthouseRun;
  scriptFree: LighthouseRun;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);

/** The phase of the largest paint that took longest, with its share: 'Render Delay 52%'. */
export function dominantPhase(phases: Record<string, number>): string {
  const entries = Object.entries(phases);
  const total = entries.reduce((sum, [, value]) => sum + value, 0);
  if (entries.length === 0 || total <= 0) return '–';
  const [phase, value] = entries.reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return `${phase} ${Math.round((value / total) * 100)}%`;
}

export const lcpRatio = ({ real, scriptFree }: PaintComparison): number => real.largestContentfulPaintMs / scriptFree.largestContentfulPaintMs;

/** The references' LCP, FCP and TBT, one row each (scripts/paintReferences.ts). */
export function referenceTable(references: References): string {
  const rows = [
    ['plain HTML page (the empty Gatsby page, script-free)', references.plainHtml],
    ['empty Gatsby 5 page (bench/empty-gatsby/)', references.emptyGatsby],
  ] as const;
  return formatTable(
    ['reference', 'LCP', 'FCP', 'TBT', 'LCP element'],
    rows.map(([name, run]) => [name, ms(run.largestContentfulPaintMs), ms(run.firstContentfulPaintMs), ms(run.totalBlockingTimeMs), run.lcpElement.split(' > ').pop() || '–']),
  );
}

/**
 * One row per page: LCP, FCP and TBT of the real page and of its script-free
 * copy, the LCP ratio, the real LCP against the empty Gatsby page's (when
 * measured), and what the largest paint was.
 */
export function paintTable(rows: readonly PaintComparison[], references?: References): string {
  const header = ['page', 'LCP', 'LCP no JS', 'ratio', ...(references ? ['/ empty Gatsby'] : []), 'FCP', 'FCP no JS', 'TBT', 'TBT no JS', 'LCP element', 'longest phase'];
  const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');
  const lines = rows.map((row) => [
    row.page,
    ms(row.real.largestContentfulPaintMs),
    ms(row.scriptFree.largestContentfulPaintMs),
    ratio(lcpRatio(row)),
    ...(references ? [ratio(row.real.largestContentfulPaintMs / references.emptyGatsby.largestContentfulPaintMs)] : []),
    ms(row.real.firstContentfulPaintMs),
    ms(row.scriptFree.firstContentfulPaintMs),
    ms(row.real.totalBlockingTimeMs),
    ms(row.scriptFree.totalBlockingTimeMs),
    // The element itself; its full selector is in the report.
    row.real.lcpElement.split(' > ').pop() || '–',
    dominantPhase(row.real.lcpPhases),
  ]);
  return formatTable(header, lines);
}

/**
 * The goal line: how many pages paint within 1.25 times their script-free
 * copy and, when measured, how many no later than the empty Gatsby page.
 */
export function paintGoalLine(rows: readonly PaintComparison[], references?: References): string {
  const within = rows.filter((row) => lcpRatio(row) <= LCP_RATIO_GOAL).length;
  const line = `Goal: LCP at most ${LCP_RATIO_GOAL}x the script-free copy's on ${within} of ${rows.length} pages`;
  if (!references) return line;
  const empty = references.emptyGatsby.largestContentfulPaintMs;
  const notSlower = rows.filter((row) => row.real.largestContentfulPaintMs <= empty).length;
  return `${line}; no slower than the empty Gatsby page (${ms(empty)}) on ${notSlower} of ${rows.length}`;
}

export interface CompareOptions {
  /** The built site, served at siteUrl. */
  publicDir: string;
  siteUrl: string;
  pages: SitePage[];
  chromePath: string;
  runs: number;
  cpuSlowdown: number;
  /** The real pages' medians when already measured (the bench's Lighthouse step); measured here otherwise. */
  real?: readonly LighthouseRun[];
}

/** Measures each page's script-free copy (and the page itself unless given) and pairs them. */
export async function comparePaints(options: CompareOptions): Promise<PaintComparison[]> {
  const { pages, chromePath, runs, cpuSlowdown } = options;
  const urls = pages.map((page) => pageUrl(options.siteUrl, page));
  const real = options.real ?? (await collectMedians({ siteUrl: options.siteUrl, chromePath, runs, pages, cpuSlowdown }, urls));
  const copy = await writeScriptFreeCopy(options.publicDir);
  try {
    const free = await startNginx({ publicDir: copy.dir, port: 0 });
    try {
      const freeUrls = pages.map((page) => pageUrl(free.url, page));
      const freeMedians = await collectMedians({ siteUrl: free.url, chromePath, runs, pages, cpuSlowdown }, freeUrls);
      return pages.flatMap((page, index) => {
        const realRun = real.find((median) => median.url === urls[index]);
        const scriptFree = freeMedians.find((median) => median.url === freeUrls[index]);
        return realRun && scriptFree ? [{ page: page.path, real: realRun, scriptFree }] : [];
      });
    } finally {
      await free.close();
    }
  } finally {
    copy.dispose();
  }
}

/**
 * Each page's script-free copy, for `npm run bench` (issue 17): the built
 * HTML with every <script> element removed, served alike, is how fast our
 * design can paint; the real page's Largest Contentful Paint is compared
 * with it, page by page.
 */
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../gatsby/hostingFiles';
import type { LighthouseRun } from './lighthouse';
import { listHtmlFiles } from './links';
import { formatTable } from './table';

/** The goal: a page's LCP at most this many times its script-free copy's. */
export const LCP_RATIO_GOAL = 1.25;

/** `html` with every <script> element removed (inline, external, JSON-LD), and nothing else changed. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
}

/**
 * A copy of `publicDir` in a temporary folder whose pages have no scripts,
 * with fresh precompressed copies, so nginx serves it exactly as the site.
 * The caller removes it with `dispose`.
 */
export function writeScriptFreeCopy(publicDir: string): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'script-free-'));
  // mkdtemp makes it private; nginx's workers (www-data under root) must read it.
  chmodSync(dir, 0o755);
  cpSync(publicDir, dir, { recursive: true });
  for (const file of listHtmlFiles(dir).map((entry) => path.join(dir, entry))) writeFileSync(file, stripScripts(readFileSync(file, 'utf8')));
  precompress(dir);
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

/** One row per page: LCP, FCP and TBT of the real page and of its script-free copy, the LCP ratio, and what the largest paint was. */
export function paintTable(rows: readonly PaintComparison[]): string {
  const header = ['page', 'LCP', 'LCP no JS', 'ratio', 'FCP', 'FCP no JS', 'TBT', 'TBT no JS', 'LCP element', 'longest phase'];
  const lines = rows.map((row) => [
    row.page,
    ms(row.real.largestContentfulPaintMs),
    ms(row.scriptFree.largestContentfulPaintMs),
    Number.isFinite(lcpRatio(row)) ? lcpRatio(row).toFixed(2) : '–',
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

/** The goal line: how many pages paint within 1.25 times their script-free copy. */
export function paintGoalLine(rows: readonly PaintComparison[]): string {
  const within = rows.filter((row) => lcpRatio(row) <= LCP_RATIO_GOAL).length;
  return `Goal: LCP at most ${LCP_RATIO_GOAL}x the script-free copy's on ${within} of ${rows.length} pages`;
}

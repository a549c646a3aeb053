/**
 * `npm run bench [-- --pages /pricing/,/bg/pricing/] [--growth 10[,100] [--growth-only] [--starter DIR] [--project DIR]]`:
 * what the site costs on this machine (docs/performance.md).
 *
 * Builds against the sandbox as the site checks do (scripts/e2e.ts): cold
 * (after `gatsby clean`) and warm, each timed with its peak memory. Then,
 * for each page of e2e/checks/sitePages.ts (or those `--pages` names), its
 * first-load weight, lhci's representative run of three (Lighthouse's
 * mobile defaults, served by nginx with the generated config) and its
 * largest contentful paint's element. `--project DIR` builds and measures
 * another checkout instead, for a before and after.
 * `--growth` adds the growth bench for each factor
 * given, with gatsby-starter-blog from `--starter` (none when it is missing);
 * `--growth-only` runs the growth bench alone.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../features/sandbox/server.node';
import { holdPort, nginxMissing, startNginx, type RunningNginx } from '../features/hosting/nginxServer.node';
import { precompress } from '../features/hosting/precompress.node';
import { findChromium, MISSING_BROWSER_MESSAGE } from '../system/chromium.js';
import { bin, DEFAULT_STARTER, growthTable, installStarter, measureGrowth, timed, type Row } from './growthBench';
import { lhci, lhciConfig } from '../e2e/checks/lighthouse';
import { pageWeight } from './pageWeight';
import { gatsby, gatsbyEnv } from '../system/processes';
import { sandboxBuildEnv } from '../features/sandbox/buildEnv';
import { sitePages, type SitePage } from '../e2e/checks/sitePages';
import { formatTable, kib } from './table';
import { PROJECT_DIR, publicDirOf } from '../system/paths.js';
import { inheritedEnv } from '../system/settings.js';

const ROOT = PROJECT_DIR;
const RUNS = 3;

/** What a report says of a page (the parts the table shows). */
export interface Report {
  requestedUrl: string;
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}

/** The pages `--pages` names (paths as sitePages gives them, comma-separated), in that order; all of them without it. */
export function selectPages(pages: readonly SitePage[], wanted: string | undefined): SitePage[] {
  if (wanted === undefined) return [...pages];
  return wanted.split(',').map((name) => {
    const page = pages.find((candidate) => candidate.path === name.trim());
    if (!page) throw new Error(`--pages names "${name.trim()}", which is not a measured page; choose from ${pages.map((candidate) => candidate.path).join(', ')}`);
    return page;
  });
}

/** The element Lighthouse found painted largest ("H1 > the heading's text" as it labels it, and its selector), from the audit's details. */
export function lcpElement(report: Report | undefined): string | undefined {
  const queue: unknown[] = [report?.audits['largest-contentful-paint-element']?.details];
  while (queue.length > 0) {
    const item = queue.shift();
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (record.type === 'node' && typeof record.selector === 'string') {
      return typeof record.nodeLabel === 'string' ? `${record.nodeLabel} (${record.selector})` : record.selector;
    }
    queue.push(...Object.values(record).flatMap((value) => (Array.isArray(value) ? value : [value])));
  }
  return undefined;
}

/** The run lhci reports for each URL (its representative, median run), from what `lhci upload --target=filesystem` writes. */
export function representativeRuns(reportsDir: string): Report[] {
  const manifest = JSON.parse(readFileSync(path.join(reportsDir, 'manifest.json'), 'utf8')) as { isRepresentativeRun: boolean; jsonPath: string }[];
  return manifest.filter((entry) => entry.isRepresentativeRun).map((entry) => JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as Report);
}

/** One line per page: its first-load weight and its Lighthouse scores and timings. */
export function pageTable(rows: readonly { path: string; weight: ReturnType<typeof pageWeight>; report?: Report }[]): string {
  const score = (value: number | null | undefined) => (value === null || value === undefined ? '–' : String(Math.round(value * 100)));
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);
  return formatTable(
    ['page', 'JS (gz)', 'CSS (gz)', 'HTML (gz)', 'HTML (raw)', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS'],
    rows.map(({ path: page, weight, report }) => [
      page,
      ...[weight.js, weight.css, weight.html, weight.htmlRaw].map(kib),
      ...['performance', 'accessibility', 'best-practices', 'seo'].map((id) => score(report?.categories[id]?.score)),
      ms(report?.audits['largest-contentful-paint']?.numericValue),
      ms(report?.audits['total-blocking-time']?.numericValue),
      report?.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '–',
    ]),
  );
}

export async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      growth: { type: 'string' },
      'growth-only': { type: 'boolean', default: false },
      starter: { type: 'string', default: DEFAULT_STARTER },
      project: { type: 'string', default: ROOT },
      pages: { type: 'string' },
    },
  });
  const project = path.resolve(values.project);
  const pages = selectPages(sitePages(), values.pages);
  const factors = values.growth?.split(',').map(Number) ?? [];
  if (values['growth-only'] && factors.length === 0) throw new Error('--growth-only needs --growth N');
  if (factors.some((factor) => !Number.isInteger(factor) || factor < 1))
    throw new Error(`--growth takes whole numbers of copies of each post (10 makes 11x), got "${values.growth}"`);
  const chromePath = findChromium();
  const missing = nginxMissing();
  if (!chromePath || missing) {
    console.error(`The benchmark needs Chromium and nginx. ${missing ?? MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const cpus = os.cpus();
  console.log(
    `${new Date().toISOString().slice(0, 16)} UTC: ${cpus.length} x ${cpus[0]?.model}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  const sandbox = await startSandbox(0);
  const held = await holdPort(0);
  let site: RunningNginx | undefined;
  let starter: string | undefined;
  try {
    const env = sandboxBuildEnv(inheritedEnv(), { siteUrl: held.url, sandboxUrl: sandbox.url, chromePath });
    // --growth-only skips the builds and Lighthouse runs of today's site, for the growth figures alone.
    if (!values['growth-only']) {
      if (project !== ROOT) console.log(`Building and measuring ${project}.`);
      const cleaned = await gatsby(['clean'], env, { cwd: project });
      if (cleaned !== 0) return cleaned;
      const cold = await timed(bin(project, 'gatsby'), ['build'], project, gatsbyEnv(env));
      const warm = await timed(bin(project, 'gatsby'), ['build'], project, gatsbyEnv(env));
      const build = (timing: typeof cold) => [`${(timing.ms / 1000).toFixed(1)} s`, `${timing.peakMb.toFixed(0)} MB`];
      console.log(
        `\n${formatTable(
          ['build', 'time', 'peak memory'],
          [
            ['cold (after gatsby clean)', ...build(cold)],
            ['warm (with the cache)', ...build(warm)],
          ],
        )}\n`,
      );

      const weights = pages.map((page) => pageWeight(page.path, publicDirOf(project)));
      await precompress(publicDirOf(project));
      await held.close();
      site = await startNginx({ publicDir: publicDirOf(project), port: Number(new URL(held.url).port) });
      const config = lhciConfig(site.url, chromePath, RUNS, pages);
      const { code, result: reports = [] } = await lhci(config, [['collect'], ['upload', '--target=filesystem', '--outputDir=reports']], (dir) =>
        representativeRuns(path.join(dir, 'reports')),
      );
      if (code !== 0) return code;
      const rows = pages.map((page, index) => ({
        path: page.path,
        weight: weights[index],
        report: reports.find((report) => report.requestedUrl === config.ci.collect.url[index]),
      }));
      const indexes = reports.map((report) => Math.round(report.environment.benchmarkIndex)).sort((a, b) => a - b);
      console.log(`\nLighthouse ${reports[0]?.lighthouseVersion}, mobile defaults, lhci's representative run of ${RUNS} (host BenchmarkIndex ${indexes[0]}-${indexes.at(-1)}):\n`);
      console.log(pageTable(rows));
      console.log(`\nThe largest contentful paint's element:\n${rows.map((row) => `${row.path}: ${lcpElement(row.report) ?? '–'}`).join('\n')}`);
    }

    if (factors.length > 0) {
      starter = existsSync(values.starter) ? installStarter(values.starter) : undefined;
      if (!starter) console.log(`\nNo gatsby-starter-blog at ${values.starter} (--starter DIR): the growth bench measures the site alone.`);
      const growth: Row[] = [];
      for (const factor of [0, ...factors]) {
        console.log(`\nGrowth: ${factor === 0 ? "today's posts" : `every post and ${factor} unique copies of it`}…`);
        growth.push(await measureGrowth(factor, { project, env, starter }));
        console.log(growthTable(growth));
      }
    }
    return 0;
  } finally {
    if (starter) rmSync(starter, { recursive: true, force: true });
    await Promise.all([sandbox.close(), held.close().catch(() => undefined), site?.close()]);
  }
}

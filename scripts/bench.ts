/**
 * `npm run bench`: what the site costs, measured on this machine.
 *
 * 1. Starts the API sandbox on a free loopback port, holds another for the
 *    site and builds against them exactly as the site checks do
 *    (scripts/e2e.ts), then serves public/ there with nginx and the
 *    generated config.
 * 2. Times a cold build (`gatsby build` right after `gatsby clean`) and a
 *    warm one (`gatsby build` again, with the cache of the first).
 * 3. For every route in both languages, each language's not-found page and
 *    its longest post (scripts/sitePages.ts): first-load JavaScript and CSS (gzip) and HTML
 *    (gzip and raw) from public/ (scripts/pageWeight.ts), and the medians of
 *    three Lighthouse runs (mobile defaults, scripts/lighthouse.ts).
 * 4. Prints the results as tables. The servers are stopped even when
 *    something fails; a failed build exits non-zero.
 *
 * It measures the site as it is: the build has no benchmark-only source,
 * page or branch. Every build here is local
 * (SITE_ENV=local, from sandboxBuildEnv): it measures the site against the
 * sandbox, not a production configuration.
 */
import { htmlFiles } from '../hosting/publicFiles';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../sandbox/server';
import { findChromium, MISSING_BROWSER_MESSAGE } from './chromium.js';
import { formatTable, kib } from './table';
import { describeHostSpeed, measureHostSpeed, type HostSpeed } from './hostSpeed';
import { CATEGORIES, collectMedians, pageUrl, TOTAL_BLOCKING_TIME_TARGET_MS, type LighthouseRun } from './lighthouse';
import { pageWeight, type PageWeight } from './pageWeight';
import { run, sandboxBuildEnv, exitWith } from './processes';
import { sitePages, type SitePage } from './sitePages';
import { holdPort, nginxMissing, startNginx, type RunningNginx } from '../hosting/nginxServer';

/** Lighthouse runs per page; the report shows their median (the test gate uses one). */
export const LIGHTHOUSE_RUNS = 3;

// ---------------------------------------------------------------------------
// Pure helpers (unit-tested in __tests__/scripts/bench.test.ts)

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const score = (value: number | null | undefined) => (value === null || value === undefined ? '–' : String(Math.round(value * 100)));
const milliseconds = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);

export interface PageResult {
  page: SitePage;
  weight: PageWeight;
  /** Lighthouse medians; undefined when Lighthouse returned nothing for the page. */
  lighthouse?: LighthouseRun;
}

/** One row per page: its weight and its Lighthouse medians. */
export function pageTable(results: readonly PageResult[]): string {
  const header = ['route', 'lang', 'JS (gz)', 'CSS (gz)', 'HTML (gz)', 'HTML (raw)', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS'];
  const rows = results.map(({ page, weight, lighthouse }) => [
    page.route,
    page.language,
    kib(weight.js),
    kib(weight.css),
    kib(weight.html),
    kib(weight.htmlRaw),
    ...CATEGORIES.map((category) => score(lighthouse?.scores[category])),
    milliseconds(lighthouse?.largestContentfulPaintMs),
    milliseconds(lighthouse?.totalBlockingTimeMs),
    lighthouse === undefined || Number.isNaN(lighthouse.cumulativeLayoutShift) ? '–' : lighthouse.cumulativeLayoutShift.toFixed(3),
  ]);
  return formatTable(header, rows, ['left', 'left']);
}

/**
 * How many pages reach the goals the gate only approaches: a performance
 * score of 100 and under 50 ms of blocking time (scripts/lighthouse.ts).
 */
export function goalsLine(results: readonly PageResult[]): string {
  const measured = results.flatMap(({ lighthouse }) => (lighthouse ? [lighthouse] : []));
  const perfect = measured.filter((run) => run.scores.performance === 1).length;
  const quick = measured.filter((run) => run.totalBlockingTimeMs < TOTAL_BLOCKING_TIME_TARGET_MS).length;
  return (
    `Goals: performance 100 on ${perfect} of ${measured.length} pages; ` +
    `total blocking time under ${TOTAL_BLOCKING_TIME_TARGET_MS} ms on ${quick} of ${measured.length} pages`
  );
}

export interface BuildTimes {
  cold: { ms: number; htmlFiles: number };
  warm: { ms: number; htmlFiles: number };
}

/** Build times, cold and warm. */
export function buildTable({ cold, warm }: BuildTimes): string {
  const rows = [
    ['cold: gatsby build right after gatsby clean', seconds(cold.ms), String(cold.htmlFiles)],
    ['warm: gatsby build again, with the cache', seconds(warm.ms), String(warm.htmlFiles)],
  ];
  return formatTable(['build (wall clock)', 'time', 'HTML files'], rows);
}

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  platform: string;
  node: string;
  loadAverage: number;
  lighthouse: string;
  lhci: string;
  date: string;
  /** Measured before the Lighthouse runs, which use its CPU slowdown. */
  host?: HostSpeed;
}

/** The header: when and where the figures were taken, since they depend on both. */
export function machineHeader(info: MachineInfo): string {
  return [
    `Benchmark of ${info.date}`,
    `Machine: ${info.cpuModel.trim()}, ${info.cores} cores, ${(info.memoryBytes / 1024 ** 3).toFixed(1)} GiB RAM, ${info.platform}, Node ${info.node}; load average ${info.loadAverage.toFixed(2)} at the start`,
    `Lighthouse ${info.lighthouse} (@lhci/cli ${info.lhci}): mobile defaults (simulated slow 4G), median of ${LIGHTHOUSE_RUNS} runs per page`,
    info.host ? `CPU: ${describeHostSpeed(info.host)}` : 'CPU: not measured',
    'The figures depend on the machine and on what else it is doing: compare runs made on the same, otherwise idle machine.',
  ].join('\n');
}

// ---------------------------------------------------------------------------
// The run

const ROOT = path.join(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');

function step(text: string): void {
  console.log(`\n[bench] ${text}\n`);
}

function packageVersion(fromPackage: string, name: string): string {
  try {
    const resolveFrom = createRequire(require.resolve(`${fromPackage}/package.json`));
    return (resolveFrom(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown CPU',
    cores: cpus.length,
    memoryBytes: os.totalmem(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg()[0],
    lighthouse: packageVersion('@lhci/cli', 'lighthouse'),
    lhci: packageVersion('@lhci/cli', '@lhci/cli'),
    date: new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  };
}

class BuildFailed extends Error {
  constructor(
    readonly what: string,
    readonly code: number,
  ) {
    super(`The ${what} failed (exit code ${code}); see Gatsby's messages above.`);
  }
}

async function main(): Promise<number> {
  const chromePath = findChromium();
  if (!chromePath) {
    console.error(`The benchmark cannot run. ${MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const machine = machineInfo();
  const pages = sitePages();
  const abort = new AbortController();
  const missing = nginxMissing();
  if (missing) {
    console.error(`The benchmark serves the site with nginx. ${missing}`);
    return 1;
  }
  const sandbox = await startSandbox(0);
  const held = await holdPort(0).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  let site: RunningNginx | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => {
    cleaning ??= Promise.all([sandbox.close(), held.close(), site?.close()]).then(() => undefined);
    return cleaning;
  };
  const stop = (signal: NodeJS.Signals) => {
    console.error(`\n[bench] ${signal}: stopping the build and the servers.`);
    abort.abort();
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    const env = sandboxBuildEnv(process.env, { siteUrl: held.url, sandboxUrl: sandbox.url, chromePath });
    env.GATSBY_TELEMETRY_DISABLED = '1';
    const gatsby = (args: string[], buildEnv: NodeJS.ProcessEnv) => run('gatsby', args, buildEnv, { signal: abort.signal });
    const timedBuild = async (what: string, buildEnv: NodeJS.ProcessEnv) => {
      const started = performance.now();
      const code = await gatsby(['build'], buildEnv);
      const ms = performance.now() - started;
      if (code !== 0) throw new BuildFailed(what, code);
      return { ms, htmlFiles: htmlFiles(PUBLIC).length };
    };
    const clean = async (buildEnv: NodeJS.ProcessEnv) => {
      const code = await gatsby(['clean'], buildEnv);
      if (code !== 0) throw new BuildFailed('gatsby clean', code);
    };

    step('1/4 Cold build: gatsby clean, then gatsby build (timed)');
    await clean(env);
    const cold = await timedBuild('cold build', env);

    step('2/4 Warm build: gatsby build again with the cache (timed)');
    const warm = await timedBuild('warm build', env);

    step(`3/4 Page weights of ${pages.length} pages from public/`);
    const weights = pages.map((page) => pageWeight(page.path, PUBLIC));

    await held.close();
    const served = await startNginx({ publicDir: PUBLIC, port: Number(new URL(held.url).port) });
    site = served;

    step(`4/4 Lighthouse: ${pages.length} pages x ${LIGHTHOUSE_RUNS} runs (mobile defaults), served by nginx`);
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    machine.host = await measureHostSpeed(chromePath);
    const urls = pages.map((page) => pageUrl(served.url, page));
    const medians = await collectMedians({ siteUrl: served.url, chromePath, runs: LIGHTHOUSE_RUNS, pages, cpuSlowdown: machine.host.cpuSlowdown }, urls);
    const results: PageResult[] = pages.map((page, index) => ({
      page,
      weight: weights[index],
      lighthouse: medians.find((median) => median.url === urls[index]),
    }));

    console.log(`\n${'='.repeat(20)} npm run bench ${'='.repeat(20)}\n`);
    console.log(machineHeader(machine));
    console.log(`\nPages: first load (JS and CSS gzip, HTML gzip and raw) and Lighthouse medians (scores 0-100)\n`);
    console.log(pageTable(results));
    console.log(`\n${goalsLine(results)}\n`);
    console.log(buildTable({ cold, warm }));
    return 0;
  } catch (error) {
    if (abort.signal.aborted) return 1;
    if (error instanceof BuildFailed) {
      console.error(`\n[bench] ${error.message}`);
      return error.code;
    }
    throw error;
  } finally {
    await cleanUp();
  }
}

if (require.main === module) {
  exitWith(main());
}

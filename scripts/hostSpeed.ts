/**
 * How fast the machine running Lighthouse is, and the CPU slowdown that makes
 * it the phone the budgets describe.
 *
 * Lighthouse's mobile default slows the host's CPU down 4x, which models a
 * mid-range phone only on a host of the speed Lighthouse expects; on a
 * slower or busier host the same page gets more blocking time and a lower
 * score (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md,
 * "CPU throttling"). A CI machine shared with other jobs measured
 * 232-583 ms of blocking time for pages that measure 20-100 ms here.
 * Lighthouse's own BenchmarkIndex, taken before the runs, says how fast the
 * host is now, and the slowdown is scaled so that every run measures the
 * same phone.
 */
import { CHROMIUM_ARGS } from './chromium.js';

/** Lighthouse's mobile default. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The phone the budgets were set on, as a BenchmarkIndex: this machine kind,
 * idle, measures 2,500-3,000 (Lighthouse runs and this script, 2026-11-24),
 * slowed down by the default 4x from its slow end.
 */
export const PHONE_BENCHMARK_INDEX = 625;

/**
 * The CPU slowdown that turns a host of this BenchmarkIndex into the
 * budgets' phone: never above Lighthouse's default (a faster host is judged
 * as Lighthouse always would), never below 1 (a host slower than the phone
 * cannot be sped up). A value that is not a measurement keeps the default.
 */
export function cpuSlowdownFor(hostBenchmarkIndex: number): number {
  if (!Number.isFinite(hostBenchmarkIndex) || hostBenchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN;
  const slowdown = Math.round((hostBenchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10;
  return Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, slowdown));
}

export interface HostSpeed {
  benchmarkIndex: number;
  cpuSlowdown: number;
}

/**
 * Lighthouse's BenchmarkIndex in headless Chromium, the median of `samples`
 * (each takes about a second), and the slowdown for it.
 */
export async function measureHostSpeed(chromePath: string, samples = 3): Promise<HostSpeed> {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  // Loaded here, not at the top, so the unit tests of the pure part need no browser library.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const values: number[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      values.push(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    }
    values.sort((a, b) => a - b);
    const benchmarkIndex = Math.round(values[Math.floor(values.length / 2)]);
    return { benchmarkIndex, cpuSlowdown: cpuSlowdownFor(benchmarkIndex) };
  } finally {
    await browser.close();
  }
}

export function describeHostSpeed(speed: HostSpeed): string {
  return `host BenchmarkIndex ${speed.benchmarkIndex}, so a ${speed.cpuSlowdown}x CPU slowdown models the budgets' phone (BenchmarkIndex ${PHONE_BENCHMARK_INDEX}; Lighthouse's default is ${DEFAULT_CPU_SLOWDOWN}x)`;
}

// `tsx scripts/hostSpeed.ts`: how fast this machine is right now.
if (require.main === module) {
  import('./chromium.js').then(async ({ findChromium, MISSING_BROWSER_MESSAGE }) => {
    const chromePath = findChromium();
    if (!chromePath) {
      console.error(MISSING_BROWSER_MESSAGE);
      process.exit(2);
    }
    console.log(describeHostSpeed(await measureHostSpeed(chromePath, 5)));
  });
}

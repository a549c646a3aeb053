/**
 * The load step of `npm run bench`: wrk (Debian package) on loopback
 * against nginx with the generated config (hosting/nginxConfig.ts) and
 * against a bare nginx over the same public/ (`root` and nothing else), for
 * the home page and the largest JavaScript file, each asked for with
 * `Accept-Encoding: br` as a browser does. The generated config should cost
 * at most a tenth of the bare server's throughput (LOAD_GOAL_RATIO) and
 * answer every request with a 2xx.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatTable } from './table';

/** Bounded: 10 s per measurement, 50 connections on 2 threads, 2 s before a request counts as timed out. */
export const LOAD = { seconds: 10, connections: 50, threads: 2, timeoutSeconds: 2 };
export const LOAD_GOAL_RATIO = 0.9;
export const WRK_INSTALL = 'apt-get install -y wrk';

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 200-299, counted by the Lua script below. */
  non2xx: number;
  /** Connections refused, reads and writes failed, requests timed out. */
  socketErrors: number;
}

/**
 * Counts every answer outside 200-299 (wrk's own count takes 3xx as
 * success). Each wrk thread has its own Lua state; done() sums them.
 */
export const NON_2XX_SCRIPT = `local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  non2xx = 0
end
function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("non2xx")
  end
  io.write(string.format("non-2xx: %d\\n", total))
end
`;

const UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** wrk's duration ("812.00us", "1.23ms", "2.01s") in milliseconds. */
export function wrkDurationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`Not a wrk duration: ${JSON.stringify(text)}`);
  return Number(match[1]) * UNITS_MS[match[2]];
}

/** The figures of one `wrk --latency` run with NON_2XX_SCRIPT; throws, quoting the output, when one is missing. */
export function parseWrk(output: string): WrkResult {
  const find = (pattern: RegExp, what: string) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk's output lacks ${what}:\n${output}`);
    return match;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(find(/^\s*(\d+) requests in /m, 'the request count')[1]),
    requestsPerSecond: Number(find(/^Requests\/sec:\s+([\d.]+)/m, 'the requests per second')[1]),
    p50Ms: wrkDurationMs(find(/^\s+50%\s+(\S+)/m, 'the median latency (run it with --latency)')[1]),
    p99Ms: wrkDurationMs(find(/^\s+99%\s+(\S+)/m, 'the 99th percentile latency')[1]),
    non2xx: Number(find(/^non-2xx: (\d+)/m, 'the non-2xx count of its Lua script')[1]),
    socketErrors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/** The largest JavaScript file at the top of public/, where webpack writes the chunks, as a site path. */
export function largestScript(publicDir: string): string {
  const scripts = readdirSync(publicDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(publicDir, name)).size }))
    .sort((a, b) => b.size - a.size);
  if (scripts.length === 0) throw new Error(`${publicDir} holds no JavaScript: build the site first`);
  return `/${scripts[0].name}`;
}

export interface LoadTarget {
  /** What it is: 'home page', 'largest script'. */
  label: string;
  path: string;
}

export interface LoadResult extends LoadTarget {
  generated: WrkResult;
  bare: WrkResult;
  /** Content-Encoding each server sent for the request (identity when none). */
  encodings: { generated: string; bare: string };
}

/** Runs wrk once against `url`, with the headers given, and parses it. */
export async function wrk(url: string, headers: Record<string, string>): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
  try {
    const script = path.join(dir, 'non2xx.lua');
    writeFileSync(script, NON_2XX_SCRIPT);
    const args = [
      `--threads=${LOAD.threads}`,
      `--connections=${LOAD.connections}`,
      `--duration=${LOAD.seconds}s`,
      `--timeout=${LOAD.timeoutSeconds}s`,
      '--latency',
      `--script=${script}`,
      ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
      url,
    ];
    try {
      const { stdout } = await promisify(execFile)('wrk', args, { timeout: (LOAD.seconds + 30) * 1000 });
      return parseWrk(stdout);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
      if (failure.code === 'ENOENT') throw new Error(`wrk is not installed. On Debian or Ubuntu, as root:\n  ${WRK_INSTALL}`);
      throw new Error(`wrk failed: ${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };

/** The Content-Encoding a server answers the request with. */
async function encodingOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  await response.arrayBuffer();
  return response.headers.get('content-encoding') ?? 'identity';
}

/** Each target through both servers, one after the other (never both at once: they share the CPU). */
export async function measureLoad(targets: readonly LoadTarget[], servers: { generated: string; bare: string }): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const target of targets) {
    const encodings = { generated: await encodingOf(servers.generated + target.path), bare: await encodingOf(servers.bare + target.path) };
    const generated = await wrk(servers.generated + target.path, BROWSER_HEADERS);
    const bare = await wrk(servers.bare + target.path, BROWSER_HEADERS);
    results.push({ ...target, generated, bare, encodings });
  }
  return results;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`;

/** One line per target and server, with the ratio of the generated config's throughput to the bare server's. */
export function loadTable(results: readonly LoadResult[]): string {
  const rows = results.flatMap((result) =>
    (['generated', 'bare'] as const).map((server) => {
      const figures = result[server];
      return [
        result.label,
        server === 'generated' ? 'generated config' : 'bare (root only)',
        result.encodings[server],
        String(Math.round(figures.requestsPerSecond)),
        ms(figures.p50Ms),
        ms(figures.p99Ms),
        String(figures.non2xx),
        String(figures.socketErrors),
        server === 'generated' ? (result.generated.requestsPerSecond / result.bare.requestsPerSecond).toFixed(2) : '',
      ];
    }),
  );
  return formatTable(['file', 'server', 'encoding', 'req/s', 'p50', 'p99', 'non-2xx', 'socket errors', 'ratio'], rows, ['left', 'left', 'left']);
}

/** The goal line: ratio at least LOAD_GOAL_RATIO and no error, per target. */
export function loadGoalLine(results: readonly LoadResult[]): string {
  const within = results.filter((result) => result.generated.requestsPerSecond / result.bare.requestsPerSecond >= LOAD_GOAL_RATIO);
  const errors = results.reduce((sum, result) => sum + result.generated.non2xx + result.generated.socketErrors, 0);
  return (
    `Goal: the generated config at least ${LOAD_GOAL_RATIO} of the bare server's requests per second on ${within.length} of ${results.length} files, ` +
    `${errors} error(s) through it (wrk: ${LOAD.seconds} s, ${LOAD.connections} connections, ${LOAD.threads} threads, on loopback, sharing the CPU with nginx)`
  );
}

// `tsx scripts/load.ts`: the load step alone, over the public/ already built (served as its build record says).
if (require.main === module) {
  void (async () => {
    const { startBareNginx, startNginx } = await import('../hosting/nginxServer');
    const publicDir = path.join(__dirname, '..', 'public');
    const generated = await startNginx({ publicDir, port: 0 });
    const bare = await startBareNginx({ publicDir, port: 0 }).catch(async (error: unknown) => {
      await generated.close();
      throw error;
    });
    try {
      const results = await measureLoad(
        [
          { label: 'home page', path: '/' },
          { label: 'largest script', path: largestScript(publicDir) },
        ],
        { generated: generated.url, bare: bare.url },
      );
      console.log(`${loadTable(results)}\n\n${loadGoalLine(results)}`);
    } finally {
      await Promise.all([generated.close(), bare.close()]);
    }
  })().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}

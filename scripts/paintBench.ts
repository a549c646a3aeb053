/**
 * `npm run bench:paint [-- --runs N] [path …]`: the Largest Contentful Paint
 * part of `npm run bench` alone (issue 17), in minutes instead of the whole
 * bench's hour, for working on first paint.
 *
 * Builds the site against the sandbox exactly as the bench does, serves it
 * with nginx and the generated config, and measures each page (all of them,
 * or the paths given) and its script-free copy with Lighthouse, three runs
 * each unless --runs says otherwise, plus the two references
 * (scripts/paintReferences.ts). Prints the bench's paint table and goal line.
 */
import { startSandbox } from '../sandbox/server';
import { findChromium, MISSING_BROWSER_MESSAGE } from './chromium.js';
import { measureHostSpeed, describeHostSpeed } from './hostSpeed';
import { holdPort, nginxMissing, startNginx, type RunningNginx } from '../hosting/nginxServer';
import { run, sandboxBuildEnv, exitWith } from './processes';
import { sitePages } from './sitePages';
import { comparePaints, paintGoalLine, paintTable, referenceTable } from './scriptFree';
import { measureReferences } from './paintReferences';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');

export interface PaintBenchArgs {
  runs: number;
  paths: string[];
}

/** `--runs N` and the paths to measure (every page when none is given). */
export function parsePaintBenchArgs(argv: readonly string[]): PaintBenchArgs {
  const args: PaintBenchArgs = { runs: 3, paths: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--runs') {
      const runs = Number(argv[(index += 1)]);
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of at least 1, not "${argv[index] ?? ''}".`);
      args.runs = runs;
    } else if (arg.startsWith('/')) args.paths.push(arg);
    else throw new Error(`Unknown argument "${arg}": give --runs N and page paths such as / or /bg/docs/.`);
  }
  return args;
}

async function main(): Promise<number> {
  const args = parsePaintBenchArgs(process.argv.slice(2));
  const chromePath = findChromium();
  if (!chromePath) {
    console.error(`The paint bench cannot run. ${MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const missing = nginxMissing();
  if (missing) {
    console.error(`The paint bench serves the site with nginx. ${missing}`);
    return 1;
  }
  const all = sitePages();
  const unknown = args.paths.filter((wanted) => !all.some((page) => page.path === wanted));
  if (unknown.length > 0) {
    console.error(`Not a page of the site: ${unknown.join(', ')}. The pages: ${all.map((page) => page.path).join(' ')}`);
    return 1;
  }
  const pages = args.paths.length > 0 ? all.filter((page) => args.paths.includes(page.path)) : all;
  const sandbox = await startSandbox(0);
  const held = await holdPort(0);
  let site: RunningNginx | undefined;
  try {
    const env = sandboxBuildEnv(process.env, { siteUrl: held.url, sandboxUrl: sandbox.url, chromePath });
    env.GATSBY_TELEMETRY_DISABLED = '1';
    const code = await run('gatsby', ['build'], env);
    if (code !== 0) {
      console.error(`[bench:paint] The build failed (exit code ${code}); see Gatsby's messages above.`);
      return code;
    }
    await held.close();
    site = await startNginx({ publicDir: PUBLIC, port: Number(new URL(held.url).port) });
    const host = await measureHostSpeed(chromePath);
    console.log(`[bench:paint] CPU: ${describeHostSpeed(host)}`);
    const options = { chromePath, runs: args.runs, cpuSlowdown: host.cpuSlowdown };
    const references = await measureReferences(ROOT, options);
    const paints = await comparePaints({ ...options, publicDir: PUBLIC, siteUrl: site.url, pages });
    console.log(`\nReferences (medians of ${args.runs}):\n`);
    console.log(referenceTable(references));
    console.log(`\nLargest Contentful Paint against each page's script-free copy (medians of ${args.runs}):\n`);
    console.log(paintTable(paints, references));
    console.log(`\n${paintGoalLine(paints, references)}`);
    return 0;
  } finally {
    await Promise.all([sandbox.close(), held.close().catch(() => undefined), site?.close()]);
  }
}

if (require.main === module) {
  exitWith(main());
}

/** Child processes for the start and test scripts: build the site, run a tool, stop cleanly. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWarnings } from './buildLog';
import { PROJECT_DIR } from './paths.js';

const bin = (name: string) => path.join(PROJECT_DIR, 'node_modules', '.bin', name);

/**
 * Runs a program from node_modules/.bin with the given environment (and
 * working directory); resolves to its exit code. Aborting `signal` stops the
 * program (SIGTERM) and rejects.
 */
export function run(name: string, args: string[], env: NodeJS.ProcessEnv, options: { signal?: AbortSignal; cwd?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(name), args, { stdio: 'inherit', env, signal: options.signal, cwd: options.cwd });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** `env` for a Gatsby command: the one place this project turns Gatsby's telemetry off (every Gatsby command runs through here). */
export function gatsbyEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GATSBY_TELEMETRY_DISABLED: '1' };
}

/** A Gatsby command (build, clean, develop...) with `env`, its telemetry off; resolves to its exit code. */
export function gatsby(args: string[], env: NodeJS.ProcessEnv, options: { signal?: AbortSignal; cwd?: string } = {}): Promise<number> {
  return run('gatsby', args, gatsbyEnv(env), options);
}

/** The most of a command's output kept to read: a build prints well under a megabyte. */
const KEPT_OUTPUT_BYTES = 8 * 1024 * 1024;

/**
 * Runs a program from node_modules/.bin as `run` does, its output shown as
 * it comes and also kept (the last KEPT_OUTPUT_BYTES), for reading after.
 */
export function runKeepingOutput(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(name), args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    let kept: Buffer[] = [];
    let size = 0;
    const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      kept.push(chunk);
      size += chunk.length;
      while (size > KEPT_OUTPUT_BYTES && kept.length > 1) size -= (kept.shift() as Buffer).length;
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const output = Buffer.concat(kept).toString('utf8');
      kept = [];
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/**
 * A production build from a clean slate. Gatsby's incremental builds can
 * keep a page's old inline CSS after a CSS-only change, and keep files
 * fetched for a DOCS_README_URL_* that has since changed; a cold build costs
 * about 50 s here and is always right. Resolves to Gatsby's exit code and
 * the warnings it printed.
 */
export async function buildSite(env: NodeJS.ProcessEnv): Promise<{ code: number; warnings: string[] }> {
  const cleaned = await gatsby(['clean'], env);
  if (cleaned !== 0) return { code: cleaned, warnings: [] };
  const { code, output } = await runKeepingOutput('gatsby', ['build'], gatsbyEnv(env));
  return { code, warnings: buildWarnings(output) };
}

/** Ends a command-line script with the exit code its main resolves to, or with 1 and the message of what it threw. */
export function exitWith(result: Promise<number>): void {
  result.then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}

/** Child processes for the start and test scripts: build the site, run a tool, stop cleanly. */
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.join(__dirname, '..', 'node_modules', '.bin', name);

/** Runs a program from node_modules/.bin with the given environment; resolves to its exit code. */
export function run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(name), args, { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * A production build from a clean slate. Gatsby's incremental builds can
 * keep a page's old inline CSS after a CSS-only change, and keep files
 * fetched for a DOCS_README_URL_* that has since changed; a cold build costs
 * about 50 s here and is always right.
 */
export async function buildSite(env: NodeJS.ProcessEnv): Promise<number> {
  const gatsbyEnv = { ...env, GATSBY_TELEMETRY_DISABLED: '1' };
  const cleaned = await run('gatsby', ['clean'], gatsbyEnv);
  return cleaned === 0 ? run('gatsby', ['build'], gatsbyEnv) : cleaned;
}

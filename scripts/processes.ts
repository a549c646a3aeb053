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

export function buildSite(env: NodeJS.ProcessEnv): Promise<number> {
  return run('gatsby', ['build'], { ...env, GATSBY_TELEMETRY_DISABLED: '1' });
}

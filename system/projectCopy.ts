import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_FOLDERS } from './paths.js';

/** What a copy of the project leaves out: what installs, builds and publishes make. */
const MADE = ['node_modules', ...BUILD_FOLDERS, '.git', 'site'];

/**
 * A copy of `project` in a new temporary folder (`prefix` names it), without
 * what builds make, sharing the node_modules of `modulesFrom` (a checkout
 * that has them installed) through a link; the caller removes it. For the
 * benches and tests that run real builds.
 */
export function projectCopy(project: string, prefix: string, modulesFrom = project): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(project, dir, { recursive: true, filter: (source) => !(path.dirname(source) === project && MADE.includes(path.basename(source))) });
  symlinkSync(path.join(modulesFrom, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

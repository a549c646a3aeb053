/**
 * What publishing a content commit costs, for `npm run bench`: in a
 * temporary clone of the project, three runs of the publish command
 * (scripts/publish.ts): from clean, after changing one markdown file, and
 * after changing one UI string, each timed with the pages Gatsby wrote and
 * the pages whose HTML changed. The project itself is never touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { releasesOf } from '../src/lib/publish';
import type { ReleaseRecord } from './publish';
import { run } from './processes';
import { formatTable } from './table';

export interface Rebuild {
  what: string;
  record: ReleaseRecord;
}

const MARKDOWN = 'content/banners/bg/01-sale-orders.md';
const LOCALE = 'locales/bg/common.json';

export async function measureRebuilds(root: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<Rebuild[] | { failed: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stockpay-rebuilds-'));
  const clone = path.join(dir, 'clone');
  const target = path.join(dir, 'site');
  try {
    execFileSync('git', ['clone', '-q', root, clone]);
    symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(clone, file), change(readFileSync(path.join(clone, file), 'utf8')));
    const steps: [string, () => void][] = [
      ['from clean', () => undefined],
      [`one markdown file (${MARKDOWN})`, () => edit(MARKDOWN, (text) => text.replace(/^title: (.*)$/m, 'title: $1 (2)'))],
      [`one UI string (${LOCALE}, launchApp)`, () => edit(LOCALE, (text) => text.replace(/"launchApp": "([^"]*)"/, '"launchApp": "$1 (2)"'))],
    ];
    const rebuilds: Rebuild[] = [];
    for (const [what, change] of steps) {
      change();
      const code = await run('tsx', [path.join(clone, 'scripts', 'publish.ts'), '--target', target], env, { signal, cwd: clone });
      if (code !== 0) return { failed: code };
      const newest = releasesOf(readdirSync(path.join(target, 'releases'))).at(-1) as string;
      rebuilds.push({ what, record: JSON.parse(readFileSync(path.join(target, 'releases', `${newest}.json`), 'utf8')) as ReleaseRecord });
    }
    return rebuilds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function rebuildTable(rebuilds: readonly Rebuild[]): string {
  const rows = rebuilds.map(({ what, record }) => [what, record.kind, `${record.buildSeconds.toFixed(1)} s`, String(record.pagesWritten), String(record.changed)]);
  return formatTable(['npm run publish after', 'build', 'time', 'pages Gatsby wrote', 'pages changed'], rows);
}

/** The goal: a one-file content rebuild takes at most half the clean build. */
export function rebuildGoalLine(rebuilds: readonly Rebuild[]): string {
  const [clean, markdown] = rebuilds;
  if (!clean || !markdown) return 'Goal (one-file rebuild at most half the clean build): not measured';
  const ratio = markdown.record.buildSeconds / clean.record.buildSeconds;
  return `Goal (one-file rebuild at most half the clean build): ${ratio <= 0.5 ? 'met' : 'MISSED'}, ${(ratio * 100).toFixed(0)} % of the clean build`;
}

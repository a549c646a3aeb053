/**
 * The two references of the paint comparison (issue 17): an empty Gatsby 5
 * page, built from bench/empty-gatsby/ with the project's own Gatsby, and
 * its script-free copy, a plain HTML page of the same text. Served by nginx
 * with precompressed files like the site, measured with the same
 * Lighthouse settings: what the framework's runtime alone costs a page.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectMedians, type LighthouseRun } from './lighthouse';
import { startBareNginx } from '../hosting/nginxServer';
import { run } from './processes';
import { writeScriptFreeCopy } from './scriptFree';
import { precompress } from '../hosting/cdnFiles';

export interface References {
  emptyGatsby: LighthouseRun;
  plainHtml: LighthouseRun;
}

export interface MeasureOptions {
  chromePath: string;
  runs: number;
  cpuSlowdown: number;
  signal?: AbortSignal;
}

/** Builds the fixture in a temporary folder and measures it and its script-free copy. */
export async function measureReferences(root: string, options: MeasureOptions): Promise<References> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'empty-gatsby-'));
  chmodSync(dir, 0o755);
  try {
    cpSync(path.join(root, 'bench', 'empty-gatsby'), dir, { recursive: true });
    // The fixture resolves gatsby, react and react-dom from the project.
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const code = await run('gatsby', ['build'], { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' }, { cwd: dir, signal: options.signal });
    if (code !== 0) throw new Error(`The empty Gatsby page (bench/empty-gatsby/) did not build (exit code ${code}).`);
    const publicDir = path.join(dir, 'public');
    const copy = await writeScriptFreeCopy(publicDir);
    try {
      // The plain page sits next to the Gatsby page, so one server and one Lighthouse run set measure both.
      mkdirSync(path.join(publicDir, 'plain'));
      cpSync(path.join(copy.dir, 'index.html'), path.join(publicDir, 'plain', 'index.html'));
    } finally {
      copy.dispose();
    }
    await precompress(publicDir);
    const server = await startBareNginx({ publicDir, port: 0, precompressed: true });
    try {
      const urls = { emptyGatsby: `${server.url}/`, plainHtml: `${server.url}/plain/` };
      const measure = { siteUrl: server.url, chromePath: options.chromePath, runs: options.runs, cpuSlowdown: options.cpuSlowdown, urls: [urls.emptyGatsby, urls.plainHtml] };
      const [emptyGatsby, plainHtml] = await collectMedians(measure, measure.urls);
      return { emptyGatsby, plainHtml };
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

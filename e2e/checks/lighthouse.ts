/**
 * The Lighthouse budgets: lighthouserc.json holds them in lhci's assertion
 * format (docs/testing.md says why each is there), and its "exceptions" what
 * a kind of page fails on purpose. This file only makes the list of pages
 * and hands it to @lhci/cli: `lhci collect`, then
 * `lhci assert`, which judges and prints what a page missed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import rc from '../../lighthouserc.json';
import { CHROMIUM_ARGS } from '../../system/chromium.js';
import { run } from '../../system/processes';
import { sitePages, type SitePage } from './sitePages';
import { inheritedEnv } from '../../system/settings.js';

type Assertions = Record<string, unknown>;
const KINDS = ['math', 'notFound', 'showsHome', 'noindex'] as const;

/** A page's assertions: every page's, then those of each kind it is (lighthouserc.json "exceptions"). */
export function pageAssertions(page: SitePage): Assertions {
  const exceptions: Record<(typeof KINDS)[number], Assertions> = rc.exceptions;
  return Object.assign({}, rc.ci.assert.assertions, ...KINDS.filter((kind) => page[kind]).map((kind) => exceptions[kind]));
}

export const pageUrl = (siteUrl: string, page: SitePage): string => `${siteUrl.replace(/\/+$/, '')}${page.path}`;

/**
 * Where each run starts instead of about:blank: a page of the site's own
 * origin. From about:blank, the pages' Cross-Origin-Opener-Policy moves each
 * into a new renderer process, whose start-up Lighthouse counts as the page's
 * (docs/performance.md, 2026-11-25). Not a file such as robots.txt: files are
 * served sandboxed (features/hosting/rules.ts FILE_POLICY), an opaque origin.
 */
export const startPage = (siteUrl: string): string => `${siteUrl.replace(/\/+$/, '')}/404.html`;

/** lhci's configuration: every page `runs` times in headless Chromium, each with its assertions. */
export function lhciConfig(siteUrl: string, chromePath: string, runs: number, pages: readonly SitePage[] = sitePages()) {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    ci: {
      collect: {
        ...rc.ci.collect,
        numberOfRuns: runs,
        url: pages.map((page) => pageUrl(siteUrl, page)),
        chromePath,
        settings: { chromeFlags: CHROMIUM_ARGS.join(' '), blankPage: startPage(siteUrl) },
      },
      assert: {
        assertMatrix: pages.map((page) => ({ matchingUrlPattern: `^${escape(pageUrl(siteUrl, page))}$`, assertions: pageAssertions(page) })),
      },
    },
  };
}

/**
 * Runs lhci's commands in turn, each with `config`, in a temporary folder
 * (lhci keeps its reports in .lighthouseci/ there), stopping at the first that
 * fails. `read` sees the folder before it is removed. Resolves to the last exit code.
 */
export async function lhci<T>(config: object, commands: string[][], read?: (dir: string) => T): Promise<{ code: number; result?: T }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lhci-'));
  try {
    writeFileSync(path.join(dir, 'lighthouserc.json'), JSON.stringify(config, null, 2));
    let code = 0;
    for (const command of commands) {
      code = await run('lhci', [...command, '--config=lighthouserc.json'], inheritedEnv(), { cwd: dir });
      if (code !== 0) return { code };
    }
    return { code, result: read?.(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The gate of `npm test`: one run per page (the budgets hold on any machine), judged by `lhci assert`; resolves to its exit code. */
export async function lighthouseGate(siteUrl: string, chromePath: string): Promise<number> {
  const pages = sitePages();
  const { code } = await lhci(lhciConfig(siteUrl, chromePath, 1, pages), [['collect'], ['assert']]);
  console.log(
    code === 0 ? `Lighthouse: ${pages.length} pages within budget` : 'Lighthouse: budget missed (lhci names the page and the assertion above; budgets in lighthouserc.json)',
  );
  return code;
}

// `tsx e2e/checks/lighthouse.ts <site URL>`: the gate against a site already served (npm start).

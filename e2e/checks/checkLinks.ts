/**
 * `npm run test:links [-- publicDir [siteOrigin]]`: checks every internal
 * link and anchor of the built site (default public/). siteOrigin (default
 * $GATSBY_SITE_URL) is the origin the build wrote into canonical, alternate
 * and og:url links; without it those absolute links count as external.
 * The scripts the pages' runtime file starts (named in the build record,
 * public/_build.json) must exist too.
 * Exit code: 0 all fine, 1 something broken, 2 nothing to check or bad arguments.
 */
import { htmlFiles } from '../../system/folderTree';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readBuildRecord } from '../../features/hosting/publicFiles.node';
import { BUILD_RECORD_PATH } from '../../features/hosting/buildRecord';
import { checkSite, originOf, siteFilesIn, type CheckResult, type Problem } from './links';
import { PUBLIC_DIR } from '../../system/paths.js';

const MAX_PROBLEM_LINES = 50;
const PAGES_NAMED_PER_LINE = 3;

export function summaryLine(result: CheckResult): string {
  return `Links: ${result.internal} internal links and anchors in ${result.pages} pages checked, ` + `${result.problems.length} broken (${result.external} external skipped)`;
}

/**
 * One line per broken URL and reason, naming the pages it is on: a broken
 * link in the header or footer is one fix, not one per page.
 */
export function problemLines(problems: readonly Problem[], root: string): string[] {
  const groups = new Map<string, { url: string; reason: string; pages: Set<string> }>();
  for (const { page, url, reason } of problems) {
    const key = JSON.stringify([url, reason]);
    const group = groups.get(key) ?? { url, reason, pages: new Set<string>() };
    group.pages.add(`${root}/${page}`);
    groups.set(key, group);
  }
  const lines = [...groups.values()].map(({ url, reason, pages }) => `  ${url} -> ${reason} (in ${namePages([...pages])})`);
  if (lines.length <= MAX_PROBLEM_LINES) return lines;
  return [...lines.slice(0, MAX_PROBLEM_LINES), `  …and ${lines.length - MAX_PROBLEM_LINES} more`];
}

function namePages(pages: readonly string[]): string {
  const named = pages.slice(0, PAGES_NAMED_PER_LINE).join(', ');
  const rest = pages.length - PAGES_NAMED_PER_LINE;
  return rest > 0 ? `${named} and ${rest} more pages` : named;
}

export function main(args: readonly string[], env: NodeJS.ProcessEnv): number {
  const [publicDir = PUBLIC_DIR, originArgument = env.GATSBY_SITE_URL] = args;
  const siteOrigin = originArgument ? originOf(originArgument) : undefined;
  if (originArgument && !siteOrigin) {
    console.error(`"${originArgument}" is not an http(s) site URL.`);
    return 2;
  }
  const pages = htmlFiles(publicDir);
  if (pages.length === 0) {
    console.error(`No HTML files in ${publicDir}: build the site first ("SITE_ENV=local npm run build" against the sandbox, or "npm run build" with the production settings).`);
    return 2;
  }
  const files = siteFilesIn(publicDir);
  const result = checkSite(files, pages, siteOrigin);
  if (existsSync(path.join(publicDir, BUILD_RECORD_PATH))) {
    for (const script of readBuildRecord(publicDir).runtime.scripts) {
      result.internal += 1;
      if (!files.isFile(script.slice(1)))
        result.problems.push({ page: BUILD_RECORD_PATH.slice(1), url: script, reason: `no file ${files.root}${script} (the runtime file starts it)` });
    }
  }
  console.log(summaryLine(result));
  for (const line of problemLines(result.problems, files.root)) console.log(line);
  return result.problems.length > 0 ? 1 : 0;
}

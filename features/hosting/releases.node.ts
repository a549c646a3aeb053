/**
 * What `npm run publish -- --target DIR` (scripts/publish.ts) does: builds
 * this checkout and makes it the live release, atomically; `--rollback`
 * goes back to the release before.
 * What a pipeline runs on every commit (deploy/hooks/post-receive,
 * deploy/github-actions/publish.yml); the decisions are features/hosting/releases.ts.
 *
 *   DIR/current -> releases/<release>        the live release (a symlink)
 *   DIR/nginx.conf -> releases/<release>.nginx.conf
 *                                            its nginx site config, rooted at the release itself
 *   DIR/releases/<release>/                   a whole public/, never changed after
 *   DIR/releases/<release>.json               its commit, kind of build and timings
 *   DIR/releases/<release>.changes.json       {"changed": [...], "deleted": [...]}: what a CDN purges
 *
 * nginx serves the release its config names (docs/deploy.md, "Install": a
 * config rooted at a `current` symlink would serve new files under old
 * policies until a reload), so `--reload CMD` (say "systemctl reload nginx")
 * runs after both links moved; if it fails, both move back. `--listen`,
 * `--server-name`, `--include` and `--access-log` shape that config as in
 * `npm run nginx:config`.
 *
 * Only content changed since the last release (content/, locales/, static/)
 * builds incrementally, keeping Gatsby's .cache/ and public/; anything else,
 * no earlier release, or a failed build before, builds from clean. A failed
 * build or check switches nothing: the live release stays, and the command
 * exits non-zero after the build's own message (a content error names the
 * file and field).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import { DEFAULT_LISTEN, nginxSiteConfig } from './nginxConfig';
import { contentTreeError } from '../content/contentTree.node';
import { folderTree } from '../../system/folderTree';
import { readPublicRules, servedFiles } from './publicFiles.node';
import { FILES_RECORD_PATH, parseFilesRecord, recordedFiles } from './publicOwners';
import { describePrecompressed, precompress, type Precompressed } from './precompress.node';
import { CONTENT_FOLDERS } from '../content/contentTree';
import { buildKind, pageChanges, previousRelease, releaseName, releasesOf, releasesToRemove, type BuildKind, type PageChanges } from './releases';
import { gatsby } from '../../system/processes';
import { publicDirOf, PROJECT_DIR } from '../../system/paths.js';
import { BRAND_IMAGE_FILES } from '../share-cards/brandImageFiles';
import { inheritedEnv } from '../../system/settings.js';

const ROOT = PROJECT_DIR;

export interface ReleaseRecord {
  commit: string;
  kind: BuildKind;
  builtAt: string;
  /** The build itself (with `gatsby clean` for a clean one), not the settling build after a clean one. */
  buildSeconds: number;
  /** Pages Gatsby wrote in this build (its --log-pages list). */
  pagesWritten: number;
  changed: number;
  deleted: number;
  /** Files of the release, those hard-linked to the release before, and the bytes it added. */
  copy: ReleaseCopy;
  /** The compressed copies nginx serves: files that got them, those compressed now, and the time taken. */
  precompressed: Precompressed & { seconds: number };
}

export interface PublishArgs {
  target: string;
  rollback: boolean;
  /** A command run once the links moved, e.g. "systemctl reload nginx". */
  reload?: string;
  nginx: { listen: string[]; serverName?: string; includes: string[]; accessLog?: string };
}

export const USAGE = 'Usage: npm run publish -- --target DIR [--rollback] [--reload CMD] [--listen ADDR]... [--server-name NAME] [--include FILE]... [--access-log FILE]';

/** The command's arguments, or what is wrong with them. */
export function parseArgs(argv: readonly string[]): PublishArgs | { error: string } {
  let values;
  try {
    ({ values } = parseCommandLine({
      args: [...argv],
      options: {
        target: { type: 'string' },
        rollback: { type: 'boolean' },
        reload: { type: 'string' },
        listen: { type: 'string', multiple: true },
        'server-name': { type: 'string' },
        include: { type: 'string', multiple: true },
        'access-log': { type: 'string' },
      },
    }));
  } catch (error) {
    return { error: `${(error as Error).message}\n${USAGE}` };
  }
  if (!values.target) return { error: `Name the folder to publish into.\n${USAGE}` };
  return {
    target: path.resolve(values.target),
    rollback: values.rollback ?? false,
    ...(values.reload ? { reload: values.reload } : {}),
    nginx: { listen: values.listen ?? [...DEFAULT_LISTEN], serverName: values['server-name'], includes: values.include ?? [], accessLog: values['access-log'] },
  };
}

/** Git's output without its final newline (not trimmed: `git status --porcelain` lines start with a space). */
const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).replace(/\n$/, '');

/**
 * The files that differ from `commit` in this checkout (commits since,
 * uncommitted changes, and new files under the content folders), or
 * undefined when `commit` is not in its history. Other untracked files
 * (a server's dependency stamp, a symlinked node_modules) are not the site.
 */
function changedSince(commit: string): string[] | undefined {
  try {
    git(['cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    return undefined;
  }
  const committed = git(['diff', '--name-only', commit, 'HEAD']).split('\n');
  // 'XY path', or 'R  old -> new' for a rename: both paths count; '?? path' is untracked.
  const uncommitted = git(['status', '--porcelain', '--untracked-files=all'])
    .split('\n')
    .filter((line) => !line.startsWith('??') || CONTENT_FOLDERS.some((folder) => line.slice(3).startsWith(folder)))
    .flatMap((line) => line.slice(3).split(' -> '));
  return [...new Set([...committed, ...uncommitted])].filter(Boolean);
}

/** Every file a built site serves ('/bg/index.html') with a fingerprint of its bytes. */
function fingerprints(dir: string | undefined): Map<string, string> | undefined {
  if (!dir || !existsSync(dir)) return undefined;
  return new Map(
    servedFiles(dir).map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}

export interface ReleaseCopy {
  files: number;
  /** Files hard-linked to the same bytes in the release before. */
  linked: number;
  /** Bytes copied: what this release costs on disk. */
  copiedBytes: number;
}

/** What copyRelease did, and which of the files it linked came with their compressed copies. */
export interface ReleaseCopyResult extends ReleaseCopy {
  /** Files (relative, '/'-separated) whose .br and .gz copies were linked from the release before with them. */
  withCopies: Set<string>;
}

/**
 * Makes `target` a copy of the files the build in `source` (public/) wrote,
 * as its record of owners lists them (public/_files.json,
 * features/hosting/publicOwners.ts), and of that record: nothing else in public/
 * reaches a release. Every file whose bytes the previous release already
 * holds at the same path is a hard link to it, with its compressed copies
 * when the previous release has them: a release costs what changed, and
 * removing an old release (or rolling back) touches no other. Releases are
 * never written to after, so sharing their files is safe. Compressed
 * copies that `serve:nginx` left in public/ are not taken: the release
 * gets its own.
 */
export function copyRelease(source: string, previous: string | undefined, target: string): ReleaseCopyResult {
  const result: ReleaseCopyResult = { files: 0, linked: 0, copiedBytes: 0, withCopies: new Set() };
  const recordFile = path.join(source, FILES_RECORD_PATH);
  if (!existsSync(recordFile)) throw new Error(`public${FILES_RECORD_PATH} is missing: build the site with this version of the project first`);
  let record;
  try {
    record = parseFilesRecord(readFileSync(recordFile, 'utf8'));
  } catch (error) {
    throw new Error(`public${FILES_RECORD_PATH} is not a record of the build's files: ${(error as Error).message}`);
  }
  // No link anywhere in public/, a folder included: a recorded path must not lead out of it.
  const tree = folderTree(source);
  if (tree.others.length > 0) throw new Error(`public/${tree.others[0]} is not a regular file: a release holds files only`);
  mkdirSync(target, { recursive: true });
  // The record lists itself (the hosting files): each file once, or a record the release before holds byte for byte would be linked twice.
  for (const relative of new Set([...recordedFiles(record), FILES_RECORD_PATH.slice(1)])) {
    const from = path.join(source, relative);
    if (!lstatSync(from, { throwIfNoEntry: false })?.isFile()) throw new Error(`public/${relative} is in the build's record but not a regular file of public/`);
    const to = path.join(target, relative);
    mkdirSync(path.dirname(to), { recursive: true });
    result.files += 1;
    const old = previous ? path.join(previous, relative) : undefined;
    if (old && existsSync(old) && statSync(old).size === statSync(from).size && readFileSync(old).equals(readFileSync(from))) {
      linkSync(old, to);
      result.linked += 1;
      if (existsSync(`${old}.br`) && existsSync(`${old}.gz`)) {
        linkSync(`${old}.br`, `${to}.br`);
        linkSync(`${old}.gz`, `${to}.gz`);
        result.withCopies.add(relative);
      }
    } else {
      copyFileSync(from, to);
      result.copiedBytes += statSync(from).size;
    }
  }
  return result;
}

/** The live release's name, from DIR/current. */
function liveRelease(target: string): string | undefined {
  try {
    return path.basename(readlinkSync(path.join(target, 'current')));
  } catch {
    return undefined;
  }
}

/** Points `link` (in DIR) at `to` in one step: a new symlink renamed over the old one. */
function pointLink(target: string, link: string, to: string): void {
  const next = path.join(target, `.${link}-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(to, next);
  renameSync(next, path.join(target, link));
}

/**
 * Makes `release` live: DIR/current and DIR/nginx.conf, then the reload
 * command if any. When the reload fails, both links go back to `before`.
 */
function switchTo(target: string, release: string, before: string | undefined, reload: string | undefined): boolean {
  const point = (name: string) => {
    pointLink(target, 'current', path.join('releases', name));
    if (existsSync(path.join(target, 'releases', `${name}.nginx.conf`))) pointLink(target, 'nginx.conf', path.join('releases', `${name}.nginx.conf`));
  };
  point(release);
  if (!reload) return true;
  const reloaded = spawnSync(reload, { shell: true, stdio: 'inherit' });
  if (reloaded.status === 0) return true;
  console.error(`"${reload}" failed (exit ${reloaded.status ?? reloaded.signal}).`);
  if (before) point(before);
  return false;
}

function readRecord(releases: string, release: string): ReleaseRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(releases, `${release}.json`), 'utf8')) as ReleaseRecord;
  } catch {
    return undefined;
  }
}

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

/** What decideBuild found: where releases go, this commit, and how to build it. */
interface BuildPlan {
  target: string;
  releases: string;
  /** Present while the last build failed: the next one builds from clean. */
  failedMarker: string;
  commit: string;
  kind: BuildKind;
}

/** A build that succeeded: its timings and the release that was live when it finished. */
interface BuiltSite {
  /** When the build began (before `gatsby clean`), for the total time. */
  started: number;
  buildSeconds: number;
  pagesWritten: number;
  live: string | undefined;
}

/** A release made, not yet live: its name, its record and what changed since the live one. */
interface MadeRelease {
  name: string;
  record: ReleaseRecord;
  changes: PageChanges;
}

/** Decides a clean or an incremental build and says which and why; DIR/releases exists after. */
function decideBuild(target: string): BuildPlan {
  const releases = path.join(target, 'releases');
  mkdirSync(releases, { recursive: true });
  const failedMarker = path.join(target, '.last-build-failed');
  const commit = git(['rev-parse', 'HEAD']);
  const existing = releasesOf(readdirSync(releases));
  const newest = existing.at(-1);
  const last = newest ? readRecord(releases, newest) : undefined;
  // After a failed build Gatsby's cache can hold nodes the failed run left half made: build from clean.
  const cacheUsable = !existsSync(failedMarker) && existsSync(path.join(ROOT, '.cache')) && existsSync(publicDirOf(ROOT));
  const changed = last && cacheUsable ? changedSince(last.commit) : undefined;
  const kind = buildKind(changed);
  console.log(
    `Publishing ${commit.slice(0, 12)}: ${kind} build` +
      (changed
        ? ` (${changed.length} ${changed.length === 1 ? 'file' : 'files'} changed since ${last?.commit.slice(0, 12)})`
        : last
          ? ' (the cache is gone or the last build failed)'
          : ' (no earlier release)'),
  );
  return { target, releases, failedMarker, commit, kind };
}

/** Nothing builds from content folders holding a symlink or special file: false, naming it, with the live release untouched (the build checks it too). */
function checkContent(plan: BuildPlan): boolean {
  const treeProblem = contentTreeError(ROOT, new Set(BRAND_IMAGE_FILES));
  if (!treeProblem) return true;
  writeFileSync(plan.failedMarker, `${plan.commit}\n`);
  console.error(`\n${treeProblem}\nPublish failed: nothing was built or switched; ${liveRelease(plan.target) ?? 'no release'} stays live.`);
  return false;
}

/**
 * public/ holds this commit's site, a clean build followed by the settling
 * build; or the failing exit code, with the failure marked for the next
 * publish and nothing switched.
 */
async function buildSite(plan: BuildPlan, env: NodeJS.ProcessEnv): Promise<BuiltSite | { failed: number }> {
  const build = () => gatsby(['build', '--log-pages', '--write-to-file'], env, { cwd: ROOT });
  const started = Date.now();
  let code = plan.kind === 'clean' ? await gatsby(['clean'], env, { cwd: ROOT }) : 0;
  if (code === 0) code = await build();
  const buildSeconds = (Date.now() - started) / 1000;
  const pagesWritten = lines(path.join(ROOT, '.cache', 'newPages.txt')).length;
  if (code === 0 && plan.kind === 'clean') {
    // The first build after a clean one gets a new webpack compilation hash
    // with nothing changed, and every page carries that hash
    // (gatsbyjs/gatsby#33450): settle it now, so the next content commit
    // rewrites only the pages it changes.
    console.log('\nSettling the cache: the same build again, so the next content commit changes only its own pages.');
    code = await build();
  }
  const live = liveRelease(plan.target);
  if (code !== 0) {
    writeFileSync(plan.failedMarker, `${plan.commit}\n`);
    console.error(`\nPublish failed: the build of ${plan.commit.slice(0, 12)} failed (its messages are above). Nothing was switched: ${live ?? 'no release'} stays live.`);
    return { failed: code };
  }
  rmSync(plan.failedMarker, { force: true });
  return { started, buildSeconds, pagesWritten, live };
}

/**
 * DIR/releases/<release>/ holds exactly the build's files with their
 * compressed copies, complete or absent, beside its nginx config, record
 * and changes; nothing live has moved.
 */
async function makeRelease(plan: BuildPlan, built: BuiltSite, nginx: PublishArgs['nginx']): Promise<MadeRelease> {
  const { releases } = plan;
  const { live } = built;
  const changes: PageChanges = pageChanges(fingerprints(live && path.join(releases, live)), fingerprints(publicDirOf(ROOT)) ?? new Map());
  const release = releaseName(new Date(), plan.commit);
  // Copied under a temporary name and renamed: a release folder is complete or absent.
  const incoming = path.join(releases, `.incoming-${release}`);
  rmSync(incoming, { recursive: true, force: true });
  const { withCopies, ...copy } = copyRelease(publicDirOf(ROOT), live && path.join(releases, live), incoming);
  const compressing = Date.now();
  const precompressed = { ...(await precompress(incoming, { kept: withCopies })), seconds: (Date.now() - compressing) / 1000 };
  renameSync(incoming, path.join(releases, release));
  const rules = readPublicRules(path.join(releases, release));
  writeFileSync(
    path.join(releases, `${release}.nginx.conf`),
    nginxSiteConfig(rules, {
      root: path.join(releases, release),
      listen: nginx.listen,
      serverName: nginx.serverName ?? new URL(rules.record.siteUrl).hostname,
      includes: nginx.includes,
      accessLog: nginx.accessLog,
    }),
  );
  const record: ReleaseRecord = {
    commit: plan.commit,
    kind: plan.kind,
    builtAt: new Date().toISOString(),
    buildSeconds: built.buildSeconds,
    pagesWritten: built.pagesWritten,
    changed: changes.changed.length,
    deleted: changes.deleted.length,
    copy,
    precompressed,
  };
  writeFileSync(path.join(releases, `${release}.json`), `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(path.join(releases, `${release}.changes.json`), `${JSON.stringify(changes, null, 2)}\n`);
  return { name: release, record, changes };
}

/** The release is live (DIR/current, DIR/nginx.conf, the reload command); or, the reload failing, the one before still is, and false. */
function switchLive(plan: BuildPlan, release: string, live: string | undefined, reload: string | undefined): boolean {
  if (switchTo(plan.target, release, live, reload)) return true;
  console.error(`Publish failed: ${live ?? 'no release'} stays live; ${release} is kept for a look.`);
  return false;
}

/** Only the releases features/hosting/releases.ts keeps remain, each with its record, changes and nginx config. */
function pruneReleases(plan: BuildPlan, release: string): void {
  const { releases } = plan;
  for (const old of releasesToRemove(releasesOf(readdirSync(releases)), release)) {
    rmSync(path.join(releases, old), { recursive: true, force: true });
    rmSync(path.join(releases, `${old}.json`), { force: true });
    rmSync(path.join(releases, `${old}.changes.json`), { force: true });
    rmSync(path.join(releases, `${old}.nginx.conf`), { force: true });
  }
}

/** Says what went live: the build's and the whole publish's time, the release's size, its compressed copies, and what a CDN must purge. */
function report(plan: BuildPlan, built: BuiltSite, release: MadeRelease): void {
  const { record, changes } = release;
  const { copy, precompressed } = record;
  console.log(
    `\nLive: ${release.name} (${plan.kind} build, ${built.buildSeconds.toFixed(1)} s, ${record.pagesWritten} pages written by Gatsby; ${((Date.now() - built.started) / 1000).toFixed(1)} s in all).`,
  );
  console.log(`Release: ${copy.files} files, ${copy.linked} shared with ${built.live ?? 'no earlier release'}, ${(copy.copiedBytes / 1024 / 1024).toFixed(1)} MB new.`);
  console.log(describePrecompressed(precompressed, precompressed.seconds * 1000));
  console.log(`Changed (${changes.changed.length}): ${changes.changed.join(' ') || 'none'}`);
  console.log(`Deleted (${changes.deleted.length}): ${changes.deleted.join(' ') || 'none'}`);
  console.log(`For a CDN to purge: ${path.join(plan.releases, `${release.name}.changes.json`)}`);
}

/** Builds this checkout and makes it the live release; a failed step leaves the live release as it was and gives a non-zero exit code. */
export async function publish(args: PublishArgs, env: NodeJS.ProcessEnv = inheritedEnv()): Promise<number> {
  const plan = decideBuild(args.target);
  if (!checkContent(plan)) return 1;
  const built = await buildSite(plan, env);
  if ('failed' in built) return built.failed;
  const release = await makeRelease(plan, built, args.nginx);
  if (!switchLive(plan, release.name, built.live, args.reload)) return 1;
  pruneReleases(plan, release.name);
  report(plan, built, release);
  return 0;
}

export function rollback({ target, reload }: PublishArgs): number {
  const releases = path.join(target, 'releases');
  const live = liveRelease(target);
  const previous = existsSync(releases) ? previousRelease(releasesOf(readdirSync(releases)), live) : undefined;
  if (!previous) {
    console.error(`Nothing to roll back to: ${live ? `${live} is the oldest release kept` : `${target} has no live release`}.`);
    return 1;
  }
  if (!switchTo(target, previous, live, reload)) return 1;
  console.log(`Live: ${previous} (rolled back from ${live}).`);
  return 0;
}

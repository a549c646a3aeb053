/**
 * The growth bench of `npm run bench -- --growth N`: what content
 * costs the build, against Gatsby's own blog starter on the same markdown.
 * For today's posts and for each factor N, a temporary copy of the project
 * whose every post is copied N more times, each copy unique (a closing
 * sentence and a comment line in each diagram of its own, so no cache can
 * skip a new post's work), built cold; gatsby-starter-blog builds the same
 * files. For each: cold build time and peak memory of both, the cost of an
 * added post in each, the one-post incremental publish, the rules of
 * public/_headers and the size of public/. The project is never changed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHeadersFile } from '../features/hosting/headersFile';
import { gatsbyEnv } from '../system/processes';
import { projectCopy } from '../system/projectCopy';
import { readPostFiles, type PostFile } from '../e2e/checks/sitePages';
import { formatTable } from './table';
import { BRAND_IMAGES, SHARE_CARDS, keptCacheDir } from '../system/keptCache.js';
import { releasesOf } from '../features/hosting/releases';
import type { ReleaseRecord } from '../features/hosting/releases.node';
import { BUILD_FOLDERS, PROJECT_DIR, publicDirOf } from '../system/paths.js';
import { inheritedEnv } from '../system/settings.js';

const ROOT = PROJECT_DIR;
export const DEFAULT_STARTER = path.join(ROOT, '..', 'shared', 'anchors', 'gatsby-starter-blog');

/**
 * `copies` more copies of each post, each unique: slug `<slug>-copy-<n>`, its
 * title numbered, a closing sentence and a `%%` line in every diagram naming
 * it and the bench's `run` (the diagram cache outlives a bench run, so
 * without it a second run would find every copy's drawings made).
 */
export function uniqueCopies(posts: readonly PostFile[], copies: number, run = ''): PostFile[] {
  return posts.flatMap((post) =>
    Array.from({ length: copies }, (_, index) => {
      const n = index + 1;
      const text = post.text
        .replace(/^(title:[ \t]*)(["']?)(.*?)\2[ \t]*$/m, (_line, key: string, quote: string, title: string) => `${key}${quote || '"'}${title} (${n})${quote || '"'}`)
        .replace(/^```mermaid[ \t]*\n/gm, (fence) => `${fence}%% copy ${n} of ${post.slug}${run ? `, bench run ${run}` : ''}\n`)
        .replace(/\s*$/, `\n\nThis is copy ${n} of ${post.slug}, written for the growth bench.\n`);
      return { language: post.language, slug: `${post.slug}-copy-${n}`, text };
    }),
  );
}

export interface Run {
  ms: number;
  /** The largest sum, sampled, of the memory of the command and every process it started. */
  peakMb: number;
}

/** The proportional memory (Pss: a page shared by Chromium's or Gatsby's processes counts once) of `pid` and its descendants, in kB, from /proc. */
function treePssKb(pid: number): number {
  const children = new Map<number, number[]>();
  const pss = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
      pss.set(Number(name), Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/smaps_rollup`, 'utf8'))?.[1] ?? 0));
    } catch {
      // The process ended while being read.
    }
  }
  const total = (id: number): number => (pss.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + total(child), 0);
  return total(pid);
}

/** Runs a command to its end, timed, its memory sampled; throws with the tail of its output when it fails. */
export function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakKb = 0;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, treePssKb(child.pid ?? 0))), 250);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code === 0) resolve({ ms: performance.now() - started, peakMb: peakKb / 1024 });
      else reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code}):\n${output}`));
    });
  });
}

export const bin = (dir: string, name: string) => path.join(dir, 'node_modules', '.bin', name);
/** This run's mark in every copied diagram. */
const RUN = `${Date.now().toString(36)}-${process.pid}`;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, stdio: 'ignore' });

/** A temporary copy of `project`, sharing this project's node_modules, with `copies` unique copies of every post. */
function grownSite(project: string, copies: number): { dir: string; posts: number } {
  const dir = projectCopy(project, `stockpay-growth-${copies}-`, ROOT);
  const blogDir = path.join(dir, 'content', 'blog');
  const posts = readPostFiles(blogDir);
  for (const post of uniqueCopies(posts, copies, RUN)) writeFileSync(path.join(blogDir, post.language, `${post.slug}.md`), post.text);
  return { dir, posts: posts.length * (copies + 1) };
}

/** A copy of gatsby-starter-blog in a temporary folder with node_modules: those of `source` when it has them (installed once before), else installed. */
export function installStarter(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'starter-blog-'));
  cpSync(source, dir, { recursive: true, filter: (file) => !['node_modules', ...BUILD_FOLDERS].includes(path.basename(file)) });
  if (existsSync(path.join(source, 'node_modules'))) symlinkSync(path.join(source, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  else execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

/** The starter built cold with our posts and `copies` copies of each, as content/blog/<lang>-<slug>/index.md. */
function starterBuild(starter: string, copies: number): Promise<Run> {
  for (const made of [...BUILD_FOLDERS, 'content/blog']) rmSync(path.join(starter, made), { recursive: true, force: true });
  const posts = readPostFiles(path.join(ROOT, 'content', 'blog'));
  for (const post of [...posts, ...uniqueCopies(posts, copies, RUN)]) {
    const file = path.join(starter, 'content', 'blog', `${post.language}-${post.slug}`, 'index.md');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, post.text);
  }
  return timed(bin(starter, 'gatsby'), ['build'], starter, gatsbyEnv(inheritedEnv()));
}

/** `npm run publish` after one post changed, in a copy published once already (clean, then settled): its time, and its build's (the release record's). */
async function onePostPublish(site: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; buildMs: number }> {
  git(site, 'init', '-q');
  git(site, 'add', '-A');
  git(site, 'commit', '-qm', 'grown');
  const publish = () => timed(process.execPath, [bin(ROOT, 'tsx'), path.join(site, 'scripts', 'publish.ts'), '--target', path.join(site, 'site')], site, env);
  await publish();
  const post = path.join(site, 'content', 'blog', 'en', readdirSync(path.join(site, 'content', 'blog', 'en')).sort()[0]);
  writeFileSync(post, `${readFileSync(post, 'utf8')}\nOne more sentence, changed for the bench.\n`);
  git(site, 'commit', '-qam', 'one post');
  const { ms } = await publish();
  const releases = path.join(site, 'site', 'releases');
  const record = JSON.parse(readFileSync(path.join(releases, `${releasesOf(readdirSync(releases)).at(-1)}.json`), 'utf8')) as ReleaseRecord;
  return { ms, buildMs: record.buildSeconds * 1000 };
}

export interface Row {
  factor: number;
  posts: number;
  site: Run;
  starter?: Run;
  publishMs: number;
  /** Of publishMs, Gatsby's build; the rest is the publish's own (the content checks, fingerprints, the release and its compressed copies). */
  publishBuildMs: number;
  headersRules: number;
  publicMb: number;
}

/** One row: the grown copy of `project` built cold, then the starter (from installStarter, when given) on the same posts, then the one-post publish. */
export async function measureGrowth(factor: number, options: { project: string; env: NodeJS.ProcessEnv; starter?: string }): Promise<Row> {
  const { dir, posts } = grownSite(options.project, factor);
  try {
    // Cold as before the cards and brand images were kept across clean builds: every one drawn (their titles carry no run mark).
    for (const cache of [SHARE_CARDS, BRAND_IMAGES]) rmSync(keptCacheDir(ROOT, cache), { recursive: true, force: true });
    const site = await timed(bin(dir, 'gatsby'), ['build'], dir, gatsbyEnv(options.env));
    const headersRules = parseHeadersFile(readFileSync(path.join(publicDirOf(dir), '_headers'), 'utf8')).length;
    const publicMb = Number(execFileSync('du', ['-sb', publicDirOf(dir)], { encoding: 'utf8' }).split('\t')[0]) / 1024 / 1024;
    const starter = options.starter ? await starterBuild(options.starter, factor) : undefined;
    for (const made of BUILD_FOLDERS) rmSync(path.join(dir, made), { recursive: true, force: true });
    const publish = await onePostPublish(dir, options.env);
    return { factor, posts, site, starter, publishMs: publish.ms, publishBuildMs: publish.buildMs, headersRules, publicMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The rows, the first being today's posts, against which each other row's cost per added post is taken. */
export function growthTable(rows: readonly Row[]): string {
  const [base] = rows;
  const perPost = (row: Row, pick: (r: Row) => Run | undefined): number => {
    const [a, b] = [pick(base), pick(row)];
    return row === base || !a || !b ? 0 : (b.ms - a.ms) / (row.posts - base.posts);
  };
  const ms = (value: number) => (value > 0 ? `${Math.round(value)} ms` : '');
  const table = formatTable(
    ['posts', 'site cold', 'peak MB', 'per added post', 'starter cold', 'peak MB', 'per added post', 'ratio', 'one-post publish', '_headers rules', 'public/ MB'],
    rows.map((row) => {
      const [sitePer, starterPer] = [perPost(row, (r) => r.site), perPost(row, (r) => r.starter)];
      return [
        `${row.posts} (${row.factor === 0 ? 'today' : `${row.factor + 1}x`})`,
        s(row.site.ms),
        row.site.peakMb.toFixed(0),
        ms(sitePer),
        row.starter ? s(row.starter.ms) : '',
        row.starter ? row.starter.peakMb.toFixed(0) : '',
        ms(starterPer),
        starterPer > 0 ? `${(sitePer / starterPer).toFixed(1)}x` : '',
        `${s(row.publishMs)} (build ${s(row.publishBuildMs)})`,
        String(row.headersRules),
        row.publicMb.toFixed(1),
      ];
    }),
  );
  return `${table}\n\nGoals: an added post at most 3x the starter's, the cold build at most 2x, the one-post publish at most 23 s.`;
}

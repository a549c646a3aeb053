/**
 * `npm run bench:growth -- [--times 10,100] [--starter DIR] [--no-starter] [--no-publish] [--project DIR]`:
 * what content growth costs, against Gatsby's own blog starter on the same
 * markdown (issue 27). For each factor N it makes a temporary copy of the
 * project whose every blog post is copied N more times, each copy unique (a
 * closing sentence of its own, and a comment line of its own in each
 * diagram, so no cache can skip a new post's work), and builds it cold;
 * gatsby-starter-blog (shared/anchors/, installed once into a temporary
 * folder) builds the same files. It prints, for today's posts and each
 * factor: cold build time and peak memory of both, the cost of an added
 * post file in each, the one-post incremental publish, the rules of
 * public/_headers and the size of public/. `--project` measures another
 * checkout (an earlier commit, for a before-and-after). The project itself
 * is never changed; nothing here knows it is being measured.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseHeadersFile } from '../hosting/headersFile';
import { LOCAL_SITE_ENV } from '../src/lib/config';
import { readPostFiles, type PostFile } from './sitePages';
import { formatTable } from './table';

const ROOT = path.join(__dirname, '..');
const DEFAULT_STARTER = path.join(ROOT, '..', 'shared', 'anchors', 'gatsby-starter-blog');

/**
 * `copies` more copies of each post, each unique: slug `<slug>-copy-<n>`,
 * the title numbered, a closing sentence and a `%%` comment line in every
 * mermaid diagram that name the copy. Translations stay translations.
 */
export function uniqueCopies(posts: readonly PostFile[], copies: number): PostFile[] {
  return posts.flatMap((post) =>
    Array.from({ length: copies }, (_, index) => {
      const n = index + 1;
      const text = post.text
        .replace(/^(title:[ \t]*)(["']?)(.*?)\2[ \t]*$/m, (_line, key: string, quote: string, title: string) => `${key}${quote || '"'}${title} (${n})${quote || '"'}`)
        .replace(/^```mermaid[ \t]*\n/gm, (fence) => `${fence}%% copy ${n} of ${post.slug}\n`)
        .replace(/\s*$/, `\n\nThis is copy ${n} of ${post.slug}, written for the growth bench.\n`);
      return { language: post.language, slug: `${post.slug}-copy-${n}`, text };
    }),
  );
}

/** A post as the starter reads it: content/blog/<name>/index.md with title, date and description. */
const starterPostPath = (post: PostFile) => path.join('content', 'blog', `${post.language}-${post.slug}`, 'index.md');

interface Run {
  ms: number;
  /** The largest sum of the resident memory of the build and every process it started, sampled. */
  peakMb: number;
}

/**
 * The memory of `pid` and all its descendants, in kB, from Linux's /proc:
 * the proportional set size (Pss), in which a page shared by several
 * processes (Chromium's, Gatsby's workers) counts once in all, not once in each.
 */
function treeRssKb(pid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
      rss.set(Number(name), Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/smaps_rollup`, 'utf8'))?.[1] ?? 0));
    } catch {
      // The process ended while being read.
    }
  }
  const total = (id: number): number => (rss.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + total(child), 0);
  return total(pid);
}

/** Runs a command to its end, timing it and sampling its process tree's memory; throws with its output's tail when it fails. */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakKb = 0;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid ?? 0))), 250);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code === 0) resolve({ ms: performance.now() - started, peakMb: peakKb / 1024 });
      else reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code}):\n${output}`));
    });
  });
}

const bin = (dir: string, name: string) => path.join(dir, 'node_modules', '.bin', name);
const gatsbyEnv = (base: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...base,
  GATSBY_TELEMETRY_DISABLED: '1',
  SITE_ENV: LOCAL_SITE_ENV,
  GATSBY_SITE_URL: 'http://127.0.0.1:9000',
  GATSBY_APP_URL: 'http://127.0.0.1:4010/app',
  GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4010',
  GATSBY_API_URL: 'http://127.0.0.1:4010',
  CMS_BACKEND: 'git-gateway',
});

const SKIPPED = new Set(['node_modules', '.cache', 'public', '.git', 'site']);

/** A temporary copy of `project` sharing this project's node_modules, with `copies` unique copies of every post. */
function grownSite(project: string, copies: number): { dir: string; posts: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `stockpay-growth-${copies}-`));
  cpSync(project, dir, { recursive: true, filter: (source) => !(path.dirname(source) === project && SKIPPED.has(path.basename(source))) });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const blogDir = path.join(dir, 'content', 'blog');
  const posts = readPostFiles(blogDir);
  for (const post of uniqueCopies(posts, copies)) writeFileSync(path.join(blogDir, post.language, `${post.slug}.md`), post.text);
  return { dir, posts: posts.length * (copies + 1) };
}

/**
 * The starter in a temporary folder, its own posts replaced by ours for each
 * factor: installed there once, or sharing the node_modules of a `source`
 * that has them (a copy installed before, to save the install).
 */
function installStarter(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'starter-blog-'));
  cpSync(source, dir, { recursive: true, filter: (file) => !['node_modules', '.cache', 'public'].includes(path.basename(file)) });
  if (existsSync(path.join(source, 'node_modules'))) symlinkSync(path.join(source, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  else execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

function starterWithPosts(starter: string, copies: number): void {
  rmSync(path.join(starter, 'content', 'blog'), { recursive: true, force: true });
  const posts = readPostFiles(path.join(ROOT, 'content', 'blog'));
  for (const post of [...posts, ...uniqueCopies(posts, copies)]) {
    mkdirSync(path.dirname(path.join(starter, starterPostPath(post))), { recursive: true });
    writeFileSync(path.join(starter, starterPostPath(post)), post.text);
  }
}

const duMb = (dir: string) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024 / 1024;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, stdio: 'ignore' });

/** The time of `npm run publish` after one post changed, in a site already published once (clean, then settled). */
async function onePostPublish(site: string, env: NodeJS.ProcessEnv): Promise<number> {
  const target = path.join(site, 'site');
  git(site, 'init', '-q');
  git(site, 'add', '-A');
  git(site, 'commit', '-qm', 'grown');
  const publish = (): Promise<Run> => timed(process.execPath, [bin(ROOT, 'tsx'), path.join(site, 'scripts', 'publish.ts'), '--target', target], site, env);
  await publish();
  const post = path.join(site, 'content', 'blog', 'en', readdirSync(path.join(site, 'content', 'blog', 'en')).sort()[0]);
  writeFileSync(post, `${readFileSync(post, 'utf8')}\nOne more sentence, changed for the bench.\n`);
  git(site, 'commit', '-qam', 'one post');
  return (await publish()).ms;
}

interface Row {
  factor: number;
  posts: number;
  site: Run;
  starter?: Run;
  publishMs?: number;
  headersRules: number;
  publicMb: number;
}

async function measure(factor: number, options: { project: string; starter?: string; publish: boolean }): Promise<Row> {
  const { dir, posts } = grownSite(options.project, factor);
  try {
    const env = gatsbyEnv(process.env);
    const site = await timed(bin(dir, 'gatsby'), ['build'], dir, env);
    const headersRules = parseHeadersFile(readFileSync(path.join(dir, 'public', '_headers'), 'utf8')).length;
    const publicMb = duMb(path.join(dir, 'public'));
    let starter: Run | undefined;
    if (options.starter) {
      starterWithPosts(options.starter, factor);
      rmSync(path.join(options.starter, '.cache'), { recursive: true, force: true });
      rmSync(path.join(options.starter, 'public'), { recursive: true, force: true });
      starter = await timed(bin(options.starter, 'gatsby'), ['build'], options.starter, { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' });
    }
    rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
    rmSync(path.join(dir, 'public'), { recursive: true, force: true });
    const publishMs = options.publish ? await onePostPublish(dir, env) : undefined;
    return { factor, posts, site, starter, publishMs, headersRules, publicMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function growthTable(rows: readonly Row[]): string {
  const [base] = rows;
  /** Milliseconds per added post file of `row` over today's, for the site or the starter; 0 for today's row. */
  const perPost = (row: Row, pick: (r: Row) => Run | undefined): number => {
    const [a, b] = [pick(base), pick(row)];
    return row === base || !a || !b ? 0 : (b.ms - a.ms) / (row.posts - base.posts);
  };
  const ms = (value: number) => (value > 0 ? `${Math.round(value)} ms` : '');
  const table = formatTable(
    ['posts', 'site cold', 'peak MB', 'per added post', 'starter cold', 'peak MB', 'per added post', 'ratio', 'one-post publish', '_headers rules', 'public/ MB'],
    rows.map((row) => {
      const sitePer = perPost(row, (r) => r.site);
      const starterPer = perPost(row, (r) => r.starter);
      return [
        `${row.posts} (${row.factor === 0 ? 'today' : `${row.factor + 1}x`})`,
        s(row.site.ms),
        row.site.peakMb.toFixed(0),
        ms(sitePer),
        row.starter ? s(row.starter.ms) : '',
        row.starter ? row.starter.peakMb.toFixed(0) : '',
        ms(starterPer),
        starterPer > 0 ? `${(sitePer / starterPer).toFixed(1)}x` : '',
        row.publishMs === undefined ? '' : s(row.publishMs),
        String(row.headersRules),
        row.publicMb.toFixed(1),
      ];
    }),
  );
  return `${table}\n\nGoals (issue 27): an added post at most 3x the starter's, the cold build at most 2x, the one-post publish at most 23 s.`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      times: { type: 'string', default: '10' },
      starter: { type: 'string', default: DEFAULT_STARTER },
      'no-publish': { type: 'boolean' },
      'no-starter': { type: 'boolean' },
      project: { type: 'string', default: ROOT },
    },
  });
  const factors = [0, ...(values.times ?? '10').split(',').map(Number)];
  if (factors.some((factor) => !Number.isInteger(factor) || factor < 0)) throw new Error(`--times takes whole numbers: copies of each post (10 makes 11x), got "${values.times}"`);
  const starterSource = values['no-starter'] ? undefined : (values.starter as string);
  if (starterSource && !existsSync(path.join(starterSource, 'package.json'))) throw new Error(`No gatsby-starter-blog at ${starterSource}: pass --starter DIR or --no-starter`);
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`);
  const starter = starterSource ? installStarter(starterSource) : undefined;
  const rows: Row[] = [];
  try {
    for (const factor of factors) {
      console.log(`Building ${factor === 0 ? "today's posts" : `every post and ${factor} unique copies of it`}…`);
      rows.push(await measure(factor, { project: path.resolve(values.project as string), starter, publish: !values['no-publish'] }));
      console.log(growthTable(rows));
    }
  } finally {
    if (starter) rmSync(starter, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}

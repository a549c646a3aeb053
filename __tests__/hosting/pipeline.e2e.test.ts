/**
 * The publishing pipeline as a git server runs it: a bare repository with
 * deploy/hooks/post-receive installed, a clone pushing to it, real builds
 * into a temporary target folder. A Bulgarian banner change goes live
 * incrementally and names only the pages it changed; the schedule's publish
 * of the same commit (docs/deploy.md, "Publish on a schedule") brings a
 * price the payments API changed into the pricing pages; a paragraph changed
 * in the English privacy policy puts a notice on the Bulgarian one until its
 * translation is marked up to date; a commit with broken
 * frontmatter names the file and field and leaves the live release alone;
 * an image added to the media folder (content/media/) and shown by a post
 * goes live as the files the build makes of it, which are gone from the
 * next release once the image is deleted; a rollback goes back one release.
 */
import { htmlFiles } from '../../system/folderTree';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { fixturePlans, startFakePaymentsApi, type FakePaymentsApi } from '../support/fakePaymentsApi';
import { releasesOf } from '../../features/hosting/releases';
import { markUpToDate } from '../../features/translations/translations.node';
import { PROJECT_DIR } from '../../system/paths.js';

const ROOT = PROJECT_DIR;
const BANNER = 'content/banners/bg/01-sale-orders.md';
const NEW_TITLE = 'Поръчки, които следите до последния ред';
const POST = 'content/blog/en/stock-control-habits.md';
const UPLOAD = 'content/media/warehouse-shelf.png';
/** The files the build made of UPLOAD, relative to a release: the rollback's release still holds them. */
let processed: string[] = [];

let dir: string;
const bare = () => path.join(dir, 'site.git');
const clone = () => path.join(dir, 'clone');
const target = () => path.join(dir, 'site');
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
/** The environment of the pushing shell, which a local push hands to the hook: a build for this machine, asking the fake payments API below. */
const env: NodeJS.ProcessEnv = { ...process.env, SITE_ENV: 'local' };
delete env.GIT_DIR;
delete env.GIT_WORK_TREE;

/** The payments API the builds ask for the plans. */
let paymentsApi: FakePaymentsApi | undefined;

/** The prices a release's pricing page offers, from its structured data ("29.00"): the same in both languages. */
function offeredPrices(release: string, page: string): string[] {
  const text = readFileSync(path.join(target(), 'releases', release, page, 'index.html'), 'utf8');
  return [...text.matchAll(/"price":"([0-9.]+)"/g)].map((match) => match[1]);
}

/** Pushes the clone's HEAD to main; returns everything the push printed, the hook's "remote:" lines included. */
function push(): string {
  const result = spawnSync('git', ['push', 'site', 'HEAD:main'], { cwd: clone(), encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  return `${result.stdout}${result.stderr}`;
}

function commit(file: string, change: (text: string) => string, message: string): void {
  const full = path.join(clone(), file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qam', message);
}

const live = () => path.basename(readlinkSync(path.join(target(), 'current')));
const releases = () => releasesOf(readdirSync(path.join(target(), 'releases')));
const releaseHtml = (release: string) => htmlFiles(path.join(target(), 'releases', release));
const html = (release: string, file: string) => readFileSync(path.join(target(), 'releases', release, file));
/** The editors' images' files of a release, as its record of owners lists them (public/_files.json, features/hosting/publicOwners.ts). */
const imagesOf = (release: string) => (JSON.parse(readFileSync(path.join(target(), 'releases', release, '_files.json'), 'utf8')) as { images?: string[] }).images ?? [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stockpay-publish-'));
  paymentsApi = await startFakePaymentsApi();
  env.GATSBY_PAYMENTS_API_URL = paymentsApi.url;
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare()]);
  copyFileSync(path.join(ROOT, 'deploy', 'hooks', 'post-receive'), path.join(bare(), 'hooks', 'post-receive'));
  chmodSync(path.join(bare(), 'hooks', 'post-receive'), 0o755);
  git(bare(), 'config', 'publish.worktree', path.join(dir, 'work'));
  git(bare(), 'config', 'publish.target', target());
  // The work folder as a server keeps it, dependencies installed (shared with this checkout, not installed again).
  mkdirSync(path.join(dir, 'work'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'work', 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'work', '.installed-package-lock.json'), git(ROOT, 'show', 'HEAD:package-lock.json') + '\n');
  execFileSync('git', ['clone', '-q', ROOT, clone()]);
  git(clone(), 'remote', 'add', 'site', bare());
});

afterAll(() => {
  paymentsApi?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the first push builds from clean and goes live', () => {
  const output = push();
  expect(output).toContain('clean build (no earlier release)');
  expect(output).toMatch(/Live: \d{8}T\d{6}Z-[0-9a-f]{12} \(clean build/);
  expect(releases()).toHaveLength(1);
  expect(live()).toBe(releases()[0]);
  // nginx's config of the release, rooted at the release folder itself (docs/deploy.md, "Install").
  expect(readlinkSync(path.join(target(), 'nginx.conf'))).toBe(path.join('releases', `${live()}.nginx.conf`));
  expect(readFileSync(path.join(target(), 'nginx.conf'), 'utf8')).toContain(`root ${path.join(target(), 'releases', live())};`);
  expect(readFileSync(path.join(target(), 'current', 'bg', 'index.html'), 'utf8')).toContain('Поръчки за продажба');
});

test('a Bulgarian banner change builds incrementally, goes live, and lists only the pages it changed', () => {
  const before = live();
  commit(BANNER, (text) => text.replace(/^title: .*$/m, `title: ${NEW_TITLE}`), 'A new Bulgarian banner title');
  const output = push();
  expect(output).toContain('incremental build (1 file changed since');
  const after = live();
  expect(after).not.toBe(before);
  expect(readFileSync(path.join(target(), 'current', 'bg', 'index.html'), 'utf8')).toContain(NEW_TITLE);

  const changes = JSON.parse(readFileSync(path.join(target(), 'releases', `${after}.changes.json`), 'utf8')) as { changed: string[]; deleted: string[] };
  expect(changes.changed).toContain('/bg/');
  expect(changes.changed).not.toContain('/docs/');
  expect(changes.changed).not.toContain('/');
  // The Bulgarian search index changed with its home page: its new files are listed (for a CDN purge), those
  // they replace deleted; English's index is untouched. Nothing else is gone.
  const searchIndex = (paths: string[]) => paths.filter((file) => file.startsWith('/pagefind/'));
  expect(changes.changed).toContain('/pagefind/pagefind-entry.json');
  expect(searchIndex(changes.changed).some((file) => file.startsWith('/pagefind/fragment/bg_'))).toBe(true);
  expect([...searchIndex(changes.changed), ...changes.deleted].filter((file) => /\/(pagefind\.)?en_/.test(file))).toEqual([]);
  expect(changes.deleted.filter((file) => !/^\/pagefind\/(fragment\/bg_|index\/bg_|pagefind\.bg_)/.test(file))).toEqual([]);
  expect(output).toMatch(/Changed \(\d+\): /);
  // The release shares every unchanged file with the one before (hard links): it costs what changed.
  const copy = (JSON.parse(readFileSync(path.join(target(), 'releases', `${after}.json`), 'utf8')) as { copy: { files: number; linked: number } }).copy;
  expect(copy.linked).toBeGreaterThan(copy.files * 0.8);
  expect(statSync(path.join(target(), 'releases', after, 'docs', 'index.html')).ino).toBe(statSync(path.join(target(), 'releases', before, 'docs', 'index.html')).ino);
  // So do the compressed copies nginx serves (features/hosting/precompress.node.ts): an unchanged page's are the release before's, a changed page's new.
  const inode = (release: string, file: string) => statSync(path.join(target(), 'releases', release, file)).ino;
  expect(inode(after, 'docs/index.html.br')).toBe(inode(before, 'docs/index.html.br'));
  expect(inode(after, 'bg/index.html.br')).not.toBe(inode(before, 'bg/index.html.br'));
  expect(brotliDecompressSync(readFileSync(path.join(target(), 'releases', after, 'bg/index.html.br'))).toString()).toContain(NEW_TITLE);
  expect(output).toMatch(/Compressed copies \(brotli, gzip\) of \d+ files: \d+ made/);
  // Every page the list does not name is byte for byte the page of the release before.
  const pagePath = (file: string) => `/${file.replace(/index\.html$/, '')}`;
  const unchanged = releaseHtml(after).filter((file) => !changes.changed.includes(pagePath(file)));
  expect(unchanged.length).toBeGreaterThan(20);
  for (const file of unchanged) expect([file, html(after, file).equals(html(before, file))]).toEqual([file, true]);
});

test("the schedule's publish of the same commit brings a price changed in the payments API into the pricing pages", () => {
  const before = live();
  expect(offeredPrices(before, 'pricing')).toContain('29.00');
  paymentsApi?.answer(fixturePlans.map((plan) => (plan.id === 'plan_basic_month' ? { ...plan, amount: 3100 } : plan)));
  // What the timer of docs/deploy.md runs, in the bare repository: the hook handed the branch's tip.
  const result = spawnSync('/bin/sh', ['-c', 'tip=$(git rev-parse refs/heads/main) && echo "$tip $tip refs/heads/main" | GIT_DIR=. hooks/post-receive'], {
    cwd: bare(),
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  // What went wrong, shown when it failed.
  expect({ status: result.status, errors: result.status === 0 ? '' : result.stderr.slice(-2000) }).toEqual({ status: 0, errors: '' });
  const output = `${result.stdout}${result.stderr}`;
  expect(output).toContain('incremental build (0 files changed since');
  const after = live();
  expect(after).not.toBe(before);
  for (const page of ['pricing', 'bg/pricing']) {
    expect(offeredPrices(after, page)).toContain('31.00');
    expect(offeredPrices(after, page)).not.toContain('29.00');
  }
  const changes = JSON.parse(readFileSync(path.join(target(), 'releases', `${after}.changes.json`), 'utf8')) as { changed: string[] };
  expect(changes.changed).toEqual(expect.arrayContaining(['/pricing/', '/bg/pricing/']));
  expect(changes.changed).not.toContain('/');
  expect(changes.changed).not.toContain('/docs/');
});

test('a paragraph changed in the English privacy policy: the build names the Bulgarian one behind, which tells its readers, until its translation is marked', () => {
  const notice = () =>
    readFileSync(path.join(target(), 'current', 'bg', 'privacy-policy', 'index.html'), 'utf8').match(/<aside[^>]*aria-label="За този превод"[^>]*>.*?<\/aside>/s)?.[0];
  expect(notice()).toBeUndefined();
  commit(
    'content/privacy/en/policy.md',
    (text) =>
      text.replace(/^lastUpdated: .*$/m, 'lastUpdated: 2026-11-20').replace(/(## 10\. .*\n\n)/, '$1You may also object to processing based on our legitimate interests.\n\n'),
    'The English policy: the right to object',
  );
  const changed = push();
  expect(changed).toMatch(/Translations: \d+ up to date, 1 behind \(content\/privacy\/bg\/policy\.md\)/);
  expect(notice()).toContain('На 20 ноември 2026 г. английската версия на тази страница беше обновена.');
  expect(notice()).toContain('data-pagefind-ignore="all"');
  expect(notice()).toContain('<a href="/privacy-policy/" hrefLang="en">Прочетете английската версия</a>');
  // The English policy, the original, says nothing of it.
  expect(readFileSync(path.join(target(), 'current', 'privacy-policy', 'index.html'), 'utf8')).not.toContain('aria-label="About this translation"');

  markUpToDate(clone(), 'content/privacy/bg/policy.md');
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qam', 'The Bulgarian policy follows the English again');
  const marked = push();
  expect(marked).toMatch(/Translations: \d+ up to date, 0 behind/);
  expect(notice()).toBeUndefined();
});

test('an image added to content/media/ and shown by a post goes live with its commit as the files the build makes of it, all gone from the next release once deleted', async () => {
  const before = imagesOf(live());
  const post = path.join(clone(), POST);
  const original = readFileSync(post, 'utf8');
  mkdirSync(path.dirname(path.join(clone(), UPLOAD)), { recursive: true });
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#16a34a' } })
    .png()
    .toFile(path.join(clone(), UPLOAD));
  writeFileSync(post, `${original}\n![A shelf of labelled stock](/media/warehouse-shelf.png)\n`);
  git(clone(), 'add', UPLOAD, POST);
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qm', 'An image in a post');
  const added = push();
  expect(added).toContain('incremental build (2 files changed since');
  // What the build made of the upload (features/images/pipeline.node.ts): AVIF, WebP and PNG at its own 8 px, under /static/images/, in the post's <picture>.
  processed = imagesOf(live()).filter((file) => !before.includes(file));
  expect(processed.map((file) => file.replace(/^static\/images\/[0-9a-f]{20}-/, '')).sort()).toEqual(['8.avif', '8.png', '8.webp']);
  const page = readFileSync(path.join(target(), 'current', 'blog', 'stock-control-habits', 'index.html'), 'utf8');
  for (const file of processed) {
    expect(existsSync(path.join(target(), 'current', file))).toBe(true);
    expect(page).toContain(`/${file}`);
  }
  // The upload itself is never published.
  expect(existsSync(path.join(target(), 'current', 'media', 'warehouse-shelf.png'))).toBe(false);
  const addedChanges = JSON.parse(readFileSync(path.join(target(), 'releases', `${live()}.changes.json`), 'utf8')) as { changed: string[] };
  expect(addedChanges.changed).toEqual(expect.arrayContaining(processed.map((file) => `/${file}`)));

  git(clone(), 'rm', '-q', UPLOAD);
  writeFileSync(post, original);
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qam', 'The image and its use removed');
  const removed = push();
  expect(removed).toContain('incremental build (2 files changed since');
  // The image step makes only what this build shows; the build removes what only an earlier build wrote, and a release holds what this one wrote.
  for (const file of processed) {
    expect(removed).toContain(file);
    expect(existsSync(path.join(target(), 'current', file))).toBe(false);
  }
  expect(imagesOf(live())).toEqual(before);
  const changes = JSON.parse(readFileSync(path.join(target(), 'releases', `${live()}.changes.json`), 'utf8')) as { deleted: string[] };
  expect(changes.deleted).toEqual(expect.arrayContaining(processed.map((file) => `/${file}`)));
});

test('a commit with broken frontmatter reports the file and field to the pusher and switches nothing', () => {
  const before = live();
  commit('content/banners/bg/02-features.md', (text) => text.replace(/^order: .*$/m, 'order: second'), 'A broken banner');
  const output = push();
  // Gatsby wraps its messages at 80 columns.
  expect(output).toContain('content/banners/bg/02-features.md: frontmatter field "order"');
  expect(output).toContain(`Nothing was switched: ${before} stays live.`);
  expect(live()).toBe(before);
  expect(existsSync(path.join(target(), '.last-build-failed'))).toBe(true);
});

test('a commit that puts a symlink into static/ is refused before anything builds, naming it', () => {
  const before = live();
  symlinkSync('/etc/passwd', path.join(clone(), 'static', 'leak.txt'));
  git(clone(), 'add', 'static/leak.txt');
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qm', 'A link to a file of the server');
  const output = push();
  expect(output).toContain('static/leak.txt');
  expect(output).toContain('nothing was built or switched');
  expect(live()).toBe(before);
  expect(existsSync(path.join(target(), 'current', 'leak.txt'))).toBe(false);
});

test('a rollback switches back to the release before, and not when the server cannot reload', () => {
  const [first, second] = releases().slice(-2);
  expect(live()).toBe(second);
  const rollback = (reload: string) =>
    spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', '.bin', 'tsx'), path.join(ROOT, 'scripts', 'publish.ts'), '--target', target(), '--rollback', '--reload', reload],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
  const refused = rollback('exit 3');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('"exit 3" failed (exit 3).');
  expect(live()).toBe(second);
  const result = rollback('true');
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(`Live: ${first} (rolled back from ${second}).`);
  expect(live()).toBe(first);
  expect(readlinkSync(path.join(target(), 'nginx.conf'))).toBe(path.join('releases', `${first}.nginx.conf`));
  // The release before still had the image's files that the latest one removed.
  expect(processed).toHaveLength(3);
  for (const file of processed) expect(existsSync(path.join(target(), 'current', file))).toBe(true);
});

/** @jest-environment node */
/**
 * Hostile class 11, publishing on a git server: the real
 * deploy/hooks/post-receive in a bare repository, pushed to from a clone, with
 * a stand-in site (fixtures/publish-stub/: its `npm run publish` records what
 * it was given and builds nothing; __tests__/hosting/pipeline.e2e.test.ts runs real
 * builds). An env file whose values carry shell ($(…), backticks, ;, |, >)
 * runs none of it and hands each value over as written; a malformed line
 * stops the publish, named by its number; two pushes never build at once,
 * the second saying it waits; each push builds exactly its own commit, an
 * older one pushed after a newer included. The attacker's inputs are under
 * fixtures/hostile/publishing/.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Pushes run the hook and npm: seconds each, more on a busy machine.
jest.setTimeout(60_000);

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures');
const HOSTILE = path.join(FIXTURES, 'hostile', 'publishing');

let dir: string;
const bare = () => path.join(dir, 'site.git');
const clone = () => path.join(dir, 'clone');
const work = () => path.join(dir, 'work');
const marker = () => path.join(dir, 'pwned');
const log = () => path.join(dir, 'publish.log');
const envFile = () => path.join(dir, 'site.env');
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The environment of the pushing shell, which a local push hands to the hook. */
function pushEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLISH_LOG: log(), npm_config_update_notifier: 'false', npm_config_fund: 'false' };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  return env;
}

/** Commits version.txt = `version` and hold.txt (whether the stand-in publish waits for release()); returns the commit. */
function commit(version: string, hold = false): string {
  writeFileSync(path.join(clone(), 'version.txt'), `${version}\n`);
  writeFileSync(path.join(clone(), 'hold.txt'), `${hold ? 'hold' : 'no'}\n`);
  git(clone(), 'add', '-A');
  git(clone(), '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '--allow-empty', '-m', `version ${version}`);
  return git(clone(), 'rev-parse', 'HEAD');
}

/**
 * Pushes `commit` to main (forced when asked): `said` is what the push has
 * printed so far, the hook's "remote:" lines included, and `finished`
 * resolves with all of it.
 */
function pushing(sha: string, force = false): { said: () => string; finished: Promise<string> } {
  let output = '';
  const finished = new Promise<string>((resolve, reject) => {
    const child = spawn('git', ['push', ...(force ? ['--force'] : []), 'site', `${sha}:refs/heads/main`], { cwd: clone(), env: pushEnv() });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(output));
  });
  return { said: () => output, finished };
}
const push = (sha: string, force = false): Promise<string> => pushing(sha, force).finished;
/** Lets the held stand-in publish of `sha` finish. */
const release = (sha: string) => writeFileSync(`${log()}.${sha}.release`, '');
/** The words of a push's hook waiting for the publish before it. */
const waiting = (sha: string) => `Another publish is running (it holds ${path.join(bare(), 'publish.lock')}): waiting for it to finish before publishing ${sha.slice(0, 12)}.`;

const logLines = () => (existsSync(log()) ? readFileSync(log(), 'utf8').trim().split('\n').filter(Boolean) : []);
const seenEnv = (sha: string) => JSON.parse(readFileSync(`${log()}.${sha}.json`, 'utf8')) as Record<string, string>;
const withMarker = (text: string) => text.replaceAll('{marker}', marker());
const waitFor = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stockpay-hook-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare()]);
  copyFileSync(path.join(ROOT, 'deploy', 'hooks', 'post-receive'), path.join(bare(), 'hooks', 'post-receive'));
  chmodSync(path.join(bare(), 'hooks', 'post-receive'), 0o755);
  git(bare(), 'config', 'publish.worktree', work());
  git(bare(), 'config', 'publish.target', path.join(dir, 'site'));
  git(bare(), 'config', 'publish.envfile', envFile());
  execFileSync('git', ['init', '-q', '-b', 'main', clone()]);
  cpSync(path.join(FIXTURES, 'publish-stub'), clone(), { recursive: true });
  git(clone(), 'remote', 'add', 'site', bare());
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  rmSync(marker(), { force: true });
  writeFileSync(envFile(), withMarker(readFileSync(path.join(HOSTILE, 'site.env'), 'utf8')));
});

test('the env file is data: no value runs, and each reaches the install and the build exactly as written', async () => {
  const sha = commit('1');
  const output = await push(sha);
  expect(output).toContain(`Publishing main at ${sha.slice(0, 12)}`);
  // The first push installs (no lockfile installed yet), with npm ci.
  expect(output).toContain('package-lock.json changed: npm ci');
  expect(readFileSync(path.join(work(), '.installed-package-lock.json'), 'utf8')).toBe(readFileSync(path.join(FIXTURES, 'publish-stub', 'package-lock.json'), 'utf8'));
  expect(logLines()).toEqual([`start ${sha} 1 --target ${path.join(dir, 'site')}`, `end ${sha}`]);
  expect(existsSync(marker())).toBe(false);

  const env = seenEnv(sha);
  const m = marker();
  expect({
    GATSBY_SITE_URL: env.GATSBY_SITE_URL,
    SUBSHELL: env.SUBSHELL,
    BACKTICKS: env.BACKTICKS,
    EXPORTED: env.EXPORTED,
    SINGLE: env.SINGLE,
    BACKSLASHES: env.BACKSLASHES,
    SEMICOLON: env.SEMICOLON,
    AMPERSAND: env.AMPERSAND,
    PIPE: env.PIPE,
    REDIRECT: env.REDIRECT,
    ARITHMETIC: env.ARITHMETIC,
    TILDE: env.TILDE,
    GLOB: env.GLOB,
    NEWLINE_ESCAPE: env.NEWLINE_ESCAPE,
    CRLF: env.CRLF,
    EMPTY: env.EMPTY,
    EMPTY_QUOTED: env.EMPTY_QUOTED,
    INNER_QUOTES: env.INNER_QUOTES,
  }).toEqual({
    GATSBY_SITE_URL: 'https://www.example.bg',
    SUBSHELL: `$(touch ${m})`,
    BACKTICKS: `\`touch ${m}\``,
    EXPORTED: `https://example.bg/$(touch ${m})`,
    SINGLE: `\${HOME:-x}$(touch ${m})`,
    BACKSLASHES: `C:\\new\\table\\$(touch ${m})`,
    SEMICOLON: `x; touch ${m}`,
    AMPERSAND: `x && touch ${m} || touch ${m}`,
    PIPE: `x | tee ${m}`,
    REDIRECT: `x > ${m}`,
    ARITHMETIC: '$((1+1))$[2]',
    TILDE: '~root',
    GLOB: '*',
    NEWLINE_ESCAPE: 'a\\nb',
    CRLF: 'windows line',
    EMPTY: '',
    EMPTY_QUOTED: '',
    INNER_QUOTES: 'she said "hi"',
  });
});

const MALFORMED = readFileSync(path.join(HOSTILE, 'malformed-lines.txt'), 'utf8').split('\n').filter(Boolean);

test.each(MALFORMED)('a malformed line (%s) stops the publish, named by its number, and runs nothing', async (line) => {
  const before = logLines();
  writeFileSync(envFile(), `# Production settings\nGATSBY_SITE_URL=https://www.example.bg\n${withMarker(line)}\nGATSBY_PRODUCT_NAME=StockPay\n`);
  const sha = commit(`malformed ${line}`);
  const output = await push(sha);
  expect(output).toMatch(new RegExp(`post-receive: ${envFile().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} line 3 (is not NAME=value|opens a quote that does not close)`));
  expect(output).toContain('nothing was published');
  expect(output).not.toContain('Publishing main');
  expect(logLines()).toEqual(before);
  expect(existsSync(marker())).toBe(false);
});

test('two pushes never build at once: the second waits for the lock, says so, then builds its own commit', async () => {
  // The first publish holds the lock until the test releases it, however fast the second push comes.
  const held = commit('held', true);
  const first = pushing(held);
  await waitFor(() => logLines().includes(`start ${held} held --target ${path.join(dir, 'site')}`), 'the first publish to start');
  const next = commit('next');
  const second = pushing(next);
  await waitFor(() => second.said().includes(waiting(next)), 'the second push to wait');
  expect(logLines().filter((entry) => entry.includes(next))).toEqual([]);
  release(held);
  const [firstOutput, secondOutput] = await Promise.all([first.finished, second.finished]);
  expect(firstOutput).not.toContain('waiting');
  expect(secondOutput).toContain('The publish before this one has finished.');
  const lines = logLines();
  const at = (text: string) => lines.findIndex((entry) => entry.startsWith(text));
  expect(at(`end ${held}`)).toBe(at(`start ${held}`) + 1);
  expect(at(`start ${next}`)).toBe(at(`end ${held}`) + 1);
  expect(at(`end ${next}`)).toBe(at(`start ${next}`) + 1);
});

test('each queued push builds its own commit, not the branch tip when its turn comes', async () => {
  const held = commit('queue-held', true);
  const first = pushing(held);
  await waitFor(() => logLines().some((entry) => entry.startsWith(`start ${held}`)), 'the first publish to start');
  const middle = commit('queue-middle');
  const second = pushing(middle);
  // With the middle commit the tip and its hook waiting, push a newer one: the middle push's hook must still build the middle commit.
  await waitFor(() => second.said().includes(waiting(middle)), 'the middle push to wait');
  expect(git(bare(), 'rev-parse', 'refs/heads/main')).toBe(middle);
  const newest = commit('queue-newest');
  const third = pushing(newest);
  await waitFor(() => third.said().includes(waiting(newest)), 'the newest push to wait');
  release(held);
  const outputs = await Promise.all([first, second, third].map((pushed) => pushed.finished));
  expect(outputs[1]).toContain(`Publishing main at ${middle.slice(0, 12)}`);
  expect(outputs[2]).toContain(`Publishing main at ${newest.slice(0, 12)}`);
  const started = logLines()
    .filter((entry) => entry.startsWith('start '))
    .slice(-3);
  expect(started[0]).toMatch(new RegExp(`^start ${held} queue-held `));
  // The two that waited ran in either order, each with its own commit and its own files.
  expect(started.slice(1).sort()).toEqual(
    [`start ${middle} queue-middle --target ${path.join(dir, 'site')}`, `start ${newest} queue-newest --target ${path.join(dir, 'site')}`].sort(),
  );
  // Never two at once: every start is followed by its own end.
  const lines = logLines();
  for (const [index, entry] of lines.entries()) if (entry.startsWith('start ')) expect(lines[index + 1]).toBe(`end ${entry.split(' ')[1]}`);
});

test("an older commit pushed after a newer one builds the older commit, and the repository's HEAD stays the branch", async () => {
  const older = commit('older');
  await push(older);
  const newer = commit('newer');
  await push(newer);
  const output = await push(older, true);
  expect(output).toContain(`Publishing main at ${older.slice(0, 12)}`);
  expect(logLines().slice(-2)).toEqual([`start ${older} older --target ${path.join(dir, 'site')}`, `end ${older}`]);
  expect(readFileSync(path.join(work(), 'version.txt'), 'utf8')).toBe('older\n');
  expect(git(work(), 'rev-parse', 'HEAD')).toBe(older);
  expect(git(bare(), 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
  expect(git(bare(), 'rev-parse', 'refs/publish/worktree')).toBe(older);
});

test("the work folder holds exactly the commit: stray and ignored files go, the dependencies and Gatsby's cache stay", async () => {
  const strays = ['content/blog/en/deleted-by-hand.md', '.env.production', 'content/media/leftover.html', 'notes.log'];
  const kept = ['node_modules/kept.js', '.cache/kept.json', 'public/index.html'];
  for (const file of [...strays, ...kept]) {
    mkdirSync(path.dirname(path.join(work(), file)), { recursive: true });
    writeFileSync(path.join(work(), file), 'x');
  }
  // Installed already: the stamp says so, and npm ci (which empties node_modules) does not run.
  writeFileSync(path.join(work(), '.installed-package-lock.json'), readFileSync(path.join(FIXTURES, 'publish-stub', 'package-lock.json')));
  kept.push('.installed-package-lock.json');
  const sha = commit('clean');
  const output = await push(sha);
  expect(output).toContain(`Publishing main at ${sha.slice(0, 12)}`);
  expect(output).not.toContain('npm ci');
  expect(strays.filter((file) => existsSync(path.join(work(), file)))).toEqual([]);
  expect(kept.filter((file) => existsSync(path.join(work(), file)))).toEqual(kept);
});

test('a deleted branch or another branch publishes nothing and takes no lock', () => {
  const before = logLines();
  const other = spawnSync('git', ['push', 'site', 'HEAD:refs/heads/draft'], { cwd: clone(), env: pushEnv(), encoding: 'utf8' });
  const deleted = spawnSync('git', ['push', 'site', ':refs/heads/draft'], { cwd: clone(), env: pushEnv(), encoding: 'utf8' });
  for (const result of [other, deleted]) expect(`${result.stdout}${result.stderr}`).not.toMatch(/Publishing|waiting/);
  expect(logLines()).toEqual(before);
});

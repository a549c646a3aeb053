/**
 * A build checks every content file, warm cache or not: the security
 * review's sequence, as real builds of a temporary copy of the project on
 * one .cache/. After a build that passed, posts named search.md, page.md,
 * admin.md and rss.xml.md are added with a bad Upper.md: the build refuses
 * all five, naming each. With Upper.md removed, the next build, on the
 * cache the failed one left, refuses the four again (it passed, leaving
 * them out silently, when the checks ran only as Gatsby made each node).
 * The node states a stopped build can leave are tested one by one in
 * __tests__/hostile/warm-cache.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { gatsbyEnv } from '../../system/processes';
import { projectCopy } from '../../system/projectCopy';
import { parseContentPath } from '../../features/content/checks';
import { PROJECT_DIR } from '../../system/paths.js';
import { startFakePaymentsApi, type FakePaymentsApi } from '../support/fakePaymentsApi';

const ROOT = PROJECT_DIR;
const POSTS = 'content/blog/en';
const RESERVED = ['search.md', 'page.md', 'admin.md', 'rss.xml.md'];
const BAD = 'Upper.md';

let dir: string;
/** The plans every build asks for (the pricing page's HTML). */
let paymentsApi: FakePaymentsApi | undefined;
beforeAll(async () => {
  dir = projectCopy(ROOT, 'stockpay-warm-cache-');
  paymentsApi = await startFakePaymentsApi();
});
afterAll(() => {
  paymentsApi?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `gatsby build` in the copy, without `gatsby clean`: its exit code and everything it printed, without colours. */
function build(): { code: number | null; output: string } {
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'gatsby'), ['build'], {
    cwd: dir,
    env: gatsbyEnv({ ...process.env, SITE_ENV: 'local', GATSBY_PAYMENTS_API_URL: paymentsApi?.url }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
}

/** Gatsby wraps its messages to the terminal's width: compared without white space. */
const unwrapped = (text: string): string => text.replace(/\s+/g, '');

/** The refusal a fresh read gives content/blog/en/<name>, as parseContentPath words it. */
function refusalOf(name: string): string {
  const parsed = parseContentPath(`blog/en/${name}`);
  if (!('error' in parsed)) throw new Error(`${name} is a good name`);
  return parsed.error;
}

const add = (name: string) => copyFileSync(path.join(dir, POSTS, 'stock-control-habits.md'), path.join(dir, POSTS, name));

test('a build that passed leaves its cache', () => {
  const { code, output } = build();
  expect([code, output.slice(-2000)]).toEqual([0, expect.any(String)]);
});

test('the reserved names and Upper.md added: the build refuses all five, naming each', () => {
  for (const name of [...RESERVED, BAD]) add(name);
  const { code, output } = build();
  expect(code).not.toBe(0);
  for (const name of [...RESERVED, BAD]) expect(unwrapped(output)).toContain(unwrapped(refusalOf(name)));
});

test('Upper.md removed: the next build, on the cache the failed one left, refuses each reserved name', () => {
  rmSync(path.join(dir, POSTS, BAD));
  const { code, output } = build();
  // Gatsby cleans up stale nodes only when it kept nodes from an earlier run: this build ran on the cache.
  expect(output).toContain('Clean up stale nodes');
  expect(code).not.toBe(0);
  for (const name of RESERVED) expect(unwrapped(output)).toContain(unwrapped(refusalOf(name)));
  expect(output).not.toContain(BAD);
});

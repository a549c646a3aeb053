/**
 * The start of a build on a project of its own, for the hostile tests of
 * what the content folders may hold: a copy of the site's content, UI
 * strings and static files, and the real gatsby/onPreBootstrap.ts run on it
 * as a local build, which must stop naming what is wrong before it writes
 * anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');

class Panic extends Error {}

/**
 * A project folder in `parent` with the site's real content, UI strings and
 * static files, and nothing hostile yet. Its node_modules/ is the site's.
 * A `whole` one can also go through the whole of onPreBootstrap: it links
 * what the CMS and the drawings read (src/, features/, system/), and its
 * node_modules/ is a folder linking each of the site's packages, so that
 * the caches a build keeps there (node_modules/.cache/) are its own.
 */
export function contentProject(parent: string, { whole = false } = {}): string {
  const directory = fs.mkdtempSync(path.join(parent, 'project-'));
  if (!whole) fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'), 'dir');
  else {
    fs.mkdirSync(path.join(directory, 'node_modules'));
    for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
      if (name !== '.cache') fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(directory, 'node_modules', name));
    }
    for (const folder of ['src', 'features', 'system']) fs.symlinkSync(path.join(ROOT, folder), path.join(directory, folder), 'dir');
  }
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(directory, 'package.json'));
  for (const folder of ['content', 'locales', 'static']) fs.cpSync(path.join(ROOT, folder), path.join(directory, folder), { recursive: true });
  return directory;
}

type PreBootstrap = NonNullable<typeof import('../../gatsby/onPreBootstrap').onPreBootstrap>;

/**
 * Runs the real onPreBootstrap on `directory` as a local build, loaded
 * afresh; resolves to its reporter, what it threw (a panic included), and
 * the modules whose state it left (the claims on public/, the site's own
 * images), loaded with it for the rest of a build to use.
 */
export async function runPreBootstrap(directory: string) {
  const saved = process.env;
  process.env = { PATH: saved.PATH, gatsby_executing_command: 'build', SITE_ENV: 'local', CHROME_PATH: '/nonexistent/chromium' };
  try {
    let hook: PreBootstrap | undefined;
    let owners: typeof import('../../features/hosting/publicOwners.node') | undefined;
    let staticImages: typeof import('../../features/images/staticImages.node') | undefined;
    jest.isolateModules(() => {
      hook = jest.requireActual<typeof import('../../gatsby/onPreBootstrap')>('../../gatsby/onPreBootstrap').onPreBootstrap;
      owners = jest.requireActual<typeof import('../../features/hosting/publicOwners.node')>('../../features/hosting/publicOwners.node');
      staticImages = jest.requireActual<typeof import('../../features/images/staticImages.node')>('../../features/images/staticImages.node');
    });
    const reporter = {
      warn: jest.fn(),
      info: jest.fn(),
      panic: jest.fn((message: string) => {
        throw new Panic(message);
      }),
      activityTimer: jest.fn(() => ({ start: jest.fn(), end: jest.fn(), setStatus: jest.fn() })),
    };
    const args = { store: { getState: () => ({ program: { directory } }) }, reporter } as unknown as Parameters<PreBootstrap>[0];
    const error = await Promise.resolve(hook?.(args, { plugins: [] }, () => undefined)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    return { reporter, error, owners: owners as NonNullable<typeof owners>, staticImages: staticImages as NonNullable<typeof staticImages> };
  } finally {
    process.env = saved;
  }
}

/** Runs the real onPreBootstrap on `directory` as a local build; returns its panic, which must come before it wrote anything. */
export async function preBootstrapPanic(directory: string): Promise<string> {
  const { reporter, error } = await runPreBootstrap(directory);
  expect(error).toBeInstanceOf(Panic);
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  // Stopped before the first thing it writes (KaTeX's files into public/).
  expect(fs.existsSync(publicDirOf(directory))).toBe(false);
  return reporter.panic.mock.calls[0][0] as string;
}

/** The panic of the content folders' check names exactly these problems. */
export const stopsWith = (panic: string, problems: string[]): void => {
  expect(panic).toBe(
    [
      `The content folders hold ${problems.length === 1 ? 'a path' : `${problems.length} paths`} the site does not build from:`,
      ...problems.map((problem) => `  - ${problem}`),
    ].join('\n'),
  );
};

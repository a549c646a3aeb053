/** @jest-environment node */
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND_IMAGE_FILES } from '../../features/share-cards/brandImageFiles';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');
const INSTALL_LINE = 'apt-get install -y chromium fonts-liberation';

/** A site directory with what the hook reads: node_modules (for KaTeX and the renderers), src/ (the CMS's setup script and stylesheet), the logo, the fonts, the locales and the home content. */
async function site(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pre-bootstrap-'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'), 'dir');
  await symlink(path.join(ROOT, 'src'), path.join(directory, 'src'), 'dir');
  // The features: the CMS's preview bundles the remark transforms and copies the diagram page, the share cards read their fonts.
  await symlink(path.join(ROOT, 'features'), path.join(directory, 'features'), 'dir');
  await symlink(path.join(ROOT, 'system'), path.join(directory, 'system'), 'dir');
  await cp(path.join(ROOT, 'package.json'), path.join(directory, 'package.json'));
  await cp(path.join(ROOT, 'static', 'favicon.svg'), path.join(directory, 'static', 'favicon.svg'));
  await cp(path.join(ROOT, 'locales'), path.join(directory, 'locales'), { recursive: true });
  await cp(path.join(ROOT, 'content', 'home'), path.join(directory, 'content', 'home'), { recursive: true });
  return directory;
}

class Panic extends Error {}

/** Complete production settings. */
const PRODUCTION = {
  GATSBY_SITE_URL: 'https://www.stockpay.eu',
  GATSBY_APP_URL: 'https://app.stockpay.eu',
  GATSBY_PAYMENTS_API_URL: 'https://pay.stockpay.eu',
  GATSBY_PAYMENTS_API_KEY: 'pk_live',
  GATSBY_API_URL: 'https://api.stockpay.eu',
  GATSBY_API_KEY: 'site-key',
  GATSBY_CONTACT_EMAIL: 'hello@stockpay.eu',
};

/** The hook as Gatsby would load it in a process with `env` (the configuration is read when the module loads). */
function loadHook(env: NodeJS.ProcessEnv) {
  process.env = { PATH: process.env.PATH, CHROME_PATH: '/nonexistent/chromium', ...env };
  let hook: typeof import('../../gatsby/onPreBootstrap').onPreBootstrap | undefined;
  jest.isolateModules(() => {
    hook = jest.requireActual<typeof import('../../gatsby/onPreBootstrap')>('../../gatsby/onPreBootstrap').onPreBootstrap;
  });
  return hook;
}

function gatsbyArgs(directory: string) {
  const reporter = {
    warn: jest.fn(),
    info: jest.fn(),
    // Gatsby's panic ends the process; here it ends the hook.
    panic: jest.fn((message: string) => {
      throw new Panic(message);
    }),
    activityTimer: jest.fn(() => ({ start: jest.fn(), end: jest.fn(), setStatus: jest.fn() })),
  };
  const store = { getState: () => ({ program: { directory } }) };
  type Args = Parameters<NonNullable<typeof import('../../gatsby/onPreBootstrap').onPreBootstrap>>[0];
  return { reporter, args: { store, reporter } as unknown as Args };
}

describe('onPreBootstrap without Chromium', () => {
  const saved = { ...process.env };
  let directory: string;
  beforeEach(async () => {
    directory = await site();
  });
  afterEach(async () => {
    process.env = { ...saved };
    await rm(directory, { recursive: true, force: true });
  });

  it.each([
    ['a local build (gatsby build with SITE_ENV=local)', { gatsby_executing_command: 'build', SITE_ENV: 'local' }],
    ['gatsby develop', { gatsby_executing_command: 'develop' }],
  ])(
    '%s draws the share images and icons anyway and warns exactly once that diagrams show as source, naming the apt-get line',
    async (_, env) => {
      const onPreBootstrap = loadHook(env);
      const { reporter, args } = gatsbyArgs(directory);
      await onPreBootstrap?.(args, { plugins: [] }, () => undefined);
      expect(reporter.panic).not.toHaveBeenCalled();
      // The translations' one line (features/translations/translations.node.ts).
      expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^Translations: \d+ up to date, \d+ behind/));
      expect(reporter.warn).toHaveBeenCalledTimes(1);
      const warning: string = reporter.warn.mock.calls[0][0];
      expect(warning.split(INSTALL_LINE)).toHaveLength(2);
      expect(warning).toMatch(/^No Chromium found, so this local build shows each mermaid diagram as\nits source in a code block\./);
      expect(warning).not.toMatch(/share image|icon/);
      // Gatsby's reporter wraps lines at 80 columns.
      for (const line of warning.split('\n')) expect(line.length).toBeLessThan(80);
      for (const file of BRAND_IMAGE_FILES) expect(existsSync(path.join(publicDirOf(directory), file))).toBe(true);
    },
    60_000,
  );

  it('lets a complete production build (no SITE_ENV) draw its share images and icons: only a diagram needs the browser', async () => {
    const onPreBootstrap = loadHook({ gatsby_executing_command: 'build', ...PRODUCTION });
    const { reporter, args } = gatsbyArgs(directory);
    await onPreBootstrap?.(args, { plugins: [] }, () => undefined);
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(reporter.warn).not.toHaveBeenCalled();
    expect(existsSync(path.join(publicDirOf(directory), 'share', 'en.png'))).toBe(true);
  }, 60_000);
});

describe('onPreBootstrap and the configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  const run = async (env: NodeJS.ProcessEnv) => {
    const onPreBootstrap = loadHook(env);
    const { reporter, args } = gatsbyArgs('/nonexistent-site');
    await expect(onPreBootstrap?.(args, { plugins: [] }, () => undefined)).rejects.toThrow(Panic);
    expect(reporter.panic).toHaveBeenCalledTimes(1);
    return reporter.panic.mock.calls[0][0] as string;
  };

  it('stops a production build with nothing set before anything else, naming every required variable', async () => {
    const message = await run({ gatsby_executing_command: 'build' });
    expect(message).toMatch(/^This production build would send visitors to the local sandbox or nowhere\.\nFix these 7 settings /);
    for (const name of Object.keys(PRODUCTION)) expect(message).toContain(`  - ${name} is not set`);
    expect(message).toContain('set SITE_ENV=local');
  });

  it('names malformed values together with missing ones', async () => {
    const message = await run({
      gatsby_executing_command: 'build',
      ...PRODUCTION,
      GATSBY_SITE_URL: 'stockpay.eu',
      GATSBY_API_KEY: '',
      GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4010',
    });
    expect(message).toContain('Fix these 3 settings ');
    expect(message).toContain('  - GATSBY_SITE_URL must be an absolute http(s) URL, got "stockpay.eu"');
    expect(message).toContain('  - GATSBY_PAYMENTS_API_URL must use https, must not point at this machine');
    expect(message).toContain('  - GATSBY_API_KEY is not set');
  });

  it('stops a local build or gatsby develop only for malformed values', async () => {
    for (const env of [{ gatsby_executing_command: 'build', SITE_ENV: 'local' }, { gatsby_executing_command: 'develop' }]) {
      expect(await run({ ...env, GATSBY_API_URL: 'api.example.com' })).toBe(
        'The site configuration is invalid:\n  - GATSBY_API_URL must be an absolute http(s) URL, got "api.example.com"',
      );
    }
  });
});

describe("onPreBootstrap and the editors' CMS", () => {
  const saved = { ...process.env };
  let directory: string;
  beforeEach(async () => {
    directory = await site();
  });
  afterEach(async () => {
    process.env = { ...saved };
    await rm(directory, { recursive: true, force: true });
  });

  it('without CMS_BACKEND serves an /admin/ page that says how to configure it, and nothing else', async () => {
    const onPreBootstrap = loadHook({ gatsby_executing_command: 'build', SITE_ENV: 'local' });
    const { reporter, args } = gatsbyArgs(directory);
    await onPreBootstrap?.(args, { plugins: [] }, () => undefined);
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(await readFile(path.join(publicDirOf(directory), 'admin', 'index.html'), 'utf8')).toContain('The content manager is not configured');
    expect(existsSync(path.join(publicDirOf(directory), 'admin', 'config.yml'))).toBe(false);
  });

  it('with CMS_BACKEND writes the CMS and its config for that backend', async () => {
    const onPreBootstrap = loadHook({ gatsby_executing_command: 'build', SITE_ENV: 'local', CMS_BACKEND: 'gitlab', CMS_REPO: 'stockpay/website', CMS_BRANCH: 'content' });
    const { reporter, args } = gatsbyArgs(directory);
    await onPreBootstrap?.(args, { plugins: [] }, () => undefined);
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(existsSync(path.join(publicDirOf(directory), 'admin', 'decap-cms.js'))).toBe(true);
    expect(await readFile(path.join(publicDirOf(directory), 'admin', 'config.yml'), 'utf8')).toContain(
      'backend:\n  name: gitlab\n  repo: stockpay/website\n  branch: content\n  preview_context: deploy/netlify\n',
    );
  });

  it('stops a build with a wrong CMS setting, naming the variable', async () => {
    const onPreBootstrap = loadHook({ gatsby_executing_command: 'build', SITE_ENV: 'local', CMS_BACKEND: 'github' });
    const { reporter, args } = gatsbyArgs(directory);
    await expect(onPreBootstrap?.(args, { plugins: [] }, () => undefined)).rejects.toThrow(Panic);
    expect(reporter.panic.mock.calls[0][0]).toBe('CMS_REPO must name the repository as owner/name for CMS_BACKEND=github');
  });
});

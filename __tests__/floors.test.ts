/** @jest-environment node */
import path from 'node:path';
import { PROJECT_SOURCES, ROOT, codeFiles, importsOf } from './support/imports';

/**
 * The floors of the project, and which floor may import which (the README's
 * map names them). Shared code sits below what uses it: a helper that the
 * build, a server and a command all import lives on a floor below all three,
 * so nothing reaches up into a command, and moving or deleting a command
 * breaks nobody. A floor may import its own files and the floors it lists.
 */
const FLOORS = {
  /** Pure markdown rules and transforms: the build's plugins and the CMS preview share them (JavaScript: Gatsby requires the plugins as they are). */
  markdown: { paths: ['plugins/'], imports: [] },
  /** Pure TypeScript that pages load. */
  lib: { paths: ['src/lib/'], imports: ['markdown'] },
  /** Pure TypeScript that only the build, hosting, the commands and the CMS use. */
  build: { paths: ['src/build/'], imports: ['lib', 'markdown'] },
  /** The site in the browser: components, pages, the runtime, the CMS's setup and preview. */
  site: { paths: ['src/'], imports: ['lib', 'build', 'markdown'] },
  /** Shared Node code: servers' ports, Chromium, child processes, caches kept across builds, the content folders and UI string files. */
  node: { paths: ['node/'], imports: ['lib', 'build', 'markdown'] },
  /** The remark plugins as Gatsby loads them: they draw, cache and read the disk. */
  plugins: { paths: [], imports: ['node', 'markdown'] },
  /** Serving, publishing, the CMS's local backend, the API sandbox. */
  servers: { paths: ['hosting/', 'cms/', 'sandbox/'], imports: ['node', 'lib', 'build', 'markdown'] },
  /** The build's hooks. */
  gatsby: { paths: ['gatsby/'], imports: ['servers', 'plugins', 'node', 'site', 'lib', 'build', 'markdown'] },
  /** Gatsby's own entry files. */
  config: {
    paths: ['gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx'],
    imports: ['gatsby', 'servers', 'plugins', 'node', 'site', 'lib', 'build', 'markdown'],
  },
  /** The site checks and the bench the commands run. */
  checks: { paths: ['checks/'], imports: ['gatsby', 'servers', 'plugins', 'node', 'lib', 'build', 'markdown'] },
  /** The commands: entry points only. Nothing imports them, and they import no other command. */
  commands: { paths: ['scripts/'], imports: ['checks', 'gatsby', 'servers', 'plugins', 'node', 'lib', 'build', 'markdown'] },
} as const;

type Floor = keyof typeof FLOORS;

/** A plugin's entry (what Gatsby requires) and the files that draw diagrams or read the disk; every other file of plugins/ is a pure rule or transform. */
const PLUGIN_ENTRY = /^plugins\/[^/]+\/(?:index|renderer|diskCache|cacheKey)\.js$/;

/** The floor of a project file (a path relative to the root), or undefined for tests and tooling configuration. */
export function floorOf(file: string): Floor | undefined {
  if (PLUGIN_ENTRY.test(file)) return 'plugins';
  const floors = Object.entries(FLOORS) as [Floor, (typeof FLOORS)[Floor]][];
  // The most specific path wins: src/lib/ before src/.
  const matches = floors.flatMap(([floor, { paths }]) => paths.filter((prefix) => file === prefix || file.startsWith(prefix)).map((prefix) => ({ floor, prefix })));
  return matches.sort((a, b) => b.prefix.length - a.prefix.length)[0]?.floor;
}

const SOURCES = PROJECT_SOURCES;
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

describe('the floors', () => {
  it('place every file of the project', () => {
    const files = SOURCES.flatMap((source) => codeFiles(path.join(ROOT, source))).map(relative);
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => floorOf(file) === undefined)).toEqual([]);
    expect(floorOf('src/lib/blog.ts')).toBe('lib');
    expect(floorOf('src/components/Layout.tsx')).toBe('site');
    expect(floorOf('plugins/stockpay-remark-mermaid/index.js')).toBe('plugins');
    expect(floorOf('plugins/stockpay-remark-mermaid/rules.js')).toBe('markdown');
  });

  it('import only their own floor and the floors below', () => {
    const upward = SOURCES.flatMap((source) => codeFiles(path.join(ROOT, source))).flatMap((file) => {
      const from = floorOf(relative(file));
      return importsOf(file).flatMap((target) => {
        const to = floorOf(relative(target));
        if (!from || !to || from === to || (FLOORS[from].imports as readonly Floor[]).includes(to)) return [];
        return [`${relative(file)} (${from}) imports ${relative(target)} (${to})`];
      });
    });
    expect(upward).toEqual([]);
  });

  it('keep the commands as entry points: nothing imports one, the tests and browser tests included', () => {
    const importers = ['__tests__', 'e2e', 'e2e-publish', ...SOURCES].flatMap((source) => codeFiles(path.join(ROOT, source)));
    const imported = importers.flatMap((file) =>
      importsOf(file)
        .filter((target) => floorOf(relative(target)) === 'commands')
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    );
    expect(imported).toEqual([]);
  });
});

/**
 * The project's layout: which folders hold its code, and the floors they
 * stand on, bottom first. A room imports its own files and those of the
 * rooms below it, never one above, so whoever changes a feature knows what
 * it can break: the rooms above it, and nothing else. The README's map
 * names the same rooms.
 */

/** The project's code: everything the site, its build and its commands run. Not its tests or their fixtures. */
export const CODE_FOLDERS: readonly string[] = [
  'system',
  'features',
  'src',
  'gatsby',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'scripts',
  'bench',
  'e2e/checks',
  'deploy',
];

/** The tests' code: Jest's, its stand-ins and support, and the browser tests. */
export const TEST_FOLDERS: readonly string[] = ['__tests__', '__mocks__', 'e2e'];

/**
 * The floors, bottom first, each a list of the path prefixes it holds. The
 * most specific prefix places a file: src/pages/ is Gatsby's, the rest of
 * src/ the shell.
 */
export const FLOORS: readonly { name: string; paths: readonly string[] }[] = [
  { name: "the machine: ports, processes, Chromium, caches kept across builds, the project's folders", paths: ['system/'] },
  { name: 'the site: its settings, languages, addresses, API calls and shared UI', paths: ['features/site/'] },
  { name: 'UI strings', paths: ['features/i18n/'] },
  { name: 'markdown', paths: ['features/markdown/'] },
  { name: 'images', paths: ['features/images/'] },
  { name: "the home page's drawings", paths: ['features/illustrations/'] },
  { name: 'the blog', paths: ['features/blog/'] },
  { name: 'content', paths: ['features/content/'] },
  { name: 'translations: which copies follow their original', paths: ['features/translations/'] },
  { name: 'share cards', paths: ['features/share-cards/'] },
  { name: 'the head: SEO, sitemap, manifest', paths: ['features/seo/'] },
  { name: 'search', paths: ['features/search/'] },
  { name: 'contact', paths: ['features/contact/'] },
  { name: 'pricing', paths: ['features/pricing/'] },
  { name: 'the shell: layout, header, footer, page parts', paths: ['src/'] },
  { name: 'the CMS', paths: ['features/cms/'] },
  { name: 'publishing and hosting', paths: ['features/hosting/'] },
  { name: "Gatsby's runtime without inline script", paths: ['features/runtime/'] },
  { name: 'the API sandbox', paths: ['features/sandbox/'] },
  {
    name: "Gatsby's fixed places: the hooks, the config files, the pages and templates",
    paths: ['gatsby/', 'gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'src/pages/', 'src/templates/'],
  },
  { name: "the site checks, the bench, the platforms' adapters", paths: ['e2e/checks/', 'bench/', 'deploy/'] },
  { name: 'the commands', paths: ['scripts/'] },
];

/** The floor a project path (relative to the root, "/" separators) stands on, by its index in FLOORS; undefined outside the code. */
export function floorOf(file: string): number | undefined {
  let best: { floor: number; length: number } | undefined;
  FLOORS.forEach(({ paths }, floor) => {
    for (const prefix of paths) {
      if ((file === prefix || file.startsWith(prefix)) && (!best || prefix.length > best.length)) best = { floor, length: prefix.length };
    }
  });
  return best?.floor;
}

/** The feature a path belongs to ('features/cms'), or undefined. */
export const featureOf = (file: string): string | undefined => (file.startsWith('features/') ? file.split('/').slice(0, 2).join('/') : undefined);

/**
 * The half of its feature a file is, by its name: `*.node.*` runs in Node
 * alone (the build, a server, a command), `*.browser.*` in a browser alone;
 * every other file is shared: pure logic, or a component that renders on
 * the server and in the browser alike.
 */
export function halfOf(file: string): 'node' | 'browser' | 'shared' {
  if (/\.node\.[cm]?[jt]sx?$/.test(file)) return 'node';
  if (/\.browser\.[cm]?[jt]sx?$/.test(file)) return 'browser';
  return 'shared';
}

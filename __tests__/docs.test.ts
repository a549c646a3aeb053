/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMS_VARIABLES, CMS_VARIABLE_NAMES } from '../features/cms/settings';
import { CONFIG_DEFAULTS, CONFIG_ENV, CONFIG_VARIABLE_NAMES, DEFAULT_PORTS } from '../features/site/settings';
import { PRODUCTION_REQUIRED, remoteReadmeVariable } from '../features/site/settings.node';
import { LANGUAGES } from '../features/site/languages';
import { documentProblems, headingAnchors, headingTitles } from './support/docCitations';
import { unsetColumn, variableRows } from './support/guideTables';
import { DEBIAN_PACKAGES, aptGetInstall } from '../system/debianPackages';
import { CODE_FOLDERS } from './support/layout';
import { MACHINE_VARIABLES } from '../system/settings';

/**
 * The README, SECURITY.md and the guides send readers to files, folders and
 * sections; a moved file or a renamed heading must not leave them pointing
 * at nothing. The deploy files and the code cite sections by title
 * (`docs/deploy.md, "Publish from CI"`): those must exist too.
 */
const ROOT = path.join(__dirname, '..');

/** Paths the documents may name that the repository does not hold: none. */
const MADE_BY_TOOLS: string[] = [];

const markdownIn = (folder: string) =>
  existsSync(path.join(ROOT, folder))
    ? readdirSync(path.join(ROOT, folder))
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join(folder, name))
    : [];
const fixtureReadmes = (folder: string): string[] =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? fixtureReadmes(path.join(folder, entry.name)) : entry.name === 'README.md' ? [path.join(folder, entry.name)] : [],
  );
const DOCUMENTS = [
  'README.md',
  'SECURITY.md',
  'CONTRIBUTING.md',
  ...markdownIn('docs'),
  'features/sandbox/README.md',
  'features/share-cards/fonts/README.md',
  ...fixtureReadmes('__tests__/fixtures'),
];

describe('the documents', () => {
  it('are all there, the guides included', () => {
    for (const guide of ['docs/editing.md', 'docs/deploy.md', 'docs/configuration.md']) expect(DOCUMENTS).toContain(guide);
  });

  it.each(DOCUMENTS)('%s: every relative link resolves, to a heading where it names one, and every cited path exists', (file) => {
    expect(documentProblems(file, { root: ROOT, madeByTools: MADE_BY_TOOLS })).toEqual([]);
  });

  it("shows the Debian packages' one list (system/debianPackages.js) as the README's install command", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\n${aptGetInstall()}\n`);
    expect(Object.keys(DEBIAN_PACKAGES).length).toBeGreaterThan(2);
  });

  it('keeps the README short enough to read in five minutes', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('names every build variable in the configuration guide', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const rows = guide.split('\n').filter((line) => line.startsWith('|'));
    const variables = [...Object.keys(CONFIG_ENV), ...LANGUAGES.map(remoteReadmeVariable)];
    const missing = variables.filter((name) => !rows.some((row) => row.includes(`\`${name}\``)));
    expect(missing).toEqual([]);
  });

  it('gives each site variable the default and the production rule features/site/settings.ts declares', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    for (const name of CONFIG_VARIABLE_NAMES) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${name}\` |`)) ?? '';
      const [, , local, production] = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      expect([name, local, production?.split(',')[0]]).toEqual([name, `\`${CONFIG_DEFAULTS[name]}\``, name in PRODUCTION_REQUIRED ? 'required' : 'optional']);
    }
  });

  it("names every CMS variable features/cms/settings.ts declares in the guide's CMS table, in order, with its default", () => {
    const rows = variableRows("### The editors' CMS");
    expect(rows.map(([name]) => name)).toEqual(CMS_VARIABLE_NAMES.map((name) => `\`${name}\``));
    const { actual, expected } = unsetColumn(rows, CMS_VARIABLES);
    expect(actual).toEqual(expected);
  });

  it("names every variable system/settings.js declares in the guide's commands table, in order, with the default ports", () => {
    const rows = variableRows('## Commands and the machine');
    expect(rows.map(([name]) => name)).toEqual(Object.keys(MACHINE_VARIABLES).map((name) => `\`${name}\``));
    const defaultOf = (name: string) => rows.find(([cell]) => cell === `\`${name}\``)?.[3] ?? '';
    expect(defaultOf('PORT')).toMatch(new RegExp(`^${DEFAULT_PORTS.site}, ${DEFAULT_PORTS.develop},`));
    expect(defaultOf('SANDBOX_PORT')).toMatch(new RegExp(`^${DEFAULT_PORTS.sandbox} `));
    expect(defaultOf('CMS_PORT')).toBe(String(DEFAULT_PORTS.cmsBackend));
  });
});

describe('sections cited by title', () => {
  const CITING_FOLDERS = ['.ci', ...CODE_FOLDERS, 'e2e'];
  const files = (folder: string): string[] =>
    statSync(folder).isFile()
      ? [folder]
      : readdirSync(folder).flatMap((name) => {
          const file = path.join(folder, name);
          if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : files(file);
          return /\.md$/.test(name) ? [] : [file];
        });
  // `docs/deploy.md, "Publish on a git server"` or `docs/deploy.md ("Install")`, possibly across comment lines.
  const CITATION = /((?:docs\/[\w-]+|README|SECURITY)\.md),?\s*\(?"([^"]+)"/g;
  const citations = CITING_FOLDERS.filter((folder) => existsSync(path.join(ROOT, folder)))
    .flatMap((folder) => files(path.join(ROOT, folder)))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(CITATION)].map((match) => ({
        from: path.relative(ROOT, file),
        document: match[1],
        title: match[2].replace(/\s*\n\s*(?:#|\*|\/\/)?\s*/g, ' '),
      })),
    );

  it('finds the citations of the deploy files', () => {
    expect(citations.map(({ from, title }) => [from, title])).toEqual(
      expect.arrayContaining([
        ['deploy/hooks/post-receive', 'Publish on a git server'],
        ['deploy/github-actions/publish.yml', 'Publish from CI'],
      ]),
    );
  });

  it('each names a heading of its document', () => {
    const missing = citations
      .filter(({ document, title }) => {
        const file = path.join(ROOT, document);
        return !existsSync(file) || !headingTitles(readFileSync(file, 'utf8')).some((heading) => heading.toLowerCase() === title.toLowerCase());
      })
      .map(({ from, document, title }) => `${from} cites "${title}" in ${document}, which has no such heading`);
    expect(missing).toEqual([]);
  });
});

describe('the citation check itself', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'doc-citations-'));
    mkdirSync(path.join(root, 'docs'));
    mkdirSync(path.join(root, 'content/blog/en'), { recursive: true });
    writeFileSync(path.join(root, 'content/blog/en/a-post.md'), '');
    writeFileSync(path.join(root, 'docs/guide.md'), '# Guide\n\n## Publish on a git server\n\n## `npm run publish`\n\n## Publish on a git server\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const problems = (text: string) => {
    writeFileSync(path.join(root, 'README.md'), text);
    return documentProblems('README.md', { root });
  };

  it('slugs headings as GitHub does, numbering repeats', () => {
    expect([...headingAnchors(readFileSync(path.join(root, 'docs/guide.md'), 'utf8'))]).toEqual([
      'guide',
      'publish-on-a-git-server',
      'npm-run-publish',
      'publish-on-a-git-server-1',
    ]);
  });

  it('accepts links and paths that resolve, placeholders included', () => {
    expect(problems('[g](docs/guide.md#npm-run-publish), [self](#top), `content/blog/<lang>/<slug>.md`, `docs/`\n\n# Top\n')).toEqual([]);
  });

  it('names a missing file, a missing heading and a missing path', () => {
    expect(problems('[a](docs/gone.md) [b](docs/guide.md#install) `docs/old.md` `content/blog/<lang>/<slug>.json`')).toEqual([
      'README.md links to docs/gone.md: docs/gone.md does not exist',
      'README.md links to docs/guide.md#install: docs/guide.md has no heading whose anchor is #install',
      'README.md cites docs/gone.md, which does not exist',
      'README.md cites docs/old.md, which does not exist',
      'README.md cites content/blog/<lang>/<slug>.json, which does not exist',
    ]);
  });

  it('checks a cited folder that no longer exists (a deleted folder does not hide its citations)', () => {
    expect(problems('`bench/empty-gatsby/`')).toEqual(['README.md cites bench/empty-gatsby/, which does not exist']);
  });

  it('ignores URLs, site paths, code examples and generated folders', () => {
    expect(problems('<https://example.com/docs/x> [d](https://decapcms.org/docs/y) `/docs/` `![x](/media/p.jpg)` `public/_headers` `.cache/x.json`')).toEqual([]);
  });
});

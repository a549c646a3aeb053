/** @jest-environment node */
import type { CreatePagesArgs } from 'gatsby';
import {
  BENCH_CONTENT_VARIABLE,
  benchContentDir,
  benchPageContext,
  benchPagePath,
  checkBenchFile,
  parseBenchPath,
} from '../../gatsby/benchContent';
import { createBenchPages } from '../../gatsby/createBenchPages';
import { runOnCreateNode } from '../support/onCreateNode';

type Hook<T> = (args: T) => unknown;

const frontmatter = { title: 'Частични доставки', description: 'Доставки на части', lastUpdated: '2025-01-10' };

describe('benchContentDir', () => {
  it('is unset in a normal build', () => {
    expect(benchContentDir({})).toBeUndefined();
    expect(benchContentDir({ [BENCH_CONTENT_VARIABLE]: '  ' })).toBeUndefined();
  });

  it('takes an absolute folder and refuses a relative one, naming the variable', () => {
    expect(benchContentDir({ BENCH_CONTENT_DIR: '/tmp/stockpay-bench-x' })).toBe('/tmp/stockpay-bench-x');
    expect(() => benchContentDir({ BENCH_CONTENT_DIR: 'bench' })).toThrow('BENCH_CONTENT_DIR must be an absolute path, got "bench"');
  });
});

describe('parseBenchPath and checkBenchFile', () => {
  it('reads the language and name from <language>/<name>.md', () => {
    expect(parseBenchPath('bg/page-001.md')).toEqual({ language: 'bg', name: 'page-001' });
    expect(parseBenchPath('en/page-250.md')).toEqual({ language: 'en', name: 'page-250' });
  });

  it('explains a path that does not fit', () => {
    expect(parseBenchPath('page-001.md')).toEqual({ error: expect.stringContaining('<language>/<name>.md') });
    expect(parseBenchPath('en/x/page-001.md')).toEqual({ error: expect.stringContaining('<language>/<name>.md') });
    expect(parseBenchPath('en/Page 1.md')).toEqual({ error: expect.stringContaining('lowercase') });
    expect(parseBenchPath('de/page-001.md')).toEqual({ error: 'de/page-001.md: unknown language folder "de" (expected en, bg)' });
  });

  it('checks the frontmatter like a privacy policy, naming the file and the field', () => {
    expect(checkBenchFile('/tmp/b/bg/page-001.md', 'bg/page-001.md', frontmatter)).toEqual({ language: 'bg', name: 'page-001' });
    expect(checkBenchFile('/tmp/b/bg/page-001.md', 'bg/page-001.md', { title: 'Заглавие' })).toEqual({
      errors: [
        '/tmp/b/bg/page-001.md: frontmatter field "description" is missing; it must be a string',
        '/tmp/b/bg/page-001.md: frontmatter field "lastUpdated" is missing; it must be a date (YYYY-MM-DD)',
      ],
    });
    expect(checkBenchFile('/tmp/b/de/p.md', 'de/p.md', frontmatter)).toEqual({
      errors: ['BENCH_CONTENT_DIR/de/p.md: unknown language folder "de" (expected en, bg)'],
    });
  });
});

describe('benchPagePath and benchPageContext', () => {
  it('puts English pages unprefixed and Bulgarian ones under /bg/', () => {
    expect(benchPagePath({ language: 'en', name: 'page-001' })).toBe('/bench/page-001/');
    expect(benchPagePath({ language: 'bg', name: 'page-001' })).toBe('/bg/bench/page-001/');
  });

  it("gives each page the i18n plugin's context, so the plugin creates it once, in its own language", () => {
    expect(benchPageContext('node-1', { language: 'bg', name: 'page-007' })).toEqual({
      id: 'node-1',
      language: 'bg',
      i18n: {
        language: 'bg',
        languages: ['en', 'bg'],
        defaultLanguage: 'en',
        generateDefaultLanguagePage: true,
        routed: true,
        originalPath: '/bench/page-007/',
        path: '/bg/bench/page-007/',
      },
    });
    expect(benchPageContext('node-2', { language: 'en', name: 'page-007' }).i18n).toMatchObject({
      routed: false,
      originalPath: '/bench/page-007/',
      path: '/bench/page-007/',
    });
  });
});

describe('onCreateNode for benchmark files', () => {
  it("files a benchmark page under the section 'bench', which the content checks leave alone", () => {
    const { actions, reporter } = runOnCreateNode(
      { sourceInstanceName: 'bench', relativePath: 'bg/page-001.md', absolutePath: '/tmp/b/bg/page-001.md' },
      frontmatter,
    );
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(actions.createNodeField.mock.calls.map(([{ name, value }]) => [name, value])).toEqual([
      ['section', 'bench'],
      ['language', 'bg'],
      ['name', 'page-001'],
    ]);
  });

  it('fails the build naming the file and the field of a broken benchmark page', () => {
    const { actions, reporter } = runOnCreateNode(
      { sourceInstanceName: 'bench', relativePath: 'en/page-001.md', absolutePath: '/tmp/b/en/page-001.md' },
      { ...frontmatter, lastUpdated: 'soon' },
    );
    expect(reporter.panicOnBuild).toHaveBeenCalledWith('/tmp/b/en/page-001.md: frontmatter field "lastUpdated" must be a date (YYYY-MM-DD), got "soon"');
    expect(actions.createNodeField).not.toHaveBeenCalled();
  });
});

describe('createBenchPages', () => {
  const nodes = [
    { id: 'a', fields: { section: 'bench', language: 'en', name: 'page-001' } },
    { id: 'b', fields: { section: 'bench', language: 'bg', name: 'page-001' } },
    { id: 'c', fields: { section: 'privacy', language: 'en', name: 'policy' } },
  ];

  async function runCreatePages(env: Record<string, string>) {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const actions = { createPage: jest.fn() };
    try {
      await (createBenchPages as Hook<Partial<CreatePagesArgs>>)({
        actions: actions as unknown as CreatePagesArgs['actions'],
        getNodesByType: (() => nodes) as unknown as CreatePagesArgs['getNodesByType'],
        store: { getState: () => ({ program: { directory: '/site' } }) } as unknown as CreatePagesArgs['store'],
      });
    } finally {
      process.env = saved;
    }
    return actions.createPage;
  }

  it('creates nothing in a normal build', async () => {
    delete process.env.BENCH_CONTENT_DIR;
    expect(await runCreatePages({})).not.toHaveBeenCalled();
  });

  it('creates one page per benchmark file, at its own path, with the template outside src/', async () => {
    const createPage = await runCreatePages({ BENCH_CONTENT_DIR: '/tmp/stockpay-bench-x' });
    expect(createPage).toHaveBeenCalledTimes(2);
    expect(createPage).toHaveBeenCalledWith({
      path: '/bench/page-001/',
      component: '/site/gatsby/templates/benchPage.tsx',
      context: benchPageContext('a', { language: 'en', name: 'page-001' }),
    });
    expect(createPage).toHaveBeenCalledWith(expect.objectContaining({ path: '/bg/bench/page-001/', context: expect.objectContaining({ id: 'b' }) }));
  });
});

describe('createPages in gatsby-node.ts', () => {
  it('checks the content, then adds the benchmark pages', async () => {
    const { createPages } = await import('../../gatsby-node');
    const content = ['en', 'bg'].flatMap((language) => [
      { id: `home-${language}`, fields: { section: 'home', language, name: '01-orders' } },
      { id: `docs-${language}`, fields: { section: 'docs', language, name: 'readme' } },
      { id: `privacy-${language}`, fields: { section: 'privacy', language, name: 'policy' } },
    ]);
    const nodes = [...content, { id: 'bench-en', fields: { section: 'bench', language: 'en', name: 'page-001' } }];
    const reporter = { panicOnBuild: jest.fn() };
    const actions = { createPage: jest.fn() };
    const saved = { ...process.env };
    process.env.BENCH_CONTENT_DIR = '/tmp/stockpay-bench-x';
    try {
      await (createPages as Hook<Partial<CreatePagesArgs>>)({
        actions: actions as unknown as CreatePagesArgs['actions'],
        reporter: reporter as unknown as CreatePagesArgs['reporter'],
        getNodesByType: (() => nodes) as unknown as CreatePagesArgs['getNodesByType'],
        store: { getState: () => ({ program: { directory: '/site' } }) } as unknown as CreatePagesArgs['store'],
      });
    } finally {
      process.env = saved;
    }
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(actions.createPage).toHaveBeenCalledTimes(1);
    expect(actions.createPage).toHaveBeenCalledWith(expect.objectContaining({ path: '/bench/page-001/' }));
  });
});

/** @jest-environment node */
import type { SourceNodesArgs } from 'gatsby';
import { createRemoteFileNode } from 'gatsby-source-filesystem';
import { sourceNodes } from '../../gatsby/sourceNodes';
import { runOnCreateNode } from '../support/onCreateNode';

jest.mock('gatsby-source-filesystem', () => ({ createRemoteFileNode: jest.fn() }));

type Hook<T> = (args: T) => unknown;


describe('onCreateNode', () => {
  it('files a markdown node under its section, language and name', () => {
    const { actions, reporter } = runOnCreateNode(
      { sourceInstanceName: 'content', relativePath: 'privacy/bg/policy.md' },
      { title: 'Политика', description: 'Данни', lastUpdated: '2025-05-30' },
    );
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(actions.createNodeField.mock.calls.map(([{ name, value }]) => [name, value])).toEqual([
      ['section', 'privacy'],
      ['language', 'bg'],
      ['name', 'policy'],
    ]);
  });

  it('fails the build naming the file and the field of a broken file', () => {
    const { reporter } = runOnCreateNode({ sourceInstanceName: 'content', relativePath: 'home/bg/02-features.md' }, { order: 'two', title: 'Функции' });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'content/home/bg/02-features.md: frontmatter field "order" must be a number, got "two"\n' +
        'content/home/bg/02-features.md: frontmatter field "illustration" is missing; it must be one of "sale-order", "features", "payments"',
    );
  });

  it('files a fetched README as the documentation of its language', () => {
    process.env.DOCS_README_URL_BG = 'https://raw.example.com/README.bg.md';
    try {
      const { actions } = runOnCreateNode({ url: 'https://raw.example.com/README.bg.md' }, {});
      expect(actions.createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: 'section', value: 'docs' }));
      expect(actions.createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: 'language', value: 'bg' }));
      expect(runOnCreateNode({ url: 'https://raw.example.com/other.md' }, {}).actions.createNodeField).not.toHaveBeenCalled();
    } finally {
      delete process.env.DOCS_README_URL_BG;
    }
  });

  it('ignores markdown that is not content (and other nodes)', () => {
    const { actions, reporter } = runOnCreateNode({ sourceInstanceName: 'locale', relativePath: 'en/x.md' }, {});
    expect(actions.createNodeField).not.toHaveBeenCalled();
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });
});

describe('sourceNodes (remote README)', () => {
  const run = async (env: Record<string, string>) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const reporter = { panicOnBuild: jest.fn() };
    const actions = { createNode: jest.fn() };
    try {
      await (sourceNodes as Hook<Partial<SourceNodesArgs>>)({
        actions: actions as unknown as SourceNodesArgs['actions'],
        createNodeId: ((id: string) => id) as SourceNodesArgs['createNodeId'],
        getCache: jest.fn() as unknown as SourceNodesArgs['getCache'],
        reporter: reporter as unknown as SourceNodesArgs['reporter'],
      });
    } finally {
      process.env = saved;
    }
    return { reporter };
  };

  beforeEach(() => jest.mocked(createRemoteFileNode).mockReset());

  it('fetches nothing when no URL is set', async () => {
    await run({});
    expect(createRemoteFileNode).not.toHaveBeenCalled();
  });

  it('fetches the README of a configured language', async () => {
    jest.mocked(createRemoteFileNode).mockResolvedValue({ id: 'remote' } as Awaited<ReturnType<typeof createRemoteFileNode>>);
    const { reporter } = await run({ DOCS_README_URL_BG: 'https://raw.example.com/README.bg.md' });
    expect(createRemoteFileNode).toHaveBeenCalledTimes(1);
    expect(createRemoteFileNode).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://raw.example.com/README.bg.md', ext: '.md' }));
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });

  it('fails the build naming the URL when the fetch fails', async () => {
    jest.mocked(createRemoteFileNode).mockRejectedValue(new Error('Response code 404 (Not Found)'));
    const { reporter } = await run({ DOCS_README_URL_EN: 'https://raw.example.com/missing.md' });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'Could not fetch the en documentation README from https://raw.example.com/missing.md (DOCS_README_URL_EN): Response code 404 (Not Found)',
    );
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SourceNodesArgs } from 'gatsby';
import { fetchRemoteReadme, RemoteReadmeError } from '../../features/content/remoteReadme';
import { sourceNodes } from '../../gatsby/sourceNodes';
import { contentRefusal, runOnCreateNode } from '../support/onCreateNode';
import { transformMarkdown, writeContentFile } from '../support/transformRemark';

jest.mock('../../features/content/remoteReadme', () => ({ ...jest.requireActual('../../features/content/remoteReadme'), fetchRemoteReadme: jest.fn() }));
// The plans the hook sources too have tests of their own (__tests__/pricing/plansNode.test.ts).
jest.mock('../../features/pricing/plansNode.node', () => ({ ...jest.requireActual('../../features/pricing/plansNode.node'), sourcePricingPlans: jest.fn() }));

type Hook<T> = (args: T) => unknown;

describe('onCreateNode', () => {
  it('files a markdown node under its section, language and name', () => {
    const { actions } = runOnCreateNode(
      { sourceInstanceName: 'content', relativePath: 'privacy/bg/policy.md' },
      { title: 'Политика', description: 'Данни', lastUpdated: '2025-05-30' },
    );
    expect(actions.createNodeField.mock.calls.map(([{ name, value }]) => [name, value])).toEqual([
      ['section', 'privacy'],
      ['language', 'bg'],
      ['name', 'policy'],
      ['published', true],
    ]);
  });

  describe('a blog post', () => {
    const command = process.env.gatsby_executing_command;
    afterEach(() => {
      process.env.gatsby_executing_command = command;
    });
    const post = (frontmatter: Record<string, unknown>) => {
      const { actions } = runOnCreateNode(
        { sourceInstanceName: 'content', relativePath: 'blog/bg/a-post.md' },
        { title: 'Публикация', description: 'За какво е', date: '2026-09-15', ...frontmatter },
        Array.from({ length: 450 }, () => 'дума').join(' '),
      );
      return Object.fromEntries(actions.createNodeField.mock.calls.map(([{ name, value }]) => [name, value]));
    };

    it('is published, with its reading time, in a production build', () => {
      process.env.gatsby_executing_command = 'build';
      expect(post({})).toEqual({ section: 'blog', language: 'bg', name: 'a-post', published: true, readingMinutes: 3 });
    });

    it('is left out of a production build as a draft, and shown by gatsby develop', () => {
      process.env.gatsby_executing_command = 'build';
      expect(post({ draft: true }).published).toBe(false);
      expect(post({ draft: false }).published).toBe(true);
      process.env.gatsby_executing_command = 'develop';
      expect(post({ draft: true }).published).toBe(true);
    });
  });

  it('checks nothing itself: createPages refuses a broken file, naming the file and the field', () => {
    const file = { sourceInstanceName: 'content', relativePath: 'banners/bg/02-features.md' };
    expect(runOnCreateNode(file, { order: 'two', title: 'Функции' }).actions.createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: 'name', value: '02-features' }));
    expect(contentRefusal(file, { order: 'two', title: 'Функции' })).toBe(
      'content/banners/bg/02-features.md: frontmatter field "order" must be a whole number from 1 to 2147483647, got "two"\n' +
        'content/banners/bg/02-features.md: frontmatter field "illustration" is missing; it must be one of "sale-order", "features", "payments"',
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
    const { actions } = runOnCreateNode({ sourceInstanceName: 'locale', relativePath: 'en/x.md' }, {});
    expect(actions.createNodeField).not.toHaveBeenCalled();
    expect(contentRefusal({ sourceInstanceName: 'locale', relativePath: 'en/x.md' }, {})).toBeUndefined();
  });
});

describe('the content check (frontmatter as the build reads it)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-hooks-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Writes the file, reads it with gatsby-transformer-remark, then runs createPages' check; returns the build errors. */
  let count = 0;
  const errorsOf = async (relativePath: string, frontmatter: string): Promise<string[]> => {
    count += 1;
    const source = `---\n${frontmatter}\n---\n\nBody.\n`;
    const file = writeContentFile(path.join(dir, String(count)), relativePath, source);
    const { markdownNode } = await transformMarkdown(file, source, []);
    return contentRefusal({ ...file, sourceInstanceName: 'content', relativePath }, markdownNode.frontmatter)?.split('\n') ?? [];
  };
  const policy = (lastUpdated: string) => errorsOf('privacy/en/policy.md', `title: Privacy\ndescription: How we keep data\nlastUpdated: ${lastUpdated}`);
  const home = (fields: string) => errorsOf('banners/en/01-test.md', `title: Test\nillustration: features\n${fields}`);

  it('refuses a date that is not on the calendar, though YAML would roll it over', async () => {
    expect(await policy('2025-02-30')).toEqual([
      'content/privacy/en/policy.md: frontmatter field "lastUpdated" must be a date (YYYY-MM-DD), got "2025-02-30", a day the calendar does not have',
    ]);
    expect(await policy('"2025-02-30"')).toHaveLength(1);
    expect(await policy('2023-02-29')).toHaveLength(1);
    expect(await policy('1900-02-29')).toHaveLength(1);
    expect(await policy('2025-04-31')).toHaveLength(1);
    expect(await policy('2025-13-01')).toHaveLength(1);
    expect(await policy('2025-5-30')).toHaveLength(1);
    expect(await policy('2025-05-30 10:00')).toHaveLength(1);
  });

  it('accepts real dates, leap days included', async () => {
    expect(await policy('2024-02-29')).toEqual([]);
    expect(await policy('2000-02-29')).toEqual([]);
    expect(await policy("'2025-12-31'")).toEqual([]);
    expect(await policy('2025-05-30 # reviewed by legal')).toEqual([]);
  });

  it('wants order to be a whole number from 1', async () => {
    const message = (got: string) => `content/banners/en/01-test.md: frontmatter field "order" must be a whole number from 1 to 2147483647, got ${got}`;
    expect(await home('order: 1.5')).toEqual([message('1.5')]);
    expect(await home('order: "2"')).toEqual([message('"2"')]);
    expect(await home('order: -0')).toEqual([message('-0')]); // read as written (YAML 1.2 keeps the sign)
    expect(await home('order: 0')).toEqual([message('0')]);
    expect(await home('order: -3')).toEqual([message('-3')]);
    expect(await home('order: 3000000000')).toEqual([message('3000000000')]);
    expect(await home('order: .inf')).toEqual([message('Infinity')]);
    expect(await home('order: 2')).toEqual([]);
    expect(await home('order: 2.0')).toEqual([]);
  });

  it('wants a label for every call to action, and a target for every label', async () => {
    expect(await home('order: 1\nctaTarget: app')).toEqual(['content/banners/en/01-test.md: frontmatter field "ctaLabel" is missing; it must be a string when "ctaTarget" is set']);
    expect(await home('order: 1\nctaLabel: Go')).toEqual([
      'content/banners/en/01-test.md: frontmatter field "ctaTarget" is missing; it must be one of "app", "docs", "pricing", "contact" when "ctaLabel" is set',
    ]);
    expect(await home('order: 1\nctaLabel: Go\nctaTarget: app')).toEqual([]);
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
        createNodeId: ((id: string) => `id:${id}`) as SourceNodesArgs['createNodeId'],
        createContentDigest: ((value: unknown) => JSON.stringify(value).length.toString()) as SourceNodesArgs['createContentDigest'],
        reporter: reporter as unknown as SourceNodesArgs['reporter'],
      });
    } finally {
      process.env = saved;
    }
    return { reporter, actions };
  };

  beforeEach(() => jest.mocked(fetchRemoteReadme).mockReset());

  it('fetches nothing when no URL is set', async () => {
    await run({});
    expect(fetchRemoteReadme).not.toHaveBeenCalled();
  });

  it('fetches the README of a configured language with the production limits, as a markdown node', async () => {
    jest.mocked(fetchRemoteReadme).mockResolvedValue('# Ръководство\n');
    const { reporter, actions } = await run({ DOCS_README_URL_BG: 'https://raw.example.com/README.bg.md' });
    expect(fetchRemoteReadme).toHaveBeenCalledTimes(1);
    expect(fetchRemoteReadme).toHaveBeenCalledWith('https://raw.example.com/README.bg.md');
    expect(actions.createNode).toHaveBeenCalledWith({
      id: 'id:remote-readme-bg',
      parent: null,
      children: [],
      url: 'https://raw.example.com/README.bg.md',
      language: 'bg',
      internal: { type: 'RemoteReadme', mediaType: 'text/markdown', content: '# Ръководство\n', contentDigest: expect.any(String) },
    });
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });

  it('fails the build naming the URL and the reason when the fetch fails', async () => {
    jest.mocked(fetchRemoteReadme).mockRejectedValue(new RemoteReadmeError('no complete answer within 10 s'));
    const { reporter, actions } = await run({ DOCS_README_URL_EN: 'https://raw.example.com/slow.md' });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'Could not fetch the en documentation README from https://raw.example.com/slow.md (DOCS_README_URL_EN): no complete answer within 10 s',
    );
    expect(actions.createNode).not.toHaveBeenCalled();
  });

  it('refuses an http URL before fetching', async () => {
    await expect(run({ DOCS_README_URL_EN: 'http://raw.example.com/README.md' })).rejects.toThrow(
      'DOCS_README_URL_EN must be an absolute https URL, got "http://raw.example.com/README.md"',
    );
    expect(fetchRemoteReadme).not.toHaveBeenCalled();
  });

  it('hands the README to the markdown checks, which name its URL', async () => {
    const url = 'https://raw.example.com/README.md';
    jest.mocked(fetchRemoteReadme).mockResolvedValue('# Guide\n\n<script>alert(1)</script>\n');
    const { actions } = await run({ DOCS_README_URL_EN: url });
    const [[readme]] = actions.createNode.mock.calls;
    const { markdownNode, html } = await transformMarkdown(readme, readme.internal.content, ['stockpay-remark-safe-markdown']);
    process.env.DOCS_README_URL_EN = url;
    try {
      const { actions: fields } = runOnCreateNode(readme, markdownNode.frontmatter);
      expect(contentRefusal(readme, markdownNode.frontmatter)).toBeUndefined();
      expect(fields.createNodeField).toHaveBeenCalledWith(expect.objectContaining({ name: 'section', value: 'docs' }));
    } finally {
      delete process.env.DOCS_README_URL_EN;
    }
    await expect(html()).rejects.toThrow(`${url}:3: raw HTML "<script>" is not allowed`);
  });
});

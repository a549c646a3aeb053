/** @jest-environment node */
import type { CreateResolversArgs } from 'gatsby';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createResolvers } from '../../gatsby/createResolvers';
import { PROJECT_DIR } from '../../system/paths.js';

type Resolve = (source: object, args: object, context: object, info: object) => unknown;

/** The resolvers the hook hands Gatsby for MarkdownRemark. */
function markdownResolvers(directory = PROJECT_DIR): Record<string, { resolve: Resolve }> {
  let config: { MarkdownRemark: Record<string, { resolve: Resolve }> } | undefined;
  const create = (resolvers: typeof config) => (config = resolvers);
  const store = { getState: () => ({ program: { directory } }) };
  void createResolvers?.({ createResolvers: create, store } as unknown as CreateResolversArgs, { plugins: [] }, () => undefined);
  if (!config) throw new Error('createResolvers created nothing');
  return config.MarkdownRemark;
}

const README_URL = 'https://raw.example.com/stockpay/README.md';
const nodes: Record<string, object> = { 'remote-readme-en': { id: 'remote-readme-en', url: README_URL } };
const context = { nodeModel: { getNodeById: ({ id }: { id: string }) => nodes[id] ?? null } };
const info = (html: unknown) => ({ originalResolver: jest.fn(async () => html) });

describe('createResolvers', () => {
  const resolvers = markdownResolvers();

  it('gives MarkdownRemark.html through the markup boundary, unchanged when it passes', async () => {
    const html = '<p>Fine <kbd>K</kbd></p>';
    const source = { fileAbsolutePath: '/site/content/docs/en/readme.md' };
    const resolverInfo = info(html);
    await expect(resolvers.html.resolve(source, {}, context, resolverInfo)).resolves.toBe(html);
    expect(resolverInfo.originalResolver).toHaveBeenCalledWith(source, {}, context, resolverInfo);
  });

  it('fails naming the content file, or the URL of a fetched README, and what was refused', async () => {
    const bad = '<p>x</p><img src="x" onerror="alert(1)">';
    await expect(resolvers.html.resolve({ fileAbsolutePath: '/site/content/blog/bg/post.md' }, {}, context, info(bad))).rejects.toThrow(
      'content/blog/bg/post.md: the HTML this markdown became is refused by the markup boundary:\n' +
        '  - markup outside the allowlist (features/markdown/boundary/allowlist.ts): found "<img src=\\"x\\" onerror=\\"alert(1)\\" />"',
    );
    await expect(resolvers.html.resolve({ parent: 'remote-readme-en' }, {}, context, info(bad))).rejects.toThrow(
      `${README_URL}: the HTML this markdown became is refused by the markup boundary`,
    );
  });

  it('refuses the fields that would give HTML around the boundary', async () => {
    for (const field of ['htmlAst', 'excerptAst', 'tableOfContents']) {
      expect(() => resolvers[field].resolve({}, {}, context, info(''))).toThrow(
        `MarkdownRemark.${field} gives HTML that has not passed the markup boundary (features/markdown/markupBoundary.ts): query html instead`,
      );
    }
    expect(() => resolvers.excerpt.resolve({}, { format: 'HTML' }, context, info('<p>x</p>'))).toThrow('MarkdownRemark.excerpt(format: HTML) gives HTML');
    await expect(resolvers.excerpt.resolve({}, { format: 'PLAIN' }, context, info('plain text'))).resolves.toBe('plain text');
  });
});

describe('MarkdownRemark.translationNotice', () => {
  const node = (language: string, section = 'privacy', name = 'policy') => ({
    fileAbsolutePath: `/site/content/${section}/${language}/${name}.md`,
    fields: { section, language, name },
  });

  it("is null for an original, a translation that follows it, and a fetched README: the project's own content", () => {
    const resolvers = markdownResolvers();
    expect(resolvers.translationNotice.resolve(node('en'), {}, context, {})).toBeNull();
    expect(resolvers.translationNotice.resolve(node('bg'), {}, context, {})).toBeNull();
    expect(resolvers.translationNotice.resolve({ parent: 'remote-readme-en', fields: { section: 'docs', language: 'bg', name: 'readme' } }, {}, context, {})).toBeNull();
  });

  it("names the original's language and date for a copy behind it, read from the files", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'resolvers-'));
    try {
      for (const [language, text] of [
        ['en', '---\ntitle: "Policy"\nlastUpdated: 2026-11-20\n---\n\n## Rights\n\nNew text.\n'],
        ['bg', '---\ntitle: "Политика"\nlastUpdated: 2026-11-20\ntranslation: en 0123456789ab\n---\n\n## Права\n\nТекст.\n'],
      ]) {
        mkdirSync(path.join(dir, 'content', 'privacy', language), { recursive: true });
        writeFileSync(path.join(dir, 'content', 'privacy', language, 'policy.md'), text);
      }
      const resolvers = markdownResolvers(dir);
      expect(resolvers.translationNotice.resolve(node('bg'), {}, context, {})).toEqual({ original: 'en', updated: '2026-11-20' });
      expect(resolvers.translationNotice.resolve(node('en'), {}, context, {})).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * @jest-environment node
 *
 * Hostile class "warm-cache": a content file that gets past the checks
 * because Gatsby kept its node in .cache/ from an earlier build, which
 * calls no onCreateNode for it again. A build that stopped part-way (a
 * refused file beside it, Ctrl-C) leaves nodes it made but never handed to
 * onCreateNode, or files it never read at all; a build that passed under
 * older rules leaves nodes those rules took, and a `gatsby develop` leaves
 * drafts marked as published. Each state is laid out here as Gatsby's nodes
 * hold it, and createPages' pass over every content node
 * (features/content/contentNodes.node.ts) runs on it: the same refusals, naming the file,
 * as on a fresh read; the fields the file gives. The real builds of the
 * review's sequence are in __tests__/content/warmCache.e2e.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { parseContentPath } from '../../features/content/checks';
import { readingMinutes } from '../../features/blog/blog';
import { checkNodes, markdownNodeOf } from '../support/onCreateNode';
import { scratch } from '../support/hostile';

const ROOT = path.join(__dirname, '..', '..');
const POST = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'hostile', 'post-slugs', 'post.md'), 'utf8');

let dir: string;
beforeAll(() => {
  dir = scratch('warm-cache');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** content/<relativePath> written with `source`, and its File node as gatsby-source-filesystem makes it. */
function fileNode(relativePath: string, source = POST): Record<string, unknown> {
  const absolutePath = path.join(dir, 'content', relativePath);
  fs.mkdirSync(path.dirname(absolutePath), { recursive: true });
  fs.writeFileSync(absolutePath, source);
  return { id: `file ${relativePath}`, children: [], sourceInstanceName: 'content', relativePath, absolutePath, internal: { type: 'File', mediaType: 'text/markdown' } };
}

/** The frontmatter as gatsby-transformer-remark gives it to the node: dates as ISO strings. */
const frontmatterOf = (source: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(readFrontmatter('post', source).data).map(([name, value]) => [name, value instanceof Date ? value.toJSON() : value]));
const bodyOf = (source: string): string => readFrontmatter('post', source).content;

/** A file's MarkdownRemark as an earlier run left it: `fields` undefined when onCreateNode never reached it. */
const markdownOf = (file: Record<string, unknown>, fields?: Record<string, unknown>, source = POST) => markdownNodeOf(file, frontmatterOf(source), bodyOf(source), fields);

const RESERVED = ['search.md', 'page.md', 'admin.md', 'rss.xml.md'];
/** What a fresh read says of content/<relativePath>: the path's refusal. */
const freshRefusal = (relativePath: string): string => {
  const parsed = parseContentPath(relativePath);
  if (!('error' in parsed)) throw new Error(`${relativePath} is a good name`);
  return parsed.error;
};

describe('nodes a failed build made but never handed to onCreateNode (no fields)', () => {
  it.each(RESERVED)('blog/en/%s: refused, naming the file and what the name is, as on a fresh read', (name) => {
    const file = fileNode(`blog/en/${name}`);
    const { errors, unfiled } = checkNodes([file], [markdownOf(file)]);
    expect(errors).toEqual([freshRefusal(`blog/en/${name}`)]);
    expect(errors[0]).toMatch(new RegExp(`^content/blog/en/${name.replace(/\./g, '\\.')}: the file name is the page's address`));
    expect(unfiled).toEqual([]);
  });

  it('all four at once, beside a good post: each refused, in the files’ order, none left out', () => {
    const files = RESERVED.map((name) => fileNode(`blog/en/${name}`));
    const good = fileNode('blog/en/shelf-labels.md');
    const { errors } = checkNodes(
      [...files, good],
      [...files, good].map((file) => markdownOf(file)),
    );
    expect(errors).toEqual(['admin.md', 'page.md', 'rss.xml.md', 'search.md'].map((name) => freshRefusal(`blog/en/${name}`)));
  });

  it('a good post: taken, and given the fields its file gives, so it makes its page', () => {
    const file = fileNode('blog/bg/etiketi-na-rafta.md');
    const node = markdownOf(file);
    const { errors, files, unfiled } = checkNodes([file], [node]);
    expect(errors).toEqual([]);
    expect(files).toEqual([{ path: 'content/blog/bg/etiketi-na-rafta.md', section: 'blog', language: 'bg', name: 'etiketi-na-rafta' }]);
    expect(unfiled).toEqual([{ node, fields: { section: 'blog', language: 'bg', name: 'etiketi-na-rafta', published: true, readingMinutes: readingMinutes(bodyOf(POST)) } }]);
  });
});

describe('files a failed build never read (a File node without its MarkdownRemark)', () => {
  it('a good post: refused, naming the file and how to read it again, rather than left out', () => {
    const file = fileNode('blog/en/shelf-labels.md');
    expect(checkNodes([file], []).errors).toEqual([
      'content/blog/en/shelf-labels.md: an earlier build stopped before Gatsby read this file, and Gatsby keeps what it had read in .cache/, so this build would leave it out: run `npm run clean`, then build again',
    ]);
  });

  it.each(RESERVED)('blog/en/%s: its name refused too', (name) => {
    const { errors } = checkNodes([fileNode(`blog/en/${name}`)], []);
    expect(errors[0]).toBe(freshRefusal(`blog/en/${name}`));
    expect(errors).toHaveLength(2);
  });

  it('frontmatter that is not YAML: refused, naming the file', () => {
    const { errors } = checkNodes([fileNode('blog/en/shelf-labels.md', POST.replace(/^---\n/, '---js\n'))], []);
    expect(errors[0]).toMatch(/^content\/blog\/en\/shelf-labels\.md: its frontmatter opens with "---js"/);
  });

  it('other files of content/ that are not markdown are not pages: passed over', () => {
    const notes = { ...fileNode('blog/en/notes.txt', 'notes'), internal: { type: 'File', mediaType: 'text/plain' } };
    const locale = { ...fileNode('en/common.md'), sourceInstanceName: 'locale' };
    expect(checkNodes([notes, locale], []).errors).toEqual([]);
  });
});

describe('nodes a passed build made under other rules, or gatsby develop made', () => {
  it('blog/en/admin.md, filed as a post by a build whose rules took the name: refused now', () => {
    const file = fileNode('blog/en/admin.md');
    const filed = { section: 'blog', language: 'en', name: 'admin', published: true, readingMinutes: readingMinutes(bodyOf(POST)) };
    expect(checkNodes([file], [markdownOf(file, filed)]).errors).toEqual([freshRefusal('blog/en/admin.md')]);
  });

  it('a post whose file now breaks the schema (a date off the calendar): refused, naming the file and the field', () => {
    const source = POST.replace(/^date: .*$/m, 'date: 2026-02-30');
    const file = fileNode('blog/en/shelf-labels.md', source);
    const filed = { section: 'blog', language: 'en', name: 'shelf-labels', published: true, readingMinutes: readingMinutes(bodyOf(source)) };
    expect(checkNodes([file], [markdownOf(file, filed, source)]).errors).toEqual([
      'content/blog/en/shelf-labels.md: frontmatter field "date" must be a date (YYYY-MM-DD), got "2026-02-30", a day the calendar does not have',
    ]);
  });

  it('a draft that gatsby develop marked published: a build marks it unpublished', () => {
    const command = process.env.gatsby_executing_command;
    process.env.gatsby_executing_command = 'build';
    try {
      const source = POST.replace(/^---\n/, '---\ndraft: true\n');
      const file = fileNode('blog/en/shelf-labels.md', source);
      const node = markdownOf(file, { section: 'blog', language: 'en', name: 'shelf-labels', published: true, readingMinutes: readingMinutes(bodyOf(source)) }, source);
      expect(checkNodes([file], [node]).unfiled).toEqual([{ node, fields: { published: false } }]);
    } finally {
      process.env.gatsby_executing_command = command;
    }
  });
});

describe('the real content, as a build that finished leaves it', () => {
  /** Every markdown file of content/, relative to it. */
  const files = fs
    .readdirSync(path.join(ROOT, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(md|markdown)$/.test(file))
    .map((file) => file.split(path.sep).join('/'));

  it('is taken whole, every node already filed as its file gives', () => {
    const command = process.env.gatsby_executing_command;
    process.env.gatsby_executing_command = 'build';
    try {
      const sources = files.map((relativePath) => ({
        id: `file ${relativePath}`,
        children: [],
        sourceInstanceName: 'content',
        relativePath,
        absolutePath: path.join(ROOT, 'content', relativePath),
        internal: { type: 'File', mediaType: 'text/markdown' },
      }));
      const first = checkNodes(
        sources,
        sources.map((file) => markdownOf(file, undefined, fs.readFileSync(file.absolutePath, 'utf8'))),
      );
      expect(first.errors).toEqual([]);
      expect(first.files).toHaveLength(files.length);
      // Filed as the pass says, a second pass has nothing to set.
      const filed = first.unfiled.map(({ node, fields }) => ({ ...node, fields }));
      expect(checkNodes(sources, filed)).toEqual({ errors: [], files: first.files, unfiled: [] });
    } finally {
      process.env.gatsby_executing_command = command;
    }
  });
});

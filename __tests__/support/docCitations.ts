/**
 * What the project's markdown documents point at, and whether it is there:
 * relative links (a file, and a heading of it for an `#anchor`, slugged as
 * GitHub does) and repository paths written out (`features/hosting/rules.ts`,
 * `content/blog/<lang>/<slug>.md`). Used by __tests__/docs.test.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { BUILD_FOLDERS } from '../../system/paths.js';

/**
 * Folders of the repository a document may cite, whether or not they exist
 * today (a deleted folder must not make its citations invisible). Not the
 * old `cms/`: the CMS's own branches are named `cms/…`.
 */
const PROJECT_FOLDERS = [
  '.ci',
  '__mocks__',
  '__tests__',
  'bench',
  'content',
  'deploy',
  'docs',
  'checks',
  'e2e',
  'e2e-publish',
  'features',
  'gatsby',
  'hosting',
  'locales',
  'node',
  'plugins',
  'sandbox',
  'scripts',
  'src',
  'static',
  'system',
];

/** What builds and installs make at the root: cited in the docs, never in the repository. */
const GENERATED = new Set([...BUILD_FOLDERS, '.git', 'node_modules', 'playwright-report', 'test-results']);

export interface CitationOptions {
  /** The repository. */
  root: string;
  /** Paths the docs name that only a tool makes (the CMS's upload folder), relative to the root. */
  madeByTools?: readonly string[];
}

/** The text without fenced code blocks, each line kept (blank) so line numbers still count. */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fence === null && opening) {
        fence = opening[1];
        return '';
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** The text without inline code spans (a `[x](y)` in code is an example, not a link). */
const withoutCodeSpans = (text: string): string => text.replace(/(`+)[^`]*?\1/g, '');

/** The anchors GitHub gives a document's headings ('Publish on a git server' -> 'publish-on-a-git-server'). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    anchors.add(slugger.slug(text));
  }
  return anchors;
}

/** The headings of a document as written, for citations by title ("Publish from CI"). */
export function headingTitles(markdown: string): string[] {
  return withoutFences(markdown)
    .split('\n')
    .map((line) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1])
    .filter((title): title is string => title !== undefined)
    .map((title) => title.replace(/`/g, ''));
}

/** The relative link targets of a document, outside code: 'docs/deploy.md#nginx', '#pages', '../SECURITY.md'. */
export function relativeLinks(markdown: string): string[] {
  const prose = withoutCodeSpans(withoutFences(markdown));
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Repository paths written anywhere in a document (code included): those starting with a folder of the project. */
export function citedPaths(markdown: string, root: string): string[] {
  const atRoot = existsSync(root) ? readdirSync(root).filter((name) => !GENERATED.has(name) && statSync(path.join(root, name)).isDirectory()) : [];
  const folders = [...new Set([...PROJECT_FOLDERS, ...atRoot])].map((name) => name.replace(/[.]/g, '\\.'));
  // Not after a letter, a dot, a slash or a hyphen: '/docs/' is a site path, 'example.com/docs/' a URL, '../docs' a link.
  const pattern = new RegExp(`(?<![\\w./<>*-])((?:${folders.join('|')})/[\\w./<>*…-]*)`, 'g');
  return [...new Set([...markdown.matchAll(pattern)].map((match) => match[1].replace(/[.…]+$/, '')))];
}

/** Whether `cited` (with `<placeholder>`, `*` or `…` standing for any part of a name) names something under `root`. */
export function pathExists(root: string, cited: string): boolean {
  const wantsFolder = cited.endsWith('/');
  const segments = cited.split('/').filter(Boolean);
  let candidates = [root];
  for (const segment of segments) {
    if (!/[<>*…]/.test(segment)) {
      candidates = candidates.map((dir) => path.join(dir, segment)).filter((file) => existsSync(file));
      continue;
    }
    const parts = segment.split(/(<[^>]*>|\*|…)/).filter(Boolean);
    const matcher = new RegExp(`^${parts.map((part) => (/^(<[^>]*>|\*|…)$/.test(part) ? '.+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
    candidates = candidates.flatMap((dir) =>
      statSync(dir).isDirectory()
        ? readdirSync(dir)
            .filter((name) => matcher.test(name))
            .map((name) => path.join(dir, name))
        : [],
    );
  }
  return candidates.some((file) => !wantsFolder || statSync(file).isDirectory());
}

/** Everything in the document at `file` (relative to the root) that points at nothing, one line each. */
export function documentProblems(file: string, options: CitationOptions): string[] {
  const { root, madeByTools = [] } = options;
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const problems: string[] = [];

  for (const link of relativeLinks(markdown)) {
    const [target, anchor] = link.split('#', 2) as [string, string | undefined];
    const relative = target === '' ? file : path.relative(root, path.resolve(root, path.dirname(file), decodeURI(target)));
    if (relative.startsWith('..')) {
      problems.push(`${file} links to ${link}, outside the repository`);
      continue;
    }
    if (!existsSync(path.join(root, relative))) {
      problems.push(`${file} links to ${link}: ${relative} does not exist`);
      continue;
    }
    if (anchor !== undefined && relative.endsWith('.md') && !headingAnchors(readFileSync(path.join(root, relative), 'utf8')).has(anchor)) {
      problems.push(`${file} links to ${link}: ${relative} has no heading whose anchor is #${anchor}`);
    }
  }

  for (const cited of citedPaths(markdown, root)) {
    if (madeByTools.includes(cited)) continue;
    if (!pathExists(root, cited)) problems.push(`${file} cites ${cited}, which does not exist`);
  }
  return problems;
}

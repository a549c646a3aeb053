/**
 * Shared by the hostile-fixture tests (__tests__/hostile/): reading a
 * fixture, writing it where content would be, and telling inert HTML (every
 * payload only as escaped text) from HTML that carries it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFragment } from 'parse5';
import { BUILD_RECORD_PATH, buildRecord } from '../../features/hosting/buildRecord';
import { SITE_PLUGINS, transformMarkdown, writeContentFile, type PluginEntry, type TransformOptions } from './transformRemark';

export const HOSTILE = path.join(__dirname, '..', 'fixtures', 'hostile');

/** The text of __tests__/fixtures/hostile/<className>/<name>. */
export const fixture = (className: string, name: string): string => fs.readFileSync(path.join(HOSTILE, className, name), 'utf8');

/** The lines of a fixture list (__tests__/fixtures/hostile/<className>/<name>), one entry a line, without blank lines and # comments. */
export const fixtureLines = (className: string, name: string): string[] =>
  fixture(className, name)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** The JSON of a production build's record (public/_build.json), for a public/ the tests write by hand. */
export const BUILD_RECORD_JSON = JSON.stringify(
  buildRecord(
    { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
    null,
    {
      file: '/runtime-0123456789abcdef0123.js',
      scripts: [],
    },
    null,
  ),
);
export { BUILD_RECORD_PATH };

/** A fresh scratch directory, removed by the caller. */
export const scratch = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `hostile-${prefix}-`));

/**
 * Renders `source` as content/<relativePath> in `dir` through the site's
 * remark plugins and the markup boundary; resolves to the page's HTML or
 * the build's error.
 */
export async function renderContent(
  dir: string,
  relativePath: string,
  source: string,
  options: TransformOptions & { plugins?: PluginEntry[] } = {},
): Promise<{ html?: string; error?: string }> {
  const file = writeContentFile(dir, relativePath, source);
  const language = relativePath.split('/')[1];
  try {
    const html = await (await transformMarkdown(file, source, options.plugins ?? SITE_PLUGINS, { language }, options)).html();
    return { html };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The elements an HTML string opens, by name. */
export const openedElements = (html: string): string[] => [...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((match) => match[1].toLowerCase());

interface TextTree {
  value?: string;
  childNodes?: TextTree[];
}
const textOfNode = (node: TextTree): string => node.value ?? (node.childNodes ?? []).map(textOfNode).join('');

/** What a reader sees: the text of the HTML as a browser parses it. */
export const textOf = (html: string): string => textOfNode(parseFragment(html) as unknown as TextTree);

/**
 * `npx tsx scripts/recordDiagrams.ts` runs this: re-records the diagrams the markup
 * allowlist is collected from. Each `<name>.mmd` in
 * __tests__/fixtures/markup/diagrams/ is drawn by the site's diagram plugin
 * (features/markdown/remark-mermaid, in real Chromium, with no cache of any
 * kind) and what the plugin puts in the page is written to `<name>.html`
 * beside it; a recording whose source is gone is removed.
 *
 * Run it after a mermaid upgrade or a change to how diagrams are drawn, then
 * `npx jest __tests__/markdown/boundaryAllowlist.test.ts`: it names what the list
 * (features/markdown/boundary/allowlist.ts) now lacks or no longer needs.
 * __tests__/markdown/mermaidRecordings.test.ts fails until the recordings
 * match what the plugin draws. A diagram kind or feature the site starts to
 * use goes in as another `.mmd`.
 *
 * The recordings are not checked by the markup boundary here: that is the
 * allowlist test's job, and a recording the list refuses is what tells you
 * what to add.
 */
import fs from 'node:fs';
import path from 'node:path';
import remarkMermaid, { closeRenderer } from './index';
import { PROJECT_DIR } from '../../../system/paths.js';

export const RECORDED_DIAGRAMS = path.join(PROJECT_DIR, '__tests__', 'fixtures', 'markup', 'diagrams');

export interface DiagramSource {
  /** The file name without `.mmd`. */
  name: string;
  /** The diagram as it would stand in a ```mermaid block (the file's text, trailing newlines removed). */
  code: string;
}

/** Every diagram source, by name. */
export function diagramSources(folder = RECORDED_DIAGRAMS): DiagramSource[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.mmd'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.mmd'.length), code: fs.readFileSync(path.join(folder, file), 'utf8').replace(/\n+$/, '') }));
}

interface CodeNode {
  type: string;
  lang?: string;
  value: string;
}

/**
 * What the plugin puts in a page for the diagram: its <figure> and SVG,
 * drawn now (no Gatsby cache is passed, and the disk cache is off).
 * Rejects with the plugin's own message when the diagram is refused or no
 * browser is found.
 */
export async function drawAsThePageHasIt(code: string): Promise<string> {
  const node: CodeNode = { type: 'code', lang: 'mermaid', value: code };
  await remarkMermaid({ markdownAST: { type: 'root', children: [node] } }, { cacheDirectory: false, withoutChromium: 'fail' });
  if (node.type !== 'html') throw new Error('the diagram plugin left the diagram undrawn');
  return node.value;
}

export async function main(): Promise<number> {
  const sources = diagramSources();
  try {
    for (const { name, code } of sources) {
      const html = await drawAsThePageHasIt(code);
      fs.writeFileSync(path.join(RECORDED_DIAGRAMS, `${name}.html`), `${html}\n`);
      console.log(`recorded ${name}.html (${html.length.toLocaleString('en')} characters)`);
    }
  } finally {
    await closeRenderer();
  }
  const names = new Set(sources.map(({ name }) => name));
  for (const file of fs.readdirSync(RECORDED_DIAGRAMS).filter((f) => f.endsWith('.html') && !names.has(f.slice(0, -'.html'.length)))) {
    fs.rmSync(path.join(RECORDED_DIAGRAMS, file));
    console.log(`removed ${file}: its .mmd is gone`);
  }
  return 0;
}

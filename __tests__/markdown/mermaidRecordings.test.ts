/**
 * @jest-environment node
 *
 * The recorded diagrams (__tests__/fixtures/markup/diagrams/) are what the
 * markup allowlist is collected from, so they must be what the diagram
 * plugin draws today: each source is drawn again, in Chromium, with no
 * cache, and the drawing must pass the markup boundary and use the same
 * vocabulary (elements, attributes, classes, CSS) as its recording.
 * Coordinates and text widths depend on the machine's fonts and are not
 * compared. When this fails after a mermaid upgrade or a change to how
 * diagrams are drawn, run `npx tsx features/markdown/remark-mermaid/recordings.node.ts`, then the
 * allowlist test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeRenderer } from '../../features/markdown/remark-mermaid';
import { findChromium } from '../../system/chromium.js';
import { RECORDED_DIAGRAMS, diagramSources, drawAsThePageHasIt } from '../../features/markdown/remark-mermaid/recordings.node';
import { markupProblems } from '../../features/markdown/markupBoundary';
import { collectVocabulary, type Vocabulary } from '../support/markupVocabulary';

// Chromium starts in a second or two, slower on a busy machine.
jest.setTimeout(60000);

/** Named in each comparison, so a failure says how to bring a recording up to date. */
const RERECORD = 'recorded by `npx tsx features/markdown/remark-mermaid/recordings.node.ts`';

/** The names a piece of HTML uses, as the allowlist test reads them; a gantt label's measured width as width-*. */
function names(html: string): Record<string, unknown> {
  const used: Vocabulary = collectVocabulary(html);
  const lists = (map: Map<string, Set<string>>) =>
    Object.fromEntries([...map.keys()].sort().map((key) => [key, [...(map.get(key) ?? [])].map((name) => name.replace(/^width-\d+(\.\d+)?$/, 'width-*')).sort()]));
  return {
    attributes: lists(used.attributes),
    classes: lists(used.classes),
    styleProperties: lists(used.styleProperties),
    sheetProperties: [...used.sheetProperties].sort(),
    cssFunctions: [...used.cssFunctions].sort(),
    atRules: [...used.atRules].sort(),
    keyframes: [...used.keyframes].sort(),
  };
}

beforeAll(() => {
  if (!findChromium()) throw new Error('These tests draw diagrams in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
});

afterAll(() => closeRenderer());

describe('the recorded diagrams', () => {
  it('are each recorded, from a source of their own', () => {
    const sources = diagramSources().map(({ name }) => `${name}.html`);
    expect(sources.length).toBeGreaterThan(0);
    expect(
      fs
        .readdirSync(RECORDED_DIAGRAMS)
        .filter((file) => file.endsWith('.html'))
        .sort(),
    ).toEqual(sources);
  });

  it.each(diagramSources().map(({ name, code }) => [name, code]))('%s: drawn today, passes the boundary and uses what its recording uses', async (name, code) => {
    const drawn = await drawAsThePageHasIt(code);
    expect(markupProblems(drawn)).toEqual([]);
    const recorded = fs.readFileSync(path.join(RECORDED_DIAGRAMS, `${name}.html`), 'utf8');
    const svgId = (html: string) => /<svg id="([^"]+)"/.exec(html)?.[1];
    // The id hashes the source and mermaid's settings, whatever the machine: the recording is of this source, drawn so.
    expect({ [`${name}.html, ${RERECORD}`]: { id: svgId(drawn), ...names(drawn) } }).toEqual({ [`${name}.html, ${RERECORD}`]: { id: svgId(recorded), ...names(recorded) } });
  });
});

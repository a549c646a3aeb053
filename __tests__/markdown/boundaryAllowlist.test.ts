/** @jest-environment node */
/**
 * Holds features/markdown/boundary/allowlist.ts to what the site emits: every content
 * file through the site's remark plugins, the feature fixture (every
 * markdown feature, code in common languages, KaTeX constructs) and the
 * recorded diagrams (the site's own and what editors reasonably write:
 * __tests__/fixtures/markup/diagrams/, recorded by features/markdown/remark-mermaid/recordings.node.ts)
 * pass the boundary, and between them they use every name on the lists and
 * nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ATTRIBUTE_VALUES,
  ALLOWED_CLASSES,
  ALLOWED_CSS_FUNCTIONS,
  ALLOWED_DIAGRAM_SVG_PROPERTIES,
  ALLOWED_KEYFRAMES,
  ALLOWED_SHEET_KEYWORDS,
  ALLOWED_SHEET_PROPERTIES,
  ALLOWED_STYLE_KEYWORDS,
  ALLOWED_STYLE_PROPERTIES,
  ALLOWED_URL_SCHEMES,
  CSS_VALUED_ATTRIBUTES,
} from '../../features/markdown/boundary/allowlist';
import { markupProblems } from '../../features/markdown/markupBoundary';
import { RECORDED_DIAGRAMS, diagramSources } from '../../features/markdown/remark-mermaid/recordings.node';
import { collectVocabulary, emptyVocabulary, type Vocabulary } from '../support/markupVocabulary';
import { SITE_PLUGINS, transformMarkdown } from '../support/transformRemark';

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, '__tests__', 'fixtures', 'markup');

// Diagrams come from their recordings (drawn by the plugin in Chromium): here they stay source, needing no browser.
const PLUGINS = SITE_PLUGINS.map((plugin) =>
  typeof plugin === 'object' && plugin.resolve === 'stockpay-remark-mermaid' ? { ...plugin, options: { withoutChromium: 'source' } } : plugin,
);

const markdownFiles = (folder: string): string[] =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? markdownFiles(full) : entry.name.endsWith('.md') ? [full] : [];
  });

const sorted = (values: Iterable<string>): string[] => [...values].sort();
const asObject = (map: Map<string, Set<string>>): Record<string, string[]> => Object.fromEntries(sorted(map.keys()).map((key) => [key, sorted(map.get(key) ?? [])]));
const listed = (lists: Readonly<Record<string, readonly string[]>>): Record<string, string[]> =>
  Object.fromEntries(sorted(Object.keys(lists)).map((key) => [key, sorted(lists[key])]));

const recording = (name: string): string => fs.readFileSync(path.join(RECORDED_DIAGRAMS, `${name}.html`), 'utf8');

let used: Vocabulary;
const chromePath = process.env.CHROME_PATH;

beforeAll(async () => {
  process.env.CHROME_PATH = '/nonexistent/chromium';
  used = emptyVocabulary();
  const sources = [...markdownFiles(path.join(ROOT, 'content')), path.join(FIXTURES, 'features.md')];
  for (const [index, file] of sources.entries()) {
    const parent = { id: `allowlist-${index}`, internal: { type: 'File', mediaType: 'text/markdown' }, absolutePath: file };
    // The boundary runs in transformMarkdown: a file that needed more than the lists would fail here.
    const html = await (await transformMarkdown(parent, fs.readFileSync(file, 'utf8'), PLUGINS, { language: 'en' })).html();
    collectVocabulary(html, used);
  }
  // Collected before they are checked (below), so a recording the lists refuse still shows what they lack.
  for (const { name } of diagramSources()) collectVocabulary(recording(name), used);
}, 60_000);

afterAll(() => {
  process.env.CHROME_PATH = chromePath;
});

describe('the markup allowlist', () => {
  it.each(diagramSources().map(({ name }) => name))('lets the recorded diagram %s through', (name) => {
    expect(markupProblems(recording(name))).toEqual([]);
  });

  it('lists exactly the elements and attributes the site emits', () => {
    const attributes = new Map([...used.attributes].map(([element, names]) => [element, new Set([...names].filter((name) => name !== 'class'))]));
    expect(listed(ALLOWED_ATTRIBUTES)).toEqual(asObject(attributes));
  });

  it("lists exactly the classes the site emits, a code block's language class as language-*, a gantt label's width as width-*, a diagram's classDef names aside", () => {
    // An editor's classDef names are the diagram's own (the boundary accepts them on its <g>s when its <style> defines them).
    const defined = new Set(diagramSources().flatMap(({ code }) => [...code.matchAll(/^\s*classDef\s+([\w,-]+)/gm)].flatMap((match) => match[1].split(','))));
    expect(defined.size).toBeGreaterThan(0);
    const classes = new Map(
      [...used.classes].map(([element, names]) => [
        element,
        new Set(
          [...names]
            .filter((name) => !(element === 'g' && defined.has(name)))
            .map((name) => (/^(pre|code)$/.test(element) ? name.replace(/^language-.*/, 'language-*') : name))
            .map((name) => (element === 'text' ? name.replace(/^width-\d+(\.\d+)?$/, 'width-*') : name)),
        ),
      ]),
    );
    expect(listed(ALLOWED_CLASSES)).toEqual(asObject(classes));
  });

  it('holds the attributes with fixed values to the values the site writes', () => {
    for (const [element, attributes] of Object.entries(ALLOWED_ATTRIBUTE_VALUES)) {
      for (const [attribute, values] of Object.entries(attributes)) {
        const written = sorted(used.values.get(`${element} ${attribute}`) ?? []);
        const tokens = attribute === 'rel' ? sorted(new Set(written.flatMap((value) => value.split(' ')))) : written;
        expect({ [`${element} ${attribute}`]: tokens }).toEqual({ [`${element} ${attribute}`]: sorted(values) });
      }
    }
  });

  it('allows for links and images exactly the URL schemes the site writes', () => {
    const schemes = (element: string, attribute: string) =>
      sorted(new Set([...(used.values.get(`${element} ${attribute}`) ?? [])].flatMap((url) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase() ?? [])));
    expect({ a: schemes('a', 'href'), img: schemes('img', 'src') }).toEqual(listed(ALLOWED_URL_SCHEMES));
  });

  it("lists exactly the style properties each element sets, and the CSS of diagrams' style sheets", () => {
    expect(listed(ALLOWED_STYLE_PROPERTIES)).toEqual(asObject(used.styleProperties));
    expect(sorted(ALLOWED_SHEET_PROPERTIES)).toEqual(sorted(used.sheetProperties));
    expect(sorted(ALLOWED_DIAGRAM_SVG_PROPERTIES)).toEqual(sorted(used.diagramSvgProperties));
    expect(sorted(ALLOWED_CSS_FUNCTIONS)).toEqual(sorted(used.cssFunctions));
    expect(sorted(ALLOWED_KEYFRAMES)).toEqual(sorted(used.keyframes));
    expect(sorted(used.atRules)).toEqual(['keyframes']);
  });

  it('holds the keyword-valued properties to the keywords the site writes', () => {
    for (const [keywords, values] of [
      [ALLOWED_STYLE_KEYWORDS, used.styleValues],
      [ALLOWED_SHEET_KEYWORDS, used.sheetValues],
    ] as const) {
      for (const [property, allowed] of Object.entries(keywords)) expect({ [property]: sorted(values.get(property) ?? []) }).toEqual({ [property]: sorted(allowed) });
    }
  });

  it('names as CSS-valued only attributes the site writes', () => {
    const written = new Set([...used.attributes.values()].flatMap((names) => [...names]));
    expect(CSS_VALUED_ATTRIBUTES.filter((name) => !written.has(name))).toEqual([]);
  });
});

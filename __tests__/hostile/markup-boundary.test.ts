/** @jest-environment node */
/**
 * HTML that gets past the markdown check (__tests__/fixtures/hostile/
 * markup-boundary/): a crafted diagram, as a mermaid bug or a poisoned
 * cache would draw it, and a remark plugin gone wrong. The site's remark
 * pipeline runs as it does in a build; the markup boundary refuses the
 * page, naming the file and quoting what it refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { drawingKey } from '../../features/markdown/remark-mermaid/cacheKey.node';
import { RECORDED_DIAGRAMS } from '../../features/markdown/remark-mermaid/recordings.node';
import { SITE_PLUGINS, type PluginEntry } from '../support/transformRemark';
import { HOSTILE, fixture, renderContent, scratch } from '../support/hostile';

const CLASS = 'markup-boundary';
const REFUSED = 'content/blog/en/diagram.md: the HTML this markdown became is refused by the markup boundary:\n';
const ALLOWLIST = 'markup outside the allowlist (features/markdown/boundary/allowlist.ts)';
const DIFFERENTIAL = 'HTML that browsers read differently from the check';

/**
 * The site's plugins, the diagram plugin with no disk cache (it could answer
 * before the crafted drawing, or keep it for later builds) and failing
 * rather than showing source when it finds no drawing.
 */
const PLUGINS: PluginEntry[] = SITE_PLUGINS.map((entry) =>
  typeof entry === 'object' && entry.resolve === 'stockpay-remark-mermaid' ? { ...entry, options: { ...entry.options, cacheDirectory: false, withoutChromium: 'fail' } } : entry,
);

const page = fixture(CLASS, 'diagram.md');
/** The diagram's source, as the plugin reads the ```mermaid block. */
const code = /```mermaid\n([\s\S]*?)\n```/.exec(page)?.[1] ?? '';

let dir: string;
const chromePath = process.env.CHROME_PATH;
beforeAll(() => {
  dir = scratch(CLASS);
  // No browser: a drawing can only come from the cache below, and nothing real is drawn.
  process.env.CHROME_PATH = '/nonexistent/chromium';
});
afterAll(() => {
  process.env.CHROME_PATH = chromePath;
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The diagram page, with mermaid finding `svg` in Gatsby's cache as the
 * drawing of its diagram: the cache answers the key the plugin computes for
 * that diagram (cacheKey.js, with no browser), and the plugin asks for no
 * other drawing.
 */
async function renderWithDrawing(svg: string): Promise<{ html?: string; error?: string }> {
  const key = drawingKey(code, null);
  const asked: string[] = [];
  const cache = {
    get: async (wanted: string) => {
      asked.push(wanted);
      return wanted === key ? svg : undefined;
    },
    set: async () => undefined,
  };
  const rendered = await renderContent(dir, 'blog/en/diagram.md', page, { cache, plugins: PLUGINS });
  // gatsby-transformer-remark keeps its own work in the same cache, under its own names.
  expect(asked.filter((wanted) => !wanted.startsWith('transformer-remark-'))).toEqual([key]);
  return rendered;
}

async function renderDiagram(svgFixture: string): Promise<string | undefined> {
  const { html, error } = await renderWithDrawing(fixture(CLASS, svgFixture).trim());
  expect(html).toBeUndefined();
  return error;
}

describe('the markup boundary refuses a crafted diagram', () => {
  it.each([
    ['svg-style-breakout.svg', `${DIFFERENTIAL}: element 5 is "<g class=\\"root\\">" to the check and "<img src=\\"x\\" onerror=\\"alert(1)\\">" to a browser`],
    ['svg-title-breakout.svg', `${DIFFERENTIAL}: element 5 is "<g class=\\"root\\">" to the check and "<img src=\\"x\\" onerror=\\"alert(1)\\">" to a browser`],
    ['svg-style-import.svg', 'the CSS "@import url(//evil.example/leak.css)": a diagram\'s style holds only rules scoped to it and the @keyframes dash, edge-animation-frame'],
    ['svg-style-url.svg', 'the CSS "fill:URL( \\"https://evil.example/track.png\\" )": url(https://evil.example/track.png): only url(#id), a reference inside the page'],
    ['svg-style-global.svg', 'the selector "#diagram-0badc0ffee05~*" is not scoped to its diagram (#diagram-0badc0ffee05)\n  - the selector "body" is not scoped'],
    ['svg-style-escape.svg', 'a <style> with "<" or "\\" in it'],
    // Diagrams draw their labels as SVG text, so HTML inside a drawing is refused from its <foreignObject> on.
    ['svg-foreignobject-html.svg', `${ALLOWLIST}: found "<foreignobject width=\\"10\\" height=\\"10\\">", the allowlist keeps "<div>"`],
    [
      'svg-event-handler.svg',
      `${ALLOWLIST}: found "<svg id=\\"diagram-0badc0ffee08\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\" onload=\\"alert(1)\\">", the allowlist keeps "<svg id=\\"diagram-0badc0ffee08\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\">"`,
    ],
    ['svg-link.svg', `${ALLOWLIST}: found "<a xlink:href=\\"javascript:alert(1)\\">", the allowlist keeps "<a>"`],
    ['svg-presentation-url.svg', 'fill="url(https://evil.example/p.svg#g)" on <rect>: url(https://evil.example/p.svg#g): only url(#id), a reference inside the page'],
    [
      'svg-comment.svg',
      `a markup declaration (comment, CDATA, doctype) "<!-- note --!>"\n  - ${DIFFERENTIAL}: element 5 is "(none)" to the check and "<image href=\\"https://evil.example/i.png\\">" to a browser`,
    ],
    ['svg-closes-page.svg', 'elements that do not close where they open'],
    // A drawing that stops clipping itself could scale a shape over the whole page.
    ['svg-style-overlay.svg', 'the CSS "OVERFLOW:Visible" for the diagram\'s own <svg> (#diagram-0badc0ffee0e): there a style may set only fill, font-family, font-size'],
    [
      'svg-class-spoof.svg',
      `${ALLOWLIST}: found "<svg id=\\"diagram-0badc0ffee0d\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\" class=\\"flowchart site-modal\\">"`,
    ],
  ])('%s, naming the file and quoting what it refused', async (svgFixture, problem) => {
    const error = await renderDiagram(svgFixture);
    expect(error?.startsWith(REFUSED)).toBe(true);
    expect(error).toContain(`  - ${problem}`);
  });

  it("lets the site's own diagrams through, byte for byte", async () => {
    const figure = fs.readFileSync(path.join(RECORDED_DIAGRAMS, 'flowchart-docs.html'), 'utf8').trim();
    const { html, error } = await renderWithDrawing(figure.replace(/^<figure class="diagram">|<\/figure>$/g, ''));
    expect(error).toBeUndefined();
    expect(html).toContain(figure);
  });
});

describe('the markup boundary refuses what a remark plugin slips in', () => {
  it('refuses an entity-spelled javascript: link and a style that lifts an element over the page', async () => {
    const plugins = [...SITE_PLUGINS, path.join(HOSTILE, CLASS, 'plugin')];
    const { html, error } = await renderContent(dir, 'blog/en/plugin.md', '---\ntitle: Pay\n---\n\nPay now.\n', { plugins });
    expect(html).toBeUndefined();
    expect(error).toBe(
      'content/blog/en/plugin.md: the HTML this markdown became is refused by the markup boundary:\n' +
        `  - ${ALLOWLIST}: found "<a href=\\"javascript:alert(1)\\" target=\\"_blank\\" rel=\\"noopener noreferrer\\">", the allowlist keeps "<a target=\\"_blank\\" rel=\\"noopener noreferrer\\">"\n` +
        '  - style "position:fixed" on <span>: position may only be relative here\n' +
        '  - style "inset:0" on <span>: <span> may set only background-color, border-bottom-width, border-color, border-right-style, border-right-width, border-style, border-top-width, border-width, bottom, color, height, left, margin, margin-left, margin-right, min-width, padding-left, position, top, vertical-align, width (features/markdown/boundary/allowlist.ts)',
    );
  });
});

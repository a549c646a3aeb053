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
import { SITE_PLUGINS } from '../support/transformRemark';
import { HOSTILE, fixture, renderContent, scratch } from '../support/hostile';

const CLASS = 'markup-boundary';
const REFUSED = 'content/blog/en/diagram.md: the HTML this markdown became is refused by the markup boundary:\n';
const ALLOWLIST = 'markup outside the allowlist (src/lib/markupAllowlist.ts)';
const DIFFERENTIAL = 'HTML that browsers read differently from the check';

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The diagram page, with mermaid finding `svg` in Gatsby's cache as the drawing of its diagram (no browser runs). */
async function renderDiagram(svgFixture: string): Promise<string | undefined> {
  const svg = fixture(CLASS, svgFixture).trim();
  const cache = { get: async (key: string) => (key.startsWith('diagram-') ? svg : undefined), set: async () => undefined };
  const { html, error } = await renderContent(dir, 'blog/en/diagram.md', fixture(CLASS, 'diagram.md'), { cache });
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
    ['svg-foreignobject-html.svg', `${ALLOWLIST}: found "<img src=\\"x\\" onerror=\\"alert(1)\\" />", the allowlist keeps "<img src=\\"x\\" />"`],
    ['svg-event-handler.svg', `${ALLOWLIST}: found "<svg id=\\"diagram-0badc0ffee08\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\" onload=\\"alert(1)\\">", the allowlist keeps "<svg id=\\"diagram-0badc0ffee08\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\">"`],
    ['svg-link.svg', `${ALLOWLIST}: found "<a xlink:href=\\"javascript:alert(1)\\">", the allowlist keeps "<a>"`],
    ['svg-presentation-url.svg', 'fill="url(https://evil.example/p.svg#g)" on <rect>: url(https://evil.example/p.svg#g): only url(#id), a reference inside the page'],
    ['svg-comment.svg', `a markup declaration (comment, CDATA, doctype) "<!-- note --!>"\n  - ${DIFFERENTIAL}: element 5 is "(none)" to the check and "<image href=\\"https://evil.example/i.png\\">" to a browser`],
    ['svg-closes-page.svg', 'elements that do not close where they open'],
    ['svg-class-spoof.svg', `${ALLOWLIST}: found "<svg id=\\"diagram-0badc0ffee0d\\" xmlns=\\"http://www.w3.org/2000/svg\\" viewbox=\\"0 0 10 10\\" class=\\"flowchart site-modal\\">"`],
  ])('%s, naming the file and quoting what it refused', async (svgFixture, problem) => {
    const error = await renderDiagram(svgFixture);
    expect(error?.startsWith(REFUSED)).toBe(true);
    expect(error).toContain(`  - ${problem}`);
  });

  it('lets the site\'s own diagrams through, byte for byte', async () => {
    const svg = fs.readFileSync(path.join(HOSTILE, '..', 'markup', 'diagram-flowchart-docs.html'), 'utf8').trim();
    const drawing = svg.replace(/^<figure class="diagram">|<\/figure>$/g, '');
    const cache = { get: async (key: string) => (key.startsWith('diagram-') ? drawing : undefined), set: async () => undefined };
    const { html, error } = await renderContent(dir, 'blog/en/diagram.md', fixture(CLASS, 'diagram.md'), { cache });
    expect(error).toBeUndefined();
    expect(html).toContain(svg);
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
        '  - style "inset:0" on <span>: <span> may set only background-color, border-bottom-width, border-color, border-right-style, border-right-width, border-style, border-top-width, border-width, bottom, color, height, left, margin, margin-left, margin-right, min-width, padding-left, position, top, vertical-align, width (src/lib/markupAllowlist.ts)',
    );
  });
});

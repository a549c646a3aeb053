/**
 * @jest-environment node
 *
 * Hostile class "diagrams": mermaid blocks written to make the build fetch a
 * URL, change mermaid's settings, publish markup or links, or stall the
 * build. Each fixture in __tests__/fixtures/hostile/diagrams/ goes through
 * the remark plugins as gatsby-config lists them, drawn in real Chromium,
 * while a loopback HTTP server stands where every URL in the fixtures
 * points (__PORT__ is its port). Each ends in a refusal naming the file and
 * the line, or in inert output; the server never hears from the build.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type LaunchOptions } from 'playwright-core';
import { findChromium, CHROMIUM_ARGS, OFFLINE_CHROMIUM_ARGS } from '../../system/chromium.js';
import { closeRenderer } from '../../features/markdown/remark-mermaid';
import { drawDiagram, OFFLINE_WRAPPER } from '../../features/markdown/remark-mermaid/renderer.node';
import { RENDER_CONFIG } from '../../features/markdown/remark-mermaid/config';
import { SITE_PLUGINS, transformMarkdown, writeContentFile, type PluginEntry } from '../support/transformRemark';
import { holdDrawings } from '../support/heldDrawing';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'diagrams');
const CHROMIUM = findChromium();
/** The time limit where a drawing never finishes (__tests__/support/heldDrawing.ts): any will do, so a short one; real drawings keep the build's 10 s. */
const HELD_TIME_LIMIT_MS = 1000;

// Chromium starts in a second or two, slower on a busy machine.
jest.setTimeout(60000);

/** The site's plugins, the diagram plugin keeping nothing across runs (a cached drawing would prove nothing), with `options` of its own. */
const withDiagramOptions = (options: object): PluginEntry[] =>
  SITE_PLUGINS.map((entry) =>
    typeof entry === 'object' && entry.resolve === 'stockpay-remark-mermaid' ? { ...entry, options: { ...entry.options, cacheDirectory: false, ...options } } : entry,
  );
const PLUGINS = withDiagramOptions({});

let server: http.Server;
let port = 0;
const received: string[] = [];
let dir: string;

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('These tests draw diagrams in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
  server = http.createServer((request, response) => {
    received.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.end('gotcha');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-diagrams-'));
});

afterAll(async () => {
  await closeRenderer();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The fixture as the build would read it (content/blog/en/<name>), with the server's port. */
function fixture(name: string): { source: string; relative: string } {
  return { source: fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('__PORT__', String(port)), relative: `blog/en/${name}` };
}

/** The 1-based line of the file where `text` first appears (after `after`, when given). */
function lineOf(source: string, text: string, after = 0): number {
  const lines = source.split('\n');
  const index = lines.findIndex((line, i) => i >= after && line.includes(text));
  if (index < 0) throw new Error(`fixture has no line with ${text}`);
  return index + 1;
}

async function build(name: string, plugins = PLUGINS): Promise<{ html: string } | { error: string }> {
  const { source, relative } = fixture(name);
  const file = writeContentFile(path.join(dir, name), relative, source);
  const transformed = await transformMarkdown(file, source, plugins, { language: 'en' });
  return transformed.html().then(
    (html) => ({ html }),
    (error: Error) => ({ error: error.message }),
  );
}

async function refusal(name: string, plugins = PLUGINS): Promise<string> {
  const result = await build(name, plugins);
  if ('html' in result) throw new Error(`${name} was built, not refused`);
  return result.error;
}

const ALLOWED = 'a diagram holds its statements, "%%" comments, and accTitle and accDescr for its title and description';

/** Tags in the html that load, link or run: the payload must not be markup. */
function liveMarkup(html: string): string[] {
  const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
  return tags.filter(
    (tag) =>
      /^<(img|image|iframe|script|object|embed|a|foreignObject|style[^>]*>\s*@import)\b/i.test(tag) ||
      /\son[a-z]+\s*=/i.test(tag) ||
      /\s(?:xlink:)?(?:href|src|data)\s*=\s*["']?\s*(?:https?:|\/\/|javascript:)/i.test(tag) ||
      /url\(\s*["']?\s*(?:https?:|\/\/)/i.test(tag),
  );
}

describe('hostile diagrams', () => {
  it('refuses %%{init}%% with CSS that imports, naming the file and line and saying what is allowed', async () => {
    const { source } = fixture('init-themecss-import.md');
    const line = lineOf(source, '%%{init');
    const error = await refusal('init-themecss-import.md');
    expect(error).toContain(`content/blog/en/init-themecss-import.md:${line}: a "%%{…}%%" directive changes mermaid's settings, which the site fixes: remove it; ${ALLOWED}`);
    expect(error).toContain(`content/blog/en/init-themecss-import.md:${line}: "@import" would load a file`);
  });

  it('refuses directives in any case and spacing, initialize, wrap, one inside a label and one after "%% "', async () => {
    const { source } = fixture('init-spelling.md');
    const error = await refusal('init-spelling.md');
    const at = (text: string) => `content/blog/en/init-spelling.md:${lineOf(source, text)}: a "%%{…}%%" directive`;
    expect(error).toContain(at('%%{ INIT :'));
    expect(error).toContain(at('%%{initialize:'));
    expect(error).toContain(at('A["50%%{wrap}%%"]'));
    expect(error).toContain(at('%% {init:'));
    expect(error).toContain(`content/blog/en/init-spelling.md:${lineOf(source, '"fontFamily": "x;')}: "url(" would load a file`);
  });

  it('refuses mermaid frontmatter, at the top or indented after a blank line', async () => {
    const { source } = fixture('frontmatter-config.md');
    const error = await refusal('frontmatter-config.md');
    const first = lineOf(source, '---', lineOf(source, '```mermaid'));
    const second = lineOf(source, '   ---');
    for (const line of [first, second]) {
      expect(error).toContain(`content/blog/en/frontmatter-config.md:${line}: a "---" block at the top of a diagram sets its title and mermaid's settings, which the site fixes`);
    }
    expect(error).toContain(`content/blog/en/frontmatter-config.md:${lineOf(source, 'themeCSS')}: "@import" would load a file`);
  });

  it('refuses styles that load, in any case, escaped, or through image-set()', async () => {
    const { source } = fixture('style-url.md');
    const error = await refusal('style-url.md');
    const file = 'content/blog/en/style-url.md';
    expect(error).toContain(`${file}:${lineOf(source, 'classDef evil')}: "url(" would load a file, and a diagram loads nothing: styles may set colours, strokes and text only`);
    expect(error).toContain(`${file}:${lineOf(source, 'style B')}: "URL(" would load a file`);
    expect(error).toContain(`${file}:${lineOf(source, 'linkStyle 0')}: "Url(" would load a file`);
    expect(error).toContain(`${file}:${lineOf(source, 'classDef sneaky')}: a backslash in a style can spell url() or @import`);
    expect(error).toContain(`${file}:${lineOf(source, 'style A stroke')}: a backslash in a style`);
    expect(error).toContain(`${file}:${lineOf(source, 'image-set')}: "image-set(" would load a file`);
  });

  it('refuses click, link, links and callback, naming each line', async () => {
    const { source } = fixture('click-links.md');
    const error = await refusal('click-links.md');
    const at = (text: string, word: string) => `content/blog/en/click-links.md:${lineOf(source, text)}: "${word}" makes a shape a link or a script call`;
    expect(error).toContain(at('click A "http', 'click'));
    expect(error).toContain(at('CLICK B href', 'CLICK'));
    expect(error).toContain(at('Click A call', 'Click'));
    expect(error).toContain(at('link Alice:', 'link'));
    expect(error).toContain(at('links Alice:', 'links'));
    expect(error).toContain(at('link Invoice', 'link'));
    expect(error).toContain(at('callback Invoice', 'callback'));
  });

  it('refuses an image shape', async () => {
    const { source } = fixture('image-shape.md');
    await expect(refusal('image-shape.md')).resolves.toContain(
      `content/blog/en/image-shape.md:${lineOf(source, 'A@{ img:')}: an image shape ("img:") loads a picture from a URL, and a diagram loads nothing`,
    );
  });

  it('refuses a diagram longer than the limit, before drawing it', async () => {
    const { source } = fixture('too-long.md');
    const error = await refusal('too-long.md');
    expect(error).toMatch(
      new RegExp(`^content/blog/en/too-long\\.md:${lineOf(source, 'flowchart TD')}: the diagram is 6,\\d{3} characters long, more than the 5,000 a diagram may have`),
    );
  });

  it('stops a diagram that takes too long to draw, naming it, and draws the next one', async () => {
    const { source } = fixture('slow-class.md');
    // How long the dense diagram takes is the machine's; held, it never finishes, so the limit alone ends it.
    const held = await holdDrawings();
    let error: string;
    try {
      error = await refusal('slow-class.md', withDiagramOptions({ drawTimeLimitMs: HELD_TIME_LIMIT_MS }));
    } finally {
      held.restore();
    }
    expect(error).toBe(
      `content/blog/en/slow-class.md:${lineOf(source, '```mermaid')}: the mermaid diagram took longer than ${HELD_TIME_LIMIT_MS / 1000} s to draw, the most one diagram may take: split it into smaller diagrams`,
    );
    const next = await build('label-markup.md');
    expect(next).toHaveProperty('html');
  });

  it('draws markup in labels, titles and descriptions as text: the payload appears only escaped', async () => {
    const result = await build('label-markup.md');
    if (!('html' in result)) throw new Error(result.error);
    const { html } = result;
    expect(html.match(/<figure class="diagram"><svg/g)).toHaveLength(2);
    expect(liveMarkup(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|iframe|object|img|image|a)\b/i);
    // Labels wrap over several <tspan>s: read the text as a visitor sees it.
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain(`&lt;img src="http://127.0.0.1:${port}/label.png"&gt;`);
    expect(text).toContain(`&lt;img src="http://127.0.0.1:${port}/label2.png"&gt;`);
    expect(text).toContain(`&lt;a href="http://127.0.0.1:${port}/edge"&gt; pay &lt;/a&gt;`);
    expect(text).toContain(`&lt;img src=http://127.0.0.1:${port}/actor.png&gt;`);
    expect(text).toContain(`&lt;svg onload=alert(1)&gt;&lt;image href=http://127.0.0.1:${port}/msg.png /&gt;&lt;/svg&gt;`);
    expect(text).toContain(`&lt;object data=http://127.0.0.1:${port}/note&gt;&lt;/object&gt;`);
  });

  it('even with mermaid opened up (HTML labels, loose), the drawing page asks the network for nothing that arrives', async () => {
    const url = `http://127.0.0.1:${port}/opened-up.png`;
    const drawn = await drawDiagram(
      CHROMIUM as string,
      { id: 'opened-up', code: `flowchart TD\n  A["<img src=${url}>"] --> B`, config: { ...RENDER_CONFIG, htmlLabels: true, securityLevel: 'loose' } },
      10000,
    );
    expect(drawn.requests).toEqual([url]);
    expect('loads' in drawn && drawn.loads).toEqual(['<foreignObject>', '<img>', `src="${url}"`]);
  });

  it('no request reached the server in any of the above', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
  });
});

describe('each layer that keeps the drawing browser offline holds alone', () => {
  let layerServer: http.Server;
  let layerPort = 0;
  const heard: string[] = [];
  beforeAll(async () => {
    layerServer = http.createServer((request, response) => {
      heard.push(request.url ?? '');
      response.end('x');
    });
    await new Promise<void>((resolve) => layerServer.listen(0, '127.0.0.1', resolve));
    layerPort = (layerServer.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => layerServer.close(resolve)));

  /** Paths of the requests that reached the server while a page in this browser asked for an image and a fetch. */
  async function reached(name: string, options: LaunchOptions): Promise<string[]> {
    const browser = await chromium.launch(options);
    try {
      const page = await browser.newPage();
      const base = `http://127.0.0.1:${layerPort}/${name}`;
      // Until both requests have ended, answered or failed: whatever reached the server has been heard by then.
      await page.evaluate(
        `Promise.all([new Promise((ended) => { const image = new Image(); image.onload = image.onerror = ended; image.src = ${JSON.stringify(`${base}-image`)}; }), fetch(${JSON.stringify(`${base}-fetch`)}, { mode: 'no-cors' }).then((answer) => answer.arrayBuffer(), () => undefined)])`,
      );
      return heard.filter((url) => url.startsWith(`/${name}`)).sort();
    } finally {
      await browser.close();
    }
  }

  it('without them, the same page reaches the server (so the method can see a request)', async () => {
    await expect(reached('control', { executablePath: CHROMIUM as string, args: CHROMIUM_ARGS })).resolves.toEqual(['/control-fetch', '/control-image']);
  });

  it('the offline flags: every request goes to a proxy that does not exist', async () => {
    await expect(reached('flags', { executablePath: CHROMIUM as string, args: OFFLINE_CHROMIUM_ARGS })).resolves.toEqual([]);
  });

  const namespaces = spawnSync('unshare', ['--net', '--map-root-user', '--', 'true'], { stdio: 'ignore' }).status === 0;
  it(`the renderer's browser: in a network namespace (no interface, not even loopback) where the system allows one, as here ${namespaces ? 'it does' : 'it does not'}; else the offline flags`, async () => {
    const options = namespaces
      ? { executablePath: OFFLINE_WRAPPER, args: CHROMIUM_ARGS, env: { ...process.env, STOCKPAY_CHROMIUM: CHROMIUM as string } }
      : { executablePath: CHROMIUM as string, args: OFFLINE_CHROMIUM_ARGS };
    await expect(reached(namespaces ? 'namespace' : 'flags-instead', options)).resolves.toEqual([]);
  });
});

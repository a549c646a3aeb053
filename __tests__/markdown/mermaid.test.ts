/** @jest-environment node */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import remarkMermaid from '../../features/markdown/remark-mermaid';
import { holdDrawings } from '../support/heldDrawing';
import remarkBlockFrames from '../../features/markdown/remark-block-frames';
import { drawingKey } from '../../features/markdown/remark-mermaid/cacheKey.node';
import { findChromium } from '../../system/chromium.js';

import remarkCode from '../../features/markdown/remark-code';
import { REMARK_PLUGIN_FOLDERS } from '../../features/markdown/order';
import { PROJECT_DIR } from '../../system/paths.js';

describe('stockpay-remark-mermaid', () => {
  const original = process.env.CHROME_PATH;
  afterEach(() => {
    if (original === undefined) delete process.env.CHROME_PATH;
    else process.env.CHROME_PATH = original;
  });

  it('does nothing (and needs no browser) without diagrams', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const tree = { type: 'root', children: [{ type: 'code', lang: 'bash', value: 'ls' }] };
    await expect(remarkMermaid({ markdownAST: tree })).resolves.toBe(tree);
  });

  it('fails naming the file when a diagram exists and no browser is found', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const tree = { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart TD\n  A --> B' }] };
    await expect(remarkMermaid({ markdownAST: tree, markdownNode: { fileAbsolutePath: '/site/content/docs/en/readme.md' } })).rejects.toThrow(
      'content/docs/en/readme.md: its mermaid diagram is rendered at build time and needs a browser. No Chromium found.',
    );
  });

  it('fails the same way when told to (a production build) or told nothing', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const tree = { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart TD\n  A --> B' }] };
    await expect(remarkMermaid({ markdownAST: tree }, { withoutChromium: 'fail' })).rejects.toThrow('needs a browser. No Chromium found.');
  });

  describe('without a browser in a local build (withoutChromium: source)', () => {
    const source = 'flowchart TD\n  A[Order] --> B{Paid?}';
    const diagramTree = () => ({
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'Flow:' }] },
        { type: 'code', lang: 'mermaid', value: source },
        { type: 'code', lang: 'bash', value: 'ls' },
      ],
    });

    it('leaves each diagram as its source, silently, and caches nothing', async () => {
      process.env.CHROME_PATH = '/nonexistent/chromium';
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const cache = { get: jest.fn(async () => undefined), set: jest.fn() };
      const tree = diagramTree();
      await remarkMermaid({ markdownAST: tree, cache }, { withoutChromium: 'source' });
      expect(tree.children[1]).toEqual({ type: 'code', lang: 'Mermaid', value: source });
      expect(tree.children[2]).toEqual({ type: 'code', lang: 'bash', value: 'ls' });
      expect(cache.set).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    });

    it('still shows diagrams drawn earlier (cached) as drawings', async () => {
      process.env.CHROME_PATH = '/nonexistent/chromium';
      const svgFor = new Map([[0, '<svg id="old"></svg>']]);
      let call = 0;
      const cache = { get: jest.fn(async () => svgFor.get(call++)), set: jest.fn() };
      const tree = {
        type: 'root',
        children: [
          { type: 'code', lang: 'mermaid', value: 'flowchart TD\n  A --> B' },
          { type: 'code', lang: 'mermaid', value: 'flowchart TD\n  C --> D' },
        ],
      };
      await remarkMermaid({ markdownAST: tree, cache }, { withoutChromium: 'source' });
      expect(tree.children).toEqual([
        { type: 'html', value: '<figure class="diagram"><svg id="old"></svg></figure>' },
        { type: 'code', lang: 'Mermaid', value: 'flowchart TD\n  C --> D' },
      ]);
    });

    it('becomes an ordinary code block: framed with its label, in a scroll region, highlighted', async () => {
      process.env.CHROME_PATH = '/nonexistent/chromium';
      const tree = diagramTree();
      await remarkMermaid({ markdownAST: tree }, { withoutChromium: 'source' });
      remarkBlockFrames({ markdownAST: tree, markdownNode: { fields: { language: 'en' } } });
      remarkCode({ markdownAST: tree });
      const html = tree.children.map((node) => ('value' in node ? node.value : '')).join('');
      expect(html).toContain('<div class="code-block"><div class="code-block-toolbar" data-language="Mermaid" data-copy-slot></div>');
      expect(html).toContain('role="group" aria-label="Code: Mermaid" tabindex="0"');
      expect(html).toMatch(/<pre class="language-mermaid">/);
      // The source is all there, so readers can paste it into a Mermaid editor.
      expect(html.replace(/<[^>]+>/g, '')).toContain('flowchart TD\n  A[Order] --> B{Paid?}');
    });
  });

  it('uses a cached drawing without starting a browser', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const cache = { get: jest.fn(async () => '<svg id="cached"></svg>'), set: jest.fn() };
    const tree = { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart TD\n  A --> B' }] };
    await remarkMermaid({ markdownAST: tree, cache });
    expect(tree.children[0]).toEqual({ type: 'html', value: '<figure class="diagram"><svg id="cached"></svg></figure>' });
  });

  it('refuses a directive before anything else, even where diagrams would be shown as source', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const tree = {
      type: 'root',
      children: [
        {
          type: 'code',
          lang: 'mermaid',
          value: '%%{init: {"theme": "dark"}}%%\nflowchart TD\n  A --> B',
          position: { start: { line: 7, column: 1 }, end: { line: 10, column: 4 } },
        },
      ],
    };
    await expect(remarkMermaid({ markdownAST: tree, markdownNode: { fileAbsolutePath: '/site/content/docs/en/readme.md' } }, { withoutChromium: 'source' })).rejects.toThrow(
      /^content\/docs\/en\/readme\.md:8: a "%%\{…\}%%" directive changes mermaid's settings/,
    );
  });
});

describe('stockpay-remark-mermaid in Chromium', () => {
  // Chromium starts in a second or two, slower on a busy machine.
  jest.setTimeout(60000);
  const chromium = findChromium();
  const content = (file: string) => {
    const text = fs.readFileSync(path.join(__dirname, '..', '..', 'content', file), 'utf8');
    return (/```mermaid\n([\s\S]*?)\n```/.exec(text) as RegExpExecArray)[1];
  };
  const FLOWCHART = content('docs/en/readme.md');
  const SEQUENCE = content('blog/en/lightning-payment-links.md');
  let dir: string;

  beforeAll(() => {
    if (!chromium) throw new Error('These tests draw diagrams in Chromium: install it ("apt-get install -y chromium") or set CHROME_PATH.');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mermaid-plugin-'));
  });
  afterAll(async () => {
    await remarkMermaid.closeRenderer();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Draws `code` as the only block of a file and returns the figure's HTML. */
  async function draw(code: string, options: object = { cacheDirectory: false }, cache?: { get: jest.Mock; set: jest.Mock }): Promise<string> {
    const node = { type: 'code', lang: 'mermaid', value: code, position: { start: { line: 12, column: 1 }, end: { line: 20, column: 4 } } };
    await remarkMermaid({ markdownAST: { type: 'root', children: [node] }, markdownNode: { fileAbsolutePath: '/site/content/blog/en/post.md' }, cache }, options);
    return node.value;
  }

  it("draws the documentation's flowchart with SVG text labels, in the site's theme, with its accessible title", async () => {
    const html = await draw(FLOWCHART);
    expect(html).toMatch(
      /^<figure class="diagram"><svg id="diagram-b9041599320f" width="100%" xmlns="http:\/\/www.w3.org\/2000\/svg" class="flowchart"[^>]*role="graphics-document document"/,
    );
    expect(html).toContain('<title id="chart-title-diagram-b9041599320f">From sale order to paid invoice</title>');
    // Labels are SVG text, a <tspan> a word.
    expect(html).toMatch(/<text[^>]*><tspan[^>]*><tspan[^>]*>Sale<\/tspan><tspan[^>]*> order<\/tspan>/);
    expect(html).not.toContain('foreignObject');
    expect(html).toContain('fill:#dcfce7;stroke:#15803d');
  });

  it('draws a sequence diagram the same whatever the process drew before (each diagram gets a fresh mermaid)', async () => {
    const alone = await draw(SEQUENCE);
    await draw(`${SEQUENCE}\n  Customer->>Shop: Thanks`);
    await draw(FLOWCHART);
    expect(await draw(SEQUENCE)).toBe(alone);
    expect(alone).toContain('id="actor2"');
  });

  it('names the file and the line when mermaid cannot parse a diagram', async () => {
    await expect(draw('flowchart TD\n  A --> --> B')).rejects.toThrow(/^content\/blog\/en\/post\.md:12: the mermaid diagram could not be drawn: Parse error on line 2/);
  });

  it('names the file and the line when a diagram takes longer than the time limit, and draws the next one', async () => {
    // Held, the drawing never finishes, so the limit ends it however fast the machine draws.
    const held = await holdDrawings();
    try {
      await expect(draw(FLOWCHART, { cacheDirectory: false, drawTimeLimitMs: 1000 })).rejects.toThrow(
        'content/blog/en/post.md:12: the mermaid diagram took longer than 1 s to draw, the most one diagram may take: split it into smaller diagrams',
      );
    } finally {
      held.restore();
    }
    await expect(draw('flowchart TD\n  A --> B')).resolves.toMatch(/^<figure class="diagram"><svg/);
  });

  it("keeps a drawing in Gatsby's cache and in the folder clean builds keep, under a key that covers the source and the browser", async () => {
    const cacheDirectory = path.join(dir, 'kept');
    const cache = { get: jest.fn(async () => undefined), set: jest.fn(async () => undefined) };
    const code = 'flowchart TD\n  A --> B\n  %% kept';
    const html = await draw(code, { cacheDirectory }, cache);
    const key = drawingKey(code, chromium);
    const svg = html.replace(/^<figure class="diagram">|<\/figure>$/g, '');
    expect(cache.get).toHaveBeenCalledWith(key);
    expect(cache.set).toHaveBeenCalledWith(key, svg);
    expect(fs.readFileSync(path.join(cacheDirectory, `${key}.svg`), 'utf8')).toBe(svg);
    // Marked used today in the kept caches' record (system/keptCache.js), from which unused drawings go.
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(cacheDirectory, 'used.json'), 'utf8')))).toEqual([key]);
  });

  it('takes a drawing from the kept folder before drawing (a clean build of unchanged content starts no browser)', async () => {
    const cacheDirectory = path.join(dir, 'planted');
    const code = 'flowchart TD\n  A --> B\n  %% planted';
    fs.mkdirSync(cacheDirectory, { recursive: true });
    fs.writeFileSync(path.join(cacheDirectory, `${drawingKey(code, chromium)}.svg`), '<svg id="kept"></svg>');
    const cache = { get: jest.fn(async () => undefined), set: jest.fn(async () => undefined) };
    await expect(draw(code, { cacheDirectory }, cache)).resolves.toBe('<figure class="diagram"><svg id="kept"></svg></figure>');
    expect(cache.set).toHaveBeenCalledWith(drawingKey(code, chromium), '<svg id="kept"></svg>');
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(cacheDirectory, 'used.json'), 'utf8')))).toEqual([drawingKey(code, chromium)]);
  });

  it('lets a process that drew a diagram exit by itself (a Gatsby worker told to end is killed after a second)', async () => {
    const script = `require(${JSON.stringify(path.join(PROJECT_DIR, REMARK_PLUGIN_FOLDERS['stockpay-remark-mermaid']))})({ markdownAST: { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart TD\\n  A --> B' }] } }, { cacheDirectory: false }).then(() => console.log('drawn'))`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    // A browser left open keeps the process alive for good; closing it takes about 0.2 s idle and just over 1 s on a loaded 2-core machine.
    // Half a minute only tells "never" from "soon", and ends a process that hangs rather than leave it behind.
    const ending = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (status, killed) => resolve([status, killed])));
    clearTimeout(ending);
    expect(output).toBe('drawn\n');
    expect([code, signal]).toEqual([0, null]);
  });
});

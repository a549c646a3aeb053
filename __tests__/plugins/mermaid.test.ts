/** @jest-environment node */
import remarkMermaid from '../../plugins/stockpay-remark-mermaid';
import remarkBlockFrames from '../../plugins/stockpay-remark-block-frames';

import remarkCode from '../../plugins/stockpay-remark-code';

describe('stockpay-remark-mermaid', () => {
  const original = process.env.CHROME_PATH;
  afterEach(() => {
    process.env.CHROME_PATH = original;
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
});

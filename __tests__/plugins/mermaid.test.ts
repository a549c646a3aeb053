/** @jest-environment node */
import remarkMermaid from '../../plugins/gatsby-remark-mermaid';

describe('gatsby-remark-mermaid', () => {
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

  it('uses a cached drawing without starting a browser', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    const cache = { get: jest.fn(async () => '<svg id="cached"></svg>'), set: jest.fn() };
    const tree = { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart TD\n  A --> B' }] };
    await remarkMermaid({ markdownAST: tree, cache });
    expect(tree.children[0]).toEqual({ type: 'html', value: '<figure class="diagram"><svg id="cached"></svg></figure>' });
  });
});

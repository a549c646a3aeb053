/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { checkDiagramSource } from '../../features/markdown/remark-mermaid/rules';
import { MAX_SOURCE_CHARS } from '../../features/markdown/remark-mermaid/config';

const lines = (code: string) => checkDiagramSource(code).map(({ line }) => line);
const first = (code: string) => checkDiagramSource(code)[0]?.message ?? 'no problem';

describe('checkDiagramSource', () => {
  it("passes every diagram in the site's content", () => {
    const root = path.join(__dirname, '..', '..', 'content');
    const files = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
      });
    const diagrams = files(root).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((match) => [file, match[1]]));
    expect(diagrams.length).toBeGreaterThanOrEqual(6);
    for (const [file, code] of diagrams) expect([file, checkDiagramSource(code)]).toEqual([file, []]);
  });

  it('passes comments, accTitle/accDescr, colours and ordinary statements', () => {
    const code = [
      'flowchart TD',
      '  %% a comment with {braces}',
      '  accTitle: Orders',
      '  accDescr { An order becomes an invoice. }',
      '  A[Order] --> B{Paid?}',
      '  classDef paid fill:#dcfce7,stroke:#15803d,stroke-width:2px,color:rgb(15 23 42)',
      '  style A fill:#f9f,stroke-dasharray: 5 5',
      '  linkStyle 0 stroke:#475569',
      '  link --> B',
      '  A -- "50% off" --> B',
    ].join('\n');
    expect(checkDiagramSource(code)).toEqual([]);
  });

  it('passes gantt tasks and mindmap nodes that merely start with "Click" or "links"', () => {
    expect(checkDiagramSource('gantt\n  title Plan\n  Click testing :a1, 2026-01-01, 3d')).toEqual([]);
    expect(checkDiagramSource('mindmap\n  root\n    links to suppliers')).toEqual([]);
  });

  describe('directives', () => {
    it.each([
      ['%%{init: {"theme": "dark"}}%%'],
      ['%%{ INIT : { "theme": "dark" } }%%'],
      ["%%{initialize: {'securityLevel': 'loose'}}%%"],
      ['%%{wrap}%%'],
      ['%% {init: {"theme": "dark"}}%%'],
      ['%%\t{config: {}}%%'],
      ['  A["50%%{init:{}}%%"] --> B'],
    ])('refuses %s, naming its line', (directive) => {
      const code = `flowchart TD\n  A --> B\n${directive}`;
      expect(lines(code)).toEqual([2]);
      expect(first(code)).toBe(
        'a "%%{…}%%" directive changes mermaid\'s settings, which the site fixes: remove it; a diagram holds its statements, "%%" comments, and accTitle and accDescr for its title and description; it is drawn in the site\'s theme',
      );
    });

    it('names the line a directive spanning several lines starts on', () => {
      expect(lines('sequenceDiagram\n  %%{init: {\n    "theme": "dark"\n  }}%%\n  A->>B: hi')).toEqual([1]);
    });
  });

  describe('frontmatter', () => {
    it.each([['---\nconfig:\n  theme: dark\n---\nflowchart TD\n  A --> B'], ['   ---\n   title: x\n   ---\n   flowchart TD'], ['\n\n---\ntitle: x\n---\nflowchart TD']])(
      'refuses a --- block at the top: %j',
      (code) => {
        expect(checkDiagramSource(code)[0]).toEqual({
          line: code.split('\n').findIndex((line) => line.trim() !== ''),
          message: expect.stringMatching(/^a "---" block at the top of a diagram sets its title and mermaid's settings, which the site fixes: remove it; a diagram holds/),
        });
      },
    );

    it('leaves a --- further down to mermaid (a flowchart link is spelt ---)', () => {
      expect(checkDiagramSource('flowchart TD\n  A --- B')).toEqual([]);
    });
  });

  describe('links and script calls', () => {
    it.each([
      ['  click A "https://example.com" _blank', 'click'],
      ['  CLICK A href "javascript:alert(1)"', 'CLICK'],
      ['  click A call alert(1)', 'click'],
      ['  click A myCallback "tooltip"', 'click'],
      ['  link Invoice "https://example.com"', 'link'],
      ["  callback Invoice 'alert'", 'callback'],
      ['  link Alice: Dashboard @ https://example.com', 'link'],
      ['  links Alice: {"Wiki": "https://example.com"}', 'links'],
    ])('refuses %s', (statement, word) => {
      expect(first(`flowchart TD\n${statement}`)).toMatch(
        new RegExp(`^"${word}" makes a shape a link or a script call, and a diagram on the site is a picture: put the link in the text next to it; `),
      );
    });
  });

  describe('what loads', () => {
    it.each([
      ['  classDef x fill:url(https://example.com/a.png)', 'url('],
      ['  style A background:URL ( "//example.com/a.png" )', 'URL ('],
      ['  linkStyle 0 stroke:Url(#x)', 'Url('],
      ['  style A background:image-set("a.png" 1x)', 'image-set('],
      ['  %% @import "https://example.com/x.css"', '@import'],
      ['  classDef x font-family:x;@font-face{src:local(a)}', '@font-face'],
    ])('refuses %s', (line, found) => {
      expect(first(`flowchart TD\n${line}`)).toMatch(
        new RegExp(`^"${found.replace(/[()]/g, '\\$&')}" would load a file, and a diagram loads nothing: styles may set colours, strokes and text only; `),
      );
    });

    it.each([['  classDef x fill:\\75 rl(https://example.com)'], ['  style A stroke:\\000075\\72 l(x)'], ['  LINKSTYLE 0 stroke:\\#f00'], ['  cssClass "A" x\\']])(
      'refuses a backslash in a style statement: %s',
      (line) => {
        expect(first(`flowchart TD\n${line}`)).toMatch(/^a backslash in a style can spell url\(\) or @import, so styles may not have one/);
      },
    );

    it('allows a backslash in a label, where it is text', () => {
      expect(checkDiagramSource('flowchart TD\n  A["C:\\\\files"] --> B')).toEqual([]);
    });

    it('refuses an image shape', () => {
      expect(first('flowchart TD\n  A@{ IMG : "https://example.com/a.png", label: "x" }')).toMatch(/^an image shape \("img:"\) loads a picture from a URL/);
      // Strict on purpose: "img:" anywhere inside @{ } is refused, even in a label.
      expect(checkDiagramSource('flowchart TD\n  A@{ shape: rect, label: "img: not an image" }')).toHaveLength(1);
    });
  });

  it('refuses a source longer than the limit, with its length, before anything else', () => {
    const long = `flowchart TD\n%%{init:{}}%%\n${'  A --> B\n'.repeat(MAX_SOURCE_CHARS / 10)}`;
    expect(checkDiagramSource(long)).toEqual([
      {
        line: 0,
        message: `the diagram is ${long.length.toLocaleString('en')} characters long, more than the 5,000 a diagram may have (larger ones are unreadable on a page and slow to lay out): split it into smaller diagrams`,
      },
    ]);
    expect(checkDiagramSource('flowchart TD\n' + 'x'.repeat(MAX_SOURCE_CHARS - 13))).toEqual([]);
  });

  it('lists every problem in line order, several on one line', () => {
    expect(checkDiagramSource('flowchart TD\n  click A "x"\n%%{init: {"themeCSS": "@import url(x)"}}%%')).toEqual([
      { line: 1, message: expect.stringMatching(/^"click"/) },
      { line: 2, message: expect.stringMatching(/^a "%%\{…\}%%" directive/) },
      { line: 2, message: expect.stringMatching(/^"@import" would load/) },
    ]);
  });
});

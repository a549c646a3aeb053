/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { checkMarkup, cssValueProblem, markupProblems } from '../../features/markdown/markupBoundary';

const ALLOWLIST = 'markup outside the allowlist (features/markdown/boundary/allowlist.ts)';
const DIFFERENTIAL = 'HTML that browsers read differently from the check';
const UNBALANCED = 'elements that do not close where they open';
const diagram = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'markup', 'diagrams', 'flowchart-docs.html'), 'utf8');

describe('checkMarkup', () => {
  it('returns the HTML as it was given, byte for byte, when it passes', () => {
    const html = '<p>Press <KBD>C</KBD>, <abbr title=\'a > b\'>x</abbr>, one<br/>two, <a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a></p>';
    expect(checkMarkup(html, 'content/x.md')).toBe(html);
    expect(checkMarkup(diagram, 'content/x.md')).toBe(diagram);
  });

  it('names the source and lists every problem', () => {
    expect(() => checkMarkup('<p onclick="x()">a</p><style>p{}</style>', 'https://raw.example.com/README.md')).toThrow(
      'https://raw.example.com/README.md: the HTML this markdown became is refused by the markup boundary:\n' +
        `  - ${ALLOWLIST}: found "<p onclick=\\"x()\\">", the allowlist keeps "<p>"\n` +
        "  - a <style> outside a diagram's <svg>",
    );
  });
});

describe('the allowlist (sanitize-html removes nothing)', () => {
  it.each([
    ['<script>alert(1)</script>', 'found "<script>", the allowlist keeps ""'],
    ['<p>a<iframe src="https://x.example/"></iframe></p>', 'found "<iframe src=\\"https://x.example/\\">", the allowlist keeps "</p>"'],
    ['<img src="x.png" onerror="alert(1)">', 'found "<img src=\\"x.png\\" onerror=\\"alert(1)\\" />", the allowlist keeps "<img src=\\"x.png\\" />"'],
    ['<a href="javascript:alert(1)">x</a>', 'found "<a href=\\"javascript:alert(1)\\">", the allowlist keeps "<a>"'],
    ['<a href="JaVa&#x09;script:alert(1)">x</a>', 'found "<a href=\\"JaVa script:alert(1)\\">", the allowlist keeps "<a>"'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', 'found "<img src=\\"data:image/svg+xml;base64,PHN2Zz4=\\" />", the allowlist keeps "<img />"'],
    ['<img src="mailto:a@b.example">', 'found "<img src=\\"mailto:a@b.example\\" />", the allowlist keeps "<img />"'],
    [
      '<a href="https://x.example/" target="_top">x</a>',
      'found "<a href=\\"https://x.example/\\" target=\\"_top\\">", the allowlist keeps "<a href=\\"https://x.example/\\" target>"',
    ],
    ['<a href="/x" rel="opener">x</a>', 'found "<a href=\\"/x\\" rel=\\"opener\\">", the allowlist keeps "<a href=\\"/x\\" rel>"'],
    ['<span class="visually-hidden site-overlay">x</span>', 'found "<span class=\\"visually-hidden site-overlay\\">", the allowlist keeps "<span class=\\"visually-hidden\\">"'],
    ['<input type="text" value="x">', 'found "<input type=\\"text\\" value=\\"x\\" />", the allowlist keeps "<input type />"'],
    ['<svg id="d"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', 'found "<a xlink:href=\\"javascript:alert(1)\\">", the allowlist keeps "<a>"'],
    ['<svg id="d"><image href="https://x.example/i.png"></image></svg>', 'found "<image href=\\"https://x.example/i.png\\">", the allowlist keeps "</svg>"'],
  ])('refuses %j, quoting it', (html, quoted) => {
    expect(markupProblems(html)).toEqual([`${ALLOWLIST}: ${quoted}`]);
  });

  it("quotes a long element (a diagram's path) by its start and the place where it differs", () => {
    const d = `M${'10,20 '.repeat(40)}`.trim();
    const [problem] = markupProblems(`<svg id="d"><path d="${d}" onclick="x()"></path></svg>`);
    expect(problem).toBe(
      `${ALLOWLIST}: found "<path d=\\"M10,20 10,20 10,20 10,20 10,20 …0 10,20 10,20 10,20 10,20 10,20 10,20 10,20 10,20\\" onclick=\\"x()\\">", ` +
        'the allowlist keeps "<path d=\\"M10,20 10,20 10,20 10,20 10,20 …0 10,20 10,20 10,20 10,20 10,20 10,20 10,20 10,20\\">"',
    );
  });

  it('keeps links within their schemes, and images on the site', () => {
    for (const html of [
      '<a href="https://x.example/">a</a>',
      '<a href="http://x.example/">a</a>',
      '<a href="mailto:sales@x.example">a</a>',
      '<a href="tel:+359888123456">a</a>',
      '<a href="/docs/#faq">a</a>',
      '<a href="#faq">a</a>',
      '<img src="/static/images/0123456789abcdef0123-720.jpg" alt="a">',
      '<picture><source type="image/avif" srcset="/static/images/k-360.avif 360w" sizes="100vw"><img src="/static/images/k-360.jpg" srcset="/static/images/k-360.jpg 360w" sizes="100vw" width="360" height="270" alt="a" loading="lazy" decoding="async" style="background-color:#b80808"></picture>',
    ]) {
      expect(markupProblems(html)).toEqual([]);
    }
  });

  it("refuses images from another site, in src or srcset, and anything in an image's markup the build does not write", () => {
    for (const html of [
      '<img src="http://x.example/a.png" alt="a">',
      '<img src="https://x.example/a.png" alt="a">',
      '<img src="//x.example/a.png" alt="a">',
      '<img src="/a.png" srcset="https://x.example/a.png 1x" alt="a">',
      '<img src="/a.png" srcset="javascript:alert(1) 1x" alt="a">',
      '<picture><source type="image/avif" srcset="https://x.example/a.avif 360w"><img src="/a.png" alt="a"></picture>',
      '<picture><source type="text/html" srcset="/a.html"><img src="/a.png" alt="a"></picture>',
      '<img src="/a.png" alt="a" title="t">',
      '<img src="/a.png" alt="a" loading="eager" onerror="alert(1)">',
      '<img src="/a.png" alt="a" style="background-image:url(https://x.example/t.png)">',
    ]) {
      expect([html, markupProblems(html).length > 0]).toEqual([html, true]);
    }
  });
});

describe('classes', () => {
  it('reads a class attribute as a browser does, whatever the spacing between classes', () => {
    expect(markupProblems('<svg id="d" class="flowchart"><g class="  node \t default\n"></g></svg>')).toEqual([]);
    // A no-break space joins two names into one class for a browser; the strict pass would split it.
    expect(markupProblems('<svg id="d"><g class="node\u00a0default"></g></svg>')).toEqual([
      `${ALLOWLIST}: found "<g class=\\"node<U+00A0>default\\">", the allowlist keeps "<g class=\\"node default\\">"`,
    ]);
  });

  it("lets a diagram's <g>s carry the classes its own <style> defines (an editor's classDef), and no other element", () => {
    const sheet = '<style>#d .overdue rect{fill:#fee2e2!important}</style>';
    expect(markupProblems(`<svg id="d">${sheet}<g class="node default overdue"><rect></rect></g></svg>`)).toEqual([]);
    expect(markupProblems('<svg id="d"><g class="node overdue"></g></svg>')).toEqual([
      `${ALLOWLIST}: found "<g class=\\"node overdue\\">", the allowlist keeps "<g class=\\"node\\">"`,
    ]);
    expect(markupProblems(`<svg id="d" class="flowchart overdue">${sheet}</svg>`)).toEqual([
      expect.stringContaining(`${ALLOWLIST}: found "<svg id=\\"d\\" class=\\"flowchart overdue\\">"`),
    ]);
    // Only a rule scoped to a diagram defines a class, and that rule is checked like every other.
    expect(markupProblems('<svg id="d"><style>body .overdue{fill:red}</style><g class="overdue"></g></svg>')).toEqual([
      `${ALLOWLIST}: found "<g class=\\"overdue\\">", the allowlist keeps "<g>"`,
      'the selector "body .overdue" is not scoped to its diagram (#d)',
    ]);
  });
});

describe('parser agreement', () => {
  it.each([
    ['<svg id="d"><style><img src=x onerror=alert(1)></style></svg>', 3],
    ['<svg id="d"><title><img src=x onerror=alert(1)></title></svg>', 3],
    ['<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>', 5],
  ])('refuses %j: text to the check, an element to a browser', (html, element) => {
    expect(markupProblems(html)).toContain(`${DIFFERENTIAL}: element ${element} is "(none)" to the check and "<img src=\\"x\\" onerror=\\"alert(1)\\">" to a browser`);
  });

  it('refuses a comment a browser ends elsewhere, and any markup declaration', () => {
    expect(markupProblems('<p>a</p><!-- a --!><img src=x onerror=alert(1)> -->')).toEqual([
      'a markup declaration (comment, CDATA, doctype) "<!-- a --!>"',
      `${DIFFERENTIAL}: element 2 is "(none)" to the check and "<img src=\\"x\\" onerror=\\"alert(1)\\">" to a browser`,
      'an HTML comment ("<!-- a -->")',
    ]);
    expect(markupProblems('<p>a</p><!-- note -->')).toEqual(['a markup declaration (comment, CDATA, doctype) "<!-- note -->"', 'an HTML comment ("<!-- note -->")']);
    expect(markupProblems('<svg id="d"><![CDATA[x]]></svg>')).toEqual(['a markup declaration (comment, CDATA, doctype) "<![CDATA[x]]>"']);
    expect(markupProblems('<p>a</p></3 title="x">')).toEqual(['an HTML comment ("<!--3 title=\\"x\\"-->")']);
  });

  it('reads character references and self-closing slashes as a browser does', () => {
    // A browser keeps "&notin" in an attribute as it is; htmlparser2 reads "¬in".
    expect(markupProblems('<abbr title="a&notin">x</abbr>')).toEqual([
      `${DIFFERENTIAL}: element 1 is "<abbr title=\\"a¬in\\">" to the check and "<abbr title=\\"a&notin\\">" to a browser`,
    ]);
    // "/>" does not close an HTML element for a browser: this div stays open.
    expect(markupProblems('<div/>')).toEqual([expect.stringContaining(UNBALANCED)]);
    expect(markupProblems('<svg id="d"><path d="M0"/></svg>')).toEqual([]);
  });

  it('refuses end tags that close the page around the markdown, and elements left open', () => {
    for (const html of ['<p>x</p></div><p>y</p>', '<p>x</p></article>', '<p>x</p></main>', '<kbd>\nCtrl']) {
      expect(markupProblems(html)).toEqual([expect.stringContaining(UNBALANCED)]);
    }
  });
});

describe('CSS', () => {
  it("lets style attributes set only their element's properties, with plain values", () => {
    expect(markupProblems('<span style="height:0.8333em;vertical-align:-0.15em;">x</span>')).toEqual([]);
    expect(markupProblems('<span style="font-family:x">x</span>')).toEqual([
      expect.stringMatching(/^style "font-family:x" on <span>: <span> may set only background-color, .* \(features\/markdown\/boundary\/allowlist.ts\)$/),
    ]);
    expect(markupProblems('<p style="color:red">x</p>')).toEqual([
      `${ALLOWLIST}: found "<p style=\\"color:red\\">", the allowlist keeps "<p>"`,
      'style "color:red" on <p>: <p> may set no style (features/markdown/boundary/allowlist.ts)',
    ]);
    expect(markupProblems('<span style="position:fixed;top:0">x</span>')).toEqual(['style "position:fixed" on <span>: position may only be relative here']);
    expect(markupProblems('<span style="color:u\\72l(https://x.example/)">x</span>')).toEqual(['style "color:u\\\\72l(https://x.example/)" on <span>: a \\, <, >, @ or brace']);
  });

  it("keeps a <style> to a diagram: in its svg, scoped to its id, with the site's properties and no fetches", () => {
    expect(markupProblems('<style>body{display:none}</style>')).toEqual(["a <style> outside a diagram's <svg>"]);
    expect(markupProblems('<svg id="d"><style>#d .node rect{fill:#dcfce7;stroke:url(#d-gradient)}@keyframes dash{to{stroke-dashoffset:0;}}</style></svg>')).toEqual([]);
    expect(markupProblems('<svg id="d"><style>body{display:none}</style></svg>')).toEqual(['the selector "body" is not scoped to its diagram (#d)']);
    expect(markupProblems('<svg id="d"><style>#dx{fill:red}</style></svg>')).toEqual(['the selector "#dx" is not scoped to its diagram (#d)']);
    expect(markupProblems('<svg id="d"><style>#d ~ p{display:none}</style></svg>')).toEqual(['the selector "#d ~ p" reaches beside its diagram (~ or +)']);
    expect(markupProblems('<svg id="d"><style>@import url(https://x.example/a.css);</style></svg>')).toEqual([
      'the CSS "@import url(https://x.example/a.css)": a diagram\'s style holds only rules scoped to it and the @keyframes dash, edge-animation-frame',
    ]);
    expect(markupProblems('<svg id="d"><style>#d rect{fill:url(https://x.example/p)}</style></svg>')).toEqual([
      'the CSS "fill:url(https://x.example/p)": url(https://x.example/p): only url(#id), a reference inside the page',
    ]);
    expect(markupProblems('<svg id="d"><style>#d rect{fill:&#x75;rl(https://x.example/p)}</style></svg>')).toEqual([
      'the CSS "fill:url(https://x.example/p)": url(https://x.example/p): only url(#id), a reference inside the page',
    ]);
    expect(markupProblems('<svg id="d"><style>#d text{position:fixed}</style></svg>')).toEqual(['the CSS "position:fixed": position may only be absolute here']);
    expect(markupProblems('<svg id="d"><style>#d rect{behavior:x}</style></svg>')).toEqual(['the CSS property "behavior" (features/markdown/boundary/allowlist.ts)']);
  });

  it("keeps a diagram's <svg> in its place and clipping what it draws: a rule for the svg itself sets its font and fill only", () => {
    expect(markupProblems('<svg id="d"><style>#d{font-family:system-ui;font-size:15px;fill:#0f172a;}#d .x{transform:rotate(45deg);overflow:visible}</style></svg>')).toEqual([]);
    const only = 'there a style may set only fill, font-family, font-size, so the diagram keeps its place and its box on the page';
    expect(markupProblems('<svg id="d"><style>#d{overflow:visible}#d:hover,#d .node{position:absolute;z-index:9}</style></svg>')).toEqual([
      `the CSS "overflow:visible" for the diagram's own <svg> (#d): ${only}`,
      `the CSS "position:absolute" for the diagram's own <svg> (#d): ${only}`,
      `the CSS "z-index:9" for the diagram's own <svg> (#d): ${only}`,
    ]);
    expect(markupProblems('<svg id="d"><style>#d[role="x y"]:not(.a .b){height:5000px}</style></svg>')).toEqual([
      `the CSS "height:5000px" for the diagram's own <svg> (#d): ${only}`,
    ]);
  });

  it('holds SVG presentation attributes to url(#id)', () => {
    expect(markupProblems('<svg id="d"><path marker-end="url(#d-arrow)"></path></svg>')).toEqual([]);
    expect(markupProblems('<svg id="d"><rect fill="url(https://x.example/p)"></rect></svg>')).toEqual([
      'fill="url(https://x.example/p)" on <rect>: url(https://x.example/p): only url(#id), a reference inside the page',
    ]);
  });

  it.each([
    ['0.8333em', null],
    ['rgba(248, 250, 252, 0.5)', null],
    ['drop-shadow( 1px 2px 2px rgba(185,185,185,1))', null],
    ['url(#diagram-1-gradient)', null],
    ["url('#a')", null],
    ['url(https://x.example/)', 'url(https://x.example/): only url(#id), a reference inside the page'],
    ['URL( "//x.example/a" )', 'url(//x.example/a): only url(#id), a reference inside the page'],
    ['image-set("a.png" 1x)', 'the function image-set(); allowed: drop-shadow, hsl, rgb, rgba, rotate, scale, url'],
    ['expression(alert(1))', 'the function expression(); allowed: drop-shadow, hsl, rgb, rgba, rotate, scale, url'],
    ['u\\72l(x)', 'a \\, <, >, @ or brace'],
    ['x<y', 'a \\, <, >, @ or brace'],
    ['red}body{color:red', 'a \\, <, >, @ or brace'],
  ])('reads the CSS value %j', (value, problem) => {
    expect(cssValueProblem(value)).toBe(problem);
  });
});

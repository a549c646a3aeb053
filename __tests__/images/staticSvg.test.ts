import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SVG_ALLOWLIST, SVG_MAX_BYTES, SVG_RULE, staticSvgProblem } from '../../features/images/staticSvg';

const ROOT = path.join(__dirname, '..', '..');
const FILE = 'static/logo.svg';
const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">';
const ELEMENTS = '<svg>, <g>, <defs>, <title>, <desc>, <path>, <rect>, <circle>, <ellipse>, <line>, <polyline>, <polygon>, <linearGradient>, <radialGradient>, <stop>, <clipPath>';

const problemOf = (text: string | Uint8Array): string | undefined => staticSvgProblem(FILE, typeof text === 'string' ? Buffer.from(text) : text);
/** The offending lines of a problem, without the line naming the file. */
const linesOf = (text: string): string[] =>
  (problemOf(text) ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim());
/** `inner` in a drawing. */
const drawing = (inner: string) => `${OPEN}${inner}</svg>`;

/** A value each allowed attribute takes, as a logo or icon writes it. */
const SAMPLES: Readonly<Record<string, string>> = {
  id: 'mark-1',
  fill: '#15803d',
  'fill-opacity': '0.5',
  'fill-rule': 'evenodd',
  stroke: 'url(#shade) none',
  'stroke-width': '1.6',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'stroke-miterlimit': '4',
  'stroke-dasharray': '2 1.5',
  'stroke-dashoffset': '0.5px',
  'stroke-opacity': '80%',
  opacity: '.9',
  color: 'rgb(21 128 61 / 50%)',
  'clip-path': 'url(#round)',
  'clip-rule': 'nonzero',
  transform: 'translate(1 2) rotate(45) scale(0.5,0.5)',
  display: 'inline',
  visibility: 'visible',
  'shape-rendering': 'geometricPrecision',
  'vector-effect': 'non-scaling-stroke',
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
  version: '1.1',
  viewBox: '0 0 32 32',
  preserveAspectRatio: 'xMidYMid meet',
  x: '0',
  y: '-1.5e1',
  width: '100%',
  height: '32',
  role: 'img',
  'aria-label': 'StockPay <logo> & "mark"',
  'aria-hidden': 'true',
  focusable: 'false',
  d: 'M16 6.5l8.5 4.25v10.5L16 25.5z',
  pathLength: '100',
  rx: '8',
  ry: '8em',
  cx: '16',
  cy: '16',
  r: '4',
  x1: '0',
  y1: '0',
  x2: '1',
  y2: '1',
  points: '0,0 10,0 5,8',
  gradientUnits: 'userSpaceOnUse',
  gradientTransform: 'matrix(1 0 0 1 0 0)',
  spreadMethod: 'reflect',
  href: '#shade',
  'xlink:href': '#shade',
  fx: '0.5',
  fy: '0.5',
  fr: '0',
  offset: '50%',
  'stop-color': 'hsl(140deg 70% 30%)',
  'stop-opacity': '1',
  clipPathUnits: 'objectBoundingBox',
};

/** Escaping (&quot;, &amp;) as an attribute value in double quotes. */
const attribute = (name: string, value: string) => `${name}="${value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"`;

/** A drawing with `element` carrying `attributes`, where the element may stand: the root for <svg>, a gradient around a <stop>. */
function withElement(element: string, attributes: string): string {
  if (element === 'svg') return `<svg ${/(?:^|\s)xmlns="/.test(attributes) ? '' : 'xmlns="http://www.w3.org/2000/svg" '}${attributes}></svg>`;
  if (element === 'stop') return drawing(`<linearGradient id="g"><stop ${attributes}/></linearGradient>`);
  return drawing(`<${element} ${attributes}/>`);
}

describe('the allowlist', () => {
  it('passes the site’s own logo mark, unchanged', () => {
    expect(problemOf(readFileSync(path.join(ROOT, 'static', 'favicon.svg')))).toBeUndefined();
  });

  it('is the SVG a logo or icon needs, and no more', () => {
    expect(Object.keys(SVG_ALLOWLIST)).toEqual([
      'svg',
      'g',
      'defs',
      'title',
      'desc',
      'path',
      'rect',
      'circle',
      'ellipse',
      'line',
      'polyline',
      'polygon',
      'linearGradient',
      'radialGradient',
      'stop',
      'clipPath',
    ]);
    const attributes = new Set(Object.values(SVG_ALLOWLIST).flatMap((allowed) => Object.keys(allowed)));
    // Nothing that runs, loads or styles: no event handler, style, class, link but a local one, base or language.
    expect([...attributes].filter((name) => /^on|^style$|^class$|^xml:|^xlink:(?!href$)|src|action|^(?:begin|end|values|to|from|by|attributeName)$/i.test(name))).toEqual([]);
    expect(Object.keys(SAMPLES).sort()).toEqual([...attributes].sort());
  });

  it.each(Object.entries(SVG_ALLOWLIST).flatMap(([element, allowed]) => Object.keys(allowed).map((name) => [element, name])))(
    'passes <%s %s> with a value it takes',
    (element, name) => {
      expect(problemOf(withElement(element, attribute(name, SAMPLES[name])))).toBeUndefined();
    },
  );

  it('passes every allowed element with all its attributes at once', () => {
    for (const [element, allowed] of Object.entries(SVG_ALLOWLIST)) {
      const attributes = Object.keys(allowed)
        .filter((name) => name !== 'xlink:href')
        .map((name) => attribute(name, SAMPLES[name]))
        .join(' ');
      expect([element, problemOf(withElement(element, attributes))]).toEqual([element, undefined]);
    }
  });

  it('passes text in <title> and <desc>, comments, white space, an XML declaration first and a byte order mark', () => {
    const text = [
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<!-- The logo mark: a box with a tick. -->',
      OPEN,
      '  <title>StockPay &amp; friends &#x2713; &#10003; &lt;3</title>',
      '  <desc id="d">A green box &apos;with&apos; a &quot;tick&quot;.</desc>',
      '  <defs><linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="currentColor"/></linearGradient>',
      '    <clipPath id="round"><rect width="32" height="32" rx="8"/></clipPath></defs>',
      '  <g clip-path="url(#round)" fill="url(#shade)"><circle cx="16" cy="16" r="8"/><ellipse cx="1" cy="1" rx="1" ry="2"/><line x1="0" y1="0" x2="1" y2="1" stroke="red"/>',
      '  <polyline points="0 0 1 1"/><polygon points="0,0 1,1 1,0"/><path d="M0 0h1v1z"/></g>',
      '</svg>',
      '',
    ].join('\n');
    expect(problemOf(text)).toBeUndefined();
  });
});

describe('elements', () => {
  /** Every element of SVG, HTML and MathML that can run, load, link, animate, style or show text, and the allowed names spelled another way. */
  const REFUSED = [
    'script',
    'style',
    'foreignObject',
    'image',
    'use',
    'a',
    'animate',
    'animateMotion',
    'animateTransform',
    'animateColor',
    'set',
    'mpath',
    'iframe',
    'object',
    'embed',
    'feImage',
    'filter',
    'mask',
    'pattern',
    'marker',
    'symbol',
    'text',
    'tspan',
    'textPath',
    'switch',
    'metadata',
    'view',
    'cursor',
    'font',
    'font-face',
    'font-face-uri',
    'handler',
    'listener',
    'discard',
    'audio',
    'video',
    'canvas',
    'html',
    'body',
    'div',
    'math',
    'svg:script',
    'x:svg',
    'SCRIPT',
    'Script',
    'lineargradient',
    'PATH',
    'Rect',
    'clippath',
  ];

  it.each(REFUSED)('refuses <%s>, naming it and its line, and nothing it holds again', (element) => {
    expect(linesOf(drawing(`\n<g>\n<${element} id="x">alert(1)<rect/></${element}></g>`))).toEqual([`line 3: <${element}> is not one of a drawing's elements`]);
  });

  it('names the file first, with what an SVG in static/ is', () => {
    expect(problemOf(drawing('<script>alert(1)</script>'))).toBe(
      [`${FILE} is not a drawing the site publishes as it is; ${SVG_RULE}:`, "      line 1: <script> is not one of a drawing's elements"].join('\n'),
    );
    expect(SVG_RULE).toBe(
      `an SVG in static/ is the site's own drawing: ${ELEMENTS}, with their presentation attributes; no script, event handler, style, link outside the drawing, DOCTYPE, entity or processing instruction`,
    );
  });

  it('refuses a drawing that is not one <svg> in SVG’s namespace', () => {
    expect(linesOf('<g xmlns="http://www.w3.org/2000/svg"/>')).toEqual([
      'line 1: the drawing starts with <g>; it starts with <svg xmlns="http://www.w3.org/2000/svg">',
      expect.stringMatching(/^line 1: xmlns="http:\/\/www\.w3\.org\/2000\/svg" on <g> is not an attribute the site's drawings use there; /),
    ]);
    expect(linesOf('<svg viewBox="0 0 1 1"/>')).toEqual(['line 1: <svg> has no xmlns; the drawing starts with <svg xmlns="http://www.w3.org/2000/svg">']);
    expect(linesOf('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toEqual(['line 1: xmlns="http://www.w3.org/1999/xhtml" on <svg>: xmlns is "http://www.w3.org/2000/svg"']);
    expect(linesOf(`${drawing('')}\n${drawing('')}`)).toEqual(['line 2: <svg> follows the root element; a drawing is one <svg> element']);
    expect(linesOf(drawing('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(['line 1: <svg> inside the drawing: a drawing is one <svg> element, its shapes in <g> groups']);
    expect(linesOf(drawing('<stop offset="0"/>'))).toEqual(['line 1: <stop> outside a gradient; a <stop> is in a <linearGradient> or <radialGradient>']);
    expect(problemOf('')).toBe(`${FILE} holds no <svg> element; ${SVG_RULE}`);
    expect(problemOf('<!-- nothing -->')).toBe(`${FILE} holds no <svg> element; ${SVG_RULE}`);
  });

  it('refuses text anywhere but <title> and <desc>', () => {
    expect(linesOf(drawing('<g>alert(1)</g>'))).toEqual(['line 1: "alert(1)" is text in <g>; a drawing has text in <title> and <desc> only']);
    expect(linesOf(`${drawing('')}trailing`)).toEqual(['line 1: "trailing" is text outside the drawing; a drawing has text in <title> and <desc> only']);
  });
});

describe('attributes', () => {
  /** Event handlers of SVG 1.1, SVG Tiny, HTML and the DOM, in the spellings a browser or a careless writer uses. */
  const HANDLERS = [
    'onload',
    'onerror',
    'onclick',
    'onmouseover',
    'onfocusin',
    'onactivate',
    'onbegin',
    'onend',
    'onrepeat',
    'onunload',
    'onabort',
    'onresize',
    'onscroll',
    'onzoom',
    'onanimationstart',
    'ontransitionend',
    'onpointerdown',
    'onbeforeprint',
    'ONLOAD',
    'onLoad',
  ];

  it.each(Object.keys(SVG_ALLOWLIST))('refuses every event handler on <%s>, naming it and the attributes allowed there', (element) => {
    const allowed = Object.keys(SVG_ALLOWLIST[element]).join(', ');
    for (const handler of HANDLERS) {
      expect(linesOf(withElement(element, `${handler}="alert(1)"`))).toEqual([
        `line 1: ${handler}="alert(1)" on <${element}> is an event handler, which runs script; the attributes allowed on <${element}> are ${allowed}`,
      ]);
    }
  });

  /** Attributes that style, link, load, animate or change the document's base or language: none is allowed anywhere. */
  const REFUSED = [
    'style',
    'class',
    'src',
    'xml:base',
    'xml:lang',
    'xml:space',
    'xmlns:ev',
    'ev:event',
    'xlink:show',
    'xlink:actuate',
    'xlink:title',
    'externalResourcesRequired',
    'requiredExtensions',
    'systemLanguage',
    'attributeName',
    'values',
    'to',
    'begin',
    'filter',
    'mask',
    'marker-start',
    'cursor',
    'font-family',
    'tabindex',
    'VIEWBOX',
    'Fill',
  ];

  it.each(REFUSED)('refuses %s on every element, naming it and the attributes allowed there', (name) => {
    for (const element of Object.keys(SVG_ALLOWLIST)) {
      const allowed = Object.keys(SVG_ALLOWLIST[element]).join(', ');
      expect(linesOf(withElement(element, `${name}="x"`))).toEqual([
        `line 1: ${name}="x" on <${element}> is not an attribute the site's drawings use there; the attributes allowed on <${element}> are ${allowed}`,
      ]);
    }
  });

  it('refuses an href on an element that is no gradient, even a local one', () => {
    expect(linesOf(drawing('<path href="#a" d="M0 0"/>'))).toEqual([expect.stringMatching(/^line 1: href="#a" on <path> is not an attribute the site's drawings use there; /)]);
  });

  /** Values that would load, link or run something, written the ways CSS, XML and URLs let one hide it. */
  const HOSTILE_VALUES = [
    'url(https://evil.example/x.svg#a)',
    "url('https://evil.example/x')",
    'url(//evil.example/x)',
    'url(data:image/svg+xml;base64,PHN2Zz4=)',
    'url(x.svg#a)',
    'url( #a )',
    'URL(#a)',
    'u\\72l(https://evil.example/)',
    '\\75 rl(https://evil.example/)',
    'javascript:alert(1)',
    'expression(alert(1))',
    'image-set("https://evil.example/x.png" 1x)',
    'var(--x)',
    'attr(data-x)',
    '#a; fill: url(https://evil.example/)',
    'red !important',
    'red/**/',
    'https://evil.example/#a',
    '#a\n',
  ];

  it.each(Object.entries(SVG_ALLOWLIST).flatMap(([element, allowed]) => Object.keys(allowed).map((name) => [element, name])))(
    'refuses <%s %s> with a value that loads, links or runs, naming what it takes',
    (element, name) => {
      // The one attribute whose value is only ever read as text.
      if (name === 'aria-label') return;
      for (const value of HOSTILE_VALUES) {
        const lines = linesOf(withElement(element, attribute(name, value)));
        expect([value, lines]).toEqual([value, [expect.stringMatching(new RegExp(`^line 1: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=".*" on <${element}>: ${name} is `))]]);
      }
    },
  );

  it('reads a value as a browser does, its character references decoded', () => {
    expect(linesOf(drawing('<rect fill="&#117;rl(https://evil.example/)" stroke="&#x75;&#x72;&#x6c;(//evil.example/)"/>'))).toEqual([
      expect.stringMatching(/^line 1: fill="&#117;rl\(https:\/\/evil\.example\/\)" on <rect>: fill is none, currentColor, /),
      expect.stringMatching(/^line 1: stroke="&#x75;&#x72;&#x6c;\(\/\/evil\.example\/\)" on <rect>: stroke is none, currentColor, /),
    ]);
    expect(problemOf(drawing('<rect fill="&#35;15803d"/>'))).toBeUndefined();
  });

  it('takes aria-label’s value as text, references decoded', () => {
    expect(problemOf(withElement('svg', 'aria-label="url(https://evil.example/) &lt;script&gt;"'))).toBeUndefined();
  });

  it('says what each kind of value is', () => {
    const said = (element: string, name: string, value: string) => linesOf(withElement(element, attribute(name, value)))[0]?.replace(/^line 1: .* on <\w+>: /, '');
    expect(said('rect', 'fill', 'url(https://evil.example/)')).toBe(
      'fill is none, currentColor, a colour (#rrggbb, a name, rgb() or hsl() of numbers) or url(#id) naming an element of the drawing',
    );
    expect(said('rect', 'clip-path', 'url(https://evil.example/)')).toBe('clip-path is none or url(#id) naming an element of the drawing');
    expect(said('linearGradient', 'href', 'https://evil.example/g.svg#a')).toBe('href is #id, naming an element of the drawing');
    expect(said('linearGradient', 'xlink:href', 'javascript:alert(1)')).toBe('xlink:href is #id, naming an element of the drawing');
    expect(said('path', 'd', 'M0 0 url(x)')).toBe('d is path data: commands and numbers');
    expect(said('g', 'transform', 'translate(url(x))')).toBe('transform is matrix(), translate(), scale(), rotate(), skewX() or skewY() of numbers');
    expect(said('stop', 'stop-color', 'url(#a)')).toBe('stop-color is a colour: #rrggbb, a name, rgb() or hsl() of numbers');
    expect(said('svg', 'xmlns:xlink', 'https://evil.example/')).toBe('xmlns:xlink is "http://www.w3.org/1999/xlink"');
  });

  it('refuses an attribute written twice, without quotes, or without a value', () => {
    expect(linesOf(drawing('<rect x="1" x="2"/>'))).toEqual(['line 1: x="2" on <rect> is written twice; XML allows an attribute once']);
    expect(linesOf(drawing('<rect x=1/>'))).toEqual(['line 1: x="1/" on <rect> has no quotes; XML quotes every attribute\'s value']);
    expect(linesOf(drawing('<rect width/>'))).toEqual(['line 1: width="" on <rect> has no quotes; XML quotes every attribute\'s value']);
  });
});

describe('what XML can declare, include or hide', () => {
  it('refuses a DOCTYPE, with or without entities, and the entities it defines', () => {
    expect(linesOf(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${drawing('')}`)).toEqual([
      'line 1: "<!DOCTYPE svg PUBLIC \\"-//W3C//DTD SVG 1.1//EN\\" \\"http://www.…" declares a document type, which can define entities; an SVG in static/ has none',
    ]);
    const laughs = ['<!DOCTYPE svg [', '<!ENTITY lol "lol">', '<!ENTITY lol2 "&lol;&lol;&lol;&lol;">', ']>', drawing('<title>&lol2;</title>')].join('\n');
    expect(linesOf(laughs)).toEqual([
      // The parser reads the DOCTYPE to its first ">" outside quotes: the first entity's declaration is in it, the second one of its own.
      'line 1: "<!DOCTYPE svg [ <!ENTITY lol \\"lol\\">" declares a document type, which can define entities; an SVG in static/ has none',
      'line 3: "<!ENTITY lol2 \\"&lol;&lol;&lol;&lol;\\">" is a declaration; an SVG in static/ has none',
      'line 4: "]>" is text outside the drawing; a drawing has text in <title> and <desc> only',
      'line 5: &lol2; is an entity reference; only &amp; &lt; &gt; &quot; &apos; and numeric references (&#38;) are allowed',
    ]);
    expect(linesOf(drawing('<title>&xxe;</title>'))).toEqual([
      'line 1: &xxe; is an entity reference; only &amp; &lt; &gt; &quot; &apos; and numeric references (&#38;) are allowed',
    ]);
  });

  it('refuses references XML does not define or that name no character, in text and in values', () => {
    for (const reference of ['&nbsp;', '&AMP;', '&#0;', '&#xD800;', '&#x110000;', '&#12345678;', '& ', '&amp']) {
      expect([reference, linesOf(drawing(`<title>a ${reference} b</title>`))]).toEqual([reference, [expect.stringMatching(/ is an entity reference; only &amp; /)]]);
      expect([reference, linesOf(drawing(`<rect id="a${reference}"/>`))]).toEqual([reference, [expect.stringMatching(/ is an entity reference; only &amp; /)]]);
    }
  });

  it('refuses processing instructions but the XML declaration, first', () => {
    const instruction = /^line \d: ".*" is a processing instruction; a drawing may start with the XML declaration \(<\?xml version="1\.0" encoding="UTF-8"\?>\) and has no other$/;
    for (const text of [
      `<?xml-stylesheet href="https://evil.example/x.css" type="text/css"?>${drawing('')}`,
      `${drawing('<?php system("id"); ?>')}`,
      ` <?xml version="1.0"?>${drawing('')}`,
      `<!-- first -->\n<?xml version="1.0"?>${drawing('')}`,
      `<?xml version="1.0" encoding="ISO-8859-1"?>${drawing('')}`,
      `<?xml version="1.0" encoding="UTF-7"?>${drawing('')}`,
      `<?XML version="1.0"?>${drawing('')}`,
      `<?xml version="2.0"?>${drawing('')}`,
    ]) {
      expect([text, linesOf(text)]).toEqual([text, [expect.stringMatching(instruction)]]);
    }
  });

  it('refuses a CDATA section, and a "<" that starts no tag', () => {
    expect(linesOf(drawing('<title><![CDATA[<script>alert(1)</script>]]></title>'))).toEqual([
      'line 1: <![CDATA[ opens a CDATA section; write text with character references instead',
    ]);
    expect(linesOf(drawing('<title>1 < 2</title>'))).toEqual(['line 1: the text of <title> holds a "<" that starts no tag; write &lt;']);
    expect(linesOf(drawing('<rect id="a<b"/>'))).toEqual([
      'line 1: id="a<b" on <rect> holds a "<" that starts no tag; write &lt;',
      'line 1: id="a<b" on <rect>: id is a name of letters, digits, "_", "-" and "." that starts with a letter or "_"',
    ]);
  });

  it('names each line, and at most twenty problems of a file', () => {
    const many = drawing(Array.from({ length: 25 }, (_, index) => `\n<rect onclick="alert(${index})"/>`).join(''));
    const lines = linesOf(many);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^line 2: onclick="alert\(0\)" on <rect> is an event handler/);
    expect(lines[19]).toMatch(/^line 21: onclick="alert\(19\)" on <rect> is an event handler/);
    expect(lines[20]).toBe('and 5 more');
  });
});

describe('its bytes', () => {
  it(`takes up to ${SVG_MAX_BYTES / 1024} KiB, and refuses one byte more before reading it`, () => {
    const frame = drawing('<!---->');
    const fill = (size: number) => Buffer.from(drawing(`<!--${'x'.repeat(size - frame.length)}-->`));
    expect(fill(SVG_MAX_BYTES).length).toBe(SVG_MAX_BYTES);
    expect(problemOf(fill(SVG_MAX_BYTES))).toBeUndefined();
    expect(problemOf(fill(SVG_MAX_BYTES + 1))).toBe(`${FILE} is over the 32 KiB an SVG in static/ may be; ${SVG_RULE}`);
  });

  it('refuses what is not UTF-8: Latin-1, UTF-16', () => {
    expect(problemOf(Buffer.concat([Buffer.from(drawing('<title>')), Buffer.from([0xe9]), Buffer.from('</title></svg>')]))).toBe(`${FILE} is not UTF-8 text; ${SVG_RULE}`);
    expect(problemOf(Buffer.from(`\uFEFF${drawing('')}`, 'utf16le'))).toBe(`${FILE} is not UTF-8 text; ${SVG_RULE}`);
  });
});

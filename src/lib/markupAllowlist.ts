/**
 * The markup boundary's allowlist (src/lib/markupBoundary.ts): exactly the
 * elements, attributes, classes, URL schemes and CSS that the site's
 * markdown becomes, collected from the built site (content/ through every
 * remark plugin: markdown, block frames, Prism, KaTeX's HTML and MathML,
 * mermaid's SVG) and from __tests__/fixtures/markup/ (every markdown feature,
 * code in the common languages, a spread of KaTeX constructs, the site's
 * diagrams). __tests__/lib/markupAllowlist.test.ts holds it to that: all of
 * it used, nothing used missing.
 *
 * HTML that needs anything else fails the build naming the file and quoting
 * it. When the site starts to use something new on purpose (a Prism
 * language with token kinds not listed here, another kind of diagram), add
 * an example to the fixtures and the names here.
 *
 * Names are as htmlparser2 (sanitize-html's parser) reports them: lower case
 * (SVG's viewBox is `viewbox`).
 */

/** Elements, and the attributes each may carry (classes: ALLOWED_CLASSES). */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel', 'target', 'title'],
  abbr: ['title'],
  annotation: ['encoding'],
  blockquote: [],
  br: [],
  circle: ['cx', 'cy', 'r', 'style'],
  code: [],
  defs: [],
  del: [],
  desc: ['id'],
  div: ['aria-label', 'data-copy-slot', 'data-language', 'role', 'style', 'tabindex', 'xmlns'],
  em: [],
  fedropshadow: ['dx', 'dy', 'flood-color', 'flood-opacity', 'stddeviation'],
  figure: [],
  filter: ['height', 'id', 'width'],
  foreignobject: ['height', 'width'],
  g: ['data-et', 'data-id', 'data-look', 'data-type', 'id', 'style', 'transform'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
  hr: [],
  img: ['alt', 'src', 'title'],
  input: ['checked', 'disabled', 'type'],
  kbd: [],
  li: ['id'],
  line: [
    'data-et', 'data-from', 'data-id', 'data-to', 'id', 'marker-end', 'name', 'stroke', 'stroke-width', 'style', 'x1',
    'x2', 'y1', 'y2'
  ],
  lineargradient: ['gradientunits', 'id', 'x1', 'x2', 'y1', 'y2'],
  marker: ['id', 'markerheight', 'markerunits', 'markerwidth', 'orient', 'refx', 'refy', 'viewbox'],
  math: ['display', 'xmlns'],
  menclose: ['notation'],
  mfrac: ['linethickness'],
  mi: ['mathvariant'],
  mn: [],
  mo: ['fence', 'lspace', 'mathvariant', 'maxsize', 'minsize', 'rspace', 'stretchy'],
  mover: ['accent'],
  mpadded: ['depth', 'height', 'lspace', 'mathbackground', 'style', 'voffset', 'width'],
  mphantom: [],
  mroot: [],
  mrow: [],
  mspace: ['height', 'mathbackground', 'width'],
  msqrt: [],
  mstyle: ['displaystyle', 'mathcolor', 'scriptlevel'],
  msub: [],
  msubsup: [],
  msup: [],
  mtable: ['columnalign', 'columnlines', 'columnspacing', 'rowlines', 'rowspacing', 'width'],
  mtd: ['width'],
  mtext: ['mathvariant'],
  mtr: [],
  munder: ['accentunder'],
  munderover: [],
  ol: [],
  p: [],
  path: [
    'd', 'data-edge', 'data-et', 'data-id', 'data-look', 'data-points', 'fill', 'id', 'marker-end', 'stroke',
    'stroke-width', 'style', 'transform'
  ],
  polygon: ['points', 'style'],
  pre: [],
  rect: ['fill', 'height', 'name', 'rx', 'ry', 'stroke', 'style', 'width', 'x', 'y'],
  semantics: [],
  span: ['aria-hidden', 'style', 'title'],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  strong: [],
  style: [],
  sub: [],
  sup: ['id'],
  svg: [
    'aria-describedby', 'aria-labelledby', 'aria-roledescription', 'height', 'id', 'preserveaspectratio', 'role',
    'style', 'viewbox', 'width', 'xmlns'
  ],
  symbol: ['clip-rule', 'fill-rule', 'height', 'id', 'width'],
  table: [],
  tbody: [],
  td: ['align'],
  text: ['alignment-baseline', 'dominant-baseline', 'dy', 'style', 'text-anchor', 'x', 'y'],
  th: ['align'],
  thead: [],
  title: ['id'],
  tr: [],
  tspan: ['dy', 'font-style', 'font-weight', 'text-anchor', 'x', 'y'],
  ul: [],
};

/**
 * The classes each element may carry. A code block's language class is any
 * `language-…`: plugins/stockpay-remark-safe-markdown limits the language to
 * letters, digits and + # . - _.
 */
export const ALLOWED_CLASSES: Readonly<Record<string, readonly string[]>> = {
  a: ['footnote-backref', 'footnote-ref', 'heading-link'],
  circle: ['arrowMarkerPath'],
  code: ['language-*'],
  div: [
    'code-block', 'code-block-toolbar', 'footnotes', 'gatsby-highlight', 'math', 'math-display', 'scroll-region',
    'table-region'
  ],
  figure: ['diagram'],
  g: ['clusters', 'default', 'edgeLabel', 'edgeLabels', 'edgePaths', 'label', 'node', 'nodes', 'root'],
  li: ['task-list-item'],
  line: ['200', 'actor-line', 'loopLine', 'messageLine0', 'messageLine1'],
  marker: ['cross', 'flowchart-v2', 'marker'],
  path: ['arrowMarkerPath', 'edge-pattern-solid', 'edge-thickness-normal', 'flowchart-link'],
  polygon: ['arrowMarkerPath', 'labelBox'],
  pre: ['language-*'],
  rect: ['actor', 'actor-bottom', 'actor-top', 'background', 'basic', 'label-container'],
  span: [
    'accent', 'accent-body', 'accentunder', 'allowbreak', 'annotation', 'application-json', 'arraycolsep', 'arrow',
    'assign-left', 'atrule', 'attr-equals', 'attr-name', 'attr-value', 'attribute', 'base', 'boldsymbol', 'boolean',
    'boxpad', 'brace-center', 'brace-left', 'brace-right', 'builtin', 'char', 'class-name', 'closure-params',
    'closure-punctuation', 'code', 'code-snippet', 'col-align-c', 'col-align-l', 'col-align-r', 'colorbox', 'comment',
    'constant', 'content', 'coord', 'css', 'cyrillic_fallback', 'decorator', 'definition-query', 'deleted',
    'deleted-sign', 'delimcenter', 'delimiter', 'delimsizing', 'directive', 'directive-hash', 'doctype', 'doctype-tag',
    'double-colon', 'double-quoted-string', 'entity', 'environment', 'expression', 'fbox', 'fcolorbox',
    'file-descriptor', 'fix', 'for-or-select', 'format-spec', 'format-string', 'frac-line', 'fragment-specifier',
    'function', 'function-definition', 'generics', 'header', 'header-name', 'header-value', 'hide-tail', 'hline',
    'http-version', 'important', 'inner', 'inserted', 'inserted-sign', 'instruction', 'interpolation',
    'interpolation-punctuation', 'interpolation-string', 'italic', 'javascript', 'katex', 'katex-display',
    'katex-html', 'katex-mathml', 'key', 'keyword', 'label', 'language-csharp', 'language-css', 'language-javascript',
    'language-php', 'language-regex', 'large-op', 'lifetime-annotation', 'line', 'list', 'macro', 'math',
    'math-inline', 'mathbb', 'mathbf', 'mathcal', 'mathfrak', 'mathit', 'mathnormal', 'mathrm', 'mathscr', 'mathsf',
    'mathtt', 'mbin', 'mclose', 'method', 'method-definition', 'mfrac', 'minner', 'mop', 'mopen', 'mord', 'mover',
    'mpunct', 'mrel', 'mspace', 'msupsub', 'mtable', 'mtight', 'mult', 'munder', 'name', 'named-entity', 'nobreak',
    'nodeLabel', 'null', 'nulldelimiter', 'number', 'object', 'op-limits', 'op-symbol', 'operator', 'options',
    'overlay', 'overline', 'overline-line', 'package', 'parameter', 'parent', 'php', 'plain-text', 'prefix', 'prolog',
    'property', 'property-query', 'pstrut', 'punctuation', 'regex', 'regex-delimiter', 'regex-literal', 'regex-source',
    'request-line', 'request-target', 'reset-size6', 'return-type', 'rlap', 'root', 'rule', 'scalar', 'script',
    'script-punctuation', 'section', 'section-name', 'selector', 'shebang', 'single-quoted-string', 'singleline',
    'size1', 'size2', 'size3', 'size4', 'sizing', 'small-op', 'smash', 'sout', 'special-attr', 'spread', 'sqrt',
    'stretchy', 'string', 'string-interpolation', 'string-literal', 'strut', 'style', 'svg-align', 'symbol', 'table',
    'tag', 'template-punctuation', 'template-string', 'text', 'textbf', 'textit', 'thinbox', 'title', 'token',
    'triple-quoted-string', 'type-definition', 'unchanged', 'underline', 'underline-line', 'url', 'value', 'variable',
    'vbox', 'vertical-separator', 'visually-hidden', 'vlist', 'vlist-r', 'vlist-s', 'vlist-t', 'vlist-t2', 'x-arrow',
    'x-arrow-pad'
  ],
  svg: ['flowchart'],
  text: ['actor', 'actor-box', 'labelText', 'loopText', 'messageText', 'sectionTitle'],
  tspan: ['row', 'text-inner-tspan', 'text-outer-tspan'],
  ul: ['contains-task-list'],
};

/** Values some attributes are held to; ALLOWED_ATTRIBUTES lets them through only with these. */
export const ALLOWED_ATTRIBUTE_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  a: { target: ['_blank'], rel: ['noopener', 'noreferrer'] },
  input: { type: ['checkbox'] },
  div: { xmlns: ['http://www.w3.org/1999/xhtml'] },
  svg: { xmlns: ['http://www.w3.org/2000/svg'] },
  math: { xmlns: ['http://www.w3.org/1998/Math/MathML'] },
};

/** URL schemes, by element, for href and src; relative URLs and #fragments are always allowed. */
export const ALLOWED_URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  a: ['http', 'https', 'mailto', 'tel'],
  img: ['http', 'https'],
};

/** The properties a style attribute may set, by element (KaTeX's layout, mermaid's shapes). */
export const ALLOWED_STYLE_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  circle: ['stroke-dasharray', 'stroke-width'],
  div: ['display', 'line-height', 'max-width', 'text-align', 'white-space'],
  line: ['fill', 'stroke-dasharray'],
  mpadded: ['border'],
  path: ['stroke-dasharray', 'stroke-width'],
  polygon: ['stroke-dasharray', 'stroke-width'],
  rect: ['stroke'],
  span: [
    'background-color', 'border-bottom-width', 'border-color', 'border-right-style', 'border-right-width',
    'border-style', 'border-top-width', 'border-width', 'bottom', 'color', 'height', 'left', 'margin', 'margin-left',
    'margin-right', 'min-width', 'padding-left', 'position', 'top', 'vertical-align', 'width'
  ],
  svg: ['max-width', 'width'],
  text: ['font-family', 'font-size', 'font-weight', 'text-anchor'],
};

/**
 * Keywords some properties are held to, in style attributes and in
 * diagrams' sheets: nothing in the markdown may be taken out of the flow
 * (fixed, sticky) to cover the rest of the page.
 */
export const ALLOWED_STYLE_KEYWORDS: Readonly<Record<string, readonly string[]>> = { position: ['relative'] };
export const ALLOWED_SHEET_KEYWORDS: Readonly<Record<string, readonly string[]>> = { position: ['absolute'] };

/**
 * The properties a <style> element may set. Only a diagram has one: it
 * must sit in an <svg>, and every rule must be scoped to that svg's id.
 */
export const ALLOWED_SHEET_PROPERTIES: readonly string[] = [
  '--mermaid-font-family', 'animation', 'background', 'background-color', 'border', 'border-radius', 'box-shadow',
  'color', 'cursor', 'display', 'fill', 'filter', 'font-family', 'font-size', 'font-weight', 'height', 'margin',
  'max-width', 'opacity', 'overflow', 'padding', 'pointer-events', 'position', 'stroke', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-linecap', 'stroke-width', 'text-align', 'text-anchor', 'vertical-align', 'z-index'
];

/**
 * Attributes whose value is CSS (SVG and MathML presentation attributes),
 * held to the same rules as a style attribute's values.
 */
export const CSS_VALUED_ATTRIBUTES: readonly string[] = [
  'alignment-baseline', 'clip-rule', 'dominant-baseline', 'fill', 'fill-rule', 'flood-color', 'flood-opacity', 'font-style',
  'font-weight', 'marker-end', 'mathbackground', 'mathcolor', 'stop-color', 'stop-opacity', 'stroke', 'stroke-width', 'text-anchor',
];

/** The @keyframes a diagram's style may define (names are global to the page). */
export const ALLOWED_KEYFRAMES: readonly string[] = ['dash', 'edge-animation-frame'];

/**
 * The CSS functions styles may call, in attributes and sheets alike. url()
 * only as url(#id), a reference inside the page: any other URL would make
 * the browser fetch it.
 */
export const ALLOWED_CSS_FUNCTIONS: readonly string[] = ['drop-shadow', 'hsl', 'rgb', 'rgba', 'url'];

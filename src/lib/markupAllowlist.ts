/**
 * The markup boundary's allowlist (src/lib/markupBoundary.ts): exactly the
 * elements, attributes, classes, URL schemes and CSS that the site's
 * markdown becomes, collected from the built site (content/ through every
 * remark plugin: markdown, block frames, Prism, KaTeX's HTML and MathML,
 * mermaid's SVG) and from __tests__/fixtures/markup/ (every markdown feature,
 * code in the common languages, a spread of KaTeX constructs, and in
 * diagrams/ the site's diagrams and what editors reasonably write:
 * flowcharts, sequence and state diagrams, pie and gantt charts, drawn by
 * the diagram plugin). __tests__/lib/markupAllowlist.test.ts holds it to
 * that: all of it used, nothing used missing.
 *
 * HTML that needs anything else fails the build naming the file and quoting
 * it. When the site starts to use something new on purpose (a Prism
 * language with token kinds not listed here, another kind of diagram or
 * diagram feature), add an example to the fixtures and the names here. After
 * a mermaid upgrade, `npx tsx scripts/recordDiagrams.ts` draws the diagrams
 * again and the allowlist test names what changed.
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
  circle: ['cx', 'cy', 'height', 'r', 'style', 'width'],
  code: [],
  defs: [],
  del: [],
  desc: ['id'],
  div: ['aria-label', 'data-copy-slot', 'data-language', 'role', 'tabindex'],
  em: [],
  fedropshadow: ['dx', 'dy', 'flood-color', 'flood-opacity', 'stddeviation'],
  figure: [],
  filter: ['height', 'id', 'width'],
  g: [
    'data-et', 'data-id', 'data-look', 'data-type', 'fill', 'font-family', 'font-size', 'id', 'name', 'opacity',
    'style', 'text-anchor', 'transform'
  ],
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
    'data-et', 'data-from', 'data-id', 'data-to', 'id', 'marker-end', 'marker-start', 'name', 'stroke', 'stroke-width',
    'style', 'x1', 'x2', 'y1', 'y2'
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
    'd', 'data-edge', 'data-et', 'data-from', 'data-id', 'data-look', 'data-points', 'data-to', 'fill', 'id',
    'marker-end', 'marker-start', 'stroke', 'stroke-dasharray', 'stroke-width', 'style', 'transform', 'x1'
  ],
  polygon: ['points', 'style', 'transform'],
  pre: [],
  rect: ['fill', 'height', 'id', 'name', 'rx', 'ry', 'stroke', 'style', 'transform-origin', 'width', 'x', 'y'],
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
  text: [
    'alignment-baseline', 'dominant-baseline', 'dy', 'fill', 'font-family', 'font-size', 'id', 'stroke', 'style',
    'text-anchor', 'transform', 'x', 'y'
  ],
  th: ['align'],
  thead: [],
  title: ['id'],
  tr: [],
  tspan: ['alignment-baseline', 'dy', 'font-style', 'font-weight', 'text-anchor', 'x', 'y'],
  ul: [],
};

/**
 * The classes each element may carry. A code block's language class is any
 * `language-…`: plugins/stockpay-remark-safe-markdown limits the language to
 * letters, digits and + # . - _. A gantt task's label carries its measured
 * width as a class (`width-71.78515625`), so any `width-…` on <text>.
 * Mermaid numbers some classes by position, and the fixtures cover every
 * number it writes: gantt sections and their tasks cycle through 0 to 3
 * (`section2`, `doneCrit3`, `taskTextOutside1`), nested activations in a
 * sequence diagram through 0 to 2. A diagram's <g>s may also carry the
 * classes the diagram defines itself with classDef (markupBoundary.ts,
 * diagramOwnClasses), which are the editor's names and so not listed.
 */
export const ALLOWED_CLASSES: Readonly<Record<string, readonly string[]>> = {
  a: ['footnote-backref', 'footnote-ref', 'heading-link'],
  circle: ['arrowMarkerPath', 'basic', 'label-container', 'pieOuterCircle', 'state-start'],
  code: ['language-*'],
  div: [
    'code-block', 'code-block-toolbar', 'footnotes', 'gatsby-highlight', 'math', 'math-display', 'scroll-region',
    'table-region'
  ],
  figure: ['diagram'],
  g: [
    'actor-bottom', 'actor-man', 'actor-top', 'basic', 'cluster', 'cluster-label', 'clusters', 'default', 'edgeLabel',
    'edgeLabels', 'edgePaths', 'grid', 'label', 'label-container', 'legend', 'node', 'nodes', 'note-cluster',
    'noteLabel', 'outer-path', 'root', 'statediagram-note', 'statediagram-state', 'tick', 'today'
  ],
  li: ['task-list-item'],
  line: ['200', 'actor-line', 'loopLine', 'messageLine0', 'messageLine1', 'today'],
  marker: ['cross', 'flowchart-v2', 'marker'],
  path: [
    'arrowMarkerPath', 'basic', 'domain', 'edge-pattern-dotted', 'edge-pattern-solid', 'edge-thickness-normal',
    'edge-thickness-thick', 'flowchart-link', 'label-container', 'messageLine0', 'messageLine1', 'note-edge',
    'outer-path', 'pieCircle', 'transition'
  ],
  polygon: ['arrowMarkerPath', 'label-container', 'labelBox'],
  pre: ['language-*'],
  rect: [
    'activation0', 'activation1', 'activation2', 'active0', 'active1', 'active2', 'active3', 'activeCrit0',
    'activeCrit1', 'activeCrit2', 'activeCrit3', 'actor', 'actor-bottom', 'actor-top', 'background', 'basic', 'crit0',
    'crit1', 'crit2', 'crit3', 'done0', 'done1', 'done2', 'done3', 'doneCrit0', 'doneCrit1', 'doneCrit2', 'doneCrit3',
    'label-container', 'milestone', 'note', 'rect', 'section', 'section0', 'section1', 'section2', 'section3', 'task',
    'task0', 'task1', 'task2', 'task3'
  ],
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
    'null', 'nulldelimiter', 'number', 'object', 'op-limits', 'op-symbol', 'operator', 'options', 'overlay',
    'overline', 'overline-line', 'package', 'parameter', 'parent', 'php', 'plain-text', 'prefix', 'prolog', 'property',
    'property-query', 'pstrut', 'punctuation', 'regex', 'regex-delimiter', 'regex-literal', 'regex-source',
    'request-line', 'request-target', 'reset-size6', 'return-type', 'rlap', 'root', 'rule', 'scalar', 'script',
    'script-punctuation', 'section', 'section-name', 'selector', 'shebang', 'single-quoted-string', 'singleline',
    'size1', 'size2', 'size3', 'size4', 'sizing', 'small-op', 'smash', 'sout', 'special-attr', 'spread', 'sqrt',
    'stretchy', 'string', 'string-interpolation', 'string-literal', 'strut', 'style', 'svg-align', 'symbol', 'table',
    'tag', 'template-punctuation', 'template-string', 'text', 'textbf', 'textit', 'thinbox', 'title', 'token',
    'triple-quoted-string', 'type-definition', 'unchanged', 'underline', 'underline-line', 'url', 'value', 'variable',
    'vbox', 'vertical-separator', 'visually-hidden', 'vlist', 'vlist-r', 'vlist-s', 'vlist-t', 'vlist-t2', 'x-arrow',
    'x-arrow-pad'
  ],
  svg: ['flowchart', 'statediagram'],
  text: [
    'activeCritText0', 'activeCritText1', 'activeCritText2', 'activeCritText3', 'activeText0', 'activeText1',
    'activeText2', 'activeText3', 'actor', 'actor-box', 'actor-man', 'critText0', 'critText1', 'critText2',
    'critText3', 'doneCritText0', 'doneCritText1', 'doneCritText2', 'doneCritText3', 'doneText0', 'doneText1',
    'doneText2', 'doneText3', 'labelText', 'loopText', 'messageText', 'milestoneText', 'noteText', 'pieTitleText',
    'sectionTitle', 'sectionTitle0', 'sectionTitle1', 'sectionTitle2', 'sectionTitle3', 'sequenceNumber', 'slice',
    'taskText', 'taskText0', 'taskText1', 'taskText2', 'taskText3', 'taskTextOutside0', 'taskTextOutside1',
    'taskTextOutside2', 'taskTextOutside3', 'taskTextOutsideLeft', 'taskTextOutsideRight', 'titleText', 'width-*'
  ],
  tspan: ['row', 'text-inner-tspan', 'text-outer-tspan'],
  ul: ['contains-task-list'],
};

/** Values some attributes are held to; ALLOWED_ATTRIBUTES lets them through only with these. */
export const ALLOWED_ATTRIBUTE_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  a: { target: ['_blank'], rel: ['noopener', 'noreferrer'] },
  input: { type: ['checkbox'] },
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
  g: ['color', 'font-weight', 'stroke'],
  line: ['fill', 'stroke-dasharray'],
  mpadded: ['border'],
  path: ['fill', 'stroke', 'stroke-dasharray', 'stroke-width'],
  polygon: ['stroke-dasharray', 'stroke-width'],
  rect: ['fill', 'stroke', 'stroke-dasharray', 'stroke-width'],
  span: [
    'background-color', 'border-bottom-width', 'border-color', 'border-right-style', 'border-right-width',
    'border-style', 'border-top-width', 'border-width', 'bottom', 'color', 'height', 'left', 'margin', 'margin-left',
    'margin-right', 'min-width', 'padding-left', 'position', 'top', 'vertical-align', 'width'
  ],
  svg: ['max-width', 'width'],
  text: ['fill', 'font-family', 'font-size', 'font-weight', 'text-anchor'],
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
  '--mermaid-font-family', 'animation', 'background', 'background-color', 'border', 'border-bottom', 'border-radius',
  'box-shadow', 'color', 'cursor', 'display', 'fill', 'filter', 'font-family', 'font-size', 'font-style',
  'font-weight', 'height', 'margin', 'max-width', 'opacity', 'overflow', 'padding', 'pointer-events', 'position', 'rx',
  'ry', 'scale', 'shape-rendering', 'stroke', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap',
  'stroke-width', 'text-align', 'text-anchor', 'transform', 'transition-duration', 'vertical-align', 'z-index'
];

/**
 * What a diagram's <style> may set on the diagram's <svg> itself (a rule
 * such as `#id{…}`): the font and colour of its text. Nothing that takes it
 * out of the flow, sizes it or lets what it draws paint outside its box
 * (overflow), which is what makes transforms and positions inside it harmless.
 */
export const ALLOWED_DIAGRAM_SVG_PROPERTIES: readonly string[] = ['fill', 'font-family', 'font-size'];

/**
 * Attributes whose value is CSS (SVG and MathML presentation attributes),
 * held to the same rules as a style attribute's values.
 */
export const CSS_VALUED_ATTRIBUTES: readonly string[] = [
  'alignment-baseline', 'clip-rule', 'dominant-baseline', 'fill', 'fill-rule', 'flood-color', 'flood-opacity', 'font-family',
  'font-size', 'font-style', 'font-weight', 'marker-end', 'marker-start', 'mathbackground', 'mathcolor', 'opacity', 'stop-color',
  'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-width', 'text-anchor', 'transform-origin',
];

/** The @keyframes a diagram's style may define (names are global to the page). */
export const ALLOWED_KEYFRAMES: readonly string[] = ['dash', 'edge-animation-frame'];

/**
 * The CSS functions styles may call, in attributes and sheets alike. url()
 * only as url(#id), a reference inside the page: any other URL would make
 * the browser fetch it.
 */
export const ALLOWED_CSS_FUNCTIONS: readonly string[] = ['drop-shadow', 'hsl', 'rgb', 'rgba', 'rotate', 'scale', 'url'];

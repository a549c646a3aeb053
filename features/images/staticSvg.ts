/**
 * What an SVG in static/ may be: the site's own drawing (its logo mark, an
 * icon), published as it is. A browser that opens one reads it as an XML
 * document that could run script, load another file or style itself from
 * elsewhere, so it is held to the few elements and attributes a logo needs,
 * each attribute's value to a strict grammar: no script, event handler,
 * style, link outside the drawing (url() and href name `#id` only),
 * foreignObject, DOCTYPE, entity, CDATA or processing instruction but the
 * XML declaration. Anything else is refused, naming the file, its line and
 * the element or attribute, and saying what is allowed.
 *
 * Read with htmlparser2 in XML mode (case kept, as XML and SVG are), its
 * character references left to this check: any `<` that starts no tag, and
 * any reference beyond XML's five and numeric ones, is refused, so what the
 * check reads is what a browser's XML parser reads. Pure.
 */
import { Parser } from 'htmlparser2';
import { quote } from '../markdown/boundary/tree';

/** The largest SVG static/ may hold: a logo is a few hundred bytes; this leaves room, and bounds the check. */
export const SVG_MAX_BYTES = 32 * 1024;

/** Most problems named in one file; the rest counted. */
const MAX_PROBLEMS = 20;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
const LENGTH = `${NUMBER}(?:px|em|ex|rem|pt|pc|cm|mm|in|%)?`;
const ID = String.raw`[A-Za-z_][A-Za-z0-9_.-]*`;
/** A colour: #rgb(a), #rrggbb(aa), a name (a keyword, never a function), or rgb()/hsl() of numbers. */
const COLOR = String.raw`(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]+|(?:rgba?|hsla?)\((?:[\d\s.,%/+\-eE]|deg|g?rad|turn|none)*\))`;
const LOCAL_URL = `url\\(#${ID}\\)`;
const NUMBERS = String.raw`[\d\s.,+\-eE]*`;

const whole = (pattern: string): RegExp => new RegExp(`^(?:${pattern})$`);
const oneOf = (...words: string[]): RegExp => whole(words.join('|'));

/** A kind of value: its grammar, and how a message says it. */
interface ValueRule {
  pattern: RegExp;
  is: string;
}

const VALUES = {
  number: { pattern: whole(`\\s*${NUMBER}\\s*`), is: 'a number' },
  length: { pattern: whole(`\\s*${LENGTH}\\s*`), is: 'a length (a number, with a unit or %)' },
  opacity: { pattern: whole(`\\s*${NUMBER}%?\\s*`), is: 'a number or a percentage' },
  paint: {
    pattern: whole(`\\s*(?:${COLOR}|${LOCAL_URL}(?:\\s+${COLOR})?)\\s*`),
    is: 'none, currentColor, a colour (#rrggbb, a name, rgb() or hsl() of numbers) or url(#id) naming an element of the drawing',
  },
  color: { pattern: whole(`\\s*${COLOR}\\s*`), is: 'a colour: #rrggbb, a name, rgb() or hsl() of numbers' },
  clip: { pattern: whole(`\\s*(?:none|${LOCAL_URL})\\s*`), is: 'none or url(#id) naming an element of the drawing' },
  href: { pattern: whole(`#${ID}`), is: '#id, naming an element of the drawing' },
  id: { pattern: whole(ID), is: 'a name of letters, digits, "_", "-" and "." that starts with a letter or "_"' },
  path: { pattern: whole(String.raw`[MmZzLlHhVvCcSsQqTtAa\d\s.,+\-eE]*`), is: 'path data: commands and numbers' },
  points: { pattern: whole(NUMBERS), is: 'numbers' },
  transform: {
    pattern: whole(String.raw`\s*(?:(?:matrix|translate|scale|rotate|skewX|skewY)\s*\(${NUMBERS}\)[\s,]*)*`),
    is: 'matrix(), translate(), scale(), rotate(), skewX() or skewY() of numbers',
  },
  viewBox: { pattern: whole(`\\s*${NUMBER}(?:[\\s,]+${NUMBER}){3}\\s*`), is: 'four numbers' },
  dashes: { pattern: whole(`\\s*(?:none|${LENGTH}(?:[\\s,]+${LENGTH})*)\\s*`), is: 'none or lengths' },
  aspect: { pattern: whole(String.raw`\s*(?:none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max))(?:\s+(?:meet|slice))?\s*`), is: 'none or xMidYMid and the like, with meet or slice' },
  text: { pattern: /^[^]*$/, is: 'text' },
  svgNamespace: { pattern: whole(SVG_NAMESPACE.replace(/\./g, '\\.')), is: `"${SVG_NAMESPACE}"` },
  xlinkNamespace: { pattern: whole(XLINK_NAMESPACE.replace(/\./g, '\\.')), is: `"${XLINK_NAMESPACE}"` },
  version: { pattern: oneOf('1\\.0', '1\\.1', '1\\.2'), is: '1.0, 1.1 or 1.2' },
  fillRule: { pattern: oneOf('nonzero', 'evenodd'), is: 'nonzero or evenodd' },
  lineCap: { pattern: oneOf('butt', 'round', 'square'), is: 'butt, round or square' },
  lineJoin: { pattern: oneOf('miter', 'miter-clip', 'round', 'bevel', 'arcs'), is: 'miter, miter-clip, round, bevel or arcs' },
  units: { pattern: oneOf('userSpaceOnUse', 'objectBoundingBox'), is: 'userSpaceOnUse or objectBoundingBox' },
  spread: { pattern: oneOf('pad', 'reflect', 'repeat'), is: 'pad, reflect or repeat' },
  display: { pattern: oneOf('none', 'inline'), is: 'none or inline' },
  visibility: { pattern: oneOf('visible', 'hidden', 'collapse'), is: 'visible, hidden or collapse' },
  rendering: { pattern: oneOf('auto', 'optimizeSpeed', 'crispEdges', 'geometricPrecision'), is: 'auto, optimizeSpeed, crispEdges or geometricPrecision' },
  vectorEffect: { pattern: oneOf('none', 'non-scaling-stroke'), is: 'none or non-scaling-stroke' },
  role: { pattern: oneOf('img', 'presentation', 'none'), is: 'img, presentation or none' },
  boolean: { pattern: oneOf('true', 'false'), is: 'true or false' },
} satisfies Record<string, ValueRule>;

type Attributes = Readonly<Record<string, ValueRule>>;

/** How a shape, a group or the drawing is painted. */
const PRESENTATION: Attributes = {
  id: VALUES.id,
  fill: VALUES.paint,
  'fill-opacity': VALUES.opacity,
  'fill-rule': VALUES.fillRule,
  stroke: VALUES.paint,
  'stroke-width': VALUES.length,
  'stroke-linecap': VALUES.lineCap,
  'stroke-linejoin': VALUES.lineJoin,
  'stroke-miterlimit': VALUES.number,
  'stroke-dasharray': VALUES.dashes,
  'stroke-dashoffset': VALUES.length,
  'stroke-opacity': VALUES.opacity,
  opacity: VALUES.opacity,
  color: VALUES.color,
  'clip-path': VALUES.clip,
  'clip-rule': VALUES.fillRule,
  transform: VALUES.transform,
  display: VALUES.display,
  visibility: VALUES.visibility,
  'shape-rendering': VALUES.rendering,
  'vector-effect': VALUES.vectorEffect,
};

const GRADIENT: Attributes = {
  id: VALUES.id,
  gradientUnits: VALUES.units,
  gradientTransform: VALUES.transform,
  spreadMethod: VALUES.spread,
  href: VALUES.href,
  'xlink:href': VALUES.href,
};

/** The elements a drawing in static/ may hold, and the attributes each may carry. Names as XML has them: case counts. */
export const SVG_ALLOWLIST: Readonly<Record<string, Attributes>> = {
  svg: {
    ...PRESENTATION,
    xmlns: VALUES.svgNamespace,
    'xmlns:xlink': VALUES.xlinkNamespace,
    version: VALUES.version,
    viewBox: VALUES.viewBox,
    preserveAspectRatio: VALUES.aspect,
    x: VALUES.length,
    y: VALUES.length,
    width: VALUES.length,
    height: VALUES.length,
    role: VALUES.role,
    'aria-label': VALUES.text,
    'aria-hidden': VALUES.boolean,
    focusable: VALUES.boolean,
  },
  g: PRESENTATION,
  defs: { id: VALUES.id },
  title: { id: VALUES.id },
  desc: { id: VALUES.id },
  path: { ...PRESENTATION, d: VALUES.path, pathLength: VALUES.number },
  rect: { ...PRESENTATION, x: VALUES.length, y: VALUES.length, width: VALUES.length, height: VALUES.length, rx: VALUES.length, ry: VALUES.length },
  circle: { ...PRESENTATION, cx: VALUES.length, cy: VALUES.length, r: VALUES.length },
  ellipse: { ...PRESENTATION, cx: VALUES.length, cy: VALUES.length, rx: VALUES.length, ry: VALUES.length },
  line: { ...PRESENTATION, x1: VALUES.length, y1: VALUES.length, x2: VALUES.length, y2: VALUES.length },
  polyline: { ...PRESENTATION, points: VALUES.points },
  polygon: { ...PRESENTATION, points: VALUES.points },
  linearGradient: { ...GRADIENT, x1: VALUES.length, y1: VALUES.length, x2: VALUES.length, y2: VALUES.length },
  radialGradient: { ...GRADIENT, cx: VALUES.length, cy: VALUES.length, r: VALUES.length, fx: VALUES.length, fy: VALUES.length, fr: VALUES.length },
  stop: { id: VALUES.id, offset: VALUES.opacity, 'stop-color': VALUES.color, 'stop-opacity': VALUES.opacity },
  clipPath: { ...PRESENTATION, clipPathUnits: VALUES.units },
};

/** Elements whose text is shown or read: everywhere else only white space. */
const TEXT_ELEMENTS = new Set(['title', 'desc']);
/** Elements a gradient holds, and only a gradient. */
const GRADIENT_ELEMENTS = new Set(['linearGradient', 'radialGradient']);

const ELEMENT_LIST = Object.keys(SVG_ALLOWLIST)
  .map((name) => `<${name}>`)
  .join(', ');

/** What an SVG in static/ is, for messages. */
export const SVG_RULE = `an SVG in static/ is the site's own drawing: ${ELEMENT_LIST}, with their presentation attributes; no script, event handler, style, link outside the drawing, DOCTYPE, entity or processing instruction`;

const own = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** XML's own references: the five named ones and numeric ones. */
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/y;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `raw` with its references decoded, or the first reference XML does not define (or one naming no character). */
function decoded(raw: string): { text: string } | { reference: string } {
  let text = '';
  let at = 0;
  for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', at)) {
    text += raw.slice(at, amp);
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(raw);
    const code = match?.[2] !== undefined ? Number(match[2]) : match?.[3] !== undefined ? parseInt(match[3], 16) : undefined;
    if (!match || (code !== undefined && (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)))) {
      return { reference: /^&[^;\s<&]{0,40};?/.exec(raw.slice(amp))?.[0] ?? '&' };
    }
    text += match[1] !== undefined ? NAMED[match[1]] : String.fromCodePoint(code as number);
    at = REFERENCE.lastIndex;
  }
  return { text: text + raw.slice(at) };
}

/** The XML declaration a drawing may start with: XML 1.0 or 1.1, in UTF-8, which is how the check reads it. */
const XML_DECLARATION = /^\?xml\s+version\s*=\s*(["'])1\.[01]\1(?:\s+encoding\s*=\s*(["'])[uU][tT][fF]-8\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?$/;

const REFERENCE_RULE = 'only &amp; &lt; &gt; &quot; &apos; and numeric references (&#38;) are allowed';
const NO_DECLARATION = 'an SVG in static/ has none';

/**
 * What is wrong with `bytes`, the SVG at `path` in static/ (relative to
 * the project), or undefined when it is a drawing the site publishes. One
 * message naming the file, then each offending line on a line of its own,
 * indented under it as the build's list of problems shows it.
 */
export function staticSvgProblem(path: string, bytes: Uint8Array): string | undefined {
  if (bytes.length > SVG_MAX_BYTES) return `${path} is over the ${SVG_MAX_BYTES / 1024} KiB an SVG in static/ may be; ${SVG_RULE}`;
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `${path} is not UTF-8 text; ${SVG_RULE}`;
  }
  // The decoder drops a byte order mark; anything else before the root is checked below.
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  const lineOf = (index: number): number => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= index) line += 1;
    return line + 1;
  };

  const problems: string[] = [];
  // The parser's position when a callback runs: the node it reports, or the attribute.
  const at = (): number => parser.startIndex;
  /** `offset` characters into the node the parser is at: text is named at its first character that is not white space. */
  const problem = (message: string, offset = 0) => problems.push(`line ${lineOf(at() + offset)}: ${message}`);

  /** The open elements, outermost first. */
  const open: string[] = [];
  let rootSeen = false;
  let element = '';
  let seenAttributes = new Set<string>();
  /** The element being opened is refused already: its attributes are not named again. */
  let elementRefused = false;
  let inCdata = false;

  const checkText = (raw: string, where: string) => {
    if (raw.includes('<')) problem(`${where} holds a "<" that starts no tag; write &lt;`);
    const text = decoded(raw);
    if ('reference' in text) {
      problem(`${text.reference} is an entity reference; ${REFERENCE_RULE}`);
      return undefined;
    }
    return text.text;
  };

  const parser = new Parser(
    {
      onopentagname(name) {
        element = name;
        seenAttributes = new Set();
        elementRefused = false;
        if (open.length === 0) {
          if (rootSeen) problem(`<${name}> follows the root element; a drawing is one <svg> element`);
          else if (name !== 'svg') problem(`the drawing starts with <${name}>; it starts with <svg xmlns="${SVG_NAMESPACE}">`);
          rootSeen = true;
        } else if (name === 'svg') {
          problem('<svg> inside the drawing: a drawing is one <svg> element, its shapes in <g> groups');
        }
        if (!own(SVG_ALLOWLIST, name)) {
          elementRefused = true;
          problem(`<${name}> is not one of a drawing's elements`);
        } else if (name === 'stop' && !GRADIENT_ELEMENTS.has(open[open.length - 1] ?? '')) {
          problem('<stop> outside a gradient; a <stop> is in a <linearGradient> or <radialGradient>');
        }
      },
      onattribute(name, raw, quoteMark) {
        if (elementRefused) return;
        const allowed = SVG_ALLOWLIST[element];
        const list = Object.keys(allowed).join(', ');
        const shown = `${name}=${quote(raw)} on <${element}>`;
        if (seenAttributes.has(name)) problem(`${shown} is written twice; XML allows an attribute once`);
        seenAttributes.add(name);
        if (/^on/i.test(name)) {
          problem(`${shown} is an event handler, which runs script; the attributes allowed on <${element}> are ${list}`);
          return;
        }
        if (!own(allowed, name)) {
          problem(`${shown} is not an attribute the site's drawings use there; the attributes allowed on <${element}> are ${list}`);
          return;
        }
        if (quoteMark !== '"' && quoteMark !== "'") {
          problem(`${shown} has no quotes; XML quotes every attribute's value`);
          return;
        }
        const value = checkText(raw, shown);
        if (value !== undefined && !allowed[name].pattern.test(value)) problem(`${shown}: ${name} is ${allowed[name].is}`);
      },
      onopentag(name, attributes) {
        if (open.length === 0 && name === 'svg' && !own(attributes, 'xmlns')) problem(`<svg> has no xmlns; the drawing starts with <svg xmlns="${SVG_NAMESPACE}">`);
        open.push(name);
      },
      onclosetag(name) {
        if (open[open.length - 1] === name) open.pop();
      },
      ontext(raw) {
        // The text of an element refused already is not named again.
        if (inCdata || open.some((name) => !own(SVG_ALLOWLIST, name))) return;
        const current = open[open.length - 1];
        const text = checkText(raw, current ? `the text of <${current}>` : 'the text outside the drawing');
        if (text !== undefined && text.trim() !== '' && !TEXT_ELEMENTS.has(current ?? '')) {
          problem(
            `${quote(text.trim(), 40)} is text ${current ? `in <${current}>` : 'outside the drawing'}; a drawing has text in <title> and <desc> only`,
            raw.length - raw.trimStart().length,
          );
        }
      },
      oncdatastart() {
        inCdata = true;
        problem('<![CDATA[ opens a CDATA section; write text with character references instead');
      },
      oncdataend() {
        inCdata = false;
      },
      onprocessinginstruction(name, data) {
        const index = at();
        const lower = name.toLowerCase();
        if (lower === '!doctype') problem(`${quote(`<${data}>`, 60)} declares a document type, which can define entities; ${NO_DECLARATION}`);
        else if (lower.startsWith('!')) problem(`${quote(`<${data}>`, 60)} is a declaration; ${NO_DECLARATION}`);
        else if (name !== '?xml' || index !== 0 || !XML_DECLARATION.test(data)) {
          problem(`${quote(`<${data}>`, 60)} is a processing instruction; a drawing may start with the XML declaration (<?xml version="1.0" encoding="UTF-8"?>) and has no other`);
        }
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.end(source);
  if (!rootSeen) return `${path} holds no <svg> element; ${SVG_RULE}`;
  if (problems.length === 0) return undefined;
  const shown = problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `and ${problems.length - MAX_PROBLEMS} more`] : problems;
  return [`${path} is not a drawing the site publishes as it is; ${SVG_RULE}:`, ...shown].join('\n      ');
}

// @ts-check
/**
 * What a diagram's source may hold, checked before anything draws it (and
 * also when a build without a browser shows diagrams as source), so the
 * message can name the line. Every diagram is drawn with the site's theme
 * and settings (config.js); a diagram is a picture, with no links and
 * nothing to load. What the drawing holds is checked again in the page
 * (page.js, inspectSvg), whatever spelling got past these.
 */
const { MAX_SOURCE_CHARS } = require('./config');

/** @typedef {{ line: number, message: string }} Problem  line: 0-based, within the diagram's source */

/** What every refusal ends with: what a diagram may hold. */
const ALLOWED = 'a diagram holds its statements, "%%" comments, and accTitle and accDescr for its title and description; it is drawn in the site\'s theme';

/**
 * Mermaid reads `%%{…}%%` anywhere in the text as a directive (init,
 * initialize, wrap…), with any case and spacing inside the braces; refusing
 * every `%%` followed by `{` covers all of them, and `%% {` besides.
 */
const DIRECTIVE = /%%\s*\{/;

/**
 * Mermaid reads a `---` block at the very top as frontmatter (title,
 * config, displayMode). Refused whenever the first line that is not blank
 * opens with `---`, which covers mermaid's rule (indentation allowed, no
 * blank line before it) and more.
 */
const FRONTMATTER = /^\s*---/;

/**
 * Statements that make a shape a link or a script call: `click <id> <what>`
 * (flowchart, class, gantt: a URL, href, call or a function's name),
 * `link|callback <class> "…"` (class) and `link|links <actor>: …`
 * (sequence). Written to their syntax, so a gantt task "Click :a1, …" or a
 * mindmap node that merely starts with "links" passes.
 */
const INTERACTIONS = [/^\s*(click)\s+[^\s:]+\s+[^\s:]/i, /^\s*(link|callback)\s+\S+\s+["']/i, /^\s*(links?)\s+[^:]+:/i];

/** The image shape of mermaid 11 (`A@{ img: "https://…" }`) loads its picture from a URL. */
const IMAGE_SHAPE = /@\{[^}]*\bimg\s*:/i;

/** CSS that loads a file, in a style, classDef or linkStyle (or anywhere). */
const CSS_LOAD = /url\s*\(|image-set\s*\(|@import|@font-face/i;

/** Statements that carry CSS; a backslash there can spell any of CSS_LOAD (`\75 rl(`). */
const STYLE_STATEMENT = /^\s*(style|classDef|linkStyle|cssClass)\b/i;

/**
 * @param {string} code a diagram's source (a ```mermaid block's text)
 * @returns {Problem[]} in line order
 */
function checkDiagramSource(code) {
  if (code.length > MAX_SOURCE_CHARS) {
    return [
      {
        line: 0,
        message: `the diagram is ${code.length.toLocaleString('en')} characters long, more than the ${MAX_SOURCE_CHARS.toLocaleString('en')} a diagram may have (larger ones are unreadable on a page and slow to lay out): split it into smaller diagrams`,
      },
    ];
  }
  /** @type {Problem[]} */
  const problems = [];
  const lines = code.split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  lines.forEach((line, index) => {
    if (index === first && FRONTMATTER.test(line)) {
      problems.push({
        line: index,
        message: `a "---" block at the top of a diagram sets its title and mermaid's settings, which the site fixes: remove it; ${ALLOWED}`,
      });
    }
    if (DIRECTIVE.test(line)) {
      problems.push({ line: index, message: `a "%%{…}%%" directive changes mermaid's settings, which the site fixes: remove it; ${ALLOWED}` });
    }
    const interaction = INTERACTIONS.map((pattern) => pattern.exec(line)).find((match) => match !== null);
    if (interaction) {
      problems.push({
        line: index,
        message: `"${interaction[1]}" makes a shape a link or a script call, and a diagram on the site is a picture: put the link in the text next to it; ${ALLOWED}`,
      });
    }
    if (IMAGE_SHAPE.test(line)) {
      problems.push({ line: index, message: `an image shape ("img:") loads a picture from a URL, and a diagram loads nothing: ${ALLOWED}` });
    }
    const load = CSS_LOAD.exec(line);
    if (load) {
      problems.push({
        line: index,
        message: `"${load[0]}" would load a file, and a diagram loads nothing: styles may set colours, strokes and text only; ${ALLOWED}`,
      });
    } else if (STYLE_STATEMENT.test(line) && line.includes('\\')) {
      problems.push({
        line: index,
        message: `a backslash in a style can spell url() or @import, so styles may not have one: write colours, strokes and text styles plainly; ${ALLOWED}`,
      });
    }
  });
  return problems;
}

/**
 * A diagram's refusals as the build reports them, "<name>:<line>: <message>",
 * the line counted in the file (the build's ./index.js and the CMS preview).
 * @param {string} code
 * @param {number | undefined} fenceLine the opening fence's line in the body (1-based), if known
 * @param {string} name how refusals name the markdown
 * @param {number} lineOffset lines of frontmatter before the body
 * @returns {string[]}
 */
function diagramProblems(code, fenceLine, name, lineOffset) {
  return checkDiagramSource(code).map(({ line, message }) => `${fenceLine === undefined ? name : `${name}:${fenceLine + lineOffset + line + 1}`}: ${message}`);
}

/** @param {string[]} items */
const listed = (items) => items.map((item) => JSON.stringify(item)).join(', ');

/**
 * What the build says of a drawing that failed or would load, link or run
 * something (page.js draws and inspects it), or undefined for a picture.
 * @param {string} at "file:line" of the diagram's fence
 * @param {{ svg: string, loads: string[] } | { error: string }} drawn
 * @returns {string | undefined}
 */
function drawingProblem(at, drawn) {
  if ('error' in drawn) return `${at}: the mermaid diagram could not be drawn: ${drawn.error}`;
  if (drawn.loads.length > 0) return `${at}: the drawn diagram would load, link or run ${listed(drawn.loads)}, and a diagram on the site is a picture only; ${ALLOWED}`;
  return undefined;
}

module.exports = { checkDiagramSource, diagramProblems, drawingProblem, listed, ALLOWED };

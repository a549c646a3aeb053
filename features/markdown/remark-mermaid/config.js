// @ts-check
/**
 * How the site draws diagrams: the look (shared/VISUAL.md), the settings no
 * diagram may change, and the limits on the work one diagram may ask for.
 */

/**
 * The site's palette and type, so diagrams look like the rest of the page.
 * Drawn ids hash this object (index.js, diagramId), so changing it changes
 * every diagram's id.
 */
const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'base',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  themeVariables: {
    fontSize: '15px',
    primaryColor: '#dcfce7',
    primaryBorderColor: '#15803d',
    primaryTextColor: '#0f172a',
    lineColor: '#475569',
    secondaryColor: '#f8fafc',
    tertiaryColor: '#ffffff',
  },
  flowchart: { htmlLabels: false, useMaxWidth: true, padding: 12 },
};

/**
 * Longest diagram source the build draws, in characters. Today's longest is
 * 928 (the Bulgarian payment-link sequence, most of it its accDescr); 5,000
 * is over a hundred statements, more than reads on a page. Mermaid's own
 * limit (maxTextSize, 50,000) silently draws "Maximum text size in diagram
 * exceeded" instead, so ours is checked first and fails the build.
 */
const MAX_SOURCE_CHARS = 5000;

/**
 * Most edges a flowchart may draw (mermaid's default is 500). Layout time
 * grows faster than the edge count; measured on the build machine, a
 * flowchart of 200 random edges draws in 1.2 to 1.9 s, 300 in 2 to 4 s,
 * 500 in 5 to 8 s. Other diagram types ignore this setting.
 */
const MAX_EDGES = 200;

/**
 * How long one diagram may take to draw before the build fails naming it.
 * Today's diagrams take 0.1 to 0.15 s each, the largest flowchart the limits
 * above allow about 2 s. Class and state diagrams are bounded by the source
 * length only: 300 relations (3,800 characters) take 5 s, so this is what
 * stops a denser one, or one that hangs, from stalling the build.
 */
const DRAW_TIME_LIMIT_MS = 10000;

/**
 * What the page passes to mermaid.initialize: the look, plus settings that
 * keep a drawing a picture whatever its source says. Not part of the ids
 * (MERMAID_CONFIG is), so adding one leaves today's ids alone; part of the
 * cache key (cacheKey.js hashes this file).
 * - htmlLabels false at the top level as well as in `flowchart`: mermaid 11
 *   reads the top-level key first and defaults it to true, so without it
 *   flowchart labels were HTML in a foreignObject despite MERMAID_CONFIG.
 * - maxTextSize and maxEdges: the limits above.
 * - gantt todayMarker off: a line at the build's date would change with the
 *   day the page was built, and a cached drawing would keep an old one.
 * - deterministicIds: the ids mermaid would otherwise make random (some
 *   diagram types) are numbered, so a source draws the same SVG every build.
 *   (Counters are not an issue: each diagram gets a fresh mermaid, page.js.)
 * page.js makes every key of mermaid's configuration `secure` besides, so a
 * directive that got past rules.js still could not change a setting.
 */
const RENDER_CONFIG = {
  ...MERMAID_CONFIG,
  htmlLabels: false,
  maxTextSize: MAX_SOURCE_CHARS,
  maxEdges: MAX_EDGES,
  gantt: { todayMarker: 'off' },
  deterministicIds: true,
};

module.exports = { MERMAID_CONFIG, RENDER_CONFIG, MAX_SOURCE_CHARS, MAX_EDGES, DRAW_TIME_LIMIT_MS };

/**
 * Gatsby's runtime starts after the first paint (issue 17).
 *
 * Gatsby ends every page with its runtime as `async` scripts (webpack's
 * runtime, React, the app). Served fast, they arrive while the page is
 * still being laid out and run (React hydrates) before the browser has
 * painted: the largest paint of `/` waited for the main thread (render
 * delay 52 to 77% of it), and Lighthouse counted the scripts in it. The
 * page is whole without them (server-rendered, usable without JavaScript),
 * so it paints first and the runtime starts after, from one small inline
 * script. Not preloaded: a script that arrives before the largest paint
 * takes bandwidth from it, and Lighthouse counts its download in the paint
 * when its evaluation is short. Pure: the build applies it to every page
 * (gatsby/onPostBuild.ts).
 */

/** Gatsby's runtime scripts as it writes them. */
const RUNTIME_SCRIPT = /<script src="(\/[^"<>]+\.js)" async(?:="")?><\/script>/g;

/** Every page of the site carries Gatsby's chunk map; a page without it (the CMS at /admin/) is not Gatsby's. */
const GATSBY_PAGE_MARK = 'id="gatsby-chunk-mapping"';

/**
 * At the latest this long after `load`, the runtime starts even if no paint
 * was reported: a browser that draws no frames (headless Chromium with
 * virtual time, as screenshot tools and crawlers' renderers run it) never
 * reports one, and its pages would never hydrate (the prices never load).
 */
export const RUNTIME_CEILING_MS = 1000;

/**
 * The inline script that starts the runtime, once the page has loaded
 * (`load`: its images are in) and painted (the first contentful paint, then
 * two more animation frames, so the frame with its images has been drawn):
 * the scripts, in order, async as before, once. Without paint timing (an old
 * browser), load and the two frames alone; without frames, RUNTIME_CEILING_MS
 * after load.
 */
export function runtimeLoader(sources: readonly string[]): string {
  // The list is data in a script: no "<" may close it.
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return (
    `(function(){var s=${list};` +
    'var done=0;function run(){if(done)return;done=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.body.appendChild(e)})}' +
    'function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(run)})})}' +
    'function fcp(l){return l.some(function(e){return e.name==="first-contentful-paint"})}' +
    'function painted(){if(fcp(performance.getEntriesByType("paint")))return frames();' +
    'try{new PerformanceObserver(function(l,o){if(fcp(l.getEntries())){o.disconnect();frames()}}).observe({type:"paint"})}catch(e){frames()}}' +
    `function start(){painted();setTimeout(run,${RUNTIME_CEILING_MS})}` +
    'if(document.readyState==="complete")start();else addEventListener("load",start,{once:true})})()'
  );
}

/**
 * `html` with Gatsby's runtime scripts replaced by the loader, where the
 * first of them was; null when there is nothing to change: not a Gatsby
 * page (the CMS at /admin/), or one changed already.
 */
export function deferRuntime(html: string): string | null {
  if (!html.includes(GATSBY_PAGE_MARK)) return null;
  const sources = [...html.matchAll(RUNTIME_SCRIPT)].map((match) => match[1]);
  if (sources.length === 0) return null;
  let first = true;
  return html.replace(RUNTIME_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return `<script>${runtimeLoader(sources)}</script>`;
  });
}

/** The loader as it stands in a page, with its list of scripts. */
const LOADER = /<script>\(function\(\)\{var s=(\[[^\]]*\]);/;

/** The scripts a page's runtime loader starts, in order; none when it has no loader. */
export function loaderScripts(html: string): string[] {
  const list = LOADER.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * The scripts a built page runs from files, in order: its `<script src>`
 * elements and the ones its runtime loader starts (the page-weight report
 * and the docs check read pages with it).
 */
export function pageScripts(html: string): string[] {
  const elements = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
  return [...elements, ...loaderScripts(html)];
}

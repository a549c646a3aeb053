/**
 * Starts Gatsby's runtime after the page has loaded and painted, so that no
 * script delays the first paint, from one external file instead of
 * Gatsby's inline scripts, so that the pages' policy trusts no inline script.
 *
 * Gatsby ends every page with inline scripts (the page's path, the chunk
 * map, the compilation hash) and its runtime as `async` scripts (webpack's
 * runtime, React, the app). Inline scripts need a per-page policy that
 * trusts them by hash; and served fast, the runtime arrived while the page
 * was still being laid out and React hydrated before the first paint (the
 * largest paint of `/` waited for the main thread: render delay 52 to 77%
 * of it). The build (features/runtime/runtimeFile.node.ts) replaces all of them with one
 * fingerprinted file made from this module and the build's RuntimeConfig;
 * what differs per page, its path, is data on the script element
 * (`data-page-path`), which no policy has to trust.
 *
 * The page is whole without the runtime (server-rendered, usable without
 * JavaScript), so it paints first: the scripts start once the page has
 * loaded (`load`: its images are in) and painted (the first contentful
 * paint, then two more animation frames, so the frame with its images has
 * been drawn), in order, async as before, once. Not preloaded: a script that
 * arrives before the largest paint takes bandwidth from it. Without paint
 * timing (an old browser), load and the two frames alone; without frames (a
 * headless browser with virtual time, as screenshot tools and crawlers'
 * renderers run it), `ceilingMs` after load.
 */

export interface RuntimeConfig {
  /** window.___chunkMapping as Gatsby writes it: a JSON string its loader parses. */
  chunkMapping: string;
  /** window.___webpackCompilationHash: the build's, so a stale page reloads after a deploy. */
  compilationHash: string;
  /** Gatsby's runtime scripts, in the order it writes them. */
  scripts: string[];
  /** At the latest this long after `load`, the runtime starts even if no paint was reported. */
  ceilingMs: number;
}

/** The globals Gatsby's runtime reads (cache-dir/production-app.js, loader.js). */
export interface GatsbyGlobals {
  pagePath?: string;
  ___chunkMapping?: string;
  ___webpackCompilationHash?: string;
}

/** What of a browser the runtime uses, so tests can drive it step by step. */
export interface RuntimeHost {
  globals: GatsbyGlobals;
  document: Pick<Document, 'readyState' | 'createElement' | 'body'>;
  performance: Pick<Performance, 'getEntriesByType'>;
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, delay?: number): unknown;
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  PerformanceObserver?: typeof PerformanceObserver;
}

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';
const hasFcp = (entries: readonly PerformanceEntry[]): boolean => entries.some((entry) => entry.name === FIRST_CONTENTFUL_PAINT);

/** Sets Gatsby's globals for the page at `pagePath`, then starts the runtime once the page has loaded and painted. */
export function startRuntime(host: RuntimeHost, config: RuntimeConfig, pagePath: string | undefined): void {
  if (pagePath !== undefined) host.globals.pagePath = pagePath;
  host.globals.___chunkMapping = config.chunkMapping;
  host.globals.___webpackCompilationHash = config.compilationHash;

  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const src of config.scripts) {
      const script = host.document.createElement('script');
      script.src = src;
      script.async = true;
      host.document.body.appendChild(script);
    }
  };
  const afterTwoFrames = () => {
    host.requestAnimationFrame(() => {
      host.requestAnimationFrame(() => {
        host.setTimeout(run);
      });
    });
  };
  const afterPaint = () => {
    if (hasFcp(host.performance.getEntriesByType('paint'))) {
      afterTwoFrames();
      return;
    }
    try {
      if (!host.PerformanceObserver) throw new Error('no PerformanceObserver');
      new host.PerformanceObserver((list, observer) => {
        if (!hasFcp(list.getEntries())) return;
        observer.disconnect();
        afterTwoFrames();
      }).observe({ type: 'paint' });
    } catch {
      afterTwoFrames();
    }
  };
  const afterLoad = () => {
    afterPaint();
    host.setTimeout(run, config.ceilingMs);
  };
  if (host.document.readyState === 'complete') afterLoad();
  else host.addEventListener('load', afterLoad, { once: true });
}

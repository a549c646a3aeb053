/** @jest-environment node */
import { deferRuntime, pageScripts, RUNTIME_CEILING_MS, runtimeLoader } from '../../src/lib/runtimeLoader';

const SCRIPTS =
  '<script>window.___webpackCompilationHash="c5f6";</script>' +
  '<script src="/webpack-runtime-40a2.js" async></script><script src="/framework-19c9.js" async></script><script src="/app-9162.js" async></script>';
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><script>document.documentElement.classList.add(\'js\')</script></head><body><main>Text</main>' +
  '<div id="page-end" hidden=""></div><script id="gatsby-script-loader">window.pagePath="/";</script><!-- slice-start id="_gatsby-scripts-1" -->' +
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  `${SCRIPTS}<!-- slice-end id="_gatsby-scripts-1" --></body></html>`;

describe('deferRuntime', () => {
  it("replaces Gatsby's runtime scripts by one loader of the same scripts, in order, where the first was", () => {
    const html = deferRuntime(PAGE);
    expect(html).not.toBeNull();
    expect(html).not.toMatch(/<script src=/);
    const loader = `<script>${runtimeLoader(['/webpack-runtime-40a2.js', '/framework-19c9.js', '/app-9162.js'])}</script>`;
    expect(html).toBe(PAGE.replace(SCRIPTS, `<script>window.___webpackCompilationHash="c5f6";</script>${loader}`));
  });

  it('leaves everything else as it was', () => {
    const html = deferRuntime(PAGE) ?? '';
    expect(html.replace(/<script>\(function\(\)\{var s=[\s\S]*?<\/script>/, '')).toBe(PAGE.replace(/<script src="[^"]+" async><\/script>/g, ''));
  });

  it("leaves a page that is not Gatsby's (the CMS) and a page already changed", () => {
    expect(deferRuntime('<html><head></head><body><script src="/admin/decap-cms.js" async></script></body></html>')).toBeNull();
    expect(deferRuntime(deferRuntime(PAGE) ?? '')).toBeNull();
  });

  it('reads the async attribute as React writes it too (async="")', () => {
    const html = deferRuntime(PAGE.replace(/ async>/g, ' async="">')) ?? '';
    expect(html).toContain('var s=["/webpack-runtime-40a2.js","/framework-19c9.js","/app-9162.js"]');
  });
});

/** A browser of just what the loader uses, driven step by step. */
function fakeBrowser(options: { readyState: string; painted: string[]; observer?: boolean }) {
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const later: { callback: () => void; delay: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const observers: { callback: (list: { getEntries(): { name: string }[] }, observer: { disconnect(): void }) => void; connected: boolean }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(init: { type: string }) {
      if (init.type !== 'paint') throw new Error(`unexpected type ${init.type}`);
      this.entry.connected = true;
    }
  }
  const browser = {
    document: {
      readyState: options.readyState,
      createElement: () => ({ src: '', async: false }),
      body: { appendChild: (element: { src: string; async: boolean }) => appended.push(element) },
    },
    performance: { getEntriesByType: (type: string) => (type === 'paint' ? options.painted.map((name) => ({ name })) : []) },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay = 0) => (delay > 0 ? later.push({ callback, delay }) : timers.push(callback)),
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    PerformanceObserver: options.observer === false ? undefined : FakeObserver,
  };
  const names = Object.keys(browser);
  new Function(...names, runtimeLoader(['/webpack-runtime.js', '/framework.js', '/app.js']))(...names.map((name) => browser[name as keyof typeof browser]));
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return {
    appended,
    nextFrame: () => flush(frames),
    runTimers: () => flush(timers),
    /** Runs the timers set for `ms` or less (the loader's only delayed one is its ceiling). */
    elapse: (ms: number) => later.splice(0).forEach((timer) => (timer.delay <= ms ? timer.callback() : later.push(timer))),
    fire: (type: string) => listeners[type]?.(),
    paint: (name: string) => {
      for (const observer of observers.filter((candidate) => candidate.connected)) {
        observer.callback({ getEntries: () => [{ name }] }, { disconnect: () => (observer.connected = false) });
      }
    },
  };
}

describe('runtimeLoader', () => {
  const order = ['/webpack-runtime.js', '/framework.js', '/app.js'];

  it('starts the scripts, async and in order, two frames after a page that has loaded and painted', () => {
    const browser = fakeBrowser({ readyState: 'complete', painted: ['first-paint', 'first-contentful-paint'] });
    browser.nextFrame();
    browser.runTimers();
    expect(browser.appended).toEqual([]);
    browser.nextFrame();
    expect(browser.appended).toEqual([]);
    browser.runTimers();
    expect(browser.appended).toEqual(order.map((src) => ({ src, async: true })));
  });

  it('waits for load, then for the first contentful paint, not just any paint', () => {
    const browser = fakeBrowser({ readyState: 'interactive', painted: [] });
    const settle = () => {
      browser.nextFrame();
      browser.nextFrame();
      browser.runTimers();
    };
    settle();
    expect(browser.appended).toEqual([]);
    browser.fire('load');
    settle();
    expect(browser.appended).toEqual([]);
    browser.paint('first-paint');
    settle();
    expect(browser.appended).toEqual([]);
    browser.paint('first-contentful-paint');
    settle();
    expect(browser.appended.map((script) => script.src)).toEqual(order);
    // The observer has let go: a later paint entry starts nothing twice.
    browser.paint('first-contentful-paint');
    settle();
    expect(browser.appended).toHaveLength(3);
  });

  it('in a browser that draws no frames, starts once, a second after load, and not again when a frame comes', () => {
    expect(RUNTIME_CEILING_MS).toBe(1000);
    const browser = fakeBrowser({ readyState: 'loading', painted: [] });
    browser.elapse(RUNTIME_CEILING_MS);
    expect(browser.appended).toEqual([]);
    browser.fire('load');
    browser.elapse(RUNTIME_CEILING_MS - 1);
    expect(browser.appended).toEqual([]);
    browser.elapse(RUNTIME_CEILING_MS);
    expect(browser.appended.map((script) => script.src)).toEqual(order);
    browser.paint('first-contentful-paint');
    browser.nextFrame();
    browser.nextFrame();
    browser.runTimers();
    expect(browser.appended).toHaveLength(3);
  });

  it('without paint timing, starts after load and two frames', () => {
    const browser = fakeBrowser({ readyState: 'loading', painted: [], observer: false });
    browser.fire('load');
    browser.nextFrame();
    browser.nextFrame();
    browser.runTimers();
    expect(browser.appended.map((script) => script.src)).toEqual(order);
  });

  it('keeps a "<" in a script name from closing the script element', () => {
    expect(runtimeLoader(['/a</script>.js'])).toContain('"/a\\u003c/script>.js"');
  });
});

describe('pageScripts', () => {
  it("lists a page's script elements, then the scripts its loader starts", () => {
    expect(pageScripts(PAGE)).toEqual(['/webpack-runtime-40a2.js', '/framework-19c9.js', '/app-9162.js']);
    expect(pageScripts(deferRuntime(PAGE.replace('<main>', '<script src="/contact.js" defer></script><main>')) ?? '')).toEqual([
      '/contact.js',
      '/webpack-runtime-40a2.js',
      '/framework-19c9.js',
      '/app-9162.js',
    ]);
  });

  it('gives nothing for a page without scripts', () => {
    expect(pageScripts('<p>no scripts</p>')).toEqual([]);
  });
});

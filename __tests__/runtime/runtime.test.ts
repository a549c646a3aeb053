/** @jest-environment node */
import { startRuntime, type GatsbyGlobals, type RuntimeConfig, type RuntimeHost } from '../../features/runtime/runtime.browser';
import { runtimeCode } from '../../features/runtime/runtimeFile.node';
import { RUNTIME_CEILING_MS } from '../../features/runtime/runtimeMarkup.node';
import path from 'node:path';

const CONFIG: RuntimeConfig = {
  chunkMapping: '{"app":["/app-1.js"]}',
  compilationHash: 'c5f6',
  scripts: ['/webpack-runtime.js', '/framework.js', '/app.js'],
  ceilingMs: RUNTIME_CEILING_MS,
};

/** A browser of just what the runtime uses, driven step by step. */
function fakeBrowser(options: { readyState: DocumentReadyState; painted: string[]; observer?: boolean }) {
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const later: { callback: () => void; delay: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(init: { type: string }) {
      if (init.type !== 'paint') throw new Error(`unexpected type ${init.type}`);
      this.entry.connected = true;
    }
  }
  const globals: GatsbyGlobals = {};
  const host = {
    globals,
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
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return {
    host: host as unknown as RuntimeHost,
    globals,
    appended,
    nextFrame: () => flush(frames),
    runTimers: () => flush(timers),
    /** Runs the timers set for `ms` or less (the runtime's only delayed one is its ceiling). */
    elapse: (ms: number) => later.splice(0).forEach((timer) => (timer.delay <= ms ? timer.callback() : later.push(timer))),
    fire: (type: string) => listeners[type]?.(),
    paint: (name: string) => {
      for (const observer of observers.filter((candidate) => candidate.connected)) {
        const list = { getEntries: () => [{ name }] } as unknown as PerformanceObserverEntryList;
        observer.callback(list, { disconnect: () => (observer.connected = false) } as unknown as PerformanceObserver);
      }
    },
  };
}

const order = CONFIG.scripts;

describe('startRuntime', () => {
  it("sets Gatsby's globals for the page at once: its path, the chunk map and the compilation hash", () => {
    const browser = fakeBrowser({ readyState: 'loading', painted: [] });
    startRuntime(browser.host, CONFIG, '/bg/docs/');
    expect(browser.globals).toEqual({ pagePath: '/bg/docs/', ___chunkMapping: CONFIG.chunkMapping, ___webpackCompilationHash: 'c5f6' });
    expect(browser.appended).toEqual([]);
  });

  it('starts the scripts, async and in order, two frames after a page that has loaded and painted', () => {
    const browser = fakeBrowser({ readyState: 'complete', painted: ['first-paint', 'first-contentful-paint'] });
    startRuntime(browser.host, CONFIG, '/');
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
    startRuntime(browser.host, CONFIG, '/');
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
    startRuntime(browser.host, CONFIG, '/');
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
    startRuntime(browser.host, CONFIG, '/');
    browser.fire('load');
    browser.nextFrame();
    browser.nextFrame();
    browser.runTimers();
    expect(browser.appended.map((script) => script.src)).toEqual(order);
  });
});

describe('the runtime file the build emits', () => {
  const code = runtimeCode(path.join(__dirname, '..', '..'), { chunkMapping: CONFIG.chunkMapping, compilationHash: 'c5f6', scripts: order });

  it('is one small minified script holding the build configuration', () => {
    expect(code.length).toBeLessThan(2000);
    expect(code).toContain('c5f6');
    expect(code).not.toMatch(/\n\s+\S/);
  });

  it('reads the page path from its own script element and starts the runtime, as the typed module does', () => {
    const browser = fakeBrowser({ readyState: 'complete', painted: ['first-contentful-paint'] });
    const window = {
      ...browser.globals,
      requestAnimationFrame: browser.host.requestAnimationFrame,
      setTimeout: browser.host.setTimeout,
      addEventListener: browser.host.addEventListener,
    };
    const document = { ...browser.host.document, currentScript: { dataset: { pagePath: '/en/pricing/' } } };
    new Function('window', 'document', 'performance', 'PerformanceObserver', code)(window, document, browser.host.performance, undefined);
    expect(window).toMatchObject({ pagePath: '/en/pricing/', ___webpackCompilationHash: 'c5f6', ___chunkMapping: CONFIG.chunkMapping });
    browser.nextFrame();
    browser.nextFrame();
    browser.runTimers();
    expect(browser.appended.map((script) => script.src)).toEqual(order);
  });
});

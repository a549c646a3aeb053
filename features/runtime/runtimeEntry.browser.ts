/**
 * The entry of the runtime file every page loads (features/runtime/runtimeFile.node.ts
 * bundles it with the build's RUNTIME_CONFIG): reads the page's path from
 * its own script element and starts Gatsby's runtime (./runtime.ts).
 */
import { startRuntime, type GatsbyGlobals, type RuntimeConfig } from './runtime.browser';

declare const RUNTIME_CONFIG: RuntimeConfig;

// currentScript is set while a classic script (async included) first runs.
const element = document.currentScript as HTMLScriptElement | null;
startRuntime(
  {
    globals: window as unknown as GatsbyGlobals,
    document,
    performance,
    requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
    setTimeout: (callback, delay) => window.setTimeout(callback, delay),
    addEventListener: (type, listener, options) => window.addEventListener(type, listener, options),
    PerformanceObserver: typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver,
  },
  RUNTIME_CONFIG,
  element?.dataset.pagePath,
);

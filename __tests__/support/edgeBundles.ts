/**
 * The sign-in exchange's CDN functions (deploy/edge/) as their CDNs' CLIs
 * bundle them (esbuild: wrangler for Cloudflare Pages Functions,
 * netlify-cli for Netlify Functions), run in a context that has the Web
 * platform's globals alone, as a Worker has, and what the test gives it
 * (the runtime's fetch, its console, a `process` where it has one).
 */
import { buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';
import net from 'node:net';
import vm from 'node:vm';

const ROOT = path.join(__dirname, '..', '..');
export const CLOUDFLARE_FUNCTION = path.join(ROOT, 'deploy/edge/cloudflare/functions/oauth/[[path]].ts');
export const NETLIFY_FUNCTION = path.join(ROOT, 'deploy/edge/netlify/functions/oauth.ts');

/**
 * As wrangler bundles a Pages Function under nodejs_compat (its
 * wrangler.toml): for the Workers runtime, which provides Node's built-ins
 * itself, so they stay outside the bundle (CommonJS here, to load it in a
 * context).
 */
export const CLOUDFLARE_BUILD: BuildOptions = {
  format: 'cjs',
  platform: 'neutral',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['browser', 'module', 'main'],
  external: ['node:*'],
};
/** As netlify-cli bundles a Function. */
export const NETLIFY_BUILD: BuildOptions = { format: 'cjs', platform: 'node' };

/**
 * What each function's file exports, as TypeScript reads it (deploy/ lies
 * outside tsconfig's folders: these types are what has the project's type
 * check read the two files).
 */
export type CloudflareExports = typeof import('../../deploy/edge/cloudflare/functions/oauth/[[path]]');
export type NetlifyExports = typeof import('../../deploy/edge/netlify/functions/oauth');

/** The function as its CDN's bundler leaves it, and the project's files in it. */
export function bundle(entry: string, options: BuildOptions): { code: string; inputs: string[] } {
  const result = buildSync({ entryPoints: [entry], bundle: true, write: false, metafile: true, logLevel: 'silent', ...options });
  const [output] = result.outputFiles ?? [];
  if (!output || !result.metafile) throw new Error(`esbuild wrote nothing for ${entry}`);
  return { code: output.text, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * The Node built-ins the bundle uses: node:net, whose isIP and BlockList
 * both runtimes have (Netlify's is Node; Cloudflare's Workers with
 * nodejs_compat). Anything else is refused, as a runtime without it would.
 */
const RUNTIME_BUILTINS: Readonly<Record<string, unknown>> = { 'node:net': net };
function runtimeRequire(name: string): unknown {
  if (name in RUNTIME_BUILTINS) return RUNTIME_BUILTINS[name];
  throw new Error(`${name} is not among the built-ins this test gives the bundle`);
}

/** The CommonJS bundle's exports, run in a context with the Web platform's globals and `extra` (fetch, console, a `process` where the runtime has one). */
export function loadBundle<Exports>(code: string, extra: Record<string, unknown>): Exports {
  const module = { exports: {} as Exports };
  const context = vm.createContext({
    module,
    exports: module.exports,
    require: runtimeRequire,
    Request,
    Response,
    Headers,
    URL,
    URLSearchParams,
    AbortSignal,
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
    btoa,
    console: { error: () => undefined, log: () => undefined, warn: () => undefined },
    ...extra,
  });
  new vm.Script(code, { filename: 'bundle.js' }).runInContext(context);
  return module.exports;
}

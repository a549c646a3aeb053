/**
 * Gatsby's runtime markup in a built page, and the one tag that replaces it
 * so that no page carries an inline script: the build reads the chunk map, compilation hash and runtime
 * scripts Gatsby wrote, bundles them into one fingerprinted file with
 * features/runtime/runtime.browser.ts (features/runtime/runtimeFile.node.ts), and gives every page
 * `<script src="/runtime-<hash>.js" data-page-path="…" async>` instead of
 * its inline scripts. Pure string work on the HTML Gatsby writes.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../site/html';

/** At the latest this long after `load`, the runtime starts even if no paint was reported (features/runtime/runtime.browser.ts). */
export const RUNTIME_CEILING_MS = 1000;

/** What Gatsby's inline scripts and runtime scripts say, which is the same on every page of a build. */
export interface GatsbyRuntime {
  chunkMapping: string;
  compilationHash: string;
  scripts: string[];
}

/** `window.___chunkMapping="…";` as Gatsby writes it: a JS string literal holding JSON. */
const CHUNK_MAPPING = /<script\s+id="gatsby-chunk-mapping"\s*>\s*window\.___chunkMapping=("(?:[^"\\]|\\.)*");?\s*<\/script>/;
const COMPILATION_HASH = /<script>window\.___webpackCompilationHash="([0-9a-f]+)";<\/script>/;
/** Gatsby's runtime scripts: `<script src="/app-….js" async></script>`. */
const RUNTIME_SCRIPT = /<script src="(\/[^"<>]+\.js)" async(?:="")?><\/script>/g;
const PAGE_PATH = /<script id="gatsby-script-loader">\/\*<!\[CDATA\[\*\/window\.pagePath="([^"\\<]*)";\/\*\]\]>\*\/<\/script>/;
/** The tag this module writes, as it stands in a page it rewrote before (an incremental build). */
const RUNTIME_TAG = /<script src="\/runtime-[0-9a-f]{20}\.js" data-page-path="([^"]*)" async(?:="")?><\/script>/;
/** The inline loader of the design before this one (an inline script that started the runtime after paint), should a page still carry it. */
const INLINE_LOADER = /<script>\(function\(\)\{var s=\[[^\]]*\];[\s\S]*?\}\)\(\)<\/script>/;

/** The runtime in HTML that holds Gatsby's raw scripts (its scripts slice, or a page it wrote); null when it does not. */
export function readGatsbyRuntime(html: string): GatsbyRuntime | null {
  const mapping = CHUNK_MAPPING.exec(html);
  const hash = COMPILATION_HASH.exec(html);
  const scripts = [...html.matchAll(RUNTIME_SCRIPT)].map((match) => match[1]);
  if (!mapping || !hash || scripts.length === 0) return null;
  return { chunkMapping: JSON.parse(mapping[1]) as string, compilationHash: hash[1], scripts };
}

/** The name of the runtime file whose code is `code`: '/runtime-' and 20 hex digits of its sha256, which the hosting rules treat as fingerprinted. */
export function runtimeFileName(code: string): string {
  return `/runtime-${createHash('sha256').update(code, 'utf8').digest('hex').slice(0, 20)}.js`;
}

const unescapeAttribute = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * `html` with Gatsby's runtime markup (the page path, chunk map and
 * compilation hash scripts, the async runtime scripts) replaced by one tag
 * loading `runtimeFile`, where the page-path script was. Idempotent: a page
 * rewritten before (kept by an incremental build) gets the current file.
 * Null for HTML that is not a Gatsby page (the CMS at /admin/, Gatsby's
 * scripts slice), which carry no page path.
 */
export function withRuntimeTag(html: string, runtimeFile: string): string | null {
  const fromGatsby = PAGE_PATH.exec(html);
  const fromTag = RUNTIME_TAG.exec(html);
  const pagePath = fromGatsby ? fromGatsby[1] : fromTag ? unescapeAttribute(fromTag[1]) : null;
  if (pagePath === null) return null;
  const tag = `<script src="${runtimeFile}" data-page-path="${escapeHtml(pagePath)}" async=""></script>`;
  const marker = fromGatsby ?? fromTag;
  const rewritten = html.replace((marker as RegExpExecArray)[0], () => tag);
  return rewritten.replace(CHUNK_MAPPING, '').replace(COMPILATION_HASH, '').replace(RUNTIME_SCRIPT, '').replace(INLINE_LOADER, '');
}

/** The runtime file a page loads, or null. */
export function runtimeFileOf(html: string): string | null {
  return /<script src="(\/runtime-[0-9a-f]{20}\.js)" data-page-path="/.exec(html)?.[1] ?? null;
}

/**
 * The scripts a built page runs from files, in order: its `<script src>`
 * elements, then the ones its runtime file starts (`runtimeScripts`, from
 * the build record) when it loads one (the page-weight report and the docs
 * check read pages with it).
 */
export function pageScripts(html: string, runtimeScripts: readonly string[]): string[] {
  const elements = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
  return [...elements, ...(runtimeFileOf(html) ? runtimeScripts : [])];
}

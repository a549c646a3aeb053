import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from './runtime.browser';
import type { RuntimeRecord } from '../hosting/buildRecord';
import { inlineScripts, servedKind } from '../hosting/rules';
import { RUNTIME_CEILING_MS, readGatsbyRuntime, runtimeFileName, withRuntimeTag, type GatsbyRuntime } from './runtimeMarkup.node';
import { bundleBrowserModule } from '../../system/browserBundle';
import { rewriteHtmlFiles } from './streamedHtml.node';
import { htmlFiles } from '../../system/folderTree';

/** Gatsby's scripts slice: the chunk map, compilation hash and runtime scripts it stitches into every page. */
export const SCRIPTS_SLICE = '_gatsby/slices/_gatsby-scripts-1.html';

/**
 * The build's runtime as Gatsby wrote it: from its scripts slice, which the
 * build never rewrites (it is a fragment, not a page), or from any page
 * that still holds the raw scripts. Throws when none does: the pages would
 * load no runtime.
 */
function gatsbyRuntime(publicDir: string): GatsbyRuntime {
  const slice = path.join(publicDir, SCRIPTS_SLICE);
  const fromSlice = existsSync(slice) ? readGatsbyRuntime(readFileSync(slice, 'utf8')) : null;
  if (fromSlice) return fromSlice;
  for (const file of htmlFiles(publicDir)) {
    const found = readGatsbyRuntime(readFileSync(path.join(publicDir, file), 'utf8'));
    if (found) return found;
  }
  throw new Error(`public/ holds no Gatsby runtime scripts (neither public/${SCRIPTS_SLICE} nor any page): the pages would never hydrate`);
}

/** The runtime file's code: features/runtime/runtimeEntry.browser.ts bundled and minified with this build's configuration. */
export function runtimeCode(projectDir: string, runtime: GatsbyRuntime): string {
  const config: RuntimeConfig = { ...runtime, ceilingMs: RUNTIME_CEILING_MS };
  return bundleBrowserModule(projectDir, 'features/runtime/runtimeEntry.browser.ts', { RUNTIME_CONFIG: config });
}

export interface RuntimeResult {
  runtime: RuntimeRecord;
  /** Pages rewritten, as paths in public/. */
  rewritten: string[];
  /** Pages that still carry an inline script, with what was found: the build must fail. */
  inlineScripts: { file: string; scripts: string[] }[];
}

/**
 * Writes public/runtime-<hash>.js (removing any another build left) and
 * gives every page its tag in place of Gatsby's inline scripts, then checks
 * that no page carries an inline script of any kind: none is trusted by
 * the policy, so one found here was injected, or is a new script of
 * Gatsby's that this file must learn to move.
 */
export function writeRuntime(projectDir: string, publicDir: string): RuntimeResult {
  const runtime = gatsbyRuntime(publicDir);
  const code = runtimeCode(projectDir, runtime);
  const file = runtimeFileName(code);
  for (const name of readdirSync(publicDir)) {
    if (/^runtime-[0-9a-f]{20}\.js$/.test(name) && `/${name}` !== file) rmSync(path.join(publicDir, name));
  }
  writeFileSync(path.join(publicDir, file), code);
  const rewritten = rewriteHtmlFiles(publicDir, (bytes) => {
    const html = withRuntimeTag(bytes.toString('utf8'), file);
    return html === null || html === bytes.toString('utf8') ? null : Buffer.from(html, 'utf8');
  });
  const found: RuntimeResult['inlineScripts'] = [];
  for (const relative of htmlFiles(publicDir)) {
    if (servedKind(`/${relative}`) === 'file') continue;
    const scripts = inlineScripts(readFileSync(path.join(publicDir, relative), 'utf8'));
    if (scripts.length > 0) found.push({ file: relative, scripts });
  }
  return { runtime: { file, scripts: runtime.scripts }, rewritten, inlineScripts: found };
}

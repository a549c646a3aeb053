import { buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { publicDirOf } from './paths.js';

/** The options every browser bundle shares: one minified script for the browsers Gatsby 5 supports (all run ES2017). */
function baseOptions(projectDir: string, entry: string, defines: Readonly<Record<string, unknown>>): BuildOptions & { write: false } {
  return {
    entryPoints: [path.join(projectDir, entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2017',
    define: Object.fromEntries(Object.entries(defines).map(([name, value]) => [name, JSON.stringify(value)])),
    write: false,
    logLevel: 'silent',
  };
}

/**
 * A module of src/browser/ bundled into one minified script, with `defines`
 * (name: value) as constants it reads: the runtime file every page loads,
 * the CMS's setup script. From the project folder: Parcel compiles
 * gatsby-node into .cache/, so __dirname is not this folder.
 */
export function bundleBrowserModule(projectDir: string, entry: string, defines: Readonly<Record<string, unknown>>): string {
  const result = buildSync(baseOptions(projectDir, entry, defines));
  return result.outputFiles[0].text;
}

/**
 * A module of src/browser/ that draws with the site's React components, for
 * /admin/ only: its script, and the stylesheet of the CSS modules it
 * imports (esbuild's local-css, scoped names of its own). `aliases` stand
 * in for modules that only work inside Gatsby (gatsby's Link, say).
 */
export function bundleComponentsModule(
  projectDir: string,
  entry: string,
  defines: Readonly<Record<string, unknown>>,
  aliases: Readonly<Record<string, string>>,
): { script: string; stylesheet: string } {
  const result = buildSync({
    ...baseOptions(projectDir, entry, defines),
    // Named so the stylesheet comes out beside the script; nothing is written.
    outfile: path.join(publicDirOf(projectDir), 'bundle.js'),
    alias: Object.fromEntries(Object.entries(aliases).map(([name, target]) => [name, target.startsWith('.') ? path.join(projectDir, target) : target])),
    loader: { '.module.css': 'local-css' },
    // Readable scoped class names (PageIntro_title), which cannot meet the short global ones of global.css or KaTeX's.
    minify: false,
    minifyWhitespace: true,
    minifySyntax: true,
  });
  const file = (extension: string) => result.outputFiles.find((output) => output.path.endsWith(extension))?.text ?? '';
  return { script: file('.js'), stylesheet: file('.css') };
}

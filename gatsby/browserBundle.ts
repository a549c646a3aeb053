import { buildSync } from 'esbuild';
import path from 'node:path';

/**
 * A module of src/browser/ bundled into one minified script for the browsers
 * Gatsby 5 supports (all run ES2017), with `defines` (name: value) as
 * constants it reads: the runtime file every page loads, the CMS's setup
 * script. From the project folder: Parcel compiles gatsby-node into .cache/,
 * so __dirname is not this folder.
 */
export function bundleBrowserModule(projectDir: string, entry: string, defines: Readonly<Record<string, unknown>>): string {
  const result = buildSync({
    entryPoints: [path.join(projectDir, 'src', 'browser', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2017',
    define: Object.fromEntries(Object.entries(defines).map(([name, value]) => [name, JSON.stringify(value)])),
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

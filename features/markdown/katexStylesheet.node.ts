import { createRequire } from 'node:module';
import path from 'node:path';
import { version } from 'katex/package.json';

/** Where KaTeX's CSS is served; versioned, so it can be cached for good. */
export const KATEX_STATIC_DIR = `static/katex-${version}`;
export const KATEX_STYLESHEET = `/${KATEX_STATIC_DIR}/katex.min.css`;

/**
 * KaTeX's dist folder (katex.min.css and fonts/), found from the project.
 * createRequire: Parcel, which compiles gatsby-node, drops require.resolve.
 * Through package.json, not the .css itself, which Jest would map to a stub.
 */
export function katexDist(projectDir: string): string {
  return path.join(path.dirname(createRequire(path.join(projectDir, 'package.json')).resolve('katex/package.json')), 'dist');
}

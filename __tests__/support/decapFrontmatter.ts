/**
 * Decap CMS's own `yaml-frontmatter` format, from the decap-cms-core
 * installed with the decap-cms package (its formats/frontmatter.js over its
 * own gray-matter and YAML 1), bundled for Node with esbuild: what the CMS
 * writes for a markdown file with its built-in format, to hold the posts'
 * format (features/cms/frontmatter.ts) to it byte for byte.
 */
import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface DecapFormatter {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: readonly string[], comments?: Record<string, string>): string;
}

/** decap-cms-core's folder, found as the package manager installed it: decap-cms, then decap-cms-app, then decap-cms-core. */
function decapCore(): string {
  const decap = createRequire(require.resolve('decap-cms/package.json'));
  const app = createRequire(decap.resolve('decap-cms-app/package.json'));
  return path.dirname(createRequire(app.resolve('decap-cms-core/package.json')).resolve('decap-cms-core/package.json'));
}

let formatter: DecapFormatter | undefined;

/** Decap's FrontmatterFormatter for YAML, as `format: yaml-frontmatter` makes it. */
export function decapYamlFrontmatter(): DecapFormatter {
  if (formatter) return formatter;
  const core = decapCore();
  const { outputFiles } = buildSync({
    stdin: { contents: "export { frontmatterYAML } from './dist/esm/formats/frontmatter.js';", resolveDir: core, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  const module = { exports: {} as { frontmatterYAML(): DecapFormatter } };
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, createRequire(path.join(core, 'package.json')));
  formatter = module.exports.frontmatterYAML();
  return formatter;
}

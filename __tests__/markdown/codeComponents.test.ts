/** @jest-environment node */
import { buildSync } from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';
import components from 'prismjs/components.json';
import { requireComponent } from '../../features/markdown/remark-code/components.browser';
import { highlight } from '../../features/markdown/remark-code/transform';
import { REMARK_PLUGIN_FOLDERS } from '../../features/markdown/order';
import { PROJECT_DIR } from '../../system/paths.js';

/**
 * The CMS preview's Prism:
 * bundled for a browser as system/browserBundle.ts bundles the preview, it
 * holds every language Prism lists, by the package's own paths, and
 * highlights each exactly as the build does in Node.
 */
const PLUGIN = path.join(PROJECT_DIR, REMARK_PLUGIN_FOLDERS['stockpay-remark-code']);
const LANGUAGES = Object.keys(components.languages).filter((id) => id !== 'meta');
const SAMPLE = 'const total = price * 2; // "quoted" <tag attr=\'1\'>\nif (total > 10) { print(total); } # comment\n$var = `run ${x}`;\n';

/** transform.js bundled for a browser (esbuild follows package.json's "browser" field, as for the preview), and the files it took in. */
function browserBundle(): { code: string; inputs: string[]; warnings: number } {
  const result = buildSync({
    stdin: { contents: "globalThis.highlight = require('./transform.js').highlight;", resolveDir: PLUGIN, sourcefile: 'entry.js' },
    bundle: true,
    format: 'iife',
    target: 'es2017',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs), warnings: result.warnings.length };
}

describe('the browser bundle of Prism', () => {
  const bundle = browserBundle();

  it("holds every language of prismjs/components.json, from the package's own files, and nothing by a path of its own making", () => {
    expect(bundle.warnings).toBe(0);
    expect(bundle.inputs).toContain('features/markdown/remark-code/components.browser.js');
    expect(bundle.inputs).not.toContain('features/markdown/remark-code/components.js');
    const components = bundle.inputs.flatMap((input) => /^node_modules\/prismjs\/components\/prism-(.+)\.min\.js$/.exec(input)?.[1] ?? []);
    expect(components.sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES.length).toBeGreaterThan(290);
  });

  it('highlights every language exactly as the build does', () => {
    const browser: { highlight?: typeof highlight } = {};
    vm.runInNewContext(bundle.code, Object.assign(browser, { window: browser }));
    const differing = LANGUAGES.filter((language) => browser.highlight?.(language, SAMPLE) !== highlight(language, SAMPLE));
    expect(differing).toEqual([]);
    // Not the same for want of grammars: highlighted, not escaped text only.
    expect(highlight('bash', SAMPLE)).toContain('<span class="token');
  });

  it('names the file and what to do for a language it does not list', () => {
    expect(() => requireComponent('core')).toThrow(
      'features/markdown/remark-code/components.browser.js does not list Prism\'s language "core": add it as prismjs/components.json names it',
    );
  });
});

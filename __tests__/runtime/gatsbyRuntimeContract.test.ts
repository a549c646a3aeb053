/** @jest-environment node */
/**
 * The contract between Gatsby's inline scripts and the build that replaces
 * them. No page may carry an inline script, so the build reads the scripts
 * Gatsby writes (the page's path, the chunk map, the compilation hash, the
 * runtime's `async` scripts), bundles what they say into one file and gives
 * each page one tag instead (features/runtime/runtimeMarkup.node.ts, features/runtime/runtimeFile.node.ts,
 * features/runtime/runtime.browser.ts). Those scripts are Gatsby's own, unversioned: this
 * test makes them the way the installed Gatsby makes them, with its own code
 * (its webpack stats extractor, which writes the scripts slice; its
 * page-path script from cache-dir/static-entry.js; its slice placeholder and
 * stitching), runs the build's real step over them, and checks that the
 * runtime file then sets the same globals and starts the same scripts as
 * Gatsby's inline scripts would have. A Gatsby upgrade that changes them
 * fails here, naming what changed and where to adapt, before a build fails
 * or a page stops hydrating.
 */
import { JSDOM } from 'jsdom';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GatsbyWebpackStatsExtractor } from 'gatsby/dist/utils/gatsby-webpack-stats-extractor';
import { stitchSliceForAPage } from 'gatsby/dist/utils/slices/stitching';
import { SCRIPTS_SLICE, writeRuntime, type RuntimeResult } from '../../features/runtime/runtimeFile.node';
import { readGatsbyRuntime } from '../../features/runtime/runtimeMarkup.node';
import { inlineScripts } from '../../features/hosting/rules';
import { publicDirOf } from '../../system/paths.js';

/** The Gatsby whose inline scripts this contract was checked against: set it to the installed version once the build is adapted to it. */
const GATSBY_VERSION = '5.16.1';

const ROOT = path.join(__dirname, '..', '..');
const GATSBY = path.join(ROOT, 'node_modules', 'gatsby');
const INSTALLED = (JSON.parse(readFileSync(path.join(GATSBY, 'package.json'), 'utf8')) as { version: string }).version;

/** Gatsby's files that write the scripts, as this test and its messages name them. */
const STATS_EXTRACTOR = 'dist/utils/gatsby-webpack-stats-extractor.js';
const STATIC_ENTRY = 'cache-dir/static-entry.js';
const SLICE_RENDERER = 'cache-dir/slice/server-slice-renderer.js';
const STITCHING = 'dist/utils/slices/stitching.js';

/** Runs `check`; when it fails, throws what changed in Gatsby, which of its files writes it, and where the build adapts. */
async function contract(what: string, gatsbyFiles: string[], check: () => void | Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    throw new Error(
      [
        `Gatsby ${INSTALLED} changed its inline scripts: ${what}`,
        `Gatsby writes them in ${gatsbyFiles.map((file) => `node_modules/gatsby/${file}`).join(', ')}.`,
        'Adapt features/runtime/runtimeMarkup.node.ts (how the build reads and replaces them), features/runtime/runtimeFile.node.ts (where it finds them) and features/runtime/runtime.browser.ts (the globals the runtime file sets and the scripts it starts);',
        `once adapted, set GATSBY_VERSION in __tests__/runtime/gatsbyRuntimeContract.test.ts to '${INSTALLED}'.`,
        '',
        error instanceof Error ? error.message : String(error),
      ].join('\n'),
    );
  }
}

/** What a page's scripts leave behind in a browser: the globals set (of window), and the scripts started, in order. */
interface Effect {
  globals: Record<string, unknown>;
  scripts: { src: string; async: boolean }[];
}

/** The effect of `html`'s scripts as Gatsby wrote them: its inline scripts run in order, its `src` scripts listed. */
function gatsbyEffect(html: string): Effect {
  const window: Record<string, unknown> = {};
  const context = vm.createContext({ window });
  const scripts: Effect['scripts'] = [];
  for (const script of new JSDOM(html).window.document.querySelectorAll('script')) {
    if (script.src) scripts.push({ src: script.getAttribute('src') ?? '', async: script.hasAttribute('async') });
    else if (!script.type) vm.runInContext(script.text, context);
  }
  return { globals: window, scripts };
}

/** The effect of `html` rewritten by the build: its one runtime tag, which runs the runtime file of `publicDir` once the page has loaded and painted. */
function runtimeEffect(html: string, publicDir: string): Effect {
  const tags = [...new JSDOM(html).window.document.querySelectorAll('script')].filter((script) => !script.type);
  expect(tags.map((script) => script.getAttribute('src'))).toEqual([expect.stringMatching(/^\/runtime-[0-9a-f]{20}\.js$/)]);
  const code = readFileSync(path.join(publicDir, tags[0].getAttribute('src') ?? ''), 'utf8');
  const started: { src?: string; async?: boolean }[] = [];
  const browser = { requestAnimationFrame: (run: () => void) => run(), setTimeout: (run: () => void) => run(), addEventListener: () => undefined };
  const window: Record<string, unknown> = { ...browser };
  const document = {
    readyState: 'complete',
    currentScript: { dataset: { ...tags[0].dataset } },
    createElement: () => ({}),
    body: { appendChild: (script: { src?: string; async?: boolean }) => started.push(script) },
  };
  const performance = { getEntriesByType: () => [{ name: 'first-contentful-paint' }] };
  new Function('window', 'document', 'performance', 'PerformanceObserver', code)(window, document, performance, undefined);
  const globals = Object.fromEntries(Object.entries(window).filter(([name]) => !(name in browser)));
  return { globals, scripts: started.map(({ src = '', async = false }) => ({ src, async })) };
}

/** The build's chunks as webpack hands them to Gatsby's stats extractor: the app's entry (its runtime, styles, framework, app) and two pages' components. */
const CHUNK_GROUPS = [
  { name: 'app', files: ['webpack-runtime-fce4ff5a790433ae9525.js', 'styles.3aa562b06848731736d1.css', 'framework-19c9ed026be9a96fe8a0.js', 'app-2cbf4042687aa92c247d.js'] },
  { name: 'component---src-pages-index-tsx', files: ['component---src-pages-index-tsx-c090d4ee8af236d775d2.js'] },
  { name: 'component---src-pages-docs-tsx', files: ['component---src-pages-docs-tsx-7a29a4c9aa2c3f9ca955.js'] },
];
const COMPILATION_HASH = 'ac45d41eb9e92586e48f';
const PAGES = ['/', '/bg/docs/'];

type Compiler = Parameters<GatsbyWebpackStatsExtractor['apply']>[0];

/** Gatsby's scripts slice, written into `dir`/public by its own stats extractor as at the end of a production compilation (slices on, as Gatsby 5 always has them). */
async function writeScriptsSlice(dir: string): Promise<void> {
  let done: ((stats: unknown, callback: () => void) => Promise<void>) | undefined;
  const compiler = { hooks: { done: { tapAsync: (_name: string, handler: typeof done) => (done = handler) } } } as unknown as Compiler;
  // No path or asset prefix, as gatsby-config.ts sets none: Gatsby's getPublicPath gives ''.
  new GatsbyWebpackStatsExtractor('').apply(compiler);
  const stats = {
    hash: COMPILATION_HASH,
    compilation: {
      chunkGroups: CHUNK_GROUPS.map(({ name, files }) => ({ name, chunks: files.map((file) => ({ files: [file] })), getChildrenByOrders: () => ({}) })),
    },
    toJson: () => ({ name: '', namedChunkGroups: {}, assets: [] }),
  };
  const cwd = process.cwd();
  const slices = process.env.GATSBY_SLICES;
  process.chdir(dir);
  process.env.GATSBY_SLICES = 'true';
  try {
    if (!done) throw new Error('the stats extractor no longer waits for webpack\'s "done" hook');
    await new Promise<void>((resolve, reject) => done?.(stats, resolve).catch(reject));
  } finally {
    process.chdir(cwd);
    if (slices === undefined) delete process.env.GATSBY_SLICES;
    else process.env.GATSBY_SLICES = slices;
  }
}

/**
 * The page-path script of cache-dir/static-entry.js, its template evaluated
 * as Gatsby evaluates it for a page of a static build: slices on, page data
 * not inlined (only server-rendered pages inline it; the site has none).
 */
function pagePathScript(pagePath: string): string {
  const source = readFileSync(path.join(GATSBY, STATIC_ENTRY), 'utf8');
  const template = /const windowPageData = (`\/\*<!\[CDATA\[\*\/[\s\S]*?\/\*\]\]>\*\/`)/.exec(source)?.[1];
  if (!template) throw new Error('static-entry.js no longer builds the page-path script as `const windowPageData = `/*<![CDATA[*/…/*]]>*/``');
  if (!/id=\{`gatsby-script-loader`\}[\s\S]{0,80}__html: windowPageData/.test(source))
    throw new Error('static-entry.js no longer writes windowPageData into <script id="gatsby-script-loader">');
  const evaluate = new Function('pagePath', 'process', 'webpackCompilationHash', 'inlinePageData', 'pageData', `return ${template};`) as (...values: unknown[]) => string;
  return evaluate(pagePath, { env: { GATSBY_SLICES: 'true' } }, COMPILATION_HASH, false, {});
}

/** The id static-entry.js gives the scripts slice's placeholder. */
function scriptsSliceId(): string {
  const source = readFileSync(path.join(GATSBY, STATIC_ENTRY), 'utf8');
  const id = /createElement\(ServerSliceRenderer, \{\s*sliceId: `([^`]+)`/.exec(source)?.[1];
  if (!id) throw new Error('static-entry.js no longer puts a ServerSliceRenderer with a sliceId for its scripts in the page');
  return id;
}

/** A page as Gatsby leaves it in public/: its body, the site's end marker (gatsby-ssr.tsx), the page-path script, and the scripts slice's placeholder, stitched. */
async function writePage(publicDir: string, pagePath: string): Promise<void> {
  const { ServerSliceRenderer } = jest.requireActual<{ ServerSliceRenderer: FunctionComponent<{ sliceId: string }> }>(`gatsby/${SLICE_RENDERER}`);
  const markup = renderToStaticMarkup(
    createElement(
      'html',
      { lang: 'en' },
      createElement('head', null, createElement('title', null, 'StockPay')),
      createElement(
        'body',
        null,
        createElement('div', { id: '___gatsby', dangerouslySetInnerHTML: { __html: '<main>Text</main>' } }),
        createElement('div', { id: 'page-end', hidden: true }),
        createElement('script', { id: 'gatsby-script-loader', dangerouslySetInnerHTML: { __html: pagePathScript(pagePath) } }),
        createElement(ServerSliceRenderer, { sliceId: scriptsSliceId() }),
      ),
    ),
  );
  const file = path.join(publicDir, pagePath, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `<!DOCTYPE html>${markup}`);
  await stitchSliceForAPage({ pagePath, publicDir });
}

describe("Gatsby's inline scripts, as the build replaces them", () => {
  it(`were checked against the installed Gatsby (${GATSBY_VERSION})`, () => {
    if (INSTALLED !== GATSBY_VERSION) {
      throw new Error(
        `Gatsby ${INSTALLED} is installed, and this contract was checked against Gatsby ${GATSBY_VERSION}. Re-check it: when the other tests of ` +
          `__tests__/runtime/gatsbyRuntimeContract.test.ts pass (they run the installed Gatsby's own code), or once features/runtime/runtimeMarkup.node.ts, ` +
          `features/runtime/runtimeFile.node.ts and features/runtime/runtime.browser.ts are adapted to what they report, set GATSBY_VERSION there to '${INSTALLED}'.`,
      );
    }
    expect(INSTALLED).toBe(GATSBY_VERSION);
  });

  describe('in a build made the way Gatsby makes one', () => {
    let dir: string;
    let publicDir: string;
    /** The pages as Gatsby left them, before the build rewrote them. */
    const asGatsbyWrote = new Map<string, string>();
    let result: RuntimeResult;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'gatsby-contract-'));
      publicDir = publicDirOf(dir);
      mkdirSync(publicDir);
      await contract('its stats extractor no longer runs as this test runs it, at the end of a compilation.', [STATS_EXTRACTOR], () => writeScriptsSlice(dir));
      await contract('a page is no longer written as this test writes it.', [STATIC_ENTRY, SLICE_RENDERER, STITCHING], async () => {
        for (const pagePath of PAGES) {
          await writePage(publicDir, pagePath);
          asGatsbyWrote.set(pagePath, readFileSync(path.join(publicDir, pagePath, 'index.html'), 'utf8'));
        }
      });
      await contract('the build no longer finds or moves them.', [STATS_EXTRACTOR, STATIC_ENTRY], () => {
        result = writeRuntime(ROOT, publicDir);
      });
    }, 60_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes its scripts slice where features/runtime/runtimeFile.node.ts reads it, holding the chunk map, the compilation hash and the runtime scripts the build reads', async () => {
      await contract(`the scripts slice is no longer public/${SCRIPTS_SLICE}, or no longer holds what features/runtime/runtimeMarkup.node.ts reads.`, [STATS_EXTRACTOR], () => {
        expect(existsSync(path.join(publicDir, SCRIPTS_SLICE))).toBe(true);
        const slice = readFileSync(path.join(publicDir, SCRIPTS_SLICE), 'utf8');
        const runtime = readGatsbyRuntime(slice);
        const gatsby = gatsbyEffect(slice);
        expect(runtime).toEqual({
          chunkMapping: gatsby.globals.___chunkMapping,
          compilationHash: COMPILATION_HASH,
          scripts: gatsby.scripts.map((script) => script.src),
        });
        expect(runtime?.scripts).toEqual(['/webpack-runtime-fce4ff5a790433ae9525.js', '/framework-19c9ed026be9a96fe8a0.js', '/app-2cbf4042687aa92c247d.js']);
      });
    });

    it('leaves every page, once the build rewrote it, with no inline script and one tag for the runtime file', async () => {
      await contract(
        "a page holds an inline script the build does not move (features/hosting/rules.ts's inlineScripts finds it).",
        [STATIC_ENTRY, STATS_EXTRACTOR, STITCHING],
        () => {
          expect(result.inlineScripts).toEqual([]);
          expect(result.rewritten.sort()).toEqual(['bg/docs/index.html', 'index.html']);
          for (const pagePath of PAGES) {
            const html = readFileSync(path.join(publicDir, pagePath, 'index.html'), 'utf8');
            expect(inlineScripts(asGatsbyWrote.get(pagePath) ?? '').length).toBeGreaterThan(0);
            expect(inlineScripts(html)).toEqual([]);
            expect(html).toContain(`<script src="${result.runtime.file}" data-page-path="${pagePath}" async=""></script>`);
          }
        },
      );
    });

    it.each(PAGES)("gives %s a runtime file that sets the globals Gatsby's inline scripts set and starts its scripts, in order", async (pagePath) => {
      await contract(
        "what Gatsby's inline scripts set or start on a page differs from what the runtime file does in their place.",
        [STATIC_ENTRY, STATS_EXTRACTOR, SLICE_RENDERER, STITCHING],
        () => {
          const gatsby = gatsbyEffect(asGatsbyWrote.get(pagePath) ?? '');
          expect(gatsby.globals).toMatchObject({ pagePath, ___webpackCompilationHash: COMPILATION_HASH });
          expect(gatsby.scripts.length).toBeGreaterThan(0);
          expect(runtimeEffect(readFileSync(path.join(publicDir, pagePath, 'index.html'), 'utf8'), publicDir)).toEqual(gatsby);
        },
      );
    });
  });
});

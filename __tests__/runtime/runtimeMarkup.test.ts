/** @jest-environment node */
import { inlineScripts } from '../../features/hosting/rules';
import { pageScripts, readGatsbyRuntime, runtimeFileName, runtimeFileOf, withRuntimeTag } from '../../features/runtime/runtimeMarkup.node';

const MAPPING = '{\\"app\\":[\\"/app-9162.js\\"],\\"component---src-pages-docs-tsx\\":[\\"/component---docs-1.js\\"]}';
const SLICE =
  `\n          <script\n            id="gatsby-chunk-mapping"\n          >\n            window.___chunkMapping="${MAPPING}";\n          </script>\n        ` +
  '<script>window.___webpackCompilationHash="c5f6aa";</script>' +
  '<script src="/webpack-runtime-40a2.js" async></script><script src="/framework-19c9.js" async></script><script src="/app-9162.js" async=""></script>';
/** A page as Gatsby writes it: the page path script, then its scripts slice stitched in. */
const page = (pagePath: string) =>
  '<!DOCTYPE html><html lang="en"><head><script type="application/ld+json">{"@type":"WebPage"}</script></head><body><main>Text</main>' +
  `<div id="page-end" hidden=""></div><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="${pagePath}";/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" -->${SLICE}<!-- slice-end id="_gatsby-scripts-1" --></body></html>`;
const FILE = '/runtime-0123456789abcdef0123.js';

describe('readGatsbyRuntime', () => {
  it('reads the chunk map (the JSON string Gatsby parses), the compilation hash and the runtime scripts in order', () => {
    expect(readGatsbyRuntime(SLICE)).toEqual({
      chunkMapping: '{"app":["/app-9162.js"],"component---src-pages-docs-tsx":["/component---docs-1.js"]}',
      compilationHash: 'c5f6aa',
      scripts: ['/webpack-runtime-40a2.js', '/framework-19c9.js', '/app-9162.js'],
    });
  });

  it('finds nothing in HTML without them: a page already rewritten, the CMS', () => {
    expect(readGatsbyRuntime(withRuntimeTag(page('/'), FILE) ?? '')).toBeNull();
    expect(readGatsbyRuntime('<script src="/admin/decap-cms.js"></script>')).toBeNull();
  });
});

describe('withRuntimeTag', () => {
  it("replaces Gatsby's inline scripts and runtime scripts by one tag that carries the page path as data", () => {
    const html = withRuntimeTag(page('/bg/docs/'), FILE) ?? '';
    expect(html).toContain(`<div id="page-end" hidden=""></div><script src="${FILE}" data-page-path="/bg/docs/" async=""></script><!-- slice-start id="_gatsby-scripts-1" -->`);
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toContain('webpack-runtime');
    expect(html).toContain('<script type="application/ld+json">{"@type":"WebPage"}</script>');
    expect(html).toContain('<!-- slice-end id="_gatsby-scripts-1" --></body></html>');
  });

  it('is idempotent, and gives a page rewritten by an earlier build the current file', () => {
    const once = withRuntimeTag(page('/404.html'), FILE) ?? '';
    expect(withRuntimeTag(once, FILE)).toBe(once);
    const next = '/runtime-fedcba9876543210fedc.js';
    expect(withRuntimeTag(once, next)).toBe(once.replace(FILE, next));
    // Gatsby stitched its scripts slice anew into a page rewritten before.
    const restitched = once.replace(/(<!-- slice-start id="_gatsby-scripts-1" -->)[\s\S]*?(<!-- slice-end)/, (_, start: string, end: string) => `${start}${SLICE}${end}`);
    expect(withRuntimeTag(restitched, next)).toBe(once.replace(FILE, next));
  });

  it('escapes the page path into its attribute', () => {
    const html = withRuntimeTag(page('/a&b/'), FILE) ?? '';
    expect(html).toContain('data-page-path="/a&amp;b/"');
    expect(withRuntimeTag(html, FILE)).toBe(html);
  });

  it('leaves HTML that is not a Gatsby page: the CMS, the scripts slice itself', () => {
    expect(withRuntimeTag('<html><body><script src="/admin/decap-cms.js"></script></body></html>', FILE)).toBeNull();
    expect(withRuntimeTag(SLICE, FILE)).toBeNull();
  });

  it('removes the inline loader of the previous design, should a kept page hold it', () => {
    const old = page('/').replace('<script src="/webpack-runtime-40a2.js" async></script>', '<script>(function(){var s=["/webpack-runtime-40a2.js"];var done=0;run()})()</script>');
    expect(inlineScripts(withRuntimeTag(old, FILE) ?? '')).toEqual([]);
  });
});

describe('runtimeFileName, runtimeFileOf and pageScripts', () => {
  it('names the file by a hash of its code, in the form the hosting rules treat as fingerprinted', () => {
    expect(runtimeFileName('a()')).toMatch(/^\/runtime-[0-9a-f]{20}\.js$/);
    expect(runtimeFileName('a()')).not.toBe(runtimeFileName('b()'));
  });

  it("lists a page's script elements, then the scripts its runtime file starts", () => {
    const html = withRuntimeTag(page('/').replace('<main>', '<script src="/contact.js" defer></script><main>'), FILE) ?? '';
    expect(runtimeFileOf(html)).toBe(FILE);
    expect(pageScripts(html, ['/framework.js', '/app.js'])).toEqual(['/contact.js', FILE, '/framework.js', '/app.js']);
    expect(pageScripts('<p>no scripts</p>', ['/app.js'])).toEqual([]);
  });
});

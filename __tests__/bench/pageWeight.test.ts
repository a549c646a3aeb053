/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageWeight } from '../../bench/pageWeight';
import { BUILD_RECORD_PATH } from '../../features/hosting/buildRecord';

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('pageWeight', () => {
  let publicDir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
    writeFileSync(path.join(publicDir, file), text);
  };

  const html =
    '<!DOCTYPE html><html lang="bg"><head><style>body{color:red}</style>' +
    '<link rel="stylesheet" href="/static/katex.min.css"/></head>' +
    '<body><h1>Страница</h1><script src="/app-1.js" async></script><script src="/missing.js"></script></body></html>';
  const pageData = JSON.stringify({ componentChunkName: 'component---src-pages-docs-tsx', path: '/bg/docs/' });
  const appData = '{"webpackCompilationHash":"abc"}';

  beforeAll(() => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'weight-'));
    write('bg/docs/index.html', html);
    write('page-data/bg/docs/page-data.json', pageData);
    write('page-data/app-data.json', appData);
    write('app-1.js', 'console.log("app");');
    write('component---docs-2.js', 'console.log("docs");');
    write('static/katex.min.css', '.katex{font:normal}');
    write(
      BUILD_RECORD_PATH,
      JSON.stringify({ siteUrl: 'https://x.example', connectOrigins: [], cms: null, runtime: { file: '/runtime-0123456789abcdef0123.js', scripts: ['/app-1.js'] } }),
    );
    write('runtime-0123456789abcdef0123.js', 'run()');
    write(
      'webpack.stats.json',
      JSON.stringify({
        namedChunkGroups: {
          'component---src-pages-docs-tsx': { assets: [{ name: 'component---docs-2.js' }, { name: 'app-1.js' }, { name: 'docs.css' }] },
        },
      }),
    );
  });
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

  it("counts the HTML raw and gzip, every script once (the page's chunks too, a missing one as nothing), inline and linked CSS, and the page data", () => {
    expect(pageWeight('/bg/docs/', publicDir)).toEqual({
      html: gz(html),
      htmlRaw: Buffer.byteLength(html),
      js: gz('console.log("app");') + gz('console.log("docs");'),
      css: gz('body{color:red}') + gz('.katex{font:normal}'),
      data: gz(pageData) + gz(appData),
    });
  });

  it('counts the runtime file a page loads and the scripts it starts (named in the build record)', () => {
    write(
      'bg/later/index.html',
      html.replace('<script src="/app-1.js" async></script>', '<script src="/runtime-0123456789abcdef0123.js" data-page-path="/bg/later/" async=""></script>'),
    );
    write('page-data/bg/later/page-data.json', pageData);
    expect(pageWeight('/bg/later/', publicDir).js).toBe(gz('run()') + gz('console.log("app");') + gz('console.log("docs");'));
  });

  it('counts the raw HTML in bytes, not characters', () => {
    expect(pageWeight('/bg/docs/', publicDir).htmlRaw).toBeGreaterThan(html.length);
  });

  it('fails for a page that was not built', () => {
    expect(() => pageWeight('/bg/nothing/', publicDir)).toThrow(/index\.html/);
  });
});

/** @jest-environment node */
/**
 * Hostile class "policy": the policy trusted whatever
 * script it found in a built page, since it hashed every inline script.
 * Now no page may carry one: the build's last step (features/runtime/runtimeFile.node.ts,
 * which onPostBuild runs) moves Gatsby's own into the runtime file and
 * reports any other, naming the page, and the build fails on it; the page
 * policy holds no hash at all, whatever a page carries, and a page's own
 * <meta> policy never becomes the served one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { writeRuntime } from '../../features/runtime/runtimeFile.node';
import { headersFor, inlineScripts } from '../../features/hosting/rules';
import { BUILD_RECORD_JSON, BUILD_RECORD_PATH, fixture, scratch } from '../support/hostile';

const CLASS = 'policy';
const ROOT = path.join(__dirname, '..', '..');
const INJECTED = ['injected-plain.html', 'injected-uppercase.html', 'injected-type.html', 'injected-module.html', 'injected-multiline.html'];

const MAPPING = '{\\"app\\":[\\"/app-0123456789abcdef0123.js\\"]}';
const SLICE =
  `<script id="gatsby-chunk-mapping">window.___chunkMapping="${MAPPING}";</script>` +
  '<script>window.___webpackCompilationHash="c5f6aa";</script><script src="/app-0123456789abcdef0123.js" async></script>';
/** A page as Gatsby writes it, with `body` (a fixture) inside <main>. */
const page = (pagePath: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>${body}</main><div id="page-end" hidden=""></div>` +
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="${pagePath}";/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" -->${SLICE}<!-- slice-end id="_gatsby-scripts-1" --></body></html>`;

let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

/** A built public/ whose blog posts carry the injected scripts, one each, beside a clean home page. */
beforeEach(() => {
  dir = scratch(CLASS);
  write('_gatsby/slices/_gatsby-scripts-1.html', SLICE);
  write('app-0123456789abcdef0123.js', 'app()');
  write('index.html', page('/', '<h1>Home</h1>'));
  for (const name of INJECTED) write(`blog/${name.replace('.html', '')}/index.html`, page(`/blog/${name.replace('.html', '')}/`, fixture(CLASS, name)));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hostile policy: a script that content put into a page', () => {
  it("is refused by the build, naming each page, while the clean page and Gatsby's own scripts pass", () => {
    const result = writeRuntime(ROOT, dir);
    expect(result.inlineScripts.map(({ file }) => file).sort()).toEqual(INJECTED.map((name) => `blog/${name.replace('.html', '')}/index.html`).sort());
    for (const { scripts } of result.inlineScripts) expect(scripts).toHaveLength(1);
    expect(inlineScripts(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))).toEqual([]);
  });

  it('is never trusted by the policy the page is served with: no hash, no unsafe-inline for scripts, whatever the page holds', () => {
    writeRuntime(ROOT, dir);
    write(BUILD_RECORD_PATH, BUILD_RECORD_JSON);
    const { policies } = readPublicRules(dir);
    for (const name of INJECTED) {
      const policy = headersFor(`/blog/${name.replace('.html', '')}/`, policies)['Content-Security-Policy'];
      const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
      expect([name, scriptSrc]).toEqual([name, "script-src 'self'"]);
    }
  });

  it("serves a page that states a looser policy in its own <meta> with the site's policy, not the page's", () => {
    write('media/page.html', fixture(CLASS, 'declared-policy.html'));
    write(BUILD_RECORD_PATH, BUILD_RECORD_JSON);
    const { policies } = readPublicRules(dir);
    const served = headersFor('/media/page.html', policies)['Content-Security-Policy'];
    expect(served).toBe(policies.page);
    expect(served.split('; ').find((directive) => directive.startsWith('script-src '))).toBe("script-src 'self'");
  });
});

/**
 * @jest-environment node
 */
// Node environment: the checker runs under Node (tsx), so URL parsing and fs must be Node's, not jsdom's.
import { htmlFiles } from '../../system/folderTree';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { problemLines, summaryLine } from '../../e2e/checks/checkLinks';
import { checkSite, classifyUrl, fragmentExists, originOf, pageUrlPath, parsePage, resolvePath, siteFilesIn, srcsetUrls, type Problem } from '../../e2e/checks/links';

const ORIGIN = 'http://127.0.0.1:41234';
const REPO = path.join(__dirname, '..', '..');

/** A site folder in the temp dir, removed after the tests that made it. */
const tempDirs: string[] = [];
function tempSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'links-test-'));
  tempDirs.push(dir);
  for (const [file, content] of Object.entries(files)) writeSiteFile(dir, file, content);
  return dir;
}

function writeSiteFile(dir: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('parsePage: URL references', () => {
  const urls = (html: string) => parsePage(html).references.map(({ tag, attribute, url }) => `${tag}[${attribute}] ${url}`);

  it.each([
    ['<a href="/docs/">Docs</a>', 'a[href] /docs/'],
    ['<map><area href="/pricing/" alt="p"></map>', 'area[href] /pricing/'],
    ['<link rel="stylesheet" href="/styles.css">', 'link[href] /styles.css'],
    ['<link rel="icon" href="/favicon.svg">', 'link[href] /favicon.svg'],
    ['<link rel="manifest" href="/manifest.webmanifest">', 'link[href] /manifest.webmanifest'],
    ['<link rel="canonical" href="http://127.0.0.1:41234/">', 'link[href] http://127.0.0.1:41234/'],
    ['<link rel="alternate" hreflang="bg" href="/bg/">', 'link[href] /bg/'],
    ['<link rel="preload" as="script" href="/app.js">', 'link[href] /app.js'],
    ['<img src="/logo.png" alt="">', 'img[src] /logo.png'],
    ['<script src="/app.js" async></script>', 'script[src] /app.js'],
    ['<iframe src="/embed/"></iframe>', 'iframe[src] /embed/'],
    ['<form action="/subscribe/"></form>', 'form[action] /subscribe/'],
    ['<video src="/clip.mp4" poster="/poster.jpg"></video>', 'video[src] /clip.mp4|video[poster] /poster.jpg'],
    ['<svg><use href="#icon-check"></use></svg>', 'use[href] #icon-check'],
    ['<meta property="og:url" content="http://127.0.0.1:41234/docs/">', 'meta[content] http://127.0.0.1:41234/docs/'],
  ])('%s', (html, expected) => {
    expect(urls(page(html))).toEqual(expected.split('|'));
  });

  it('takes each candidate of img[srcset] and source[srcset]', () => {
    const html = page('<picture><source srcset="/a.webp 1x, /b.webp 2x" type="image/webp">' + '<img src="/a.png" srcset="/a.png 480w,/b.png 960w" alt=""></picture>');
    expect(urls(html)).toEqual(['source[srcset] /a.webp', 'source[srcset] /b.webp', 'img[src] /a.png', 'img[srcset] /a.png', 'img[srcset] /b.png']);
  });

  it('decodes character references in attributes', () => {
    expect(urls(page('<a href="/docs/?a=1&amp;b=2">x</a>'))).toEqual(['a[href] /docs/?a=1&b=2']);
  });

  it('ignores markup inside scripts, comments and other attributes', () => {
    const html = page(
      `<script>document.write('<a href="/nope/">')</script><!-- <a href="/old/"> -->` + '<div data-href="/data/"></div><meta name="description" content="/not-a-link/">',
    );
    expect(urls(html)).toEqual([]);
  });

  it('keeps an empty href, which points at the page itself', () => {
    expect(urls(page('<a href="">self</a>'))).toEqual(['a[href] ']);
  });

  it('reads the runtime file a page loads as any script', () => {
    const html = page('<a href="/docs/">Docs</a><script src="/runtime-0123456789abcdef0123.js" data-page-path="/" async=""></script>');
    expect(urls(html)).toEqual(['a[href] /docs/', 'script[src] /runtime-0123456789abcdef0123.js']);
  });
});

describe('parsePage: anchors', () => {
  it('collects every element id and a[name], not other names', () => {
    const { anchors } = parsePage(page('<main id="main"><h2 id="faq">FAQ</h2><a name="legacy"></a><input name="email"><svg><symbol id="icon"></symbol></svg></main>'));
    expect([...anchors].sort()).toEqual(['faq', 'icon', 'legacy', 'main']);
  });
});

describe('srcsetUrls', () => {
  it.each([
    ['/a.png', ['/a.png']],
    ['/a.png 1x, /b.png 2x', ['/a.png', '/b.png']],
    ['/a.png 480w,/b.png 960w', ['/a.png', '/b.png']],
    ['/a.png,/b.png 2x', ['/a.png,/b.png']],
    ['/a.png, /b.png 2x', ['/a.png', '/b.png']],
    ['\n  /a.png 1x,\n  /b.png 2x\n', ['/a.png', '/b.png']],
    ['data:image/png;base64,AAAA 1x, /b.png 2x', ['data:image/png;base64,AAAA', '/b.png']],
    ['/a.png (odd, descriptor) 1x, /b.png', ['/a.png', '/b.png']],
    ['', []],
    [' , ', []],
  ])('%j', (srcset, expected) => {
    expect(srcsetUrls(srcset)).toEqual(expected);
  });
});

describe('classifyUrl', () => {
  it.each([
    ['pricing/', '/docs/pricing/'],
    ['../pricing/', '/pricing/'],
    ['/pricing/', '/pricing/'],
    ['#faq', '/docs/'],
    ['?tab=2', '/docs/'],
    ['', '/docs/'],
    [`${ORIGIN}/bg/`, '/bg/'],
    ['//127.0.0.1:41234/bg/', '/bg/'],
  ])('%j on /docs/ is internal: %s', (url, pathname) => {
    const result = classifyUrl(url, '/docs/', ORIGIN);
    expect(result.kind === 'internal' && result.target.pathname).toBe(pathname);
  });

  it.each([
    'https://127.0.0.1:41234/',
    'http://127.0.0.1:9999/',
    'https://example.com/docs/',
    '//other.host/x',
    'mailto:hello@example.com',
    'tel:+359888000000',
    'javascript:void(0)',
    'data:image/png;base64,AAAA',
  ])('%s is external', (url) => {
    expect(classifyUrl(url, '/docs/', ORIGIN).kind).toBe('external');
  });

  it('treats absolute URLs as external when the site origin is unknown', () => {
    expect(classifyUrl(`${ORIGIN}/docs/`, '/', undefined).kind).toBe('external');
    expect(classifyUrl('/docs/', '/', undefined).kind).toBe('internal');
  });

  it('reports a URL that cannot be parsed', () => {
    expect(classifyUrl('http://[::1', '/', ORIGIN).kind).toBe('invalid');
  });
});

describe('originOf', () => {
  it.each([
    ['http://127.0.0.1:41234', ORIGIN],
    ['http://127.0.0.1:41234/', ORIGIN],
    ['https://example.com/some/path?x=1', 'https://example.com'],
    ['mailto:a@example.com', undefined],
    ['example.com', undefined],
  ])('%s -> %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});

describe('pageUrlPath', () => {
  it.each([
    ['index.html', '/'],
    ['docs/index.html', '/docs/'],
    ['bg/docs/index.html', '/bg/docs/'],
    ['404.html', '/404.html'],
    ['bg/404.html', '/bg/404.html'],
  ])('%s -> %s', (file, urlPath) => {
    expect(pageUrlPath(file)).toBe(urlPath);
  });
});

describe('fragmentExists', () => {
  const anchors = new Set(['faq', 'über', 'a%20b']);
  it.each([
    ['', true],
    ['faq', true],
    ['top', true],
    ['TOP', true],
    ['%C3%BCber', true],
    ['a%20b', true],
    ['FAQ', false],
    ['nope', false],
    ['%E0%A4%A', false],
  ])('#%s -> %s', (fragment, exists) => {
    expect(fragmentExists(fragment, anchors)).toBe(exists);
  });
});

describe('htmlFiles (features/hosting/publicFiles.node.ts) and resolvePath', () => {
  const dir = tempSite({
    'index.html': page(''),
    'docs/index.html': page(''),
    'sitemap.xml': '<urlset/>',
    'бг/index.html': page(''),
    'a/b/index.html': page(''),
    'page-data/404.html/page-data.json': '{}',
    'static/logo.png': 'png',
  });
  const files = siteFilesIn(dir);

  it('lists HTML files only, not directories named *.html', () => {
    expect(htmlFiles(dir)).toEqual(['a/b/index.html', 'docs/index.html', 'index.html', 'бг/index.html']);
  });

  it('lists nothing for a missing folder', () => {
    expect(htmlFiles(path.join(dir, 'nope'))).toEqual([]);
  });

  it.each([
    ['/', 'index.html'],
    ['/docs/', 'docs/index.html'],
    ['/docs', 'docs/index.html'],
    ['/sitemap.xml', 'sitemap.xml'],
    ['/static/logo.png', 'static/logo.png'],
    ['/%D0%B1%D0%B3/', 'бг/index.html'],
  ])('%s -> %s', (pathname, file) => {
    expect(resolvePath(pathname, files)).toEqual({ file });
  });

  it.each([
    ['/missing/', `${dir}/missing/index.html`],
    ['/missing', `${dir}/missing or ${dir}/missing/index.html`],
    ['/static/', `${dir}/static/index.html`],
    ['/page-data/404.html', `${dir}/page-data/404.html or ${dir}/page-data/404.html/index.html`],
    ['/a%2Fb/', 'a file for the malformed path /a%2Fb/'],
    ['/%E0%A4%A/', 'a file for the malformed path /%E0%A4%A/'],
  ])('%s is missing: %s', (pathname, missing) => {
    expect(resolvePath(pathname, files)).toEqual({ missing });
  });
});

describe('checkSite', () => {
  const dir = tempSite({
    'index.html': page('<h1 id="intro">Home</h1>'),
    'docs/index.html': page('<h2 id="faq">FAQ</h2><a name="legacy"></a><h2 id="über">Ü</h2>'),
    'sitemap.xml': '<urlset/>',
    'бг/index.html': page(''),
  });
  const files = siteFilesIn(dir);

  /** Checks a page at page/index.html with the given body. */
  function check(body: string, origin: string | undefined) {
    writeSiteFile(dir, 'page/index.html', page(`<main id="own">${body}</main>`));
    return checkSite(files, ['page/index.html'], origin);
  }
  const reasons = (body: string) => check(body, ORIGIN).problems.map((problem) => problem.reason);

  it.each([
    '/docs/',
    '/docs',
    '../docs/',
    'http://127.0.0.1:41234/docs/',
    '/sitemap.xml',
    '/sitemap.xml?v=2',
    '/docs/?tab=2',
    '/docs/#faq',
    '../docs/#faq',
    '/docs?tab=2#faq',
    `${ORIGIN}/docs/#faq`,
    '/docs/#legacy',
    '/docs/#%C3%BCber',
    '/docs/#über',
    '/%D0%B1%D0%B3/',
    '/бг/',
    '#own',
    '#',
    '#top',
    '/docs/#top',
    '/sitemap.xml#anything',
    '',
    '?q=1',
  ])('%j is fine', (href) => {
    expect(reasons(`<a href="${href}">x</a>`)).toEqual([]);
  });

  it.each([
    ['/missing/', `no file ${dir}/missing/index.html`],
    ['/missing', `no file ${dir}/missing or ${dir}/missing/index.html`],
    ['missing/', `no file ${dir}/page/missing/index.html`],
    [`${ORIGIN}/gone/`, `no file ${dir}/gone/index.html`],
    ['/missing/?q=1#faq', `no file ${dir}/missing/index.html`],
    ['/docs/#nope', `no element with id "nope" in ${dir}/docs/index.html`],
    ['/docs/#FAQ', `no element with id "FAQ" in ${dir}/docs/index.html`],
    ['#intro', `no element with id "intro" in ${dir}/page/index.html`],
    ['/#missing-here', `no element with id "missing-here" in ${dir}/index.html`],
    ['http://[::1', 'not a valid URL'],
  ])('%j is broken: %s', (href, reason) => {
    expect(reasons(`<a href="${href}">x</a>`)).toEqual([reason]);
  });

  it('checks every kind of reference, srcset candidates one by one', () => {
    const result = check(
      '<link rel="stylesheet" href="/gone.css"><img src="/sitemap.xml" srcset="/sitemap.xml 1x, /gone.png 2x" alt="">' +
        '<script src="/gone.js"></script><form action="/gone/"></form><iframe src="/docs/"></iframe>',
      ORIGIN,
    );
    expect(result.problems.map(({ url }) => url)).toEqual(['/gone.css', '/gone.png', '/gone.js', '/gone/']);
    expect(result.internal).toBe(7);
  });

  it('records the page, the URL as written and the reason', () => {
    expect(check('<a href="/docs/#nope">x</a>', ORIGIN).problems).toEqual<Problem[]>([
      { page: 'page/index.html', url: '/docs/#nope', reason: `no element with id "nope" in ${dir}/docs/index.html` },
    ]);
  });

  it('counts internal and external references, skipping the external ones', () => {
    const result = check(
      '<a href="/docs/">d</a><a href="#own">o</a><a href="mailto:a@example.com">m</a><a href="tel:+1">t</a>' +
        '<a href="https://example.com/">e</a><a href="//other.host/x">p</a><a href="http://127.0.0.1:41234/gone/">g</a>',
      ORIGIN,
    );
    expect(result).toMatchObject({ pages: 1, internal: 3, external: 4 });
    expect(result.problems).toHaveLength(1);
  });

  it('without the site origin skips absolute links to the site', () => {
    const result = check('<a href="http://127.0.0.1:41234/gone/">g</a>', undefined);
    expect(result).toMatchObject({ internal: 0, external: 1, problems: [] });
  });
});

describe('CLI output', () => {
  const result = (problems: Problem[]) => ({ pages: 28, internal: 3412, external: 57, problems });

  it('prints one summary line', () => {
    expect(summaryLine(result([]))).toBe('Links: 3412 internal links and anchors in 28 pages checked, 0 broken (57 external skipped)');
  });

  it('groups a link broken on many pages into one line, naming each page once', () => {
    const reason = 'no file public/x/index.html';
    const problems = ['a.html', 'a.html', 'b.html', 'c.html', 'd.html', 'e.html'].map((file) => ({ page: file, url: '/x/', reason }));
    expect(problemLines(problems, 'public')).toEqual(['  /x/ -> no file public/x/index.html (in public/a.html, public/b.html, public/c.html and 2 more pages)']);
  });

  it('keeps the list short', () => {
    const problems = Array.from({ length: 60 }, (_, i) => ({
      page: 'a.html',
      url: `/x${i}/`,
      reason: `no file public/x${i}/index.html`,
    }));
    const lines = problemLines(problems, 'public');
    expect(lines).toHaveLength(51);
    expect(lines[50]).toBe('  …and 10 more');
  });
});

describe('checkLinks CLI', () => {
  const tsx = path.join(REPO, 'node_modules', '.bin', 'tsx');
  function run(...args: string[]) {
    const env = { ...process.env };
    delete env.GATSBY_SITE_URL;
    const child = spawnSync(tsx, [path.join(REPO, 'scripts', 'checkLinks.ts'), ...args], { cwd: REPO, env, encoding: 'utf8' });
    return { status: child.status, stdout: child.stdout, stderr: child.stderr };
  }

  it('exits 0 on a clean site', () => {
    const dir = tempSite({ 'index.html': page('<a href="/docs/#faq">d</a>'), 'docs/index.html': page('<h2 id="faq">F</h2>') });
    const { status, stdout } = run(dir, ORIGIN);
    expect(stdout).toBe('Links: 1 internal links and anchors in 2 pages checked, 0 broken (0 external skipped)\n');
    expect(status).toBe(0);
  });

  it('exits 1 and names the problem when a link is broken', () => {
    const dir = tempSite({ 'index.html': page(`<a href="${ORIGIN}/gone/">g</a><a href="mailto:a@example.com">m</a>`) });
    const { status, stdout } = run(dir, ORIGIN);
    expect(stdout).toContain('1 internal links and anchors in 1 pages checked, 1 broken (1 external skipped)');
    expect(stdout).toContain(`${ORIGIN}/gone/ -> no file ${dir}/gone/index.html (in ${dir}/index.html)`);
    expect(status).toBe(1);
  });

  it('exits 2 and asks for a build when the folder has no HTML', () => {
    const { status, stderr } = run(tempSite({}));
    expect(stderr).toContain('build the site first');
    expect(status).toBe(2);
  });

  it('exits 2 on a site origin that is not a URL', () => {
    const { status, stderr } = run(tempSite({ 'index.html': page('') }), 'not-a-url');
    expect(stderr).toContain('not an http(s) site URL');
    expect(status).toBe(2);
  });
});

/** @jest-environment node */
/**
 * Hostile class "hosting paths": what a request's path alone could get from
 * nginx. Before, a dotfile in public/ (/.hidden-note.txt, /.git/config,
 * /media/.x.png) was served with 200, and the trailing-slash redirect
 * echoed //evil.example/../blog (which nginx serves as /blog) as
 * `Location: //evil.example/../blog/`, which a browser follows to
 * evil.example. Now a path with a segment that starts with a dot is a 404
 * with its language's page, however it is spelled, and no Location starts
 * with "//" or "/\". The real path: a public/ holding the fixtures, served
 * by nginx with the generated config, asked over a raw socket (so that no
 * client tidies the path first), and each Location resolved by Chromium's
 * URL parser, as a browser following it would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { headerRules } from '../../features/hosting/cdnFiles.node';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { notFoundPage } from '../../features/hosting/rules';
import { startNginx, type RunningNginx } from '../../features/hosting/nginxServer.node';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { BUILD_RECORD_JSON, BUILD_RECORD_PATH, fixture, fixtureLines, scratch } from '../support/hostile';
import { rawGet } from '../support/rawHttp';

const CLASS = 'hosting-paths';
/** Every hidden fixture carries this, so a body that holds it leaked one. */
const MARKER = 'STOCKPAY-HIDDEN';
/** Where each fixture lands in public/: dotfiles at the root, in a dot-folder, among uploads, in a language's folder; dot-folders of pages. */
const HIDDEN: Record<string, string[]> = {
  'hidden-note.txt': ['/.hidden-note.txt', '/media/.x.png', '/.well-known/security.txt'],
  'git-config': ['/.git/config', '/.git/HEAD'],
  'dot-env': ['/.env', '/bg/.env', '/en/.env'],
  'draft.html': ['/.secret/index.html', '/blog/.draft/index.html', '/bg/blog/.draft/index.html'],
};
const PAGES = ['index.html', '404.html', 'docs/index.html', 'blog/index.html', 'media/a.png', 'bg/index.html', 'bg/404.html', 'bg/blog/index.html', 'en/index.html', 'en/404.html'];

const requestPaths = (name: string): string[] => fixtureLines(CLASS, name);

/** The path nginx serves for a raw request path: the host of an absolute form and the query cut, decoded, slashes merged, dot segments resolved. */
const normalised = (target: string): string => path.posix.normalize(decodeURIComponent(target.replace(/^https?:\/\/[^/]*/, '').split('?')[0]));

let dir: string;
let nginx: RunningNginx;
let browser: Browser;
let page: Page;
const publicFile = (file: string) => fs.readFileSync(path.join(dir, file), 'latin1');

beforeAll(async () => {
  dir = scratch(CLASS);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const [name, targets] of Object.entries(HIDDEN)) for (const target of targets) write(target, fixture(CLASS, name));
  for (const file of PAGES) write(file, `<!DOCTYPE html><html lang="${file.startsWith('bg/') ? 'bg' : 'en'}"><p>${file}</p></html>`);
  write(BUILD_RECORD_PATH, BUILD_RECORD_JSON);
  nginx = await startNginx({ publicDir: dir, port: 0 });
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: apt-get install -y chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('hidden files (a segment that starts with a dot)', () => {
  const paths = requestPaths('hidden-paths.txt');

  it('are in public/, so a 404 is nginx refusing them, not a file missing', () => {
    for (const targets of Object.values(HIDDEN)) for (const target of targets) expect(publicFile(target)).toContain(MARKER);
    expect(paths.length).toBeGreaterThan(30);
  });

  it.each(paths)('%s answers 404 with the not-found page of its language, never the file', async (target) => {
    const response = await rawGet(nginx.port, target);
    const notFound = notFoundPage(normalised(target));
    expect([target, response.status, response.headers.location]).toEqual([target, 404, undefined]);
    expect([target, response.body.toString('latin1')]).toEqual([target, publicFile(notFound)]);
    expect(response.body.toString('latin1')).not.toContain(MARKER);
    expect(response.headers['x-content-type-options']).toEqual(['nosniff']);
  });

  it('are found under their language: /bg/.env gets the Bulgarian page', async () => {
    expect((await rawGet(nginx.port, '/bg/%2eenv')).body.toString('latin1')).toContain('lang="bg"');
    expect(notFoundPage(normalised('/bg//.env'))).toBe('/bg/404.html');
  });

  it('would be served by a CDN, which cannot hide an uploaded file, so the CDN rules refuse a public/ holding one, naming it', () => {
    expect(() => headerRules(readPublicRules(dir))).toThrow(/^public\/\.env: a CDN would serve it to anyone/);
  });
});

describe('redirects', () => {
  const paths = requestPaths('redirect-paths.txt');
  const origin = () => `http://127.0.0.1:${nginx.port}`;
  /** How Chromium resolves a Location against the page that answered it. */
  const resolve = (location: string, base: string) => page.evaluate(([href, from]) => new URL(href, from).href, [location, base]);

  it.each(paths)('%s: no Location starts with "//" or "/\\", and the browser stays on this site', async (target) => {
    const response = await rawGet(nginx.port, target);
    for (const location of response.headers.location ?? []) {
      expect([target, location, /^\/[\t\n\r]*[/\\]/.test(location), /^[a-z][a-z0-9+.-]*:/i.test(location)]).toEqual([target, location, false, false]);
      expect([target, new URL(await resolve(location, `${origin()}/any`)).origin]).toEqual([target, origin()]);
    }
  });

  it('still redirect, to the path with its leading slashes made one (nginx serves //blog/ as /blog/), and keep the query', async () => {
    const locations = Object.fromEntries(await Promise.all(paths.map(async (target) => [target, (await rawGet(nginx.port, target)).headers.location?.[0]])));
    expect(locations).toMatchObject({
      '//evil.example/../blog': '/evil.example/../blog/',
      '/\\evil.example/../blog': '/evil.example/../blog/',
      '///blog': '/blog/',
      '//bg': '/bg/',
      '//evil.example/../blog?next=//evil.example': '/evil.example/../blog/?next=//evil.example',
      'http://127.0.0.1//evil.example/../blog': '/evil.example/../blog/',
      // A percent-encoded slash stays as written: a browser reads it as a path, never a host.
      '/%2F%2Fevil.example/../blog': '/%2F%2Fevil.example/../blog/',
    });
    expect(Object.values(locations).filter(Boolean).length).toBeGreaterThan(12);
  });

  it('leave the paths of the site as they were: /docs -> /docs/, the query kept', async () => {
    for (const [target, location] of [
      ['/docs', '/docs/'],
      ['/docs?utm_source=x', '/docs/?utm_source=x'],
      ['/bg', '/bg/'],
      ['/bg/blog', '/bg/blog/'],
      ['/b%67', '/b%67/'],
    ]) {
      const response = await rawGet(nginx.port, target);
      expect([target, response.status, response.headers.location]).toEqual([target, 301, [location]]);
    }
  });
});

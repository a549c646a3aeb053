/** @jest-environment node */
/**
 * Hostile class "non-page files": an SVG published as it is (from static/,
 * or a CMS upload when static/media/ was the media folder), a feed got no
 * policy at all, so one opened on its own ran its script in the site's
 * origin. Now every file that is not a page is served sandboxed with
 * nothing allowed (FILE_POLICY), by nginx and, through public/_headers, by
 * either CDN. The real path: a built
 * public/ holding the fixtures, served by nginx with the generated config,
 * opened in Chromium, beside a loopback server the payloads call, which
 * must hear nothing.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { headerRules } from '../../features/hosting/cdnFiles.node';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { cloudflareHeaders, netlifyHeaders } from '../../features/hosting/headersFile';
import { FILE_POLICY } from '../../features/hosting/rules';
import { startNginx, type RunningNginx } from '../../features/hosting/nginxServer.node';
import { CHROMIUM_ARGS, findChromium } from '../../system/chromium.js';
import { BUILD_RECORD_JSON, BUILD_RECORD_PATH, fixture, scratch } from '../support/hostile';

const CLASS = 'non-page-files';
/** Where each fixture lands in public/: an upload, a feed inside a folder of pages. */
const FILES: Record<string, string> = { 'tracker.svg': '/media/tracker.svg', 'feed.xml': '/bg/feed.xml' };

let dir: string;
let heard: string[];
let listener: Server;
let nginx: RunningNginx;
let browser: Browser;

beforeAll(async () => {
  heard = [];
  listener = createServer((request, response) => {
    heard.push(request.url ?? '');
    response.end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const evil = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  dir = scratch(CLASS);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const [name, target] of Object.entries(FILES)) write(target, fixture(CLASS, name).replace(/https:\/\/evil\.example|\/\/evil\.example/g, evil));
  for (const page of ['index.html', '404.html', 'bg/index.html', 'bg/404.html', 'en/404.html']) write(page, `<p>${page}</p>`);
  write(BUILD_RECORD_PATH, BUILD_RECORD_JSON);
  nginx = await startNginx({ publicDir: dir, port: 0 });
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: apt-get install -y chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.close();
  await new Promise((resolve) => listener?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('hostile files that are not pages', () => {
  it.each(Object.entries(FILES))('%s is served sandboxed with nothing allowed, beside nosniff, by nginx', async (_name, file) => {
    const response = await fetch(`${nginx.url}${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(FILE_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(Object.entries(FILES))('%s gets the same from public/_headers, on Cloudflare Pages and on Netlify', (_name, file) => {
    const rules = headerRules(readPublicRules(dir));
    for (const headers of [cloudflareHeaders(rules, file), netlifyHeaders(rules, file)]) {
      expect(headers['Content-Security-Policy']).toBe(FILE_POLICY);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
    }
  });

  it.each(Object.entries(FILES))('%s opened in a browser runs nothing and loads nothing', async (_name, file) => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${nginx.url}${file}`);
    await page.waitForTimeout(500);
    // A sandboxed document has an opaque origin, whatever its URL.
    expect(await page.evaluate(() => window.origin)).toBe('null');
    await page.close();
    expect(dialogs).toEqual([]);
    expect(heard).toEqual([]);
  });
});

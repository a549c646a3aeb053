/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listen, type RunningServer } from '../../system/listen';
import { BUILD_RECORD_PATH, buildRecord, sitePolicies } from '../../features/hosting/buildRecord';
import { createStaticApp } from '../../features/hosting/staticServer.node';
import { headersFor } from '../../features/hosting/rules';

let dir: string;
let server: RunningServer;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const record = buildRecord(
  { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
  null,
  {
    file: '/runtime-0123456789abcdef0123.js',
    scripts: [],
  },
  null,
);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  for (const page of ['index.html', 'docs/index.html', '404.html', 'bg/404.html', 'en/404.html']) write(page, `<p>${page}</p>`);
  write('app-0123456789abcdef0123.js', 'app()');
  write('media/logo.svg', '<svg/>');
});
afterEach(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headersOf = (response: Response, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

describe('the static server of npm start', () => {
  it('serves every file with the headers of the hosting rules, from the build record', async () => {
    write(BUILD_RECORD_PATH, JSON.stringify(record));
    server = await listen(createStaticApp(dir), 0);
    for (const sitePath of ['/docs/', '/app-0123456789abcdef0123.js', '/media/logo.svg']) {
      const response = await fetch(`${server.url}${sitePath}`);
      const wanted = headersFor(sitePath, sitePolicies(record));
      expect([sitePath, response.status, headersOf(response, Object.keys(wanted))]).toEqual([sitePath, 200, wanted]);
    }
  });

  it("answers an unknown path with its language's 404 page, status 404 and the page's headers", async () => {
    write(BUILD_RECORD_PATH, JSON.stringify(record));
    server = await listen(createStaticApp(dir), 0);
    const response = await fetch(`${server.url}/bg/nowhere/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<p>bg/404.html</p>');
    expect(response.headers.get('content-security-policy')).toBe(sitePolicies(record).page);
  });

  it("answers the hosting's own files and the compressed copies asked for by name with the 404 page, as nginx does", async () => {
    write(BUILD_RECORD_PATH, JSON.stringify(record));
    write('_headers', '/*\n  X: y\n');
    write('_redirects', '/*  /404.html  404\n');
    write('index.html.br', 'compressed');
    server = await listen(createStaticApp(dir), 0);
    for (const sitePath of [BUILD_RECORD_PATH, '/_headers', '/_redirects', '/index.html.br']) {
      const response = await fetch(`${server.url}${sitePath}`);
      expect([sitePath, response.status, await response.text()]).toEqual([sitePath, 404, '<p>404.html</p>']);
    }
  });

  it('serves a folder that is not a build (no record) as plain files', async () => {
    server = await listen(createStaticApp(dir), 0);
    const response = await fetch(`${server.url}/docs/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});

/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectOrigins, readPublicRules } from '../../gatsby/publicRules';
import { adminContentSecurityPolicy, adminPageHtml } from '../../src/lib/adminPage';
import { contentSecurityPolicy, inlineScriptHashes } from '../../src/lib/hosting';

describe('readPublicRules', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'public-rules-'));
    write('index.html', '<script>window.pagePath="/"</script>');
    write('docs/index.html', '<script>window.pagePath="/docs/"</script><script type="application/ld+json">{}</script>');
    write('bg/404.html', '<p>404</p>');
    write('app-0123456789abcdef0123.js', 'x');
    write('app-0123456789abcdef0123.js.br', 'x');
    write('page-data/app-data.json', '{}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every file but the compressed copies, each page with its own policy, and the redirects', () => {
    const origins = connectOrigins({ paymentsApiUrl: 'https://pay.example.com/v1', apiUrl: 'https://api.example.com' });
    const rules = readPublicRules(dir, origins);
    expect(rules.files).toEqual(['/app-0123456789abcdef0123.js', '/bg/404.html', '/docs/index.html', '/index.html', '/page-data/app-data.json']);
    expect(rules.pages).toEqual([
      { file: '/bg/404.html', path: '/bg/404.html', csp: contentSecurityPolicy([], origins) },
      { file: '/docs/index.html', path: '/docs/', csp: contentSecurityPolicy(inlineScriptHashes('<script>window.pagePath="/docs/"</script>'), origins) },
      { file: '/index.html', path: '/', csp: contentSecurityPolicy(inlineScriptHashes('<script>window.pagePath="/"</script>'), origins) },
    ]);
    expect(rules.pages[1].csp).not.toBe(rules.pages[2].csp);
    expect(rules.redirects).toEqual([{ from: '/docs', to: '/docs/' }]);
  });

  it('serves the editors\' page with the policy it states, and frame-ancestors, which a meta tag cannot hold', () => {
    const backend = { name: 'git-gateway', branch: 'main' } as const;
    write('admin/index.html', adminPageHtml('StockPay', backend));
    const admin = readPublicRules(dir, []).pages.find((page) => page.file === '/admin/index.html');
    expect(admin).toEqual({ file: '/admin/index.html', path: '/admin/', csp: adminContentSecurityPolicy(backend) });
  });
});

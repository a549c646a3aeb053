/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRecord } from '../../features/hosting/buildRecord';
import { cmsHeaderRules, headerRules } from '../../features/hosting/cdnFiles.node';
import { formatHeadersFile, cloudflareHeaders, netlifyHeaders, parseHeadersFile } from '../../features/hosting/headersFile';
import { readPublicRules } from '../../features/hosting/publicFiles.node';
import { type PublicRules } from '../../features/hosting/publicFiles';
import { CMS_PAGE_OPENER_POLICY, headersFor, openerPolicy } from '../../features/hosting/rules';
import { OPENER_POLICY_HEADER, SECURITY_HEADERS } from '../../features/site/policies';
import { pagePath } from '../../features/site/routes';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

/**
 * The CMS page's opener policy: editors sign in in a
 * popup it opens, which answers through window.opener; `same-origin`, which
 * every other response keeps, cuts that link as soon as the popup is on
 * another origin (Chromium: __tests__/hostile/sign-in.test.ts). One rule,
 * written out the same for nginx (__tests__/hosting/nginxConfig.test.ts) and
 * both CDNs (here).
 */
const policies = { page: 'page policy', search: 'search policy', admin: 'admin policy', file: 'file policy' };

describe('openerPolicy', () => {
  it("gives the CMS page same-origin-allow-popups and every other path the site's same-origin", () => {
    expect(CMS_PAGE_OPENER_POLICY).toBe('same-origin-allow-popups');
    expect(SECURITY_HEADERS[OPENER_POLICY_HEADER]).toBe('same-origin');
    for (const served of ['/admin/', '/admin/index.html']) expect([served, openerPolicy(served)]).toEqual([served, 'same-origin-allow-popups']);
    for (const served of [
      '/',
      '/docs/',
      '/bg/search/',
      '/404.html',
      '/admin/config.yml',
      '/admin/decap-cms.js',
      '/admin',
      '/bg/admin/',
      '/media/x.png',
      '/_gatsby/slices/a.html',
    ]) {
      expect([served, openerPolicy(served)]).toEqual([served, 'same-origin']);
    }
  });

  it("changes nothing else of any response's headers, the CMS page's included", () => {
    for (const served of ['/', '/docs/', '/admin/config.yml'])
      expect(headersFor(served, policies)).toEqual({ 'Cache-Control': expect.any(String), ...SECURITY_HEADERS, 'Content-Security-Policy': expect.any(String) });
    const admin = headersFor('/admin/', policies);
    expect(Object.keys(admin)).toEqual(['Cache-Control', ...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy']);
    expect(admin).toEqual({ ...headersFor('/docs/', policies), [OPENER_POLICY_HEADER]: CMS_PAGE_OPENER_POLICY, 'Content-Security-Policy': 'admin policy' });
  });
});

describe('the CDN files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'opener-policy-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function site(cmsOrigin: string | null): PublicRules {
    for (const file of ['index.html', '404.html', 'docs/index.html', 'bg/index.html', 'bg/404.html', 'en/404.html', 'admin/index.html', 'admin/decap-cms.js', 'admin/config.yml']) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), file);
    }
    const record = buildRecord(
      { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
      { name: 'github', repo: 'acme/site', branch: 'main', oauthOrigin: 'https://shop.example.com' },
      { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
      ADMIN_SCRIPTS_EXAMPLE,
      cmsOrigin,
    );
    writeFileSync(path.join(dir, '_build.json'), JSON.stringify(record));
    return readPublicRules(dir);
  }

  it("give /admin/ the CMS page's opener policy and every other path the site's, read as Cloudflare Pages and as Netlify read _headers", () => {
    const rules = site(null);
    const parsed = parseHeadersFile(formatHeadersFile(headerRules(rules), 'test'));
    for (const served of [...rules.files.map(pagePath), '/nothing/', '/oauth/callback']) {
      const wanted = openerPolicy(served);
      expect(['cloudflare', served, cloudflareHeaders(parsed, served)[OPENER_POLICY_HEADER]]).toEqual(['cloudflare', served, wanted]);
      expect(['netlify', served, netlifyHeaders(parsed, served)[OPENER_POLICY_HEADER]]).toEqual(['netlify', served, wanted]);
    }
    expect(cloudflareHeaders(parsed, '/admin/')[OPENER_POLICY_HEADER]).toBe(CMS_PAGE_OPENER_POLICY);
  });

  it("give the CMS's own origin's page (/ and /index.html) the same, and its other files the site's", () => {
    const rules = site('https://cms.example.com');
    const parsed = parseHeadersFile(formatHeadersFile(cmsHeaderRules(rules.policies), 'test'));
    for (const served of ['/', '/index.html']) {
      expect([served, cloudflareHeaders(parsed, served)[OPENER_POLICY_HEADER], netlifyHeaders(parsed, served)[OPENER_POLICY_HEADER]]).toEqual([
        served,
        CMS_PAGE_OPENER_POLICY,
        CMS_PAGE_OPENER_POLICY,
      ]);
    }
    for (const served of ['/decap-cms.js', '/config.yml', '/nothing']) {
      expect([served, cloudflareHeaders(parsed, served)[OPENER_POLICY_HEADER], netlifyHeaders(parsed, served)[OPENER_POLICY_HEADER]]).toEqual([
        served,
        'same-origin',
        'same-origin',
      ]);
    }
  });
});

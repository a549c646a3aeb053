/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { AUTH_PATH } from '../../cms/oauth/exchange';
import { adminContentSecurityPolicy, type AdminScriptIntegrity } from '../../src/build/adminPage';
import { cmsConfig, type CmsBackend } from '../../src/build/cmsConfig';
import { OAUTH_PATH } from '../../src/lib/cmsBackends';
import { CMS_VARIABLES, cmsBackendFromEnv, cmsOriginFromEnv } from '../../src/lib/config';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

/**
 * How editors sign in to the CMS, as the build configures it
 * (docs/deploy.md, "Sign-in for editors"): CMS_OAUTH_ORIGIN (the site's own
 * exchange, cms/oauth/) or CMS_GITLAB_APP_ID (GitLab's PKCE) read and
 * checked by src/lib/config.ts, written into config.yml's backend by
 * src/build/cmsConfig.ts, and the CMS page's policy, which sign-in widens by
 * nothing (src/build/adminPage.ts).
 */
const ROOT = path.join(__dirname, '..', '..');
const BUILD = { gatsby_executing_command: 'build' };
const LOCAL = { ...BUILD, SITE_ENV: 'local' };
const GITHUB = { CMS_BACKEND: 'github', CMS_REPO: 'acme/site' };
const GITLAB = { CMS_BACKEND: 'gitlab', CMS_REPO: 'acme/site' };
const APP_ID = 'f'.repeat(64);

describe('CMS_OAUTH_ORIGIN and CMS_GITLAB_APP_ID', () => {
  it('give a github or gitlab backend its way of signing in; unset, Netlify signs editors in, as before', () => {
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB })).toEqual({ name: 'github', repo: 'acme/site', branch: 'main' });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: ' https://www.stockpay.com ' })).toEqual({
      name: 'github',
      repo: 'acme/site',
      branch: 'main',
      oauthOrigin: 'https://www.stockpay.com',
    });
    // The origin as browsers write it: the CMS compares its messages' origin with exactly this.
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_OAUTH_ORIGIN: 'HTTPS://Sign-In.StockPay.com:443/' })).toMatchObject({ oauthOrigin: 'https://sign-in.stockpay.com' });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_APP_ID: APP_ID })).toEqual({ name: 'gitlab', repo: 'acme/site', branch: 'main', gitlabAppId: APP_ID });
  });

  it('refuse an exchange origin that is no origin alone, naming the variable and the value', () => {
    const must = `CMS_OAUTH_ORIGIN must ${CMS_VARIABLES.CMS_OAUTH_ORIGIN.must}`;
    for (const value of ['www.stockpay.com', 'ftp://www.stockpay.com', 'javascript:alert(1)']) {
      expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: value })).toEqual({ error: `${must}; got "${value}"` });
    }
    for (const value of ['https://www.stockpay.com/oauth', 'https://www.stockpay.com/?x', 'https://user@www.stockpay.com', 'https://www.stockpay.com#a']) {
      expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: value })).toEqual({
        error: `CMS_OAUTH_ORIGIN must be an origin alone (scheme, host and port): no path, user name, password, query or fragment; got "${value}"`,
      });
    }
  });

  it("refuse in a production build what a production build refuses in the site's addresses; a local build takes this machine", () => {
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: 'http://www.stockpay.com' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN must use https; got "http://www.stockpay.com"',
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: 'https://127.0.0.1:8787' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN must not point at this machine; got "https://127.0.0.1:8787"',
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_OAUTH_ORIGIN: 'https://sign-in.stockpay.example' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN is at a reserved domain that serves no site (RFC 2606): set the origin editors reach the exchange on; got "https://sign-in.stockpay.example"',
    });
    expect(cmsBackendFromEnv({ ...LOCAL, ...GITHUB, CMS_OAUTH_ORIGIN: 'http://127.0.0.1:8787' })).toMatchObject({ oauthOrigin: 'http://127.0.0.1:8787' });
  });

  it('refuse what cannot sign anyone in: no backend, git-gateway, a GitLab application for GitHub, both ways at once, an ID of another form', () => {
    expect(cmsBackendFromEnv({ ...BUILD, CMS_OAUTH_ORIGIN: 'https://www.stockpay.com' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN is set, but CMS_BACKEND is not: there is no CMS to sign in to; set CMS_BACKEND (github or gitlab), or unset CMS_OAUTH_ORIGIN',
    });
    expect(cmsBackendFromEnv({ ...BUILD, CMS_GITLAB_APP_ID: APP_ID })).toEqual({
      error: 'CMS_GITLAB_APP_ID is set, but CMS_BACKEND is not: there is no CMS to sign in to; set CMS_BACKEND (github or gitlab), or unset CMS_GITLAB_APP_ID',
    });
    expect(cmsBackendFromEnv({ ...BUILD, CMS_BACKEND: 'git-gateway', CMS_OAUTH_ORIGIN: 'https://www.stockpay.com' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN cannot be used with CMS_BACKEND=git-gateway: Netlify Identity signs editors in there; use github or gitlab, or unset CMS_OAUTH_ORIGIN',
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_GITLAB_APP_ID: APP_ID })).toEqual({
      error: "CMS_GITLAB_APP_ID is for CMS_BACKEND=gitlab (GitLab's PKCE sign-in), not github; unset it",
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_APP_ID: APP_ID, CMS_OAUTH_ORIGIN: 'https://www.stockpay.com' })).toEqual({
      error: 'CMS_OAUTH_ORIGIN and CMS_GITLAB_APP_ID are two ways of signing in to GitLab (the exchange, or PKCE in the browser): set one of them',
    });
    for (const id of ['short', 'f'.repeat(129), 'abc-def-ghi', '"><script>']) {
      expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_APP_ID: id })).toEqual({ error: `CMS_GITLAB_APP_ID must ${CMS_VARIABLES.CMS_GITLAB_APP_ID.must}, got "${id}"` });
    }
  });

  it("leave npm run edit's local backend as it is, and CMS_ORIGIN's checks as they were", () => {
    expect(cmsBackendFromEnv({ CMS_LOCAL_BACKEND_URL: 'http://127.0.0.1:8081/api/v1', CMS_OAUTH_ORIGIN: 'https://x.example' })).toEqual({
      name: 'local',
      url: 'http://127.0.0.1:8081/api/v1',
    });
    const site = 'https://www.stockpay.com';
    expect(cmsOriginFromEnv({ ...BUILD, ...GITHUB, CMS_ORIGIN: 'https://cms.stockpay.com', CMS_OAUTH_ORIGIN: site }, site)).toBe('https://cms.stockpay.com');
    expect(cmsOriginFromEnv({ ...BUILD, ...GITHUB, CMS_ORIGIN: 'https://cms.stockpay.com/x' }, site)).toEqual({
      error: 'CMS_ORIGIN must be an origin alone (scheme, host and port): no path, user name, password, query or fragment; got "https://cms.stockpay.com/x"',
    });
    expect(cmsOriginFromEnv({ ...BUILD, ...GITHUB, CMS_ORIGIN: 'https://cms.stockpay.example' }, site)).toEqual({
      error: 'CMS_ORIGIN is at a reserved domain that serves no site (RFC 2606): set the address editors will open; got "https://cms.stockpay.example"',
    });
  });
});

describe("config.yml's backend", () => {
  const backendOf = (backend: CmsBackend) => parse(stringify(cmsConfig(backend, {}))).backend as Record<string, string>;

  it("points Decap's sign-in at the exchange: its origin as base_url, its start as auth_endpoint", () => {
    expect(backendOf({ name: 'github', repo: 'a/b', branch: 'main', oauthOrigin: 'https://www.stockpay.com' })).toEqual({
      name: 'github',
      repo: 'a/b',
      branch: 'main',
      preview_context: 'deploy/netlify',
      base_url: 'https://www.stockpay.com',
      auth_endpoint: 'oauth/auth',
    });
    expect(backendOf({ name: 'gitlab', repo: 'g/s/b', branch: 'main', oauthOrigin: 'https://sign-in.stockpay.com' })).toMatchObject({
      base_url: 'https://sign-in.stockpay.com',
      auth_endpoint: 'oauth/auth',
    });
    expect(`/${backendOf({ name: 'github', repo: 'a/b', branch: 'main', oauthOrigin: 'https://x.example' }).auth_endpoint}`).toBe(AUTH_PATH);
    expect(AUTH_PATH.startsWith(OAUTH_PATH)).toBe(true);
  });

  it("asks GitLab for PKCE with the application's ID, and leaves base_url to Decap (gitlab.com)", () => {
    expect(backendOf({ name: 'gitlab', repo: 'g/b', branch: 'main', gitlabAppId: APP_ID })).toEqual({
      name: 'gitlab',
      repo: 'g/b',
      branch: 'main',
      preview_context: 'deploy/netlify',
      auth_type: 'pkce',
      app_id: APP_ID,
    });
  });

  it('writes no sign-in of its own without either, as before: Netlify signs editors in', () => {
    expect(backendOf({ name: 'github', repo: 'a/b', branch: 'main' })).toEqual({ name: 'github', repo: 'a/b', branch: 'main', preview_context: 'deploy/netlify' });
  });

  it("speaks the protocol the installed Decap speaks: the URL it opens, the greeting and the answers it waits for, from the exchange's origin", () => {
    const dist = path.join(path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('decap-cms/package.json')), 'dist', 'decap-cms.js');
    const decap = readFileSync(dist, 'utf8');
    for (const piece of ['`${this.base_url}/${this.auth_endpoint}?provider=${', '"authorizing:"+', '"authorization:"+', '+":success:"', '+":error:"', '.origin===this.base_url']) {
      expect([piece, decap.includes(piece)]).toEqual([piece, true]);
    }
  });
});

describe("the CMS page's policy names exactly the origins that sign-in needs", () => {
  const integrity: AdminScriptIntegrity = ADMIN_SCRIPTS_EXAMPLE;
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

  it('none for the exchange: the CMS opens it in a popup and hears back by postMessage, which no directive governs', () => {
    for (const name of ['github', 'gitlab'] as const) {
      const plain = adminContentSecurityPolicy({ name, repo: 'a/b', branch: 'main' }, integrity);
      const signingIn = adminContentSecurityPolicy({ name, repo: 'a/b', branch: 'main', oauthOrigin: 'https://sign-in.stockpay.com' }, integrity);
      expect(signingIn).toBe(plain);
      expect(signingIn).not.toContain('sign-in.stockpay.com');
      expect(directive(signingIn, 'form-action')).toBe("form-action 'self'");
    }
  });

  it("gitlab.com for PKCE: the page leaves for GitLab's authorize page and fetches its token from GitLab, which connect-src names already", () => {
    const pkce = adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main', gitlabAppId: APP_ID }, integrity);
    expect(directive(pkce, 'connect-src').split(' ')).toContain('https://gitlab.com');
    expect(pkce).toBe(adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main' }, integrity));
  });
});

/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { AUTH_PATH } from '../../features/cms/signIn/exchange';
import { adminContentSecurityPolicy, type AdminScriptIntegrity } from '../../features/cms/adminPage';
import { cmsConfig, type CmsBackend } from '../../features/cms/decapConfig';
import { OAUTH_PATH } from '../../features/cms/backends';
import { CMS_VARIABLES } from '../../features/cms/settings';
import { cmsBackendFromEnv, cmsOriginFromEnv } from '../../features/cms/settings.node';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

/**
 * How editors sign in to the CMS, as the build configures it
 * (docs/deploy.md, "Sign-in for editors"): CMS_OAUTH_ORIGIN (the site's own
 * exchange, features/cms/signIn/) or CMS_GITLAB_APP_ID (GitLab's PKCE), and the
 * server of one's own (CMS_GITHUB_URL, CMS_GITLAB_URL), read and checked
 * by features/site/settings.ts, written into config.yml's backend by
 * features/cms/decapConfig.ts, and the CMS page's policy, which sign-in widens by
 * nothing and a server of one's own points at that server.
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

describe('CMS_GITHUB_URL and CMS_GITLAB_URL', () => {
  const GHE = 'https://github.stockpay.com';
  const OWN = { CMS_OAUTH_ORIGIN: 'https://www.stockpay.com' };

  it("name a GitHub Enterprise Server or a GitLab of one's own, as the address the API is made from", () => {
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, ...OWN, CMS_GITHUB_URL: ' HTTPS://GitHub.StockPay.com/ ' })).toEqual({
      name: 'github',
      repo: 'acme/site',
      branch: 'main',
      serverUrl: GHE,
      oauthOrigin: 'https://www.stockpay.com',
    });
    // A GitLab may sit under a path; PKCE needs no exchange.
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_APP_ID: APP_ID, CMS_GITLAB_URL: 'https://git.stockpay.com/gitlab/' })).toMatchObject({
      serverUrl: 'https://git.stockpay.com/gitlab',
      gitlabAppId: APP_ID,
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, ...OWN, CMS_GITLAB_URL: 'https://git.stockpay.com' })).toMatchObject({ serverUrl: 'https://git.stockpay.com' });
    // The public servers' own addresses are the defaults: nothing of one's own.
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_GITHUB_URL: 'https://github.com/' })).toEqual({ name: 'github', repo: 'acme/site', branch: 'main' });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_URL: 'https://gitlab.com' })).toEqual({ name: 'gitlab', repo: 'acme/site', branch: 'main' });
    // A local build takes a stand-in on this machine.
    expect(cmsBackendFromEnv({ ...LOCAL, ...GITHUB, ...OWN, CMS_GITHUB_URL: 'http://127.0.0.1:4567' })).toMatchObject({ serverUrl: 'http://127.0.0.1:4567' });
  });

  it("refuse in a production build what it refuses in the site's addresses, and any build the API's own address, a user, a query, a GitHub path", () => {
    const production: [Record<string, string>, string][] = [
      [{ CMS_GITHUB_URL: 'http://github.stockpay.com' }, 'CMS_GITHUB_URL must use https; got "http://github.stockpay.com"'],
      [{ CMS_GITHUB_URL: 'https://localhost:8443' }, 'CMS_GITHUB_URL must not point at this machine; got "https://localhost:8443"'],
      [
        { CMS_GITHUB_URL: 'https://github.stockpay.example' },
        'CMS_GITHUB_URL is at a reserved domain that serves no site (RFC 2606): set the address of the server the repository is on; got "https://github.stockpay.example"',
      ],
      [
        { CMS_GITHUB_URL: 'https://github.stockpay.com/api/v3' },
        `CMS_GITHUB_URL must be the server's own address, without the path of its API, which the CMS adds; got "https://github.stockpay.com/api/v3"`,
      ],
      [
        { CMS_GITHUB_URL: 'https://github.stockpay.com/ghe' },
        'CMS_GITHUB_URL must be an origin alone (scheme, host and port): no path, user name, password, query or fragment; got "https://github.stockpay.com/ghe"',
      ],
      [
        { CMS_GITHUB_URL: 'https://user:pw@github.stockpay.com' },
        'CMS_GITHUB_URL must be an origin alone (scheme, host and port): no path, user name, password, query or fragment; got "https://user:pw@github.stockpay.com"',
      ],
      [{ CMS_GITHUB_URL: 'github.stockpay.com' }, `CMS_GITHUB_URL must ${CMS_VARIABLES.CMS_GITHUB_URL.must}; got "github.stockpay.com"`],
    ];
    for (const [env, error] of production) expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, ...OWN, ...env })).toEqual({ error });
    for (const [value, error] of [
      [
        'https://git.stockpay.com/gitlab/api/v4',
        `CMS_GITLAB_URL must be the server's own address, without the path of its API, which the CMS adds; got "https://git.stockpay.com/gitlab/api/v4"`,
      ],
      ['https://git.stockpay.com/?x=1', 'CMS_GITLAB_URL must be an address without a user name, password, query or fragment; got "https://git.stockpay.com/?x=1"'],
      ['ftp://git.stockpay.com', `CMS_GITLAB_URL must ${CMS_VARIABLES.CMS_GITLAB_URL.must}; got "ftp://git.stockpay.com"`],
    ]) {
      expect(cmsBackendFromEnv({ ...LOCAL, ...GITLAB, ...OWN, CMS_GITLAB_URL: value })).toEqual({ error });
    }
  });

  it("refuse what could not reach the server: another backend's variable, no backend, git-gateway, and Netlify's provider, which signs in to github.com and gitlab.com only", () => {
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, ...OWN, CMS_GITLAB_URL: 'https://git.stockpay.com' })).toEqual({
      error: 'CMS_GITLAB_URL is for CMS_BACKEND=gitlab, not github; unset it',
    });
    expect(cmsBackendFromEnv({ ...BUILD, CMS_GITHUB_URL: GHE })).toEqual({
      error: 'CMS_GITHUB_URL is set, but CMS_BACKEND is not: there is no CMS to talk to that server; set CMS_BACKEND (github or gitlab), or unset CMS_GITHUB_URL',
    });
    expect(cmsBackendFromEnv({ ...BUILD, CMS_BACKEND: 'git-gateway', CMS_GITLAB_URL: 'https://git.stockpay.com' })).toEqual({
      error: "CMS_GITLAB_URL cannot be used with CMS_BACKEND=git-gateway, whose server Netlify's Git Gateway chooses; use github or gitlab, or unset CMS_GITLAB_URL",
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITHUB, CMS_GITHUB_URL: GHE })).toEqual({
      error: "CMS_GITHUB_URL needs CMS_OAUTH_ORIGIN, the site's own sign-in exchange: Netlify's OAuth provider signs editors in to github.com only",
    });
    expect(cmsBackendFromEnv({ ...BUILD, ...GITLAB, CMS_GITLAB_URL: 'https://git.stockpay.com' })).toEqual({
      error: "CMS_GITLAB_URL needs CMS_OAUTH_ORIGIN (the site's own sign-in exchange) or CMS_GITLAB_APP_ID (PKCE): Netlify's OAuth provider signs editors in to gitlab.com only",
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

  it("gives Decap the API of a server of one's own as api_root, and PKCE its GitLab as base_url", () => {
    expect(backendOf({ name: 'github', repo: 'a/b', branch: 'main', serverUrl: 'https://github.stockpay.com', oauthOrigin: 'https://www.stockpay.com' })).toEqual({
      name: 'github',
      repo: 'a/b',
      branch: 'main',
      preview_context: 'deploy/netlify',
      api_root: 'https://github.stockpay.com/api/v3',
      base_url: 'https://www.stockpay.com',
      auth_endpoint: 'oauth/auth',
    });
    expect(backendOf({ name: 'gitlab', repo: 'g/b', branch: 'main', serverUrl: 'https://git.stockpay.com/gitlab', oauthOrigin: 'https://www.stockpay.com' })).toMatchObject({
      api_root: 'https://git.stockpay.com/gitlab/api/v4',
      base_url: 'https://www.stockpay.com',
    });
    // PKCE: Decap goes to <base_url>/oauth/authorize and trades the code at <base_url>/oauth/token, on the GitLab itself.
    expect(backendOf({ name: 'gitlab', repo: 'g/b', branch: 'main', serverUrl: 'https://git.stockpay.com/gitlab', gitlabAppId: APP_ID })).toEqual({
      name: 'gitlab',
      repo: 'g/b',
      branch: 'main',
      preview_context: 'deploy/netlify',
      api_root: 'https://git.stockpay.com/gitlab/api/v4',
      auth_type: 'pkce',
      app_id: APP_ID,
      base_url: 'https://git.stockpay.com/gitlab',
    });
  });

  it('writes no sign-in of its own without either, as before: Netlify signs editors in', () => {
    expect(backendOf({ name: 'github', repo: 'a/b', branch: 'main' })).toEqual({ name: 'github', repo: 'a/b', branch: 'main', preview_context: 'deploy/netlify' });
  });

  const installedDecap = () =>
    readFileSync(path.join(path.dirname(createRequire(path.join(ROOT, 'package.json')).resolve('decap-cms/package.json')), 'dist', 'decap-cms.js'), 'utf8');

  it("speaks the protocol the installed Decap speaks: the URL it opens, the greeting and the answers it waits for, from the exchange's origin", () => {
    const decap = installedDecap();
    for (const piece of ['`${this.base_url}/${this.auth_endpoint}?provider=${', '"authorizing:"+', '"authorization:"+', '+":success:"', '+":error:"', '.origin===this.base_url']) {
      expect([piece, decap.includes(piece)]).toEqual([piece, true]);
    }
  });

  it('relies on what the installed Decap does with a server of its own and with a GitLab sign-in that ends', () => {
    const decap = installedDecap();
    for (const piece of [
      // Both backends take their API from api_root.
      'this.apiRoot=e.backend.api_root||"https://api.github.com"',
      'this.apiRoot=e.backend.api_root||"https://gitlab.com/api/v4"',
      // GitLab renews a token only after PKCE: a refresh token the exchange handed over would be kept and never used.
      '"pkce"!==this.authType||!this.refreshToken)throw',
    ]) {
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

  it("the server's own origin for a GitHub Enterprise Server or a GitLab of one's own, instead of github.com's or gitlab.com's", () => {
    const ghe = adminContentSecurityPolicy(
      { name: 'github', repo: 'a/b', branch: 'main', serverUrl: 'https://github.stockpay.com', oauthOrigin: 'https://www.stockpay.com' },
      integrity,
    );
    expect(directive(ghe, 'connect-src')).toBe("connect-src 'self' blob: https://github.stockpay.com");
    expect(directive(ghe, 'img-src')).toBe("img-src 'self' data: blob: https://github.stockpay.com https://avatars.github.stockpay.com");
    expect(ghe).not.toMatch(/githubstatus|api\.github\.com|githubusercontent/);
    const own = adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main', serverUrl: 'https://git.stockpay.com/gitlab', gitlabAppId: APP_ID }, integrity);
    expect(directive(own, 'connect-src')).toBe("connect-src 'self' blob: https://git.stockpay.com");
    expect(directive(own, 'img-src')).toBe("img-src 'self' data: blob: https://git.stockpay.com https://secure.gravatar.com");
    expect(own).not.toContain('https://gitlab.com');
  });

  it("gitlab.com for PKCE: the page leaves for GitLab's authorize page and fetches its token from GitLab, which connect-src names already", () => {
    const pkce = adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main', gitlabAppId: APP_ID }, integrity);
    expect(directive(pkce, 'connect-src').split(' ')).toContain('https://gitlab.com');
    expect(pkce).toBe(adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main' }, integrity));
  });
});

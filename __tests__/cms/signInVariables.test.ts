/** @jest-environment node */
import { unsetColumn, variableRows } from '../support/guideTables';
import { OAUTH_VARIABLES, OAUTH_VARIABLE_NAMES, type OAuthEnv } from '../../features/cms/signIn/settings';
import { oauthListenFromEnv, oauthSettingsFromEnv } from '../../features/cms/signIn/settings.node';

/**
 * The sign-in exchange's settings, declared in features/cms/signIn/settings.ts
 * and read where the exchange runs: every refusal names
 * its variable and never quotes a secret.
 */
const GITHUB_SECRET = 'ghsecret-0123456789abcdef0123456789abcdef';
const GITLAB_SECRET = 'gloas-0123456789abcdef0123456789abcdef0123456789abcdef';
const ENV: OAuthEnv = {
  CMS_OAUTH_ORIGIN: 'https://www.stockpay.com',
  GATSBY_SITE_URL: 'https://www.stockpay.com',
  OAUTH_GITHUB_CLIENT_ID: 'Ov23liABCDEF012345',
  OAUTH_GITHUB_CLIENT_SECRET: GITHUB_SECRET,
};

describe('oauthSettingsFromEnv', () => {
  it("reads the exchange's origin, the CMS's origin (the site's, or CMS_ORIGIN) and each provider's client", () => {
    expect(oauthSettingsFromEnv(ENV)).toEqual({
      origin: 'https://www.stockpay.com',
      cmsOrigin: 'https://www.stockpay.com',
      github: { clientId: 'Ov23liABCDEF012345', clientSecret: GITHUB_SECRET, scope: 'repo', url: 'https://github.com' },
    });
    expect(
      oauthSettingsFromEnv({
        ...ENV,
        GATSBY_SITE_URL: 'https://www.stockpay.com/',
        CMS_ORIGIN: 'https://cms.stockpay.com',
        CMS_OAUTH_ORIGIN: 'https://cms.stockpay.com',
        OAUTH_GITHUB_SCOPE: 'public_repo',
        OAUTH_GITLAB_CLIENT_ID: 'a'.repeat(64),
        OAUTH_GITLAB_CLIENT_SECRET: GITLAB_SECRET,
        OAUTH_GITLAB_URL: 'https://git.stockpay.com/gitlab/',
      }),
    ).toEqual({
      origin: 'https://cms.stockpay.com',
      cmsOrigin: 'https://cms.stockpay.com',
      github: { clientId: 'Ov23liABCDEF012345', clientSecret: GITHUB_SECRET, scope: 'public_repo', url: 'https://github.com' },
      gitlab: { clientId: 'a'.repeat(64), clientSecret: GITLAB_SECRET, url: 'https://git.stockpay.com/gitlab' },
    });
    const gitlabOnly = oauthSettingsFromEnv({
      ...ENV,
      OAUTH_GITHUB_CLIENT_ID: '',
      OAUTH_GITHUB_CLIENT_SECRET: ' ',
      OAUTH_GITLAB_CLIENT_ID: 'app',
      OAUTH_GITLAB_CLIENT_SECRET: GITLAB_SECRET,
    });
    expect(gitlabOnly).toEqual({
      origin: 'https://www.stockpay.com',
      cmsOrigin: 'https://www.stockpay.com',
      gitlab: { clientId: 'app', clientSecret: GITLAB_SECRET, url: 'https://gitlab.com' },
    });
  });

  it("reads a GitHub Enterprise Server's origin (OAUTH_GITHUB_URL) and a GitLab's address, and holds each to the build's when the build's is there too", () => {
    const both = {
      ...ENV,
      OAUTH_GITHUB_URL: 'https://GitHub.StockPay.com/',
      OAUTH_GITLAB_CLIENT_ID: 'app',
      OAUTH_GITLAB_CLIENT_SECRET: GITLAB_SECRET,
      OAUTH_GITLAB_URL: 'https://git.stockpay.com/gitlab/',
    };
    expect(oauthSettingsFromEnv(both)).toMatchObject({ github: { url: 'https://github.stockpay.com' }, gitlab: { url: 'https://git.stockpay.com/gitlab' } });
    // The build's values, spelled their own way, name the same servers.
    expect(oauthSettingsFromEnv({ ...both, CMS_GITHUB_URL: 'https://github.stockpay.com', CMS_GITLAB_URL: 'https://GIT.stockpay.com/gitlab' })).toMatchObject({
      github: { url: 'https://github.stockpay.com' },
    });
    expect(oauthSettingsFromEnv({ ...both, CMS_GITHUB_URL: 'https://ghe.stockpay.com', CMS_GITLAB_URL: 'https://git.stockpay.com' })).toEqual({
      errors: [
        "OAUTH_GITHUB_URL is https://GitHub.StockPay.com/, but the build's CMS_GITHUB_URL is https://ghe.stockpay.com: the exchange must sign editors in to the server the CMS talks to; give both the same address",
        "OAUTH_GITLAB_URL is https://git.stockpay.com/gitlab/, but the build's CMS_GITLAB_URL is https://git.stockpay.com: the exchange must sign editors in to the server the CMS talks to; give both the same address",
      ],
    });
    // Forgotten where the exchange runs: it would send editors to github.com for a token the server the CMS talks to never issued.
    expect(oauthSettingsFromEnv({ ...ENV, CMS_GITHUB_URL: 'https://ghe.stockpay.com' })).toEqual({
      errors: [
        "OAUTH_GITHUB_URL is unset (https://github.com), but the build's CMS_GITHUB_URL is https://ghe.stockpay.com: the exchange must sign editors in to the server the CMS talks to; give both the same address",
      ],
    });
    // A provider the exchange does not sign in with is not held to the build's.
    expect(oauthSettingsFromEnv({ ...ENV, CMS_GITLAB_URL: 'https://git.stockpay.com' })).toMatchObject({ github: { url: 'https://github.com' } });
    expect(oauthSettingsFromEnv({ ...ENV, OAUTH_GITHUB_URL: 'https://ghe.stockpay.com/api/v3' })).toEqual({
      errors: ['OAUTH_GITHUB_URL must be an origin alone, without a path; got "https://ghe.stockpay.com/api/v3"'],
    });
    expect(oauthSettingsFromEnv({ ...ENV, OAUTH_GITHUB_URL: 'http://ghe.stockpay.com' })).toEqual({
      errors: ['OAUTH_GITHUB_URL must use https (plain http only on this machine); got "http://ghe.stockpay.com"'],
    });
    expect(oauthSettingsFromEnv({ ...ENV, OAUTH_GITHUB_URL: 'http://127.0.0.1:4567' })).toMatchObject({ github: { url: 'http://127.0.0.1:4567' } });
  });

  it('takes plain http on this machine only (the tests, a local build)', () => {
    expect(oauthSettingsFromEnv({ ...ENV, CMS_OAUTH_ORIGIN: 'http://127.0.0.1:8787', GATSBY_SITE_URL: 'http://localhost:9000' })).toMatchObject({
      origin: 'http://127.0.0.1:8787',
      cmsOrigin: 'http://localhost:9000',
    });
    expect(oauthSettingsFromEnv({ ...ENV, CMS_OAUTH_ORIGIN: 'http://www.stockpay.com' })).toEqual({
      errors: ['CMS_OAUTH_ORIGIN must use https (plain http only on this machine); got "http://www.stockpay.com"'],
    });
  });

  it('names every problem at once, each with its variable', () => {
    expect(oauthSettingsFromEnv({})).toEqual({
      errors: [
        "CMS_OAUTH_ORIGIN is not set (the exchange's own origin, as the build has it)",
        "GATSBY_SITE_URL is not set (the site's address, as the build has it)",
        'Neither OAUTH_GITHUB_CLIENT_ID and OAUTH_GITHUB_CLIENT_SECRET nor OAUTH_GITLAB_CLIENT_ID and OAUTH_GITLAB_CLIENT_SECRET is set: the exchange has no provider to sign in with',
      ],
    });
    expect(
      oauthSettingsFromEnv({
        ...ENV,
        CMS_OAUTH_ORIGIN: 'https://www.stockpay.com/oauth',
        CMS_ORIGIN: 'cms',
        GATSBY_SITE_URL: 'https://www.stockpay.com/?a#b',
        OAUTH_GITHUB_CLIENT_ID: 'id with spaces',
        OAUTH_GITHUB_SCOPE: 'admin:org',
        OAUTH_GITLAB_CLIENT_ID: 'app',
        OAUTH_GITLAB_URL: 'https://user:pw@gitlab.stockpay.com',
      }),
    ).toEqual({
      errors: [
        'CMS_OAUTH_ORIGIN must be an origin alone, without a path; got "https://www.stockpay.com/oauth"',
        'GATSBY_SITE_URL must not have a query or fragment; got "https://www.stockpay.com/?a#b"',
        'CMS_ORIGIN must be an https address, got "cms"',
        `OAUTH_GITHUB_CLIENT_ID must ${OAUTH_VARIABLES.OAUTH_GITHUB_CLIENT_ID.must}, got "id with spaces"`,
        'OAUTH_GITLAB_CLIENT_ID is set, but OAUTH_GITLAB_CLIENT_SECRET is not: set both, or neither',
        'OAUTH_GITHUB_SCOPE must be repo or public_repo, got "admin:org"',
        'OAUTH_GITLAB_URL must not contain a user name or password; got "https://user:***@gitlab.stockpay.com/"',
      ],
    });
  });

  it('never quotes a secret, malformed or not', () => {
    const secret = 'a hidden value and "quotes"';
    const read = oauthSettingsFromEnv({ ...ENV, OAUTH_GITHUB_CLIENT_SECRET: secret, OAUTH_GITLAB_CLIENT_SECRET: 'x'.repeat(300) });
    expect(read).toEqual({
      errors: [
        `OAUTH_GITHUB_CLIENT_SECRET must ${OAUTH_VARIABLES.OAUTH_GITHUB_CLIENT_SECRET.must}; its value is not shown`,
        `OAUTH_GITLAB_CLIENT_SECRET must ${OAUTH_VARIABLES.OAUTH_GITLAB_CLIENT_SECRET.must}; its value is not shown`,
        'OAUTH_GITLAB_CLIENT_SECRET is set, but OAUTH_GITLAB_CLIENT_ID is not: set both, or neither',
      ],
    });
    expect(JSON.stringify(read)).not.toContain('hidden value');
    expect(JSON.stringify(read)).not.toContain('xxxx');
    expect(JSON.stringify(oauthSettingsFromEnv({ ...ENV, GATSBY_SITE_URL: '' }))).not.toContain(GITHUB_SECRET);
  });
});

describe('oauthListenFromEnv', () => {
  it('listens on loopback, port 8787, unless told otherwise', () => {
    expect(oauthListenFromEnv({})).toEqual({ host: '127.0.0.1', port: 8787 });
    expect(oauthListenFromEnv({ OAUTH_HOST: '::1', OAUTH_PORT: '9000' })).toEqual({ host: '::1', port: 9000 });
    expect(oauthListenFromEnv({ OAUTH_HOST: 'example.com', OAUTH_PORT: '70000' })).toEqual({
      errors: [`OAUTH_HOST must ${OAUTH_VARIABLES.OAUTH_HOST.must}, got "example.com"`, `OAUTH_PORT must ${OAUTH_VARIABLES.OAUTH_PORT.must}, got "70000"`],
    });
    expect(oauthListenFromEnv({ OAUTH_PORT: '0' })).toEqual({ errors: [`OAUTH_PORT must ${OAUTH_VARIABLES.OAUTH_PORT.must}, got "0"`] });
  });
});

describe("the configuration guide's table of the exchange's variables", () => {
  it('names each variable features/cms/signIn/settings.ts declares, in order, with its default', () => {
    const rows = variableRows('## The sign-in exchange');
    expect(rows.map(([name]) => name)).toEqual(OAUTH_VARIABLE_NAMES.map((name) => `\`${name}\``));
    const { actual, expected } = unsetColumn(rows, OAUTH_VARIABLES);
    expect(actual).toEqual(expected);
  });
});

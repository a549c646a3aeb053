/** @jest-environment node */
import { sandboxBuildEnv, startBuildEnv } from '../../features/sandbox/buildEnv';
import { buildConfigError } from '../../features/site/settings.node';
import { configMode } from '../../features/site/settings';

describe('sandboxBuildEnv', () => {
  const targets = { siteUrl: 'http://127.0.0.1:9100', sandboxUrl: 'http://127.0.0.1:4100', chromePath: '/usr/bin/chromium' };

  it('makes a local build pointed at the sandbox and the served site, leaving keys, product name and contact address to their defaults', () => {
    expect(sandboxBuildEnv({ PATH: '/bin', GATSBY_API_KEY: 'real-key', GATSBY_PRODUCT_NAME: 'Other', GATSBY_CONTACT_EMAIL: 'a@b.bg', SITE_ENV: 'production' }, targets)).toEqual({
      PATH: '/bin',
      SITE_ENV: 'local',
      GATSBY_SITE_URL: 'http://127.0.0.1:9100',
      GATSBY_APP_URL: 'http://127.0.0.1:4100/app',
      GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4100',
      GATSBY_API_URL: 'http://127.0.0.1:4100',
      GATSBY_PAYMENTS_API_KEY: '',
      GATSBY_API_KEY: '',
      GATSBY_PRODUCT_NAME: '',
      GATSBY_CONTACT_EMAIL: '',
      CMS_BACKEND: 'git-gateway',
      CHROME_PATH: '/usr/bin/chromium',
    });
  });

  it("builds the editors' CMS as a production site has it, with the backend the environment names if it does", () => {
    expect(sandboxBuildEnv({}, targets).CMS_BACKEND).toBe('git-gateway');
    expect(sandboxBuildEnv({ CMS_BACKEND: 'github' }, targets).CMS_BACKEND).toBe('github');
  });

  it('passes the production checks of a `gatsby build` only because it says it is local', () => {
    const env = sandboxBuildEnv({ PATH: '/bin' }, targets);
    const gatsbyBuild = { ...env, gatsby_executing_command: 'build' };
    expect(configMode(gatsbyBuild)).toBe('local');
    expect(buildConfigError(env, gatsbyBuild)).toBeNull();
    expect(buildConfigError(env, { ...gatsbyBuild, SITE_ENV: undefined })).toContain('GATSBY_SITE_URL must use https');
  });

  it('does not change the environment it is given', () => {
    const base = { PATH: '/bin' };
    sandboxBuildEnv(base, targets);
    expect(base).toEqual({ PATH: '/bin' });
  });
});

describe('startBuildEnv (npm start)', () => {
  const targets = { siteUrl: 'http://127.0.0.1:9000', sandboxUrl: 'http://127.0.0.1:4010' };

  it('makes a local build against the sandbox and the served site', () => {
    expect(startBuildEnv({ PATH: '/bin' }, targets)).toEqual({
      PATH: '/bin',
      SITE_ENV: 'local',
      GATSBY_SITE_URL: 'http://127.0.0.1:9000',
      GATSBY_APP_URL: 'http://127.0.0.1:4010/app',
      GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4010',
      GATSBY_API_URL: 'http://127.0.0.1:4010',
    });
  });

  it('lets URLs, keys and the contact address set in the environment win, but stays local', () => {
    const base = {
      SITE_ENV: 'production',
      GATSBY_SITE_URL: 'https://www.example.com',
      GATSBY_APP_URL: 'https://app.example.com',
      GATSBY_PAYMENTS_API_URL: 'https://pay.example.com',
      GATSBY_API_URL: 'https://api.example.com',
      GATSBY_API_KEY: 'k',
      GATSBY_CONTACT_EMAIL: 'hello@example.com',
    };
    expect(startBuildEnv(base, targets)).toEqual({ ...base, SITE_ENV: 'local' });
  });
});

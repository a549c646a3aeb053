/** @jest-environment node */
import { sandboxBuildEnv } from '../../scripts/processes';

describe('sandboxBuildEnv', () => {
  const targets = { siteUrl: 'http://127.0.0.1:9100', sandboxUrl: 'http://127.0.0.1:4100', chromePath: '/usr/bin/chromium' };

  it('points the build at the sandbox and the served site, leaving keys and product name to their defaults', () => {
    expect(sandboxBuildEnv({ PATH: '/bin', GATSBY_API_KEY: 'real-key', GATSBY_PRODUCT_NAME: 'Other' }, targets)).toEqual({
      PATH: '/bin',
      GATSBY_SITE_URL: 'http://127.0.0.1:9100',
      GATSBY_APP_URL: 'http://127.0.0.1:4100/app',
      GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4100',
      GATSBY_API_URL: 'http://127.0.0.1:4100',
      GATSBY_PAYMENTS_API_KEY: '',
      GATSBY_API_KEY: '',
      GATSBY_PRODUCT_NAME: '',
      CHROME_PATH: '/usr/bin/chromium',
    });
  });

  it('does not change the environment it is given', () => {
    const base = { PATH: '/bin' };
    sandboxBuildEnv(base, targets);
    expect(base).toEqual({ PATH: '/bin' });
  });
});

/**
 * The environment of a build against the local sandbox: the site checks',
 * the benchmark's and `npm start`'s.
 */
import type { CmsEnv } from '../cms/settings';
import { SANDBOX_APP_PATH } from '../site/apiContract';
import { LOCAL_SITE_ENV } from '../site/settings';

export interface BuildTargets {
  /** Where the built site will be served (canonical and alternate URLs). */
  siteUrl: string;
  /** The running sandbox: plans, contact and the application stand-in. */
  sandboxUrl: string;
  /** Chromium for the build's diagram renderer and for the checks. */
  chromePath: string;
}

/**
 * The environment of a build pointed at the local sandbox and served at
 * `siteUrl`: the one the site checks (scripts/e2e.ts) and the benchmark
 * (bench/bench.ts) build with. Keys, product name and contact address are
 * left to the defaults, which the sandbox and the tests expect. SITE_ENV=local
 * says the build is meant for this machine; without it a
 * build refuses loopback URLs and sandbox keys. The editors' CMS is built as
 * a production site would have it (CMS_BACKEND, git-gateway unless set), so
 * the checks serve and test the real /admin/.
 */
export function sandboxBuildEnv(base: NodeJS.ProcessEnv, targets: BuildTargets): NodeJS.ProcessEnv {
  const { siteUrl, sandboxUrl, chromePath } = targets;
  return {
    ...base,
    SITE_ENV: LOCAL_SITE_ENV,
    GATSBY_SITE_URL: siteUrl,
    GATSBY_APP_URL: `${sandboxUrl}${SANDBOX_APP_PATH}`,
    GATSBY_PAYMENTS_API_URL: sandboxUrl,
    GATSBY_API_URL: sandboxUrl,
    GATSBY_PAYMENTS_API_KEY: '',
    GATSBY_API_KEY: '',
    GATSBY_PRODUCT_NAME: '',
    GATSBY_CONTACT_EMAIL: '',
    ...({ CMS_BACKEND: base.CMS_BACKEND || 'git-gateway' } satisfies CmsEnv),
    CHROME_PATH: chromePath,
  };
}

/**
 * The environment of `npm start`'s build: a local build (SITE_ENV=local, so
 * it needs no production settings and no Chromium) against the sandbox and
 * served at `siteUrl`, where any URL the environment sets wins.
 */
export function startBuildEnv(base: NodeJS.ProcessEnv, targets: Omit<BuildTargets, 'chromePath'>): NodeJS.ProcessEnv {
  const { siteUrl, sandboxUrl } = targets;
  return {
    ...base,
    SITE_ENV: LOCAL_SITE_ENV,
    GATSBY_SITE_URL: base.GATSBY_SITE_URL || siteUrl,
    GATSBY_APP_URL: base.GATSBY_APP_URL || `${sandboxUrl}${SANDBOX_APP_PATH}`,
    GATSBY_PAYMENTS_API_URL: base.GATSBY_PAYMENTS_API_URL || sandboxUrl,
    GATSBY_API_URL: base.GATSBY_API_URL || sandboxUrl,
  };
}

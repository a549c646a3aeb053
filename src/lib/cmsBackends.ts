/**
 * The names of the editors' CMS backends, in one list: what CMS_BACKEND may
 * name for a production build, and the local backend `npm run edit` uses
 * (cms/localBackend.ts). Whatever names or checks a backend reads it here;
 * in src/lib/ so that the environment's checks (src/lib/config.ts) can too.
 */

/** The backends CMS_BACKEND may name: the CMS edits the repository through GitHub, GitLab or Netlify's Git Gateway. */
export const PRODUCTION_CMS_BACKENDS = ['github', 'gitlab', 'git-gateway'] as const;

/** The CMS's own backend on this machine, writing the working tree: never a production build's. */
export const LOCAL_CMS_BACKEND = 'local';

/** Every backend a build may record. */
export type CmsBackendName = typeof LOCAL_CMS_BACKEND | (typeof PRODUCTION_CMS_BACKENDS)[number];

/**
 * Every backend a build may record. A function, not a list built at load:
 * the pages import this module through src/lib/config.ts, and a spread at
 * load would stay in their bundle, unused.
 */
export const cmsBackendNames = (): CmsBackendName[] => [LOCAL_CMS_BACKEND, ...PRODUCTION_CMS_BACKENDS];

/** Whether `value` names a CMS backend. */
export function isCmsBackendName(value: unknown): value is CmsBackendName {
  return value === LOCAL_CMS_BACKEND || (PRODUCTION_CMS_BACKENDS as readonly unknown[]).includes(value);
}

/**
 * Where the editors' sign-in exchange (cms/oauth/) answers on its origin
 * (CMS_OAUTH_ORIGIN): the CMS opens `<origin>/oauth/auth` in a popup, and
 * GitHub or GitLab send the editor back to `<origin>/oauth/callback`.
 * Fixed, so that the CMS's config.yml, the exchange, nginx's location and
 * the CDN functions (deploy/edge/) agree without a setting; here, since
 * the CMS's setup script, which must not load src/lib/config.ts, writes it
 * too.
 */
export const OAUTH_PATH = '/oauth/';

/**
 * The names of the editors' CMS backends, in one list: what CMS_BACKEND may
 * name for a production build, and the local backend `npm run edit` uses
 * (features/cms/localBackend/server.node.ts); the public git servers and where their APIs are.
 * Whatever names or checks a backend reads it here: pure, so the CMS's
 * setup script and the sign-in exchange read it as the build does.
 */

/** The backends CMS_BACKEND may name: the CMS edits the repository through GitHub, GitLab or Netlify's Git Gateway. */
export const PRODUCTION_CMS_BACKENDS = ['github', 'gitlab', 'git-gateway'] as const;

/** The CMS's own backend on this machine, writing the working tree: never a production build's. */
export const LOCAL_CMS_BACKEND = 'local';

/** Where that backend answers the CMS on its origin: Decap's proxy protocol, POST with {action, params}. */
export const LOCAL_BACKEND_API_PATH = '/api/v1';

/** Every backend a build may record. */
export type CmsBackendName = typeof LOCAL_CMS_BACKEND | (typeof PRODUCTION_CMS_BACKENDS)[number];

/**
 * Every backend a build may record. A function, not a list built at load,
 * which a bundle that reads none of it would keep.
 */
export const cmsBackendNames = (): CmsBackendName[] => [LOCAL_CMS_BACKEND, ...PRODUCTION_CMS_BACKENDS];

/** Whether `value` names a CMS backend. */
export function isCmsBackendName(value: unknown): value is CmsBackendName {
  return value === LOCAL_CMS_BACKEND || (PRODUCTION_CMS_BACKENDS as readonly unknown[]).includes(value);
}

/**
 * Where the editors' sign-in exchange (features/cms/signIn/) answers on its origin
 * (CMS_OAUTH_ORIGIN): the CMS opens `<origin>/oauth/auth` in a popup, and
 * GitHub or GitLab send the editor back to `<origin>/oauth/callback`.
 * Fixed, so that the CMS's config.yml, the exchange, nginx's location and
 * the CDN functions (deploy/edge/) agree without a setting.
 */
export const OAUTH_PATH = '/oauth/';

/** The backends that sign editors in to a git server of their own: GitHub and GitLab. */
export type GitServerBackend = 'github' | 'gitlab';

/**
 * The public servers of the two: where the CMS and the sign-in exchange go
 * unless CMS_GITHUB_URL or CMS_GITLAB_URL (the build) and OAUTH_GITHUB_URL
 * or OAUTH_GITLAB_URL (the exchange) name a GitHub Enterprise Server or a
 * GitLab of one's own.
 */
export const GITHUB_COM = 'https://github.com';
export const GITLAB_COM = 'https://gitlab.com';
export const PUBLIC_GIT_SERVERS: Readonly<Record<GitServerBackend, string>> = { github: GITHUB_COM, gitlab: GITLAB_COM };

/**
 * The address of the REST API the CMS talks to on `server` (a GitHub
 * Enterprise Server's or GitLab's own address, without a trailing slash;
 * undefined for the public one): github.com's API has a host of its own,
 * a GitHub Enterprise Server's is under /api/v3, GitLab's under /api/v4.
 */
export function gitApiRoot(backend: GitServerBackend, server: string | undefined): string {
  if (backend === 'github') return server ? `${server}/api/v3` : 'https://api.github.com';
  return `${server ?? GITLAB_COM}/api/v4`;
}

/** The providers the sign-in exchange  signs editors in with: the CMS's backends that sign in through OAuth. */
export const OAUTH_PROVIDERS = ['github', 'gitlab'] as const;

export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * The editors' CMS's settings (docs/configuration.md, "The editors' CMS"):
 * where it commits, the origin it may be served from, the git server it
 * talks to and how editors sign in. Read by the build only, when it writes
 * /admin/ and records the CMS for serving; never baked into a page.
 */
import { productionUrlProblem, RESERVED_TOP_LEVEL } from '../site/addresses.node';
import { configMode } from '../site/settings';
import { LOCAL_CMS_BACKEND, PUBLIC_GIT_SERVERS, type GitServerBackend } from './backends';
import { CMS_ORIGIN_VARIABLE, CMS_VARIABLES, serverAddress, type CmsBackend, type CmsEnv, type CmsSignIn, type CmsVariable, type CmsVariableSpec } from './settings';

const cmsSpec = (name: CmsVariable): CmsVariableSpec => CMS_VARIABLES[name];

/** A CMS variable's value, trimmed; undefined when unset or blank. */
const cmsValue = (env: CmsEnv, name: CmsVariable): string | undefined => env[name]?.trim() || undefined;

/** A value of `name` that is not what its declaration says, refused naming both: "<name> must <must>, got "<value>"". */
function cmsRefusal(name: CmsVariable, value: string): { error: string } {
  const { must, oneOf } = cmsSpec(name);
  return { error: `${name} must ${must ?? `be one of ${oneOf?.join(', ')}`}, got "${value}"` };
}

/**
 * The backend a build configures from CMS_BACKEND, CMS_REPO and CMS_BRANCH
 * (or `npm run edit`'s local one, which wins), with the server of its own
 * (CMS_GITHUB_URL, CMS_GITLAB_URL) and how editors sign in; undefined
 * without CMS_BACKEND (the admin page then says how to set it); an error
 * message naming the variable for a wrong value.
 */
export function cmsBackendFromEnv(env: CmsEnv): CmsBackend | undefined | { error: string } {
  const local = cmsValue(env, 'CMS_LOCAL_BACKEND_URL');
  if (local) return CMS_VARIABLES.CMS_LOCAL_BACKEND_URL.form.test(local) ? { name: LOCAL_CMS_BACKEND, url: local } : cmsRefusal('CMS_LOCAL_BACKEND_URL', local);
  const signInVariable = SIGN_IN_VARIABLES.find((variable) => cmsValue(env, variable));
  const serverVariable = Object.values(SERVER_VARIABLES).find((variable) => cmsValue(env, variable));
  const name = cmsValue(env, 'CMS_BACKEND');
  if (!name) {
    if (signInVariable)
      return { error: `${signInVariable} is set, but CMS_BACKEND is not: there is no CMS to sign in to; set CMS_BACKEND (github or gitlab), or unset ${signInVariable}` };
    if (serverVariable)
      return { error: `${serverVariable} is set, but CMS_BACKEND is not: there is no CMS to talk to that server; set CMS_BACKEND (github or gitlab), or unset ${serverVariable}` };
    return undefined;
  }
  const branch = cmsValue(env, 'CMS_BRANCH') ?? CMS_VARIABLES.CMS_BRANCH.local;
  if (!CMS_VARIABLES.CMS_BRANCH.form.test(branch)) return cmsRefusal('CMS_BRANCH', branch);
  const backend = CMS_VARIABLES.CMS_BACKEND.oneOf.find((known) => known === name);
  if (!backend) return cmsRefusal('CMS_BACKEND', name);
  if (backend === 'git-gateway') {
    if (signInVariable)
      return { error: `${signInVariable} cannot be used with CMS_BACKEND=git-gateway: Netlify Identity signs editors in there; use github or gitlab, or unset ${signInVariable}` };
    if (serverVariable)
      return {
        error: `${serverVariable} cannot be used with CMS_BACKEND=git-gateway, whose server Netlify's Git Gateway chooses; use github or gitlab, or unset ${serverVariable}`,
      };
    return { name: backend, branch };
  }
  const repo = cmsValue(env, 'CMS_REPO') ?? '';
  if (!CMS_VARIABLES.CMS_REPO.form.test(repo)) return { error: `CMS_REPO must ${CMS_VARIABLES.CMS_REPO.must} for CMS_BACKEND=${backend}${repo ? `, got "${repo}"` : ''}` };
  const server = cmsServerFromEnv(env, backend);
  if ('error' in server) return server;
  const signIn = cmsSignInFromEnv(env, backend);
  if ('error' in signIn) return signIn;
  // Netlify's provider, the default, signs editors in to github.com or gitlab.com: its token would mean nothing to another server.
  if (server.serverUrl && !signIn.oauthOrigin && !signIn.gitlabAppId) {
    return {
      error:
        backend === 'github'
          ? "CMS_GITHUB_URL needs CMS_OAUTH_ORIGIN, the site's own sign-in exchange: Netlify's OAuth provider signs editors in to github.com only"
          : "CMS_GITLAB_URL needs CMS_OAUTH_ORIGIN (the site's own sign-in exchange) or CMS_GITLAB_APP_ID (PKCE): Netlify's OAuth provider signs editors in to gitlab.com only",
    };
  }
  return { name: backend, repo, branch, ...server, ...signIn };
}

/** Each git backend's variable for a server of one's own (CmsBackend's serverUrl). */
const SERVER_VARIABLES = { github: 'CMS_GITHUB_URL', gitlab: 'CMS_GITLAB_URL' } as const satisfies Record<GitServerBackend, CmsVariable>;

/**
 * The server of its own `backend` talks to (CMS_GITHUB_URL, CMS_GITLAB_URL),
 * or the problem naming the variable: held to what the build's other
 * addresses are (cmsAddressSetting). A GitHub Enterprise Server is an origin
 * alone; a GitLab may sit under a path (https://example.org/gitlab). The
 * public server's own address is the default, and no server of one's own.
 */
function cmsServerFromEnv(env: CmsEnv, backend: GitServerBackend): { serverUrl?: string } | { error: string } {
  for (const [other, variable] of Object.entries(SERVER_VARIABLES)) {
    if (other !== backend && cmsValue(env, variable)) return { error: `${variable} is for CMS_BACKEND=${other}, not ${backend}; unset it` };
  }
  const name = SERVER_VARIABLES[backend];
  const value = cmsValue(env, name);
  if (value === undefined) return {};
  // The likeliest slip: the API's address, which the CMS makes from the server's (features/cms/backends.ts gitApiRoot).
  if (/^[a-z]+:\/\/[^/]*\/(?:.*\/)?api(?:\/|$)/i.test(value))
    return { error: `${name} must be the server's own address, without the path of its API, which the CMS adds; got "${value}"` };
  const address = cmsAddressSetting(name, value, env, `set the address of the server the repository is on`, backend === 'gitlab' ? 'server' : 'origin');
  if (typeof address !== 'string') return address;
  return address === PUBLIC_GIT_SERVERS[backend] ? {} : { serverUrl: address };
}

/** The variables that choose how editors sign in (CmsSignIn). */
const SIGN_IN_VARIABLES = ['CMS_OAUTH_ORIGIN', 'CMS_GITLAB_APP_ID'] as const satisfies readonly CmsVariable[];

/**
 * How editors of `backend` sign in (CmsSignIn), from CMS_OAUTH_ORIGIN or
 * CMS_GITLAB_APP_ID; {} for Netlify's provider; an error naming the
 * variable otherwise. CMS_OAUTH_ORIGIN is held to what CMS_ORIGIN is
 * (cmsAddressSetting): the CMS compares the origin of the exchange's
 * messages with it, so it must be an origin alone.
 */
function cmsSignInFromEnv(env: CmsEnv, backend: 'github' | 'gitlab'): CmsSignIn | { error: string } {
  const appId = cmsValue(env, 'CMS_GITLAB_APP_ID');
  const oauth = cmsValue(env, 'CMS_OAUTH_ORIGIN');
  if (appId !== undefined) {
    if (backend !== 'gitlab') return { error: `CMS_GITLAB_APP_ID is for CMS_BACKEND=gitlab (GitLab's PKCE sign-in), not ${backend}; unset it` };
    if (oauth !== undefined) {
      return { error: 'CMS_OAUTH_ORIGIN and CMS_GITLAB_APP_ID are two ways of signing in to GitLab (the exchange, or PKCE in the browser): set one of them' };
    }
    return CMS_VARIABLES.CMS_GITLAB_APP_ID.form.test(appId) ? { gitlabAppId: appId } : cmsRefusal('CMS_GITLAB_APP_ID', appId);
  }
  if (oauth === undefined) return {};
  const origin = cmsAddressSetting('CMS_OAUTH_ORIGIN', oauth, env, 'set the origin editors reach the exchange on');
  return typeof origin === 'string' ? { oauthOrigin: origin } : origin;
}

/**
 * `value` of an address variable of the CMS (CMS_ORIGIN, CMS_OAUTH_ORIGIN,
 * CMS_GITHUB_URL, CMS_GITLAB_URL) as the build uses it, or the problem,
 * naming the variable and the value: what any build refuses (no http(s)
 * address, a user, query or fragment, and a path unless `form` is
 * 'server'), and in a production build (configMode) what it refuses in the
 * site's other addresses (plain http, this machine, a reserved domain, for
 * which `reservedAdvice` says what to set instead). `form` 'origin': the
 * origin alone (scheme, host and port); 'server': a server's address,
 * which may sit under a path, without a trailing slash.
 */
function cmsAddressSetting(
  name: 'CMS_ORIGIN' | 'CMS_OAUTH_ORIGIN' | 'CMS_GITHUB_URL' | 'CMS_GITLAB_URL',
  value: string,
  env: CmsEnv,
  reservedAdvice: string,
  form: 'origin' | 'server' = 'origin',
): string | { error: string } {
  const wrong = (why: string) => ({ error: `${name} ${why}; got "${value}"` });
  const notAnAddress = `must ${CMS_VARIABLES[name].must}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong(notAnAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return wrong(notAnAddress);
  const extra = url.username || url.password || url.search || url.hash || value.includes('?') || value.includes('#');
  if (form === 'server' && extra) return wrong('must be an address without a user name, password, query or fragment');
  if (form === 'origin' && (extra || url.pathname !== '/' || /^[a-z]+:\/\/[^/]*\/./i.test(value))) {
    return wrong('must be an origin alone (scheme, host and port): no path, user name, password, query or fragment');
  }
  if (configMode(env) === 'production') {
    const problem = productionUrlProblem(name, url, value);
    if (problem) return { error: problem };
    if (RESERVED_TOP_LEVEL.test(url.hostname)) return wrong(`is at a reserved domain that serves no site (RFC 2606): ${reservedAdvice}`);
  }
  return form === 'origin' ? url.origin : serverAddress(url);
}

/**
 * The origin of its own the CMS may be served from (CMS_ORIGIN; docs/deploy.md,
 * "The CMS on its own origin"), so that no script that reaches a public page
 * of the site can reach an editor's token, which Decap keeps in its
 * origin's localStorage: scheme, host and port; no path, user, query or
 * fragment. Undefined when unset; an error naming the variable and the
 * value otherwise. Any build refuses a value that is no http(s) origin, the
 * site's own origin (`siteUrl`), and a CMS that cannot live on another
 * origin: none at all, Netlify's git-gateway, `npm run edit`'s local
 * backend. A production build (configMode) also refuses what it refuses in
 * the site's other addresses: plain http, this machine, and a reserved
 * domain.
 */
export function cmsOriginFromEnv(env: CmsEnv, siteUrl: string): string | undefined | { error: string } {
  const value = cmsValue(env, CMS_ORIGIN_VARIABLE);
  if (!value) return undefined;
  const wrong = (why: string) => ({ error: `${CMS_ORIGIN_VARIABLE} ${why}; got "${value}"` });
  // The CMS's files sit at the root of its origin: a path would serve them somewhere they do not expect to be.
  const origin = cmsAddressSetting(CMS_ORIGIN_VARIABLE, value, env, 'set the address editors will open');
  if (typeof origin !== 'string') return origin;
  if (origin === new URL(siteUrl).origin)
    return wrong(`is the site's own origin (GATSBY_SITE_URL): the CMS needs an origin apart from the site's pages; unset it to serve the CMS at /admin/`);
  const backend = cmsBackendFromEnv(env);
  // A wrong CMS_* value is reported on its own, before this (gatsby/onPreBootstrap.ts).
  if (backend && 'error' in backend) return origin;
  if (!backend) return wrong('is set, but CMS_BACKEND is not: there is no CMS to serve there; set CMS_BACKEND (github or gitlab), or unset CMS_ORIGIN');
  if (backend.name === 'git-gateway') {
    return wrong(
      "cannot be used with CMS_BACKEND=git-gateway: Netlify Identity and the Git Gateway answer on the Netlify site's own origin, so the CMS must stay at /admin/ there; use github or gitlab, or unset CMS_ORIGIN",
    );
  }
  if (backend.name === LOCAL_CMS_BACKEND) {
    return wrong(
      "cannot be used with npm run edit's local backend (CMS_LOCAL_BACKEND_URL), which serves the CMS at /admin/ of the development site and answers no other origin; unset CMS_ORIGIN",
    );
  }
  return origin;
}

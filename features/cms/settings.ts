/**
 * The editors' CMS's settings as declarations (docs/configuration.md, "The
 * editors' CMS"): what each variable may hold, and the CMS a build
 * configures. Read by settings.node.ts; pure, so the admin page, the build
 * record and the hosting rules read them anywhere.
 */
import type { ModeEnv } from '../site/settings';
import { LOCAL_BACKEND_API_PATH, PRODUCTION_CMS_BACKENDS, type GitServerBackend, type LOCAL_CMS_BACKEND } from './backends';

/** Where the CMS reads and writes the files (features/cms/decapConfig.ts writes it into the CMS's config.yml). */
export type CmsBackend =
  /** `npm run edit`: the local backend on this machine (features/cms/localBackend/server.node.ts), writing the working tree's content folders. */
  | { name: typeof LOCAL_CMS_BACKEND; url: string }
  | ({
      name: GitServerBackend;
      repo: string;
      branch: string;
      /**
       * A GitHub Enterprise Server's or a GitLab's own address
       * (CMS_GITHUB_URL, CMS_GITLAB_URL), without a trailing slash, which
       * the CMS's API address is made from (features/cms/backends.ts
       * gitApiRoot); absent for github.com and gitlab.com.
       */
      serverUrl?: string;
    } & CmsSignIn)
  | { name: 'git-gateway'; branch: string };

/**
 * How editors sign in to GitHub or GitLab (docs/deploy.md, "Sign-in for
 * editors"): by default through Netlify's OAuth provider, which only a site
 * on Netlify has; with `oauthOrigin` through the site's own exchange
 * (features/cms/signIn/, CMS_OAUTH_ORIGIN); with `gitlabAppId` through GitLab's PKCE
 * flow, in the browser alone (CMS_GITLAB_APP_ID). At most one of the two.
 */
export interface CmsSignIn {
  /** The origin the sign-in exchange answers on, at OAUTH_PATH. */
  oauthOrigin?: string;
  /** A GitLab application's ID, for its PKCE flow. */
  gitlabAppId?: string;
}

/**
 * What a CMS variable may hold. A wrong value is refused as "<name> must
 * <must>, got …", naming the variable and the value.
 */
export interface CmsVariableSpec {
  /** What a value must be, for the message; CMS_BACKEND's is the list of its names (oneOf). */
  must?: string;
  /** The form a value must have. */
  form?: RegExp;
  /** The values it may take. */
  oneOf?: readonly string[];
  /** The value when unset, if it has one. */
  local?: string;
}

/**
 * The CMS's variables, declared once, in the order the docs list them. Read
 * when the build writes /admin/ (gatsby/onPreBootstrap.ts, which stops a
 * build on a wrong one) and records the CMS for serving
 * (gatsby/onPostBuild.ts, features/hosting/buildRecord.ts); never in a page.
 * docs/configuration.md's CMS table names them all, with their defaults
 * (__tests__/docs.test.ts).
 */
export const CMS_VARIABLES = {
  CMS_BACKEND: { oneOf: PRODUCTION_CMS_BACKENDS },
  CMS_REPO: { must: 'name the repository as owner/name', form: /^[\w.-]+(\/[\w.-]+)+$/ },
  CMS_BRANCH: { must: 'be a branch name', form: /^[\w./-]+$/, local: 'main' },
  CMS_GITHUB_URL: { must: 'be the https address of the GitHub Enterprise Server the repository is on, such as https://github.example.org' },
  CMS_GITLAB_URL: { must: 'be the https address of the GitLab the repository is on, such as https://gitlab.example.org' },
  CMS_ORIGIN: { must: 'be an https origin such as https://cms.example.org' },
  CMS_OAUTH_ORIGIN: { must: 'be the https origin the sign-in exchange answers on, such as https://www.example.org' },
  // GitLab's application IDs are 64 hexadecimal digits; the form is looser, so that an older instance's pass too.
  CMS_GITLAB_APP_ID: { must: "be the GitLab application's ID (letters and digits)", form: /^[A-Za-z0-9]{8,128}$/ },
  // Set by `npm run edit` (scripts/edit.ts) for its local backend on this machine (features/cms/localBackend/server.node.ts).
  CMS_LOCAL_BACKEND_URL: { must: `be http://127.0.0.1:<port>${LOCAL_BACKEND_API_PATH}`, form: new RegExp(`^http://(127\\.0\\.0\\.1|localhost):\\d+${LOCAL_BACKEND_API_PATH}$`) },
} as const satisfies Record<string, CmsVariableSpec>;

export type CmsVariable = keyof typeof CMS_VARIABLES;

/**
 * The CMS's variables in their declared order. Marked pure so that the
 * pages' bundle, which loads this module but reads none of the CMS's
 * variables, drops them (a minifier keeps a call it cannot prove harmless).
 */
export const CMS_VARIABLE_NAMES = /* @__PURE__ */ Object.keys(CMS_VARIABLES) as CmsVariable[];

/** The CMS's variables, and what says whether a build is local (configMode). */
export type CmsEnv = Readonly<Partial<Record<CmsVariable, string | undefined>>> & ModeEnv;

/** The CMS's own origin's variable, for what names it (features/hosting/buildRecord.ts tells a serving shell's apart from the build's). */
export const CMS_ORIGIN_VARIABLE = 'CMS_ORIGIN' satisfies CmsVariable;

/** A git server's address as the build and the exchange both write it: its origin, and the path it may sit under, without a trailing slash. */
export const serverAddress = (url: URL): string => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;

/** serverAddress of `value`, or undefined when it is no URL. */
export function parsedServerAddress(value: string): string | undefined {
  try {
    return serverAddress(new URL(value));
  } catch {
    return undefined;
  }
}

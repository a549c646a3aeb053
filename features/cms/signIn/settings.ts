/**
 * The sign-in exchange's settings as declarations (docs/configuration.md,
 * "The sign-in exchange"): its own variables, what each may hold, and what
 * the exchange is configured with. Read by settings.node.ts, where it runs.
 */
import { GITHUB_COM, GITLAB_COM } from '../backends';

/** What a variable of the exchange may hold; a wrong value is refused as "<name> must <must>", with the value unless it is a secret. */
export interface OAuthVariableSpec {
  must: string;
  /** The form a value must have. */
  form?: RegExp;
  /** The values it may take. */
  oneOf?: readonly string[];
  /** The value when unset, if it has one. */
  local?: string;
  /** Never quoted back, in a message or anywhere else. */
  secret?: true;
}

/**
 * The sign-in exchange's own variables, declared once, in the order the
 * docs list them (docs/configuration.md, "The sign-in exchange";
 * __tests__/cms/signInVariables.test.ts). Read where the exchange runs
 * (`npm run oauth`, a CDN's function), never by the build: the client
 * secrets stay out of the build's environment. Besides these it reads
 * CMS_OAUTH_ORIGIN, CMS_ORIGIN and GATSBY_SITE_URL, with the build's values,
 * and CMS_GITHUB_URL and CMS_GITLAB_URL when they are there, to hold its
 * own servers' addresses to the build's.
 */
export const OAUTH_VARIABLES = {
  OAUTH_GITHUB_CLIENT_ID: { must: "be the GitHub OAuth app's client ID", form: /^[\w.-]{1,100}$/ },
  OAUTH_GITHUB_CLIENT_SECRET: { must: "be the GitHub OAuth app's client secret (printable characters, no spaces)", form: /^[\x21-\x7e]{1,256}$/, secret: true },
  OAUTH_GITHUB_SCOPE: { must: 'be repo or public_repo', oneOf: ['repo', 'public_repo'], local: 'repo' },
  OAUTH_GITHUB_URL: {
    must: 'be the https origin of the GitHub the OAuth app is registered on (github.com, or a GitHub Enterprise Server such as https://github.example.org)',
    // A constant, not a property read, which a minifier could not prove free of effects: the pages' bundle loads this module and must drop this table.
    local: GITHUB_COM,
  },
  OAUTH_GITLAB_CLIENT_ID: { must: "be the GitLab application's ID", form: /^[\w.-]{1,256}$/ },
  OAUTH_GITLAB_CLIENT_SECRET: { must: "be the GitLab application's secret (printable characters, no spaces)", form: /^[\x21-\x7e]{1,256}$/, secret: true },
  OAUTH_GITLAB_URL: { must: 'be the https address of the GitLab the application is registered on, such as https://gitlab.example.org', local: GITLAB_COM },
  // `npm run oauth` alone (scripts/oauth.ts): where it listens. nginx's location proxies to 127.0.0.1:8787 (features/hosting/nginxConfig.ts).
  OAUTH_HOST: { must: 'be the IP address to listen on, such as 127.0.0.1', form: /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:]*)$/, local: '127.0.0.1' },
  OAUTH_PORT: { must: 'be a port number from 1 to 65535', form: /^[1-9]\d{0,4}$/, local: '8787' },
} as const satisfies Record<string, OAuthVariableSpec>;

export type OAuthVariable = keyof typeof OAUTH_VARIABLES;

/** The exchange's variables in their declared order (marked pure: the pages' bundle loads this module and reads none of them). */
export const OAUTH_VARIABLE_NAMES = /* @__PURE__ */ Object.keys(OAUTH_VARIABLES) as OAuthVariable[];

/** What the exchange reads: its own variables, and the build's it shares (with the build's values). */
export type OAuthEnv = Readonly<Partial<Record<OAuthVariable | 'CMS_OAUTH_ORIGIN' | 'CMS_ORIGIN' | 'GATSBY_SITE_URL' | 'CMS_GITHUB_URL' | 'CMS_GITLAB_URL', string | undefined>>>;

/** A provider's OAuth application, as registered with it. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** What the exchange is configured with (oauthSettingsFromEnv): pure data, handed to it whole (features/cms/signIn/exchange.ts). */
export interface OAuthSettings {
  /** The exchange's own origin (CMS_OAUTH_ORIGIN): the providers send editors back to `<origin>/oauth/callback`. */
  origin: string;
  /** The one origin the token is handed to: the CMS's (CMS_ORIGIN when set, else GATSBY_SITE_URL's). */
  cmsOrigin: string;
  /** `url`: GitHub's origin (github.com, or OAUTH_GITHUB_URL for a GitHub Enterprise Server). */
  github?: OAuthClient & { scope: 'repo' | 'public_repo'; url: string };
  /** `url`: GitLab's address (gitlab.com, or OAUTH_GITLAB_URL for a GitLab of one's own), without a trailing slash. */
  gitlab?: OAuthClient & { url: string };
}

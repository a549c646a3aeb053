/**
 * The site's settings: every variable a page or the build reads about the
 * site, validated in one place, with defaults that point at the local
 * sandbox `npm start` runs (docs/configuration.md).
 *
 * Gatsby inlines `process.env.GATSBY_*` into the browser bundle at build
 * time only where the expression is written out literally, hence the object
 * literal at the bottom.
 *
 * Those defaults are for this machine only. A `gatsby build` is a production
 * build unless it says otherwise with `SITE_ENV=local`, and a production
 * build stops at its start while any public address, key or contact address
 * is unset, plain http, on loopback or a placeholder (settings.node.ts).
 * `gatsby develop` stays permissive; `npm start`, the tests and the
 * benchmark build with `SITE_ENV=local`. The CMS and the sign-in exchange
 * have settings of their own, beside them.
 */
import { SANDBOX_APP_PATH } from './apiContract';
import { isValidEmail } from './email';

/**
 * Where this machine's servers listen unless told otherwise (PORT,
 * SANDBOX_PORT, CMS_PORT): the local defaults below point at them, and a
 * taken one falls back to a free port.
 */
export const DEFAULT_PORTS = {
  /** `npm start`'s built site. */
  site: 9000,
  /** The API sandbox of `npm start` and `npm run edit`. */
  sandbox: 4010,
  /** `npm run edit`'s development site, which Gatsby serves. */
  develop: 8000,
  /** `npm run edit`'s local CMS backend. */
  cmsBackend: 8081,
} as const;

// 127.0.0.1, not localhost: the sandbox listens on IPv4 loopback only, and
// localhost may resolve to ::1 first.
const SANDBOX_DEFAULT_URL = `http://127.0.0.1:${DEFAULT_PORTS.sandbox}`;

export interface SiteConfig {
  /** Absolute origin of this site, for canonical, alternate and sitemap URLs. */
  siteUrl: string;
  /** The separate web application (Launch App, Choose Plan). */
  appUrl: string;
  paymentsApiUrl: string;
  paymentsApiKey: string;
  apiUrl: string;
  apiKey: string;
  productName: string;
  /** The address the contact page offers when its form cannot be used (JavaScript off). */
  contactEmail: string;
}

/**
 * What a variable holds, which decides its checks: `url` an http(s) URL
 * (https and not this machine in production), `key` an API key sent as a
 * header, `email` the contact address, `text` free text.
 */
type VariableKind = 'url' | 'key' | 'email' | 'text';

interface VariableSpec {
  kind: VariableKind;
  /** The value when unset: the local sandbox, never a production value. */
  local: string;
  /** What the variable is for, when a production build must set it; absent when the default suits production too. */
  production?: string;
}

/**
 * Every variable the site reads, declared once, in the order the docs list
 * them and problems are reported. docs/configuration.md's tables name them
 * all (__tests__/docs.test.ts).
 */
export const CONFIG_VARIABLES = {
  GATSBY_SITE_URL: { kind: 'url', local: `http://127.0.0.1:${DEFAULT_PORTS.site}`, production: "this site's public https origin" },
  GATSBY_APP_URL: { kind: 'url', local: `${SANDBOX_DEFAULT_URL}${SANDBOX_APP_PATH}`, production: "the application's https address" },
  GATSBY_PAYMENTS_API_URL: { kind: 'url', local: SANDBOX_DEFAULT_URL, production: "the payments API's https address" },
  GATSBY_PAYMENTS_API_KEY: { kind: 'key', local: 'sandbox-payments-key', production: "the payments API's key for this site" },
  GATSBY_API_URL: { kind: 'url', local: SANDBOX_DEFAULT_URL, production: "the application API's https address" },
  GATSBY_API_KEY: { kind: 'key', local: 'sandbox-api-key', production: "the application API's key for this site" },
  GATSBY_PRODUCT_NAME: { kind: 'text', local: 'StockPay' },
  // .example is reserved (RFC 2606): no mail ever goes there by mistake.
  GATSBY_CONTACT_EMAIL: { kind: 'email', local: 'hello@stockpay.example', production: "the contact page's e-mail address" },
} as const satisfies Record<string, VariableSpec>;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

/** The variables in their declared order. */
export const CONFIG_VARIABLE_NAMES = Object.keys(CONFIG_VARIABLES) as ConfigVariable[];

const spec = (name: ConfigVariable): VariableSpec => CONFIG_VARIABLES[name];
const namesOfKind = (kind: VariableKind) => CONFIG_VARIABLE_NAMES.filter((name) => spec(name).kind === kind);

/** The variables, plus SITE_ENV, which says whether a build is local (see configMode). */
export type ConfigEnv = Partial<Record<ConfigVariable | 'SITE_ENV', string | undefined>>;

/** Each variable's value when unset (the local sandbox's). */
export const CONFIG_DEFAULTS = Object.fromEntries(CONFIG_VARIABLE_NAMES.map((name) => [name, spec(name).local])) as Record<ConfigVariable, string>;

// ---------------------------------------------------------------------------
// Local or production

/** The one value of SITE_ENV that makes a build local; unset (or "production") means production. */
export const LOCAL_SITE_ENV = 'local';

/**
 * How strictly the configuration is read. `production`: a `gatsby build`
 * without SITE_ENV=local; everything that would point visitors at this
 * machine or at nothing is refused. `local`: such a build with
 * SITE_ENV=local, `gatsby develop`, and code that runs outside a build (the
 * browser, where `process.env` is empty, the SSR bundle and the tests); the
 * sandbox defaults apply and only malformed values are refused.
 */
export type ConfigMode = 'production' | 'local';

export interface ModeEnv {
  SITE_ENV?: string;
  /** Set by gatsby-cli to the command it runs: build, develop, serve, clean... */
  gatsby_executing_command?: string;
}

/**
 * Whether `env` is a `gatsby build`'s, whatever its SITE_ENV: the one
 * command whose output is served. `gatsby develop` and everything outside
 * Gatsby is not, and builds drafts (features/content/contentNodes.node.ts) and reads the
 * configuration leniently (configMode).
 */
export function isGatsbyBuild(env: ModeEnv): boolean {
  return env.gatsby_executing_command === 'build';
}

export function configMode(env: ModeEnv): ConfigMode {
  if (!isGatsbyBuild(env)) return 'local';
  return env.SITE_ENV === LOCAL_SITE_ENV ? 'local' : 'production';
}

/**
 * Chromium draws the mermaid diagrams at build time (and nothing else: the
 * share images and icons need no browser). A local build without it shows
 * each diagram as its source (features/markdown/remark-mermaid); a
 * production build fails instead.
 */
export function chromiumRequired(mode: ConfigMode): boolean {
  return mode === 'production';
}

// ---------------------------------------------------------------------------
// Checks

/** The variables that hold an address, and those that hold an API key. */
export const URL_VARIABLES = namesOfKind('url');
export const KEY_VARIABLES = namesOfKind('key');
export type Problem = { variable: ConfigVariable | 'SITE_ENV'; text: string };

export const raw = (env: ConfigEnv, name: ConfigVariable): string | undefined => env[name]?.trim() || undefined;

/** The URL in `value`, or the problem that it is none. */
export function parseUrl(name: ConfigVariable, value: string): URL | string {
  const problem = `${name} must be an absolute http(s) URL, got "${value}"`;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : problem;
  } catch {
    return problem;
  }
}

/** What any build refuses, local or not: URLs that are no http(s) URLs, a contact address that is no address. */
export function formatProblems(env: ConfigEnv): Problem[] {
  const problems: Problem[] = [];
  for (const name of URL_VARIABLES) {
    const value = raw(env, name);
    const url = value === undefined ? undefined : parseUrl(name, value);
    if (typeof url === 'string') problems.push({ variable: name, text: url });
  }
  for (const name of namesOfKind('email')) {
    const email = raw(env, name);
    if (email !== undefined && !isValidEmail(email)) problems.push({ variable: name, text: `${name} must be an e-mail address, got "${email}"` });
  }
  return problems;
}

/** Problems in a fixed order: SITE_ENV, then the variables in their declared order. */
export function ordered(problems: Problem[]): string[] {
  const rank = (variable: Problem['variable']) => (variable === 'SITE_ENV' ? -1 : CONFIG_VARIABLE_NAMES.indexOf(variable));
  return problems
    .map((problem, index) => ({ ...problem, index }))
    .sort((a, b) => rank(a.variable) - rank(b.variable) || a.index - b.index)
    .map((problem) => problem.text);
}

export const bullets = (problems: readonly string[]) => problems.map((problem) => `  - ${problem}`).join('\n');

/** `env` without its malformed values, which then take their defaults. */
export function withoutMalformed(env: ConfigEnv): ConfigEnv {
  const malformed = new Set<string>(formatProblems(env).map((problem) => problem.variable));
  return Object.fromEntries(Object.entries(env).filter(([name]) => !malformed.has(name)));
}

/**
 * Reads and checks the configuration, with the sandbox defaults for what is
 * unset; throws one error naming every malformed variable.
 */
export function readConfig(env: ConfigEnv): SiteConfig {
  const problems = formatProblems(env);
  if (problems.length > 0) throw new Error(`The site configuration is invalid:\n${bullets(ordered(problems))}`);
  const value = (name: ConfigVariable): string => raw(env, name) ?? CONFIG_DEFAULTS[name];
  // No trailing slash, so paths can be appended as `${url}/path`.
  const url = (name: ConfigVariable): string => value(name).replace(/\/+$/, '');
  return {
    siteUrl: url('GATSBY_SITE_URL'),
    appUrl: url('GATSBY_APP_URL'),
    paymentsApiUrl: url('GATSBY_PAYMENTS_API_URL'),
    paymentsApiKey: value('GATSBY_PAYMENTS_API_KEY'),
    apiUrl: url('GATSBY_API_URL'),
    apiKey: value('GATSBY_API_KEY'),
    productName: value('GATSBY_PRODUCT_NAME'),
    contactEmail: value('GATSBY_CONTACT_EMAIL'),
  };
}

/**
 * The variables as this build sees them. Gatsby inlines only a
 * `process.env.GATSBY_*` written out, so each is named here once more; the
 * type makes leaving one out a compile error.
 */
export const CONFIG_ENV: Record<ConfigVariable | 'SITE_ENV', string | undefined> = {
  GATSBY_SITE_URL: process.env.GATSBY_SITE_URL,
  GATSBY_APP_URL: process.env.GATSBY_APP_URL,
  GATSBY_PAYMENTS_API_URL: process.env.GATSBY_PAYMENTS_API_URL,
  GATSBY_PAYMENTS_API_KEY: process.env.GATSBY_PAYMENTS_API_KEY,
  GATSBY_API_URL: process.env.GATSBY_API_URL,
  GATSBY_API_KEY: process.env.GATSBY_API_KEY,
  GATSBY_PRODUCT_NAME: process.env.GATSBY_PRODUCT_NAME,
  GATSBY_CONTACT_EMAIL: process.env.GATSBY_CONTACT_EMAIL,
  SITE_ENV: process.env.SITE_ENV,
};

/** `gatsby develop`'s bundle (webpack writes the value in): where the site may say more in the console. */
export const IS_DEVELOPMENT = process.env.NODE_ENV === 'development';

// In Node (gatsby-config.ts, gatsby-node, scripts, tests) loading this module
// never throws: Gatsby's compile step requires gatsby-config once to test it,
// takes an error for a flaky compile, retries and then finds a half-loaded
// module in Parcel's cache, so the message would be lost. A malformed value
// takes its default here, and the build stops at its start instead, naming
// everything at once (buildConfigError, gatsby/onPreBootstrap.ts). Gatsby's
// bundles define BUILD_STAGE: the pages read the configuration strictly, and
// the lenient branch is dropped from their JavaScript at build time.
export const siteConfig: SiteConfig = process.env.BUILD_STAGE ? readConfig(CONFIG_ENV) : readConfig(withoutMalformed(CONFIG_ENV));

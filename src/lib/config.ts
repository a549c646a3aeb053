/**
 * Every environment variable the site reads, validated in one place.
 *
 * Gatsby inlines `process.env.GATSBY_*` into the browser bundle at build
 * time only where the expression is written out literally, hence the object
 * literal at the bottom. The defaults point at the local sandbox that
 * `npm start` runs (see docs/configuration.md).
 *
 * Those defaults are for this machine only. A `gatsby build` is a production
 * build unless it says otherwise with `SITE_ENV=local`, and a production
 * build stops at its start (gatsby/onPreBootstrap.ts, buildConfigError) while
 * any public address, key or contact address is unset, plain http, on
 * loopback or a placeholder (productionConfigProblems), naming every such
 * variable in one message. `gatsby develop` stays permissive; `npm start`,
 * the tests and the benchmark build with `SITE_ENV=local`.
 *
 * The editors' CMS has variables of its own (CMS_VARIABLES), read by the
 * build only, never baked into a page: where the CMS commits, the origin
 * it may be served from and how editors sign in. The sign-in exchange
 * (cms/oauth/) has its own (OAUTH_VARIABLES), read where it runs, never by
 * the build.
 */
import { SANDBOX_APP_PATH } from './apiContract';
import { isValidEmail } from './contact';
import { GITHUB_COM, GITLAB_COM, LOCAL_CMS_BACKEND, PRODUCTION_CMS_BACKENDS, PUBLIC_GIT_SERVERS, type GitServerBackend } from './cmsBackends';

export const SANDBOX_DEFAULT_PORT = 4010;
// 127.0.0.1, not localhost: the sandbox listens on IPv4 loopback only, and
// localhost may resolve to ::1 first.
const SANDBOX_DEFAULT_URL = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

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

/** The port `npm start` serves the built site on, unless PORT says otherwise. */
export const SITE_DEFAULT_PORT = 9000;

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
  GATSBY_SITE_URL: { kind: 'url', local: `http://127.0.0.1:${SITE_DEFAULT_PORT}`, production: "this site's public https origin" },
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
 * Gatsby is not, and builds drafts (gatsby/contentNodes.ts) and reads the
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
 * each diagram as its source (plugins/stockpay-remark-mermaid); a
 * production build fails instead.
 */
export function chromiumRequired(mode: ConfigMode): boolean {
  return mode === 'production';
}

// ---------------------------------------------------------------------------
// Checks

const URL_VARIABLES = namesOfKind('url');
const KEY_VARIABLES = namesOfKind('key');

/** What a production build must set, in the order problems are listed, with what each is for. */
export const PRODUCTION_REQUIRED: Readonly<Partial<Record<ConfigVariable, string>>> = Object.fromEntries(
  CONFIG_VARIABLE_NAMES.flatMap((name) => {
    const purpose = spec(name).production;
    return purpose ? [[name, purpose]] : [];
  }),
);

/** An IPv4 address in dotted form (the URL parser normalises 127.1, 0x7f.1 and 2130706433 to it). */
function ipv4Octets(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return match ? match.slice(1).map(Number) : null;
}

/** The eight 16-bit groups of a bracketed IPv6 host as the URL parser writes it ("[::1]", "[::ffff:7f00:1]"). */
function ipv6Groups(host: string): number[] | null {
  if (!host.startsWith('[') || !host.endsWith(']')) return null;
  const inner = host.slice(1, -1);
  const [head, tail] = inner.includes('::') ? inner.split('::') : [inner, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  if (tail === undefined) return start.length === 8 ? start : null;
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * Whether a URL's host is this machine or no machine: localhost and its
 * subdomains (RFC 6761), 127.0.0.0/8, 0.0.0.0/8, ::1, :: and IPv4 addresses
 * embedded in IPv6 (::ffff:127.0.0.1). Takes the host as `new URL()`
 * normalises it (lower case, numeric IPv4 forms in dotted notation,
 * compressed IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Octets(host);
  if (v4) return v4[0] === 127 || v4[0] === 0;
  const v6 = ipv6Groups(host);
  if (!v6) return false;
  if (v6.slice(0, 5).some((group) => group !== 0)) return false;
  // ::, ::1, and IPv4-compatible (::a.b.c.d) or IPv4-mapped (::ffff:a.b.c.d) loopback or unspecified.
  if (v6[5] !== 0 && v6[5] !== 0xffff) return false;
  const first = v6[6] >> 8;
  return first === 127 || first === 0;
}

type Problem = { variable: ConfigVariable | 'SITE_ENV'; text: string };

const raw = (env: ConfigEnv, name: ConfigVariable): string | undefined => env[name]?.trim() || undefined;

/** The URL in `value`, or the problem that it is none. */
function parseUrl(name: ConfigVariable, value: string): URL | string {
  const problem = `${name} must be an absolute http(s) URL, got "${value}"`;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : problem;
  } catch {
    return problem;
  }
}

/** What any build refuses, local or not: URLs that are no http(s) URLs, a contact address that is no address. */
function formatProblems(env: ConfigEnv): Problem[] {
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

/** A URL with its password hidden, to quote in a message. */
function quoteUrl(url: URL, value: string): string {
  if (!url.password) return value;
  const shown = new URL(url.href);
  shown.password = '***';
  return shown.href;
}

/** What a production build refuses in a well-formed URL, all on one line (cmsOriginFromEnv holds CMS_ORIGIN to it too). */
function productionUrlProblem(name: string, url: URL, value: string): string | null {
  const faults: string[] = [];
  if (url.protocol === 'http:') faults.push('must use https');
  if (isLoopbackHost(url.hostname)) faults.push('must not point at this machine');
  if (url.username || url.password) faults.push('must not contain a user name or password (it would be public)');
  if (url.search || url.hash || value.includes('?') || value.includes('#')) faults.push('must not have a query or fragment');
  if (name === 'GATSBY_SITE_URL' && url.pathname.replace(/\/+$/, '') !== '') faults.push('must be an origin, without a path');
  return faults.length > 0 ? `${name} ${faults.join(', ')}; got "${quoteUrl(url, value)}"` : null;
}

/** An API key travels in an HTTP header: printable ASCII, no spaces. */
const HEADER_TOKEN = /^[\x21-\x7e]+$/;

/** Top-level domains that never receive mail (RFC 2606 and 6761), nor serve a site. */
const RESERVED_TOP_LEVEL = /\.(example|invalid|localhost|test)$/i;

/** Problems in a fixed order: SITE_ENV, then the variables in their declared order. */
function ordered(problems: Problem[]): string[] {
  const rank = (variable: Problem['variable']) => (variable === 'SITE_ENV' ? -1 : CONFIG_VARIABLE_NAMES.indexOf(variable));
  return problems
    .map((problem, index) => ({ ...problem, index }))
    .sort((a, b) => rank(a.variable) - rank(b.variable) || a.index - b.index)
    .map((problem) => problem.text);
}

/**
 * Everything a production build refuses in `env`, one line per variable, in
 * a fixed order; empty when it is fine. Besides malformed values (which
 * every build refuses): a required variable unset or blank; a URL that is
 * plain http, on loopback, carries credentials or a query (or, for
 * GATSBY_SITE_URL, a path); an API key that is the sandbox's or cannot be
 * sent as a header; a contact address at a reserved domain; and a SITE_ENV
 * other than "local", "production" or unset (a typo would otherwise make a
 * production build).
 */
export function productionConfigProblems(env: ConfigEnv): string[] {
  const problems = formatProblems(env);
  const add = (variable: Problem['variable'], text: string) => problems.push({ variable, text });
  const siteEnv = env.SITE_ENV;
  if (siteEnv !== undefined && siteEnv !== '' && siteEnv !== 'production' && siteEnv !== LOCAL_SITE_ENV) {
    add('SITE_ENV', `SITE_ENV must be "${LOCAL_SITE_ENV}" for a local build, or unset for production; got "${siteEnv}"`);
  }
  for (const name of CONFIG_VARIABLE_NAMES) {
    const purpose = PRODUCTION_REQUIRED[name];
    if (purpose && raw(env, name) === undefined) add(name, `${name} is not set (${purpose})`);
  }
  for (const name of URL_VARIABLES) {
    const value = raw(env, name);
    const url = value === undefined ? undefined : parseUrl(name, value);
    if (url instanceof URL) {
      const problem = productionUrlProblem(name, url, value as string);
      if (problem) add(name, problem);
    }
  }
  for (const name of KEY_VARIABLES) {
    const value = raw(env, name);
    if (value === undefined) continue;
    if (value === CONFIG_DEFAULTS[name]) add(name, `${name} is the sandbox's key; set the key the API gave this site`);
    else if (!HEADER_TOKEN.test(value)) add(name, `${name} must be printable ASCII without spaces (it is sent as an HTTP header)`);
  }
  for (const name of namesOfKind('email')) {
    const email = raw(env, name);
    if (email !== undefined && isValidEmail(email) && RESERVED_TOP_LEVEL.test(email)) add(name, `${name} is at a reserved domain that receives no mail, got "${email}"`);
  }
  return ordered(problems);
}

const bullets = (problems: readonly string[]) => problems.map((problem) => `  - ${problem}`).join('\n');

/** The one message of a production build's problems, saying how to fix them. */
export function productionConfigMessage(problems: readonly string[]): string {
  // Short lines: Gatsby's reporter wraps long ones.
  return [
    'This production build would send visitors to the local sandbox or nowhere.',
    `Fix ${problems.length === 1 ? 'this setting' : `these ${problems.length} settings`} (docs/configuration.md):`,
    bullets(problems),
    `To build for this machine against the sandbox instead, set SITE_ENV=${LOCAL_SITE_ENV}.`,
  ].join('\n');
}

/**
 * What stops a build, as one message naming every offending variable, or
 * null: in a production build (configMode of `processEnv`) everything
 * productionConfigProblems refuses, in any other only malformed values.
 * gatsby/onPreBootstrap.ts stops the build with it.
 */
export function buildConfigError(env: ConfigEnv, processEnv: ModeEnv): string | null {
  if (configMode(processEnv) === 'production') {
    const problems = productionConfigProblems(env);
    return problems.length > 0 ? productionConfigMessage(problems) : null;
  }
  const problems = formatProblems(env);
  return problems.length > 0 ? `The site configuration is invalid:\n${bullets(ordered(problems))}` : null;
}

/** `env` without its malformed values, which then take their defaults. */
function withoutMalformed(env: ConfigEnv): ConfigEnv {
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

// ---------------------------------------------------------------------------
// The editors' CMS

/** Where the CMS reads and writes the files (src/build/cmsConfig.ts writes it into the CMS's config.yml). */
export type CmsBackend =
  /** `npm run edit`: the local backend on this machine (cms/localBackend.ts), writing the working tree's content folders. */
  | { name: typeof LOCAL_CMS_BACKEND; url: string }
  | ({
      name: GitServerBackend;
      repo: string;
      branch: string;
      /**
       * A GitHub Enterprise Server's or a GitLab's own address
       * (CMS_GITHUB_URL, CMS_GITLAB_URL), without a trailing slash, which
       * the CMS's API address is made from (src/lib/cmsBackends.ts
       * gitApiRoot); absent for github.com and gitlab.com.
       */
      serverUrl?: string;
    } & CmsSignIn)
  | { name: 'git-gateway'; branch: string };

/**
 * How editors sign in to GitHub or GitLab (docs/deploy.md, "Sign-in for
 * editors"): by default through Netlify's OAuth provider, which only a site
 * on Netlify has; with `oauthOrigin` through the site's own exchange
 * (cms/oauth/, CMS_OAUTH_ORIGIN); with `gitlabAppId` through GitLab's PKCE
 * flow, in the browser alone (CMS_GITLAB_APP_ID). At most one of the two.
 */
export interface CmsSignIn {
  /** The origin the sign-in exchange answers on, at OAUTH_PATH (src/lib/cmsBackends.ts). */
  oauthOrigin?: string;
  /** A GitLab application's ID, for its PKCE flow. */
  gitlabAppId?: string;
}

/**
 * What a CMS variable may hold. A wrong value is refused as "<name> must
 * <must>, got …", naming the variable and the value.
 */
interface CmsVariableSpec {
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
 * (gatsby/onPostBuild.ts, hosting/buildRecord.ts); never in a page.
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
  // Set by `npm run edit` (scripts/edit.ts) for its local backend on this machine (cms/localBackend.ts).
  CMS_LOCAL_BACKEND_URL: { must: 'be http://127.0.0.1:<port>/api/v1', form: /^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/v1$/ },
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

/** The CMS's own origin's variable, for what names it (hosting/buildRecord.ts tells a serving shell's apart from the build's). */
export const CMS_ORIGIN_VARIABLE = 'CMS_ORIGIN' satisfies CmsVariable;

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
  // The likeliest slip: the API's address, which the CMS makes from the server's (src/lib/cmsBackends.ts gitApiRoot).
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

/** A git server's address as the build and the exchange both write it: its origin, and the path it may sit under, without a trailing slash. */
export const serverAddress = (url: URL): string => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;

/** serverAddress of `value`, or undefined when it is no URL. */
function parsedServerAddress(value: string): string | undefined {
  try {
    return serverAddress(new URL(value));
  } catch {
    return undefined;
  }
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

// ---------------------------------------------------------------------------
// The sign-in exchange

/** The providers the sign-in exchange (cms/oauth/) signs editors in with: the CMS's backends that sign in through OAuth. */
export const OAUTH_PROVIDERS = ['github', 'gitlab'] as const;

export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** What a variable of the exchange may hold; a wrong value is refused as "<name> must <must>", with the value unless it is a secret. */
interface OAuthVariableSpec {
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
 * __tests__/lib/oauthSettings.test.ts). Read where the exchange runs
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
  // `npm run oauth` alone (scripts/oauth.ts): where it listens. nginx's location proxies to 127.0.0.1:8787 (hosting/nginxConfig.ts).
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

/** What the exchange is configured with (oauthSettingsFromEnv): pure data, handed to it whole (cms/oauth/exchange.ts). */
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

const oauthValue = (env: OAuthEnv, name: keyof OAuthEnv): string | undefined => env[name]?.trim() || undefined;

/** A wrong value of the exchange's `name`, quoted unless it is a secret. */
function oauthRefusal(name: OAuthVariable, value: string): string {
  const spec: OAuthVariableSpec = OAUTH_VARIABLES[name];
  return `${name} must ${spec.must}${spec.secret ? '; its value is not shown' : `, got "${value}"`}`;
}

/**
 * An address the exchange reads, as a URL: https, or plain http on this
 * machine only (a test, or the exchange beside a local build). Its problem
 * otherwise, naming the variable; `originOnly` refuses a path too.
 */
function exchangeUrl(name: keyof OAuthEnv, value: string, originOnly: boolean): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} must be an https address, got "${value}"`;
  }
  const faults: string[] = [];
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) faults.push('must use https (plain http only on this machine)');
  if (url.username || url.password) faults.push('must not contain a user name or password');
  if (url.search || url.hash || value.includes('?') || value.includes('#')) faults.push('must not have a query or fragment');
  if (originOnly && (url.pathname !== '/' || /^[a-z]+:\/\/[^/]*\/./i.test(value))) faults.push('must be an origin alone, without a path');
  return faults.length > 0 ? `${name} ${faults.join(', ')}; got "${url.username || url.password ? quoteUrl(url, value) : value}"` : url;
}

/**
 * The exchange's settings from `env`, or every problem, one line each,
 * naming the variable (a secret's value never shown): CMS_OAUTH_ORIGIN and
 * GATSBY_SITE_URL are required, CMS_ORIGIN is read when set; each
 * provider's client ID and secret go together, and at least one provider
 * must have them. A provider's server (OAUTH_GITHUB_URL, OAUTH_GITLAB_URL)
 * must be the one the build's CMS talks to (CMS_GITHUB_URL,
 * CMS_GITLAB_URL) when those are set here too: a token of one server would
 * otherwise be sent to the other.
 */
export function oauthSettingsFromEnv(env: OAuthEnv): OAuthSettings | { errors: string[] } {
  const errors: string[] = [];
  const origin = (name: 'CMS_OAUTH_ORIGIN' | 'CMS_ORIGIN' | 'GATSBY_SITE_URL', purpose: string | null): string | undefined => {
    const value = oauthValue(env, name);
    if (value === undefined) {
      if (purpose) errors.push(`${name} is not set (${purpose})`);
      return undefined;
    }
    const url = exchangeUrl(name, value, name !== 'GATSBY_SITE_URL');
    if (typeof url === 'string') errors.push(url);
    return typeof url === 'string' ? undefined : url.origin;
  };
  const own = origin('CMS_OAUTH_ORIGIN', "the exchange's own origin, as the build has it");
  const site = origin('GATSBY_SITE_URL', "the site's address, as the build has it");
  const cms = origin('CMS_ORIGIN', null);
  const read = (name: OAuthVariable): string | undefined => {
    const value = oauthValue(env, name);
    const spec: OAuthVariableSpec = OAUTH_VARIABLES[name];
    if (value === undefined) return spec.local;
    if ((spec.form && !spec.form.test(value)) || (spec.oneOf && !spec.oneOf.includes(value))) {
      errors.push(oauthRefusal(name, value));
      return undefined;
    }
    return value;
  };
  const client = (provider: 'GITHUB' | 'GITLAB'): OAuthClient | undefined => {
    const [idName, secretName] = [`OAUTH_${provider}_CLIENT_ID`, `OAUTH_${provider}_CLIENT_SECRET`] as const;
    const id = read(idName);
    const secret = read(secretName);
    const [hasId, hasSecret] = [oauthValue(env, idName) !== undefined, oauthValue(env, secretName) !== undefined];
    if (hasId !== hasSecret) errors.push(`${hasId ? idName : secretName} is set, but ${hasId ? secretName : idName} is not: set both, or neither`);
    return id !== undefined && secret !== undefined ? { clientId: id, clientSecret: secret } : undefined;
  };
  const github = client('GITHUB');
  const gitlab = client('GITLAB');
  const scope = read('OAUTH_GITHUB_SCOPE') as 'repo' | 'public_repo' | undefined;
  const server = (provider: OAuthProvider, used: boolean): string | undefined => {
    const [own, built] = provider === 'github' ? (['OAUTH_GITHUB_URL', 'CMS_GITHUB_URL'] as const) : (['OAUTH_GITLAB_URL', 'CMS_GITLAB_URL'] as const);
    const value = oauthValue(env, own);
    // A GitHub Enterprise Server is at the root of its host; a GitLab may sit under a path.
    const url = value === undefined ? new URL(OAUTH_VARIABLES[own].local) : exchangeUrl(own, value, provider === 'github');
    if (typeof url === 'string') {
      errors.push(url);
      return undefined;
    }
    const address = serverAddress(url);
    const theirs = oauthValue(env, built);
    if (used && theirs !== undefined && address !== parsedServerAddress(theirs)) {
      errors.push(
        `${own} ${value === undefined ? `is unset (${address})` : `is ${value}`}, but the build's ${built} is ${theirs}: the exchange must sign editors in to the server the CMS talks to; give both the same address`,
      );
    }
    return address;
  };
  const githubUrl = server('github', github !== undefined);
  const gitlabUrl = server('gitlab', gitlab !== undefined);
  const clientVariables = ['OAUTH_GITHUB_CLIENT_ID', 'OAUTH_GITHUB_CLIENT_SECRET', 'OAUTH_GITLAB_CLIENT_ID', 'OAUTH_GITLAB_CLIENT_SECRET'] as const;
  if (clientVariables.every((name) => oauthValue(env, name) === undefined)) {
    errors.push(
      'Neither OAUTH_GITHUB_CLIENT_ID and OAUTH_GITHUB_CLIENT_SECRET nor OAUTH_GITLAB_CLIENT_ID and OAUTH_GITLAB_CLIENT_SECRET is set: the exchange has no provider to sign in with',
    );
  }
  if (errors.length > 0 || own === undefined || site === undefined || githubUrl === undefined || gitlabUrl === undefined) return { errors };
  return {
    origin: own,
    cmsOrigin: cms ?? site,
    ...(github && scope ? { github: { ...github, scope, url: githubUrl } } : {}),
    ...(gitlab ? { gitlab: { ...gitlab, url: gitlabUrl } } : {}),
  };
}

/** Where `npm run oauth` listens (OAUTH_HOST, OAUTH_PORT), or every problem. */
export function oauthListenFromEnv(env: OAuthEnv): { host: string; port: number } | { errors: string[] } {
  const host = oauthValue(env, 'OAUTH_HOST') ?? OAUTH_VARIABLES.OAUTH_HOST.local;
  const port = oauthValue(env, 'OAUTH_PORT') ?? OAUTH_VARIABLES.OAUTH_PORT.local;
  const errors = [
    ...(OAUTH_VARIABLES.OAUTH_HOST.form.test(host) ? [] : [oauthRefusal('OAUTH_HOST', host)]),
    ...(OAUTH_VARIABLES.OAUTH_PORT.form.test(port) && Number(port) <= 65535 ? [] : [oauthRefusal('OAUTH_PORT', port)]),
  ];
  return errors.length > 0 ? { errors } : { host, port: Number(port) };
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

// In Node (gatsby-config.ts, gatsby-node, scripts, tests) loading this module
// never throws: Gatsby's compile step requires gatsby-config once to test it,
// takes an error for a flaky compile, retries and then finds a half-loaded
// module in Parcel's cache, so the message would be lost. A malformed value
// takes its default here, and the build stops at its start instead, naming
// everything at once (buildConfigError, gatsby/onPreBootstrap.ts). Gatsby's
// bundles define BUILD_STAGE: the pages read the configuration strictly, and
// the lenient branch is dropped from their JavaScript at build time.
export const siteConfig: SiteConfig = process.env.BUILD_STAGE ? readConfig(CONFIG_ENV) : readConfig(withoutMalformed(CONFIG_ENV));

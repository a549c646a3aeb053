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
 * build only, never baked into a page: where the CMS commits and the origin
 * it may be served from.
 */
import { SANDBOX_APP_PATH } from './apiContract';
import { isValidEmail } from './contact';
import { LOCAL_CMS_BACKEND, PRODUCTION_CMS_BACKENDS } from './cmsBackends';

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
 * Gatsby is not, and builds drafts (gatsby/onCreateNode.ts) and reads the
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
  { name: typeof LOCAL_CMS_BACKEND; url: string } | { name: 'github' | 'gitlab'; repo: string; branch: string } | { name: 'git-gateway'; branch: string };

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
  CMS_ORIGIN: { must: 'be an https origin such as https://cms.example.org' },
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
 * (or `npm run edit`'s local one, which wins); undefined without
 * CMS_BACKEND (the admin page then says how to set it); an error message
 * naming the variable for a wrong value.
 */
export function cmsBackendFromEnv(env: CmsEnv): CmsBackend | undefined | { error: string } {
  const local = cmsValue(env, 'CMS_LOCAL_BACKEND_URL');
  if (local) return CMS_VARIABLES.CMS_LOCAL_BACKEND_URL.form.test(local) ? { name: LOCAL_CMS_BACKEND, url: local } : cmsRefusal('CMS_LOCAL_BACKEND_URL', local);
  const name = cmsValue(env, 'CMS_BACKEND');
  if (!name) return undefined;
  const branch = cmsValue(env, 'CMS_BRANCH') ?? CMS_VARIABLES.CMS_BRANCH.local;
  if (!CMS_VARIABLES.CMS_BRANCH.form.test(branch)) return cmsRefusal('CMS_BRANCH', branch);
  const backend = CMS_VARIABLES.CMS_BACKEND.oneOf.find((known) => known === name);
  if (!backend) return cmsRefusal('CMS_BACKEND', name);
  if (backend === 'git-gateway') return { name: backend, branch };
  const repo = cmsValue(env, 'CMS_REPO') ?? '';
  if (!CMS_VARIABLES.CMS_REPO.form.test(repo)) return { error: `CMS_REPO must ${CMS_VARIABLES.CMS_REPO.must} for CMS_BACKEND=${backend}${repo ? `, got "${repo}"` : ''}` };
  return { name: backend, repo, branch };
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
  const notAnOrigin = `must ${CMS_VARIABLES.CMS_ORIGIN.must}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong(notAnOrigin);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return wrong(notAnOrigin);
  // The CMS's files sit at the root of its origin: a path would serve them somewhere they do not expect to be.
  if (url.username || url.password || url.search || url.hash || value.includes('?') || value.includes('#') || url.pathname !== '/' || /^[a-z]+:\/\/[^/]*\/./i.test(value)) {
    return wrong('must be an origin alone (scheme, host and port): no path, user name, password, query or fragment');
  }
  if (configMode(env) === 'production') {
    const problem = productionUrlProblem(CMS_ORIGIN_VARIABLE, url, value);
    if (problem) return { error: problem };
    if (RESERVED_TOP_LEVEL.test(url.hostname)) return wrong('is at a reserved domain that serves no site (RFC 2606): set the address editors will open');
  }
  const origin = url.origin;
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

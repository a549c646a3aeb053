/**
 * What a production build refuses in the site's settings, and the message
 * it stops with: run where the build starts, never in a page.
 */
import { isValidEmail } from './email';
import { LANGUAGES, type Language } from './languages';
import { productionUrlProblem, RESERVED_TOP_LEVEL } from './addresses.node';
import {
  CONFIG_DEFAULTS,
  CONFIG_VARIABLE_NAMES,
  CONFIG_VARIABLES,
  KEY_VARIABLES,
  LOCAL_SITE_ENV,
  URL_VARIABLES,
  bullets,
  configMode,
  formatProblems,
  ordered,
  parseUrl,
  raw,
  type ConfigEnv,
  type ConfigVariable,
  type ModeEnv,
  type Problem,
} from './settings';

/** What a production build must set, in the order problems are listed, with what each is for. */
export const PRODUCTION_REQUIRED: Readonly<Partial<Record<ConfigVariable, string>>> = Object.fromEntries(
  CONFIG_VARIABLE_NAMES.flatMap((name) => {
    const purpose = (CONFIG_VARIABLES[name] as { production?: string }).production;
    return purpose ? [[name, purpose]] : [];
  }),
);

/** An API key travels in an HTTP header: printable ASCII, no spaces. */
const HEADER_TOKEN = /^[\x21-\x7e]+$/;

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
  for (const name of CONFIG_VARIABLE_NAMES.filter((name) => CONFIG_VARIABLES[name].kind === 'email')) {
    const email = raw(env, name);
    if (email !== undefined && isValidEmail(email) && RESERVED_TOP_LEVEL.test(email)) add(name, `${name} is at a reserved domain that receives no mail, got "${email}"`);
  }
  return ordered(problems);
}

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

/** The build-time variable that fetches a language's documentation README from elsewhere: DOCS_README_URL_EN, ... */
export const remoteReadmeVariable = (language: Language): string => `DOCS_README_URL_${language.toUpperCase()}`;

/**
 * The README URLs configured for remote fetching; throws naming the
 * variable when one is not an absolute https URL (the README fetch
 * takes https only, redirects included).
 */
export function remoteReadmeUrls(env: Record<string, string | undefined>): Partial<Record<Language, string>> {
  const urls: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const name = remoteReadmeVariable(language);
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^https:\/\/[^\s/?#]+\S*$/i.test(value)) throw new Error(`${name} must be an absolute https URL, got "${value}"`);
    urls[language] = value;
  }
  return urls;
}

/**
 * The build's own environment: the one read of it, whatever reads the
 * site's, the CMS's or the README's settings from it in the build.
 */
export const buildEnvironment = (): NodeJS.ProcessEnv => process.env;

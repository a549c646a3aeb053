/**
 * The sign-in exchange's settings (docs/configuration.md, "The sign-in
 * exchange"): its own variables, read where it runs (`npm run oauth`, a
 * CDN's function), never by the build, so the client secrets stay out of
 * the build's environment.
 */
import { isLoopbackHost, quoteUrl } from '../../site/addresses.node';
import type { OAuthProvider } from '../backends';
import { parsedServerAddress, serverAddress } from '../settings';
import { OAUTH_VARIABLES, type OAuthClient, type OAuthEnv, type OAuthSettings, type OAuthVariable, type OAuthVariableSpec } from './settings';

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

/** The environment the exchange runs in (a Node process, or a CDN function whose platform hands the function's variables over as process.env): the one read of it. */
export const exchangeEnvironment = (): OAuthEnv => process.env;

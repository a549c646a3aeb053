/**
 * What a build decided that serving it depends on, written beside the
 * build as public/_build.json (gatsby/onPostBuild.ts): the site's address,
 * the origins its pages call, the CMS backend /admin/ talks to (with how
 * editors sign in: the exchange's origin, which nginx serves /oauth/ on)
 * and the origin of its own the CMS may be served from, and the runtime
 * file every page loads. The nginx config, `npm run serve:nginx`
 * and `npm run publish` read this record, never the environment of the
 * shell that serves: a build served under other settings keeps the policy
 * it was built for, and the same build serves the same way everywhere.
 * Nothing in it is secret: all of it is in
 * the pages already. Pure: callers read and write the file.
 */
import { ADMIN_SCRIPTS, INTEGRITY, adminPolicy, type AdminScriptIntegrity } from '../cms/adminPage';
import { isCmsBackendName } from '../cms/backends';
import { CMS_VARIABLES, serverAddress, type CmsBackend } from '../cms/settings';
import { FILE_POLICY, originsOf, pagePolicy, searchPolicy, type SitePolicies } from './rules';

/** Where the record is, in public/; never served (the hosting rules answer 404). */
export const BUILD_RECORD_PATH = '/_build.json';

export interface RuntimeRecord {
  /** The fingerprinted file that starts Gatsby's runtime on every page: '/runtime-<hash>.js'. */
  file: string;
  /** The scripts it starts, in order. */
  scripts: string[];
}

export interface BuildRecord {
  /** The site's public origin, as canonical and alternate URLs give it. */
  siteUrl: string;
  /** The origins the pages call besides their own: the payments and application APIs. */
  connectOrigins: string[];
  /** The backend /admin/ talks to, and how editors sign in (features/site/settings.ts, CmsSignIn); null when the build has no CMS. */
  cms: CmsBackend | null;
  /** The CMS page's scripts by their integrity values, which its policy names; null without a CMS. */
  adminScripts: AdminScriptIntegrity | null;
  /**
   * The origin the CMS is served from when it has one of its own
   * (CMS_ORIGIN, features/site/settings.ts): the site's /admin/ then redirects
   * there, and that origin serves public/admin/ as its root. Null: the CMS
   * is at /admin/ of the site.
   */
  cmsOrigin: string | null;
  runtime: RuntimeRecord;
}

export interface RecordedSettings {
  siteUrl: string;
  paymentsApiUrl: string;
  apiUrl: string;
}

export function buildRecord(
  settings: RecordedSettings,
  cms: CmsBackend | null,
  runtime: RuntimeRecord,
  adminScripts: AdminScriptIntegrity | null,
  cmsOrigin: string | null = null,
): BuildRecord {
  return { siteUrl: settings.siteUrl, connectOrigins: originsOf([settings.paymentsApiUrl, settings.apiUrl]), cms, adminScripts, cmsOrigin, runtime };
}

/** The recorded integrity values, or an error: one SHA-384 for each of the CMS page's scripts. */
function parseAdminScripts(value: unknown): AdminScriptIntegrity | null {
  if (value === null || value === undefined) return null;
  const scripts = value as Partial<Record<string, unknown>>;
  if (typeof value !== 'object' || !ADMIN_SCRIPTS.every((script) => typeof scripts[script] === 'string' && INTEGRITY.test(scripts[script]))) {
    throw new Error(`"adminScripts" must give a sha384 integrity value for each of ${ADMIN_SCRIPTS.join(', ')}`);
  }
  return Object.fromEntries(ADMIN_SCRIPTS.map((script) => [script, scripts[script]])) as AdminScriptIntegrity;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isOrigin = (value: unknown): value is string => isString(value) && /^https?:\/\/[^/\s]+$/.test(value) && new URL(value).origin === value;

/**
 * Whether `value` is a git server's address as the build writes it
 * (features/site/settings.ts, cmsBackendFromEnv): an http(s) origin, and for GitLab
 * a path it may sit under, without a trailing slash, a user, a query or
 * anything a policy or the nginx config would read as its own syntax.
 */
function isServerAddress(value: unknown, name: unknown): value is string {
  if (!isString(value) || !/^https?:\/\/[\w.:[\]%/-]+$/.test(value) || value.endsWith('/')) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return name === 'github' ? url.origin === value : name === 'gitlab' && serverAddress(url) === value;
}

/**
 * How the recorded CMS signs editors in (features/site/settings.ts, CmsSignIn), or
 * an error: the exchange's origin, which the nginx config serves /oauth/ on
 * when it is the site's or the CMS's, or a GitLab application for PKCE;
 * and the server of its own it talks to, whose origin the CMS page's
 * policy names.
 */
function parseSignIn(cms: unknown): void {
  if (cms === null || typeof cms !== 'object') return;
  const { name, oauthOrigin, gitlabAppId, serverUrl } = cms as { name?: unknown; oauthOrigin?: unknown; gitlabAppId?: unknown; serverUrl?: unknown };
  if (serverUrl !== undefined && !isServerAddress(serverUrl, name)) {
    throw new Error('"cms.serverUrl" must be the address of the GitHub Enterprise Server or GitLab of a github or gitlab backend');
  }
  if (oauthOrigin !== undefined && (!isOrigin(oauthOrigin) || (name !== 'github' && name !== 'gitlab'))) {
    throw new Error('"cms.oauthOrigin" must be the origin of the sign-in exchange of a github or gitlab backend');
  }
  if (gitlabAppId !== undefined && (!isString(gitlabAppId) || !CMS_VARIABLES.CMS_GITLAB_APP_ID.form.test(gitlabAppId) || name !== 'gitlab' || oauthOrigin !== undefined)) {
    throw new Error('"cms.gitlabAppId" must be the GitLab application of a gitlab backend that signs in without the exchange');
  }
}

/** The record in `text`, or an error saying what is wrong with it. */
export function parseBuildRecord(text: string): BuildRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not JSON (${(error as Error).message})`);
  }
  const record = data as Partial<Record<keyof BuildRecord, unknown>> | null;
  if (typeof record !== 'object' || record === null) throw new Error('it is not an object');
  if (!isString(record.siteUrl) || !/^https?:\/\//.test(record.siteUrl)) throw new Error('"siteUrl" must be an http(s) URL');
  if (!Array.isArray(record.connectOrigins) || !record.connectOrigins.every(isOrigin)) throw new Error('"connectOrigins" must be a list of origins');
  const runtime = record.runtime as Partial<RuntimeRecord> | undefined;
  if (!runtime || !isString(runtime.file) || !Array.isArray(runtime.scripts) || !runtime.scripts.every(isString)) {
    throw new Error('"runtime" must name the runtime file and its scripts');
  }
  const cms = record.cms ?? null;
  if (cms !== null && (typeof cms !== 'object' || !isCmsBackendName((cms as { name?: unknown }).name))) {
    throw new Error('"cms" must be null or a CMS backend');
  }
  parseSignIn(cms);
  const adminScripts = parseAdminScripts(record.adminScripts);
  if ((cms === null) !== (adminScripts === null)) throw new Error('"cms" and "adminScripts" must both be set or both be null');
  // A record from before CMS_ORIGIN has none: the CMS is at /admin/.
  const cmsOrigin = record.cmsOrigin ?? null;
  if (cmsOrigin !== null) {
    if (!isOrigin(cmsOrigin)) throw new Error('"cmsOrigin" must be null or an origin');
    const backend = (cms as { name?: unknown } | null)?.name;
    if (backend !== 'github' && backend !== 'gitlab') throw new Error('"cmsOrigin" needs a CMS with the github or gitlab backend');
    if (cmsOrigin === new URL(record.siteUrl).origin) throw new Error('"cmsOrigin" must not be the site\'s own origin');
  }
  return {
    siteUrl: record.siteUrl,
    connectOrigins: record.connectOrigins,
    cms: cms as CmsBackend | null,
    adminScripts,
    cmsOrigin,
    runtime: { file: runtime.file, scripts: runtime.scripts },
  };
}

/** The four policies the build is served with. */
export function sitePolicies(record: BuildRecord): SitePolicies {
  return { page: pagePolicy(record.connectOrigins), search: searchPolicy(record.connectOrigins), admin: adminPolicy(record.cms, record.adminScripts), file: FILE_POLICY };
}

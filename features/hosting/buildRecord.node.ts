/**
 * What a serving shell's environment sets differently from the build it
 * serves: said when serving, never used (the build's record decides).
 */
import { cmsBackendFromEnv } from '../cms/settings.node';
import { CMS_ORIGIN_VARIABLE, type CmsBackend } from '../cms/settings';
import type { ConfigEnv } from '../site/settings';
import type { BuildRecord } from './buildRecord';

const sameCms = (a: CmsBackend | null, b: CmsBackend | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the serving shell's environment sets differently from the build
 * (only variables it sets at all): said when serving, never used.
 */
export function environmentMismatches(record: BuildRecord, env: ConfigEnv & Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  const siteUrl = env.GATSBY_SITE_URL?.trim();
  if (siteUrl && siteUrl.replace(/\/+$/, '') !== record.siteUrl.replace(/\/+$/, '')) {
    problems.push(`GATSBY_SITE_URL is ${siteUrl}, the build's is ${record.siteUrl}`);
  }
  for (const name of ['GATSBY_PAYMENTS_API_URL', 'GATSBY_API_URL'] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      problems.push(`${name} is not a URL (${value})`);
      continue;
    }
    if (!record.connectOrigins.includes(origin))
      problems.push(`${name} is ${value}, whose origin the build's pages do not call (they call ${record.connectOrigins.join(' and ')})`);
  }
  const cmsOrigin = env[CMS_ORIGIN_VARIABLE]?.trim();
  if (cmsOrigin) {
    let origin: string | undefined;
    try {
      origin = new URL(cmsOrigin).origin;
    } catch {
      problems.push(`${CMS_ORIGIN_VARIABLE} is not a URL (${cmsOrigin})`);
    }
    if (origin !== undefined && origin !== record.cmsOrigin) {
      problems.push(`${CMS_ORIGIN_VARIABLE} is ${cmsOrigin}; the build serves the CMS ${record.cmsOrigin ? `from ${record.cmsOrigin}` : 'at /admin/ of the site'}`);
    }
  }
  if (env.CMS_BACKEND?.trim()) {
    const cms = cmsBackendFromEnv(env);
    if (cms && !('error' in cms) && !sameCms(cms, record.cms))
      problems.push(`CMS_BACKEND and its settings name ${JSON.stringify(cms)}, the build's CMS is ${JSON.stringify(record.cms)}`);
  }
  return problems;
}

/**
 * CMS_ORIGIN: the origin of its own the editors' CMS may be served from
 * (docs/deploy.md, "The CMS on its own origin"), so that no script that
 * reaches a public page of the site can reach an editor's token, which
 * Decap keeps in its origin's localStorage. Read beside the other CMS_*
 * variables, but in a module of its own: src/build/cmsConfig.ts is bundled
 * into the CMS's own scripts, and the production checks reused here
 * (src/lib/config.ts) read process.env when they load, which a browser
 * does not have. Pure.
 */
import { cmsBackendFromEnv } from './cmsConfig';
import { RESERVED_TOP_LEVEL, configMode, productionUrlProblem } from '../lib/config';

export const CMS_ORIGIN_VARIABLE = 'CMS_ORIGIN';

/**
 * The origin (scheme, host and port; no path, user, query or fragment) in
 * CMS_ORIGIN; undefined when unset; an error naming the variable and the
 * value otherwise. Any build refuses a value that is no http(s) origin, the
 * site's own origin (`siteUrl`), and a CMS that cannot live on another
 * origin: none at all, Netlify's git-gateway, `npm run edit`'s local
 * backend. A production build (src/lib/config.ts configMode) also refuses
 * what it refuses in the site's other addresses: plain http, this machine,
 * and a reserved domain.
 */
export function cmsOriginFromEnv(env: Readonly<Record<string, string | undefined>>, siteUrl: string): string | undefined | { error: string } {
  const value = env[CMS_ORIGIN_VARIABLE]?.trim();
  if (!value) return undefined;
  const wrong = (why: string) => ({ error: `${CMS_ORIGIN_VARIABLE} ${why}; got "${value}"` });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong('must be an https origin such as https://cms.example.org');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return wrong('must be an https origin such as https://cms.example.org');
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
  if (backend.name === 'local') {
    return wrong(
      "cannot be used with npm run edit's local backend (CMS_LOCAL_BACKEND_URL), which serves the CMS at /admin/ of the development site and answers no other origin; unset CMS_ORIGIN",
    );
  }
  return origin;
}

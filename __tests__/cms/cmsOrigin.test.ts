/** @jest-environment node */
import { cmsOriginFromEnv } from '../../features/cms/settings.node';

const SITE = 'https://www.stockpay.eu';
/** What `gatsby build` runs with: a production build unless SITE_ENV=local. */
const PRODUCTION = { gatsby_executing_command: 'build', CMS_BACKEND: 'github', CMS_REPO: 'stockpay/website' };
const LOCAL = { ...PRODUCTION, SITE_ENV: 'local' };

const read = (origin: string, env: Record<string, string> = PRODUCTION, site = SITE) => cmsOriginFromEnv({ ...env, CMS_ORIGIN: origin }, site);
const errorOf = (origin: string, env: Record<string, string> = PRODUCTION, site = SITE): string => {
  const result = read(origin, env, site);
  if (typeof result !== 'object') throw new Error(`${origin} was accepted as ${String(result)}`);
  return result.error;
};

describe('cmsOriginFromEnv', () => {
  it('is undefined when CMS_ORIGIN is unset or blank: the CMS stays at /admin/', () => {
    expect(cmsOriginFromEnv(PRODUCTION, SITE)).toBeUndefined();
    expect(cmsOriginFromEnv({ ...PRODUCTION, CMS_ORIGIN: '  ' }, SITE)).toBeUndefined();
    // Without CMS_ORIGIN nothing is asked of the backend: git-gateway builds as before.
    expect(cmsOriginFromEnv({ gatsby_executing_command: 'build', CMS_BACKEND: 'git-gateway' }, SITE)).toBeUndefined();
  });

  it('gives the origin alone, as a browser spells it, for github and gitlab', () => {
    expect(read('https://cms.stockpay.eu')).toBe('https://cms.stockpay.eu');
    expect(read(' https://CMS.StockPay.eu/ ')).toBe('https://cms.stockpay.eu');
    expect(read('https://cms.stockpay.eu:8443')).toBe('https://cms.stockpay.eu:8443');
    expect(read('https://cms.stockpay.eu:443')).toBe('https://cms.stockpay.eu');
    expect(read('https://редакция.stockpay.eu')).toBe('https://xn--80ahcoj6a9b5d.stockpay.eu');
    expect(read('https://cms.stockpay.eu', { ...PRODUCTION, CMS_BACKEND: 'gitlab', CMS_REPO: 'group/site' })).toBe('https://cms.stockpay.eu');
    // Another port of the site's host is another origin.
    expect(read('https://www.stockpay.eu:8443')).toBe('https://www.stockpay.eu:8443');
  });

  it('lets a local build (SITE_ENV=local, or not a gatsby build) use plain http on this machine or a test domain', () => {
    expect(read('http://127.0.0.1:9001', LOCAL, 'http://127.0.0.1:9000')).toBe('http://127.0.0.1:9001');
    expect(read('http://cms.example.test:8080', LOCAL)).toBe('http://cms.example.test:8080');
    expect(read('http://localhost:9001', { CMS_BACKEND: 'github', CMS_REPO: 'a/b' })).toBe('http://localhost:9001');
  });

  it('refuses in a production build what it refuses in the other addresses: plain http, this machine, a reserved domain, naming the value', () => {
    expect(errorOf('http://cms.stockpay.eu')).toBe('CMS_ORIGIN must use https; got "http://cms.stockpay.eu"');
    expect(errorOf('https://127.0.0.1:9001')).toBe('CMS_ORIGIN must not point at this machine; got "https://127.0.0.1:9001"');
    expect(errorOf('https://localhost')).toBe('CMS_ORIGIN must not point at this machine; got "https://localhost"');
    expect(errorOf('https://[::1]:8443')).toBe('CMS_ORIGIN must not point at this machine; got "https://[::1]:8443"');
    expect(errorOf('https://2130706433')).toBe('CMS_ORIGIN must not point at this machine; got "https://2130706433"');
    expect(errorOf('http://127.1')).toBe('CMS_ORIGIN must use https, must not point at this machine; got "http://127.1"');
    for (const origin of ['https://cms.stockpay.example', 'https://cms.example.test', 'https://CMS.INVALID', 'https://cms.localhost']) {
      expect(errorOf(origin)).toMatch(/^CMS_ORIGIN (is at a reserved domain that serves no site \(RFC 2606\)|must not point at this machine)/);
    }
    expect(errorOf('https://cms.stockpay.example')).toBe(
      'CMS_ORIGIN is at a reserved domain that serves no site (RFC 2606): set the address editors will open; got "https://cms.stockpay.example"',
    );
  });

  it('refuses in any build what is not an origin alone, naming the value', () => {
    const notAnOrigin = 'must be an origin alone (scheme, host and port): no path, user name, password, query or fragment';
    for (const value of [
      'https://cms.stockpay.eu/admin',
      'https://cms.stockpay.eu/admin/',
      'https://cms.stockpay.eu//',
      'https://cms.stockpay.eu/.',
      'https://cms.stockpay.eu/%2e',
      'https://editor:secret@cms.stockpay.eu',
      'https://cms.stockpay.eu?from=site',
      'https://cms.stockpay.eu/?',
      'https://cms.stockpay.eu#/collections',
    ]) {
      for (const env of [PRODUCTION, LOCAL]) expect([value, errorOf(value, env)]).toEqual([value, `CMS_ORIGIN ${notAnOrigin}; got "${value}"`]);
    }
    const notHttps = 'must be an https origin such as https://cms.example.org';
    for (const value of ['cms.stockpay.eu', 'ftp://cms.stockpay.eu', 'javascript:alert(1)', 'https://', 'https://cms stockpay.eu', '//cms.stockpay.eu']) {
      for (const env of [PRODUCTION, LOCAL]) expect([value, errorOf(value, env)]).toEqual([value, `CMS_ORIGIN ${notHttps}; got "${value}"`]);
    }
  });

  it("refuses the site's own origin, which would give the CMS no origin apart", () => {
    expect(errorOf('https://www.stockpay.eu/')).toBe(
      `CMS_ORIGIN is the site's own origin (GATSBY_SITE_URL): the CMS needs an origin apart from the site's pages; unset it to serve the CMS at /admin/; got "https://www.stockpay.eu/"`,
    );
    expect(errorOf('http://127.0.0.1:9000', LOCAL, 'http://127.0.0.1:9000')).toMatch(/^CMS_ORIGIN is the site's own origin/);
  });

  it('refuses a CMS that cannot live on an origin of its own, saying why: none, git-gateway, the local backend', () => {
    expect(errorOf('https://cms.stockpay.eu', { gatsby_executing_command: 'build' })).toBe(
      'CMS_ORIGIN is set, but CMS_BACKEND is not: there is no CMS to serve there; set CMS_BACKEND (github or gitlab), or unset CMS_ORIGIN; got "https://cms.stockpay.eu"',
    );
    expect(errorOf('https://cms.stockpay.eu', { gatsby_executing_command: 'build', CMS_BACKEND: 'git-gateway' })).toBe(
      `CMS_ORIGIN cannot be used with CMS_BACKEND=git-gateway: Netlify Identity and the Git Gateway answer on the Netlify site's own origin, so the CMS must stay at /admin/ there; use github or gitlab, or unset CMS_ORIGIN; got "https://cms.stockpay.eu"`,
    );
    expect(errorOf('http://127.0.0.1:9001', { CMS_LOCAL_BACKEND_URL: 'http://127.0.0.1:8081/api/v1', CMS_BACKEND: 'github', CMS_REPO: 'a/b' }, 'http://127.0.0.1:8000')).toBe(
      `CMS_ORIGIN cannot be used with npm run edit's local backend (CMS_LOCAL_BACKEND_URL), which serves the CMS at /admin/ of the development site and answers no other origin; unset CMS_ORIGIN; got "http://127.0.0.1:9001"`,
    );
  });

  it('leaves a wrong CMS backend to its own message (gatsby/onPreBootstrap.ts reports that first)', () => {
    expect(read('https://cms.stockpay.eu', { gatsby_executing_command: 'build', CMS_BACKEND: 'bitbucket' })).toBe('https://cms.stockpay.eu');
  });
});

/** @jest-environment node */
import { adminContentSecurityPolicy, UNCONFIGURED_ADMIN_POLICY } from '../../features/cms/adminPage';
import { buildRecord, parseBuildRecord, sitePolicies } from '../../features/hosting/buildRecord';
import { environmentMismatches } from '../../features/hosting/buildRecord.node';
import { FILE_POLICY, pagePolicy, searchPolicy } from '../../features/hosting/rules';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

const RUNTIME = { file: '/runtime-0123456789abcdef0123.js', scripts: ['/framework-1.js', '/app-2.js'] };
const record = buildRecord(
  { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com/v1/', apiUrl: 'https://api.example.com/api' },
  { name: 'github', repo: 'acme/site', branch: 'main' },
  RUNTIME,
  ADMIN_SCRIPTS_EXAMPLE,
);

describe('buildRecord', () => {
  it("records the address, the API origins (each once), the CMS backend, its page's scripts and the runtime", () => {
    expect(record).toEqual({
      siteUrl: 'https://shop.example.com',
      connectOrigins: ['https://pay.example.com', 'https://api.example.com'],
      cms: { name: 'github', repo: 'acme/site', branch: 'main' },
      adminScripts: ADMIN_SCRIPTS_EXAMPLE,
      cmsOrigin: null,
      runtime: RUNTIME,
    });
    expect(buildRecord({ siteUrl: 'https://a.example', paymentsApiUrl: 'https://b.example/x', apiUrl: 'https://b.example/y' }, null, RUNTIME, null).connectOrigins).toEqual([
      'https://b.example',
    ]);
  });

  it('gives the four policies the build is served with', () => {
    expect(sitePolicies(record)).toEqual({
      page: pagePolicy(['https://pay.example.com', 'https://api.example.com']),
      search: searchPolicy(['https://pay.example.com', 'https://api.example.com']),
      admin: adminContentSecurityPolicy({ name: 'github', repo: 'acme/site', branch: 'main' }, ADMIN_SCRIPTS_EXAMPLE),
      file: FILE_POLICY,
    });
    expect(sitePolicies({ ...record, cms: null, adminScripts: null }).admin).toBe(UNCONFIGURED_ADMIN_POLICY);
  });
});

describe('parseBuildRecord', () => {
  it('reads back what the build wrote', () => {
    expect(parseBuildRecord(JSON.stringify(record))).toEqual(record);
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseBuildRecord('not json')).toThrow('it is not JSON');
    expect(() => parseBuildRecord('[]')).toThrow('"siteUrl" must be an http(s) URL');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, siteUrl: 'ftp://x' }))).toThrow('"siteUrl"');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, connectOrigins: ['https://api.example.com/path'] }))).toThrow('"connectOrigins" must be a list of origins');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, connectOrigins: ["https://a.example 'unsafe-inline'"] }))).toThrow('"connectOrigins"');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, runtime: { file: 1 } }))).toThrow('"runtime"');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, cms: { name: 'ftp' } }))).toThrow('"cms"');
    // The CMS policy names the scripts by hash: a record cannot widen it with anything else.
    expect(() => parseBuildRecord(JSON.stringify({ ...record, adminScripts: { ...ADMIN_SCRIPTS_EXAMPLE, 'admin.js': "'self'" } }))).toThrow('"adminScripts" must give a sha384');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, adminScripts: { 'admin.js': ADMIN_SCRIPTS_EXAMPLE['admin.js'] } }))).toThrow('"adminScripts"');
    expect(() => parseBuildRecord(JSON.stringify({ ...record, adminScripts: null }))).toThrow('"cms" and "adminScripts" must both be set or both be null');
    expect(parseBuildRecord(JSON.stringify({ ...record, cms: null, adminScripts: null })).adminScripts).toBeNull();
  });
});

describe('environmentMismatches', () => {
  it('names each variable the serving shell sets differently from the build, and only those', () => {
    expect(environmentMismatches(record, {})).toEqual([]);
    expect(
      environmentMismatches(record, {
        GATSBY_SITE_URL: 'https://shop.example.com/',
        GATSBY_PAYMENTS_API_URL: 'https://pay.example.com/other',
        GATSBY_API_URL: 'https://api.example.com',
      }),
    ).toEqual([]);
    expect(environmentMismatches(record, { GATSBY_SITE_URL: 'https://other.example', GATSBY_PAYMENTS_API_URL: 'http://127.0.0.1:4010', GATSBY_API_URL: 'nonsense' })).toEqual([
      "GATSBY_SITE_URL is https://other.example, the build's is https://shop.example.com",
      "GATSBY_PAYMENTS_API_URL is http://127.0.0.1:4010, whose origin the build's pages do not call (they call https://pay.example.com and https://api.example.com)",
      'GATSBY_API_URL is not a URL (nonsense)',
    ]);
    expect(environmentMismatches(record, { CMS_BACKEND: 'git-gateway' })).toEqual([
      'CMS_BACKEND and its settings name {"name":"git-gateway","branch":"main"}, the build\'s CMS is {"name":"github","repo":"acme/site","branch":"main"}',
    ]);
  });
});

describe('how editors sign in, as the record carries it with its CMS', () => {
  const signingIn = buildRecord(
    { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com', apiUrl: 'https://api.example.com' },
    { name: 'github', repo: 'acme/site', branch: 'main', oauthOrigin: 'https://shop.example.com' },
    RUNTIME,
    ADMIN_SCRIPTS_EXAMPLE,
  );

  it("reads back the exchange's origin (nginx serves /oauth/ there) and a GitLab application for PKCE", () => {
    expect(parseBuildRecord(JSON.stringify(signingIn))).toEqual(signingIn);
    const pkce = { ...signingIn, cms: { name: 'gitlab', repo: 'acme/site', branch: 'main', gitlabAppId: 'a'.repeat(64) } };
    expect(parseBuildRecord(JSON.stringify(pkce)).cms).toEqual(pkce.cms);
  });

  it('refuses what the build never writes', () => {
    const withCms = (cms: Record<string, unknown>) => JSON.stringify({ ...signingIn, cms: { name: 'github', repo: 'acme/site', branch: 'main', ...cms } });
    for (const oauthOrigin of ['https://shop.example.com/oauth', 'shop.example.com', 'javascript:alert(1)', 'https://a.example/', 42]) {
      expect(() => parseBuildRecord(withCms({ oauthOrigin }))).toThrow('"cms.oauthOrigin" must be the origin of the sign-in exchange');
    }
    expect(() => parseBuildRecord(JSON.stringify({ ...signingIn, cms: { name: 'git-gateway', branch: 'main', oauthOrigin: 'https://a.example' } }))).toThrow('"cms.oauthOrigin"');
    expect(() => parseBuildRecord(withCms({ gitlabAppId: 'a'.repeat(64) }))).toThrow('"cms.gitlabAppId" must be the GitLab application of a gitlab backend');
    const gitlab = (cms: Record<string, unknown>) => JSON.stringify({ ...signingIn, cms: { name: 'gitlab', repo: 'acme/site', branch: 'main', ...cms } });
    expect(() => parseBuildRecord(gitlab({ gitlabAppId: 'a b' }))).toThrow('"cms.gitlabAppId"');
    expect(() => parseBuildRecord(gitlab({ gitlabAppId: 'a'.repeat(64), oauthOrigin: 'https://a.example' }))).toThrow('"cms.gitlabAppId"');
  });

  it("reads back a server of one's own, and refuses any address the build never writes, since its origin goes into the CMS page's policy", () => {
    const ghe = { ...signingIn, cms: { name: 'github', repo: 'acme/site', branch: 'main', serverUrl: 'https://github.example.com', oauthOrigin: 'https://shop.example.com' } };
    expect(parseBuildRecord(JSON.stringify(ghe))).toEqual(ghe);
    const gitlab = { ...signingIn, cms: { name: 'gitlab', repo: 'acme/site', branch: 'main', serverUrl: 'https://git.example.com/gitlab', gitlabAppId: 'a'.repeat(64) } };
    expect(parseBuildRecord(JSON.stringify(gitlab))).toEqual(gitlab);
    expect(sitePolicies(parseBuildRecord(JSON.stringify(gitlab))).admin).toContain("connect-src 'self' blob: https://git.example.com;");
    const refused = [
      ['github', 'https://github.example.com/'],
      ['github', 'https://github.example.com/ghe'],
      ['github', 'https://GitHub.example.com'],
      ['github', "https://github.example.com 'unsafe-inline'"],
      ['github', 'https://github.example.com;script-src'],
      ['github', 'github.example.com'],
      ['gitlab', 'https://git.example.com/gitlab/'],
      ['gitlab', 'https://git.example.com/a?b'],
      ['gitlab', 'https://user@git.example.com'],
      ['gitlab', 'javascript:alert(1)'],
      ['gitlab', 42],
      ['git-gateway', 'https://git.example.com'],
    ] as const;
    for (const [name, serverUrl] of refused) {
      const record = JSON.stringify({ ...signingIn, cms: { name, repo: 'acme/site', branch: 'main', serverUrl } });
      expect(() => parseBuildRecord(record)).toThrow('"cms.serverUrl" must be the address of the GitHub Enterprise Server or GitLab of a github or gitlab backend');
    }
  });

  it('gives the CMS page the same policy as without it: signing in needs no origin of its own there (features/cms/adminPage.ts)', () => {
    expect(sitePolicies(signingIn).admin).toBe(adminContentSecurityPolicy({ name: 'github', repo: 'acme/site', branch: 'main' }, ADMIN_SCRIPTS_EXAMPLE));
  });

  it("names a serving shell's other sign-in, and does not use it", () => {
    expect(environmentMismatches(signingIn, { CMS_BACKEND: 'github', CMS_REPO: 'acme/site', CMS_OAUTH_ORIGIN: 'https://shop.example.com' })).toEqual([]);
    expect(environmentMismatches(signingIn, { CMS_BACKEND: 'github', CMS_REPO: 'acme/site', CMS_OAUTH_ORIGIN: 'https://sign-in.example.com' })).toEqual([
      'CMS_BACKEND and its settings name {"name":"github","repo":"acme/site","branch":"main","oauthOrigin":"https://sign-in.example.com"}, the build\'s CMS is {"name":"github","repo":"acme/site","branch":"main","oauthOrigin":"https://shop.example.com"}',
    ]);
  });
});

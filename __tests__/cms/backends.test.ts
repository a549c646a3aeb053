/** @jest-environment node */
import { parseBuildRecord } from '../../features/hosting/buildRecord';
import { cmsBackendNames, LOCAL_CMS_BACKEND, PRODUCTION_CMS_BACKENDS, isCmsBackendName } from '../../features/cms/backends';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

describe('the CMS backend names', () => {
  it('are the local backend and the three a production build may name', () => {
    expect(cmsBackendNames()).toEqual(['local', 'github', 'gitlab', 'git-gateway']);
    expect(PRODUCTION_CMS_BACKENDS).not.toContain(LOCAL_CMS_BACKEND);
  });

  it('tell a backend name from anything else, as written and nothing looser', () => {
    for (const name of cmsBackendNames()) expect(isCmsBackendName(name)).toBe(true);
    for (const other of ['GitHub', 'git_gateway', 'netlify', '', ' local', ['github'], null, undefined, 1]) expect([other, isCmsBackendName(other)]).toEqual([other, false]);
  });

  it("are what a build record's CMS may name: any other name is refused", () => {
    const record = (cms: unknown) =>
      JSON.stringify({
        siteUrl: 'https://example.com',
        connectOrigins: [],
        cms,
        adminScripts: ADMIN_SCRIPTS_EXAMPLE,
        runtime: { file: '/runtime-0123456789abcdef0123.js', scripts: [] },
      });
    expect(parseBuildRecord(record({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' })).cms).toEqual({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' });
    expect(parseBuildRecord(record({ name: 'git-gateway', branch: 'main' })).cms).toEqual({ name: 'git-gateway', branch: 'main' });
    for (const name of ['netlify', 'GitHub', ['github']])
      expect(() => parseBuildRecord(record({ name, repo: 'a/b', branch: 'main' }))).toThrow('"cms" must be null or a CMS backend');
  });
});

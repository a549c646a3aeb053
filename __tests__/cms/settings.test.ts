/** @jest-environment node */
import path from 'node:path';
import { adminScript } from '../../features/cms/admin.node';
import { LOCAL_CMS_BACKEND, PRODUCTION_CMS_BACKENDS } from '../../features/cms/backends';
import { CMS_ORIGIN_VARIABLE, CMS_VARIABLES, CMS_VARIABLE_NAMES } from '../../features/cms/settings';
import { cmsBackendFromEnv, cmsOriginFromEnv } from '../../features/cms/settings.node';
import { CONFIG_VARIABLE_NAMES } from '../../features/site/settings';

/**
 * The editors' CMS's variables, declared in features/cms/settings.ts: what
 * each may hold, and the backend read from them (the origin's own tests:
 * __tests__/cms/cmsOrigin.test.ts).
 */
const ROOT = path.join(__dirname, '..', '..');

describe('the CMS variables', () => {
  it('are declared once, in the order the docs list them, apart from the variables the pages are built with', () => {
    expect(CMS_VARIABLE_NAMES).toEqual([
      'CMS_BACKEND',
      'CMS_REPO',
      'CMS_BRANCH',
      'CMS_GITHUB_URL',
      'CMS_GITLAB_URL',
      'CMS_ORIGIN',
      'CMS_OAUTH_ORIGIN',
      'CMS_GITLAB_APP_ID',
      'CMS_LOCAL_BACKEND_URL',
    ]);
    expect(CMS_VARIABLE_NAMES.filter((name) => (CONFIG_VARIABLE_NAMES as string[]).includes(name))).toEqual([]);
    expect(CMS_VARIABLE_NAMES).toContain(CMS_ORIGIN_VARIABLE);
    expect(CMS_VARIABLES.CMS_BACKEND.oneOf).toEqual(PRODUCTION_CMS_BACKENDS);
  });

  it('take their defaults and forms from the declaration', () => {
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'git-gateway', CMS_BRANCH: ' ' })).toEqual({ name: 'git-gateway', branch: CMS_VARIABLES.CMS_BRANCH.local });
    for (const branch of ['main', 'content/2026', 'release-1.2', 'a_b'])
      expect(cmsBackendFromEnv({ CMS_BACKEND: 'git-gateway', CMS_BRANCH: branch })).toEqual({ name: 'git-gateway', branch });
    for (const branch of ['a b', 'main;rm', 'ветка', '$(x)'])
      expect(cmsBackendFromEnv({ CMS_BACKEND: 'git-gateway', CMS_BRANCH: branch })).toEqual({ error: `CMS_BRANCH must ${CMS_VARIABLES.CMS_BRANCH.must}, got "${branch}"` });
    for (const repo of ['a/b', 'group/sub/site', 'stock.pay/web-site_2'])
      expect(cmsBackendFromEnv({ CMS_BACKEND: 'gitlab', CMS_REPO: repo })).toEqual({ name: 'gitlab', repo, branch: 'main' });
    for (const repo of ['a', '/a/b', 'a/', 'a//b', 'https://github.com/a/b'])
      expect(cmsBackendFromEnv({ CMS_BACKEND: 'github', CMS_REPO: repo })).toEqual({ error: `CMS_REPO must ${CMS_VARIABLES.CMS_REPO.must} for CMS_BACKEND=github, got "${repo}"` });
    for (const url of ['http://127.0.0.1:1/api/v1', 'http://localhost:8081/api/v1'])
      expect(cmsBackendFromEnv({ CMS_LOCAL_BACKEND_URL: ` ${url} ` })).toEqual({ name: LOCAL_CMS_BACKEND, url });
    for (const url of ['https://127.0.0.1:8081/api/v1', 'http://127.0.0.1/api/v1', 'http://127.0.0.1:8081/api/v1/', 'http://127.0.0.2:8081/api/v1'])
      expect(cmsBackendFromEnv({ CMS_LOCAL_BACKEND_URL: url })).toEqual({ error: `CMS_LOCAL_BACKEND_URL must ${CMS_VARIABLES.CMS_LOCAL_BACKEND_URL.must}, got "${url}"` });
    expect(cmsOriginFromEnv({ CMS_ORIGIN: 'cms.example.org' }, 'https://www.example.org')).toEqual({
      error: `CMS_ORIGIN must ${CMS_VARIABLES.CMS_ORIGIN.must}; got "cms.example.org"`,
    });
  });

  it('check the branch before the backend, as before', () => {
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'bitbucket', CMS_BRANCH: 'a b' })).toEqual({ error: 'CMS_BRANCH must be a branch name, got "a b"' });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'GitHub', CMS_REPO: 'a/b' })).toEqual({ error: `CMS_BACKEND must be one of github, gitlab, git-gateway, got "GitHub"` });
  });

  it("stay out of the CMS's setup script, which has no process.env for features/site/settings.ts to read", () => {
    const script = adminScript(ROOT, {});
    // esbuild names its constants' module "<define:…>"; nothing else may read the environment.
    expect(script.match(/(?<!define:)\bprocess\.(env|cwd|platform)\b/g)).toBeNull();
    expect(CMS_VARIABLE_NAMES.filter((name) => script.includes(name))).toEqual([]);
  });
});

describe('the backend', () => {
  it('reads CMS_BACKEND, CMS_REPO and CMS_BRANCH, naming the variable that is wrong', () => {
    expect(cmsBackendFromEnv({})).toBeUndefined();
    expect(cmsBackendFromEnv({ CMS_BACKEND: ' ' })).toBeUndefined();
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'github', CMS_REPO: 'stockpay/website' })).toEqual({ name: 'github', repo: 'stockpay/website', branch: 'main' });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'gitlab', CMS_REPO: 'group/sub/site', CMS_BRANCH: 'content' })).toEqual({ name: 'gitlab', repo: 'group/sub/site', branch: 'content' });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'git-gateway' })).toEqual({ name: 'git-gateway', branch: 'main' });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'bitbucket' })).toEqual({ error: `CMS_BACKEND must be one of ${PRODUCTION_CMS_BACKENDS.join(', ')}, got "bitbucket"` });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'github' })).toEqual({ error: 'CMS_REPO must name the repository as owner/name for CMS_BACKEND=github' });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'github', CMS_REPO: 'website' })).toEqual({
      error: 'CMS_REPO must name the repository as owner/name for CMS_BACKEND=github, got "website"',
    });
    expect(cmsBackendFromEnv({ CMS_BACKEND: 'git-gateway', CMS_BRANCH: 'a b' })).toEqual({ error: 'CMS_BRANCH must be a branch name, got "a b"' });
  });

  it("takes npm run edit's local backend first, on loopback only", () => {
    expect(cmsBackendFromEnv({ CMS_LOCAL_BACKEND_URL: 'http://127.0.0.1:8081/api/v1', CMS_BACKEND: 'github' })).toEqual({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' });
    expect(cmsBackendFromEnv({ CMS_LOCAL_BACKEND_URL: 'http://10.0.0.2:8081/api/v1' })).toEqual({
      error: 'CMS_LOCAL_BACKEND_URL must be http://127.0.0.1:<port>/api/v1, got "http://10.0.0.2:8081/api/v1"',
    });
  });
});

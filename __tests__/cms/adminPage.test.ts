import { UNCONFIGURED_ADMIN_POLICY, adminContentSecurityPolicy, adminPageHtml, adminPolicy, unconfiguredAdminHtml } from '../../features/cms/adminPage';
import { ADMIN_SCRIPTS_EXAMPLE as SCRIPTS } from '../support/adminScripts';

/** The policy a page states in its meta tag. */
const declaredPolicy = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1].replace(/&#39;/g, "'");

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the admin page', () => {
  it('loads Decap, the setup script and the preview from beside it, each by its hash, is kept out of search results, and states its policy', () => {
    const html = adminPageHtml('StockPay', { name: 'git-gateway', branch: 'main' }, SCRIPTS);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<title>Content manager · StockPay</title>');
    // Relative addresses: the folder works at /admin/ and as the root of an origin of its own.
    expect([...html.matchAll(/<script src="([^"]+)" integrity="([^"]+)"><\/script>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['decap-cms.js', SCRIPTS['decap-cms.js']],
      ['admin.js', SCRIPTS['admin.js']],
      ['preview.js', SCRIPTS['preview.js']],
    ]);
    expect(html.match(/<script/g)).toHaveLength(3);
    // A meta policy cannot hold frame-ancestors; the served header has it (adminPolicy, from the build record).
    expect(declaredPolicy(html)).toBe(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }, SCRIPTS).replace("; frame-ancestors 'none'", ''));
  });

  it('escapes the product name', () => {
    expect(adminPageHtml('<Stock & Pay>', { name: 'git-gateway', branch: 'main' }, SCRIPTS)).toContain('<title>Content manager · &lt;Stock &amp; Pay&gt;</title>');
  });
});

describe('adminContentSecurityPolicy', () => {
  it('trusts the three scripts by their hashes and what they load, never the origin, and nothing inline; eval for its schema validator, inline styles, blob and data images', () => {
    const policy = directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }, SCRIPTS));
    expect(policy['script-src']).toEqual([`'${SCRIPTS['decap-cms.js']}'`, `'${SCRIPTS['admin.js']}'`, `'${SCRIPTS['preview.js']}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    expect(policy['script-src']).not.toContain("'self'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('connects only to the configured backend', () => {
    expect(directives(adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' }, SCRIPTS))['connect-src']).toEqual([
      "'self'",
      'blob:',
      'https://api.github.com',
      'https://www.githubstatus.com',
    ]);
    expect(directives(adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main' }, SCRIPTS))['connect-src']).toEqual(["'self'", 'blob:', 'https://gitlab.com']);
    expect(directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }, SCRIPTS))['connect-src']).toEqual([
      "'self'",
      'blob:',
      'https://api.netlify.com',
      'https://www.netlifystatus.com',
    ]);
    expect(directives(adminContentSecurityPolicy({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, SCRIPTS))['connect-src']).toEqual([
      "'self'",
      'blob:',
      'http://127.0.0.1:8081',
    ]);
  });

  it("reads back its own blob: URLs, which Decap fetches an upload's bytes from before it sends them to any backend, and no other scheme", () => {
    // Without it every upload fails ("Failed to persist entry: TypeError: Failed to fetch"): e2e/admin.spec.ts saves one.
    for (const backend of [
      { name: 'github', repo: 'a/b', branch: 'main' },
      { name: 'local', url: 'http://127.0.0.1:8081/api/v1' },
    ] as const) {
      const connect = directives(adminContentSecurityPolicy(backend, SCRIPTS))['connect-src'] ?? [];
      expect(connect).toContain('blob:');
      expect(connect.filter((source) => /^[a-z]+:$/.test(source))).toEqual(['blob:']);
    }
  });
});

describe('unconfiguredAdminHtml', () => {
  it('says how to configure the CMS, runs no script at all, and stays out of search results', () => {
    const html = unconfiguredAdminHtml('StockPay');
    expect(html).toContain('<h1>The content manager is not configured</h1>');
    for (const name of ['npm run edit', 'CMS_BACKEND', 'CMS_REPO', 'CMS_BRANCH']) expect(html).toContain(name);
    expect(html).not.toContain('<script');
    expect(html).toContain('noindex');
    expect(directives(declaredPolicy(html) ?? '')['default-src']).toEqual(["'none'"]);
  });
});

describe('adminPolicy', () => {
  it('serves /admin/ with the CMS policy of the recorded backend and scripts, or the plain page policy without them', () => {
    const backend = { name: 'github', repo: 'acme/site', branch: 'main' } as const;
    expect(adminPolicy(backend, SCRIPTS)).toBe(adminContentSecurityPolicy(backend, SCRIPTS));
    expect(adminPolicy(null, null)).toBe(UNCONFIGURED_ADMIN_POLICY);
    expect(adminPolicy(backend, null)).toBe(UNCONFIGURED_ADMIN_POLICY);
    expect(directives(UNCONFIGURED_ADMIN_POLICY)).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });
});

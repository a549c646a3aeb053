import { ADMIN_PATH, UNCONFIGURED_ADMIN_POLICY, adminContentSecurityPolicy, adminPageHtml, adminPolicy, unconfiguredAdminHtml } from '../../src/lib/adminPage';

/** The policy a page states in its meta tag. */
const declaredPolicy = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1].replace(/&#39;/g, "'");

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the admin page', () => {
  it('loads Decap, the setup script and the preview from /admin/, is kept out of search results, and states its policy', () => {
    const html = adminPageHtml('StockPay', { name: 'git-gateway', branch: 'main' });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<title>Content manager · StockPay</title>');
    expect([...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1])).toEqual([`${ADMIN_PATH}decap-cms.js`, `${ADMIN_PATH}admin.js`, `${ADMIN_PATH}preview.js`]);
    // A meta policy cannot hold frame-ancestors; the served header has it (adminPolicy, from the build record).
    expect(declaredPolicy(html)).toBe(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }).replace("; frame-ancestors 'none'", ''));
  });

  it('escapes the product name', () => {
    expect(adminPageHtml('<Stock & Pay>', { name: 'git-gateway', branch: 'main' })).toContain('<title>Content manager · &lt;Stock &amp; Pay&gt;</title>');
  });
});

describe('adminContentSecurityPolicy', () => {
  it('allows what Decap needs and nothing inline: eval for its schema validator, inline styles, blob and data images', () => {
    const policy = directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }));
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('connects only to the configured backend', () => {
    expect(directives(adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' }))['connect-src']).toEqual([
      "'self'",
      'https://api.github.com',
      'https://www.githubstatus.com',
    ]);
    expect(directives(adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main' }))['connect-src']).toEqual(["'self'", 'https://gitlab.com']);
    expect(directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }))['connect-src']).toEqual([
      "'self'",
      'https://api.netlify.com',
      'https://www.netlifystatus.com',
    ]);
    expect(directives(adminContentSecurityPolicy({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }))['connect-src']).toEqual(["'self'", 'http://127.0.0.1:8081']);
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
  it('serves /admin/ with the CMS policy of the recorded backend, or the plain page policy without one', () => {
    const backend = { name: 'github', repo: 'acme/site', branch: 'main' } as const;
    expect(adminPolicy(backend)).toBe(adminContentSecurityPolicy(backend));
    expect(adminPolicy(null)).toBe(UNCONFIGURED_ADMIN_POLICY);
    expect(directives(UNCONFIGURED_ADMIN_POLICY)).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });
});

/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODE_FOLDERS } from '../support/layout';
import { FILE_POLICY, pagePolicy, searchPolicy } from '../../features/hosting/rules';
import { UNCONFIGURED_ADMIN_POLICY, adminContentSecurityPolicy, adminPageHtml, adminPolicy, unconfiguredAdminHtml, type AdminScriptIntegrity } from '../../features/cms/adminPage';
import type { CmsBackend } from '../../features/cms/decapConfig';
import {
  DIRECTIVE_ORDER,
  FILE_DIRECTIVES,
  UNCONFIGURED_ADMIN_DIRECTIVES,
  adminDirectives,
  metaPolicyText,
  pageDirectives,
  policyText,
  searchDirectives,
  type Directives,
} from '../../features/site/policies';

/**
 * The policies were strings, written directive by directive in two files
 * (the search policy by replacing text in the page policy). Each string
 * below is what that code produced, byte for byte, for the configurations
 * the site is built with: built from directives, every one must stay the same.
 */

/** The integrity values of a real build's CMS scripts (a local build served by the site checks). */
const BUILT: AdminScriptIntegrity = {
  'decap-cms.js': 'sha384-A/Gdn928CNLufmnGWGs9RM4Q9o8bSNLeJERqBFrBjwzL7FRpoLT3MPF8Tl0+Wd2p',
  'admin.js': 'sha384-6tSglCCvPpMNP/a6AI0+Xn/q4Rhj5dn2mHOkzW9nHClC/FOgANC2I9eua4Fgdt4a',
  'preview.js': 'sha384-k5d1TbS0U/xxrphAxykjJkGj1mHb3pPz1tfXVeRN/aqLsTVOHYxLjS+E1ARypM9K',
};
const SCRIPTS =
  "script-src 'sha384-A/Gdn928CNLufmnGWGs9RM4Q9o8bSNLeJERqBFrBjwzL7FRpoLT3MPF8Tl0+Wd2p' 'sha384-6tSglCCvPpMNP/a6AI0+Xn/q4Rhj5dn2mHOkzW9nHClC/FOgANC2I9eua4Fgdt4a' 'sha384-k5d1TbS0U/xxrphAxykjJkGj1mHb3pPz1tfXVeRN/aqLsTVOHYxLjS+E1ARypM9K' 'strict-dynamic' 'unsafe-eval'";

const BACKENDS: Record<CmsBackend['name'], CmsBackend> = {
  local: { name: 'local', url: 'http://127.0.0.1:8081/api/v1' },
  github: { name: 'github', repo: 'acme/site', branch: 'main' },
  gitlab: { name: 'gitlab', repo: 'acme/site', branch: 'main' },
  'git-gateway': { name: 'git-gateway', branch: 'main' },
};

describe('the policies, built from directives', () => {
  it('are the strings the pages, search pages and files were served with, for a local build, a production build and no API origin', () => {
    const cases: [string[], string, string][] = [
      [
        ['http://127.0.0.1:4999'],
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:4999; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:4999; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      ],
      [
        ['https://pay.example.com', 'https://api.example.com'],
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' https://pay.example.com https://api.example.com; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' https://pay.example.com https://api.example.com; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      ],
      [
        [],
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      ],
    ];
    for (const [origins, page, search] of cases) {
      expect([origins, pagePolicy(origins), searchPolicy(origins)]).toEqual([origins, page, search]);
    }
    expect(FILE_POLICY).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox");
  });

  it("are the strings the CMS page was served with, for every backend, and the unconfigured page's", () => {
    const tail = "font-src 'self' data:; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    const expected: Record<CmsBackend['name'], string> = {
      local: `default-src 'self'; ${SCRIPTS}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob: http://127.0.0.1:8081; ${tail}`,
      github: `default-src 'self'; ${SCRIPTS}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com; connect-src 'self' blob: https://api.github.com https://www.githubstatus.com; ${tail}`,
      gitlab: `default-src 'self'; ${SCRIPTS}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://gitlab.com https://secure.gravatar.com; connect-src 'self' blob: https://gitlab.com; ${tail}`,
      'git-gateway': `default-src 'self'; ${SCRIPTS}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob: https://api.netlify.com https://www.netlifystatus.com; ${tail}`,
    };
    for (const backend of Object.values(BACKENDS)) {
      expect([backend.name, adminContentSecurityPolicy(backend, BUILT)]).toEqual([backend.name, expected[backend.name]]);
      expect(adminPolicy(backend, BUILT)).toBe(expected[backend.name]);
    }
    expect(UNCONFIGURED_ADMIN_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(adminPolicy(null, null)).toBe(UNCONFIGURED_ADMIN_POLICY);
  });

  it("state the same in the CMS pages' meta tags, without frame-ancestors, as the built /admin/ did", () => {
    const meta = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    expect(meta(adminPageHtml('StockPay', BACKENDS['git-gateway'], BUILT))).toBe(
      `default-src &#39;self&#39;; ${SCRIPTS.replace(/'/g, '&#39;')}; style-src &#39;self&#39; &#39;unsafe-inline&#39;; img-src &#39;self&#39; data: blob:; connect-src &#39;self&#39; blob: https://api.netlify.com https://www.netlifystatus.com; font-src &#39;self&#39; data:; frame-src &#39;self&#39; blob:; object-src &#39;none&#39;; base-uri &#39;self&#39;; form-action &#39;self&#39;`,
    );
    expect(meta(unconfiguredAdminHtml('StockPay'))).toBe('default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;');
  });
});

describe('policyText and metaPolicyText', () => {
  it('write the directives in one order, whatever order the data has, a flag without sources as its name alone', () => {
    const shuffled: Directives = { sandbox: [], 'frame-ancestors': ["'none'"], 'connect-src': ["'self'", 'https://a.example'], 'default-src': ["'none'"] };
    expect(policyText(shuffled)).toBe("default-src 'none'; connect-src 'self' https://a.example; frame-ancestors 'none'; sandbox");
    expect(policyText({})).toBe('');
  });

  it('leave out of a meta tag what browsers ignore there: frame-ancestors and sandbox', () => {
    expect(metaPolicyText(FILE_DIRECTIVES)).toBe("default-src 'none'; base-uri 'none'; form-action 'none'");
    expect(metaPolicyText(pageDirectives([]))).toBe(policyText(pageDirectives([])).replace("; frame-ancestors 'none'", ''));
  });
});

describe('the directives', () => {
  const all: [string, Directives][] = [
    ['page', pageDirectives(['https://api.example.com'])],
    ['search', searchDirectives(['https://api.example.com'])],
    ['admin', adminDirectives({ scripts: Object.values(BUILT), connect: ['https://api.github.com'], img: [] })],
    ['unconfigured admin', UNCONFIGURED_ADMIN_DIRECTIVES],
    ['file', FILE_DIRECTIVES],
  ];

  it('let no other site frame any document of ours, and no document set its base or post a form elsewhere', () => {
    for (const [name, policy] of all) {
      expect([name, policy['frame-ancestors'], policy['base-uri'], policy['form-action']]).toEqual([name, ["'none'"], policy['default-src'], policy['default-src']]);
    }
  });

  it('give the search pages the page policy with WebAssembly in script-src, and nothing else', () => {
    const page = pageDirectives(['https://api.example.com']);
    const search = searchDirectives(['https://api.example.com']);
    expect(search).toEqual({ ...page, 'script-src': ["'self'", "'wasm-unsafe-eval'"] });
  });

  it("trust the CMS page's scripts by their hashes only, never the origin", () => {
    const admin = adminDirectives({ scripts: ['sha384-x', 'sha384-y'], connect: [], img: [] });
    expect(admin['script-src']).toEqual(["'sha384-x'", "'sha384-y'", "'strict-dynamic'", "'unsafe-eval'"]);
  });

  it('use only directives the serialiser writes', () => {
    for (const [name, policy] of all) expect([name, Object.keys(policy).filter((key) => !(DIRECTIVE_ORDER as readonly string[]).includes(key))]).toEqual([name, []]);
  });
});

describe('where the policies are written', () => {
  /** A directive written out as text (`"default-src 'self'"`), which only features/site/policies.ts may hold. */
  const WRITTEN_DIRECTIVE = /["'`](?:default-src|script-src|frame-ancestors|base-uri|form-action) /;
  const ROOT = path.join(__dirname, '..', '..');
  const files = (folder: string): string[] =>
    statSync(path.join(ROOT, folder)).isFile()
      ? [folder]
      : readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
          .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
          .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

  it('is features/site/policies.ts alone: no other code writes a directive or edits a policy string', () => {
    const code = CODE_FOLDERS.flatMap(files);
    expect(code.filter((file) => file !== 'features/site/policies.ts' && WRITTEN_DIRECTIVE.test(readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });
});

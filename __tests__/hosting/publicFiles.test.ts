/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { htmlFiles, folderTree } from '../../system/folderTree';
import { readBuildRecord, readPublicRules } from '../../features/hosting/publicFiles.node';
import { adminContentSecurityPolicy } from '../../features/cms/adminPage';
import { BUILD_RECORD_PATH, buildRecord } from '../../features/hosting/buildRecord';
import { FILE_POLICY, pagePolicy, searchPolicy } from '../../features/hosting/rules';
import { ADMIN_SCRIPTS_EXAMPLE } from '../support/adminScripts';

describe('readPublicRules', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const backend = { name: 'git-gateway', branch: 'main' } as const;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'public-rules-'));
    write('index.html', '<p>home</p>');
    write('docs/index.html', '<p>docs</p>');
    write('bg/404.html', '<p>404</p>');
    write('app-0123456789abcdef0123.js', 'x');
    write('app-0123456789abcdef0123.js.br', 'x');
    write('page-data/app-data.json', '{}');
    write('_headers', '/*');
    write(
      BUILD_RECORD_PATH,
      JSON.stringify(
        buildRecord(
          { siteUrl: 'https://shop.example.com', paymentsApiUrl: 'https://pay.example.com/v1', apiUrl: 'https://api.example.com' },
          backend,
          {
            file: '/runtime-0123456789abcdef0123.js',
            scripts: ['/app-0123456789abcdef0123.js'],
          },
          ADMIN_SCRIPTS_EXAMPLE,
        ),
      ),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("lists every file but the compressed copies and the hosting's own, with the policies the build recorded", () => {
    const rules = readPublicRules(dir);
    expect(rules.files).toEqual(['/app-0123456789abcdef0123.js', '/bg/404.html', '/docs/index.html', '/index.html', '/page-data/app-data.json']);
    expect(rules.policies).toEqual({
      page: pagePolicy(['https://pay.example.com', 'https://api.example.com']),
      search: searchPolicy(['https://pay.example.com', 'https://api.example.com']),
      admin: adminContentSecurityPolicy(backend, ADMIN_SCRIPTS_EXAMPLE),
      file: FILE_POLICY,
    });
    expect(rules.record.siteUrl).toBe('https://shop.example.com');
  });

  it('refuses a public/ without a build record, or with a broken one, saying what to do', () => {
    rmSync(path.join(dir, BUILD_RECORD_PATH));
    expect(() => readPublicRules(dir)).toThrow(/_build\.json is missing: build the site first/);
    write(BUILD_RECORD_PATH, '{"siteUrl":"x"}');
    expect(() => readBuildRecord(dir)).toThrow(/_build\.json is not a build record: "siteUrl" must be an http\(s\) URL/);
  });
});

describe('folderTree, the one walk of a built public/', () => {
  it('sorts files, folders and anything else apart, with "/" separators, and is empty for a missing folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'public-tree-'));
    try {
      for (const file of ['index.html', 'bg/index.html', 'page-data/404.html/page-data.json', 'app-1.js', 'app-1.js.br']) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), 'x');
      }
      symlinkSync('/etc/passwd', path.join(dir, 'bg', 'passwd'));
      expect(folderTree(dir)).toEqual({
        files: ['app-1.js', 'app-1.js.br', 'bg/index.html', 'index.html', 'page-data/404.html/page-data.json'],
        folders: ['bg', 'page-data', 'page-data/404.html'],
        others: ['bg/passwd'],
      });
      expect(htmlFiles(dir)).toEqual(['bg/index.html', 'index.html']);
      expect(folderTree(path.join(dir, 'missing'))).toEqual({ files: [], folders: [], others: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

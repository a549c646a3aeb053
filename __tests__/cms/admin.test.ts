/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DECAP_FILE, readAdminIntegrity, writeAdmin } from '../../features/cms/admin.node';
import { readNamespaces } from '../../features/i18n/localeFiles.node';
import { cmsConfig } from '../../features/cms/decapConfig';
import { localeText } from '../../features/i18n/locales.node';
import { MERMAID_SCRIPT, PAGE_SCRIPT } from '../../features/markdown/remark-mermaid/renderer.node';
import { TRANSLATION_STATUSES_FILE } from '../../features/cms/translation/listMarks';
import { translationStatuses } from '../../features/translations/translations.node';

const ROOT = path.join(__dirname, '..', '..');
let target: string;

beforeEach(() => {
  target = path.join(mkdtempSync(path.join(tmpdir(), 'admin-')), 'admin');
});
afterEach(() => rmSync(path.dirname(target), { recursive: true, force: true }));

describe('writeAdmin', () => {
  it("writes Decap's prebuilt bundle, the page, the setup script, the preview stylesheet and the config generated from the schema", () => {
    const written = writeAdmin(ROOT, target, { name: 'github', repo: 'stockpay/website', branch: 'main' }, 'StockPay');
    const files = readdirSync(target).sort();
    const all = readdirSync(target, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(target, path.join(entry.parentPath, entry.name)))
      .sort();
    expect([...written.files.keys()].sort()).toEqual(all);
    // Each with the SHA-256 of what was written, which the build checks again at its end.
    for (const [file, hash] of written.files)
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(target, file)))
          .digest('hex'),
      ).toBe(hash);
    // KaTeX's stylesheet and fonts beside the page, for the preview wherever the folder is served.
    expect(all).toContain('katex/katex.min.css');
    expect(all.filter((file) => file.startsWith('katex/fonts/')).length).toBeGreaterThan(10);
    // The page loads each script by the SHA-384 of the bytes written.
    const page = readFileSync(path.join(target, 'index.html'), 'utf8');
    for (const script of ['decap-cms.js', 'admin.js', 'preview.js']) {
      const integrity = `sha384-${createHash('sha384')
        .update(readFileSync(path.join(target, script)))
        .digest('base64')}`;
      expect(readAdminIntegrity(target)?.[script as 'admin.js']).toBe(integrity);
      expect(page).toContain(`<script src="${script}" integrity="${integrity}"></script>`);
    }
    for (const name of ['index.html', 'admin.js', 'preview.css', 'config.yml', 'decap-cms.js']) expect(files).toContain(name);
    // The bundle's chunks come along (it loads them from beside itself); its source maps and second build do not.
    expect(files.filter((name) => /^\d+\.decap-cms\.js$/.test(name)).length).toBeGreaterThan(10);
    expect(files.filter((name) => name.endsWith('.map') || name === 'cms.js')).toEqual([]);
    const config = readFileSync(path.join(target, 'config.yml'), 'utf8');
    expect(config.split('\n')[0]).toMatch(/^# Written by features\/cms\/admin\.node\.ts/);
    expect(parse(config)).toEqual(JSON.parse(JSON.stringify(cmsConfig({ name: 'github', repo: 'stockpay/website', branch: 'main' }, readNamespaces(ROOT)))));
    expect(readFileSync(path.join(target, 'preview.css'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'src', 'styles', 'global.css'), 'utf8'));
    // The entry lists' translation marks, as the build found the content (features/cms/translation/listMarks.ts).
    expect(JSON.parse(readFileSync(path.join(target, TRANSLATION_STATUSES_FILE), 'utf8'))).toEqual({ statuses: JSON.parse(JSON.stringify(translationStatuses(ROOT))) });
  });

  it("writes the preview: its script with every language's strings, its components' styles, and mermaid with the build's drawing page", () => {
    writeAdmin(ROOT, target, { name: 'git-gateway', branch: 'main' }, 'Stock&Pay', 'https://www.example.com');
    // esbuild writes the script in ASCII: other characters as \u escapes.
    const script = readFileSync(path.join(target, 'preview.js'), 'utf8').replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(script.split('\n')[0]).toBe('// Written by features/cms/admin.node.ts from features/cms/previewEntry.browser.ts.');
    // Both languages' labels and the product's name, as the build writes them (not toContain: the script is 2 MB).
    const has = (text: string) => script.includes(text);
    expect([localeText('bg', 'common', 'newTab'), localeText('en', 'content', 'scrollRegion', 'table'), 'Stock&Pay'].filter((text) => !has(text))).toEqual([]);
    // Nothing of Node left to fail in a browser (esbuild names its constant's module "<define:process.env>").
    expect(script.match(/(?<!define:)\bprocess\.(env|cwd|platform)\b|require\("(node:)?fs"\)/g)).toBeNull();
    // The site's CSS modules, scoped by esbuild.
    expect(readFileSync(path.join(target, 'preview-components.css'), 'utf8')).toMatch(/\.PageIntro_title/);
    expect(readFileSync(path.join(target, 'mermaid.min.js'))).toEqual(readFileSync(MERMAID_SCRIPT));
    expect(readFileSync(path.join(target, 'mermaid-page.js'))).toEqual(readFileSync(PAGE_SCRIPT));
    expect(parse(readFileSync(path.join(target, 'config.yml'), 'utf8')).site_url).toBe('https://www.example.com');
  });

  it('without a backend writes only the page that says how to configure one, removing an earlier CMS', () => {
    writeAdmin(ROOT, target, { name: 'git-gateway', branch: 'main' }, 'StockPay');
    expect([...writeAdmin(ROOT, target, undefined, 'StockPay').files.keys()]).toEqual(['index.html']);
    expect(readdirSync(target)).toEqual(['index.html']);
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toContain('The content manager is not configured');
  });

  it("takes only the bundle's files the page loads", () => {
    for (const name of ['decap-cms.js', '103.decap-cms.js', 'decap-cms.js.LICENSE.txt', 'f728dc876b39e5273411.wasm']) expect([name, DECAP_FILE.test(name)]).toEqual([name, true]);
    for (const name of ['cms.js', '103.cms.js', 'decap-cms.js.map', 'cms.css']) expect([name, DECAP_FILE.test(name)]).toEqual([name, false]);
  });
});

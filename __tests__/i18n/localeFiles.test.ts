/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLocaleString, readNamespaces } from '../../features/i18n/localeFiles.node';

/** A project folder holding `files` (path under it: text), removed after `test`. */
function withProject(files: Record<string, string>, test: (dir: string) => void): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'locales-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('readNamespaces', () => {
  it("reads the default language's UI string files by name", () => {
    withProject({ 'locales/en/common.json': '{"menu":"Menu","nav":{"home":"Home"}}', 'locales/en/notes.txt': 'not a namespace' }, (dir) => {
      expect(readNamespaces(dir)).toEqual({ common: { menu: 'Menu', nav: { home: 'Home' } } });
    });
  });

  it('fails naming the file that is not a JSON object', () => {
    withProject({ 'locales/en/common.json': '{"menu":', 'locales/en/blog.json': '["Blog"]' }, (dir) => {
      expect(() => readNamespaces(dir)).toThrow(/^locales\/en\/blog\.json must hold a JSON object of UI strings$/);
    });
    withProject({ 'locales/en/common.json': '{"menu":' }, (dir) => {
      expect(() => readNamespaces(dir)).toThrow(/^locales\/en\/common\.json is not valid JSON: /);
    });
  });
});

describe('readLocaleString', () => {
  it('reads a dotted key with the product name filled in, and names the file and key it cannot find', () => {
    withProject({ 'locales/bg/common.json': '{"footer":{"description":"{{product}} за малкия бизнес"}}' }, (dir) => {
      expect(readLocaleString(dir, 'bg', 'common', 'footer.description', 'Acme')).toBe('Acme за малкия бизнес');
      expect(() => readLocaleString(dir, 'bg', 'common', 'footer.title', 'Acme')).toThrow('locales/bg/common.json: no text at "footer.title"');
      expect(() => readLocaleString(dir, 'bg', 'blog', 'title', 'Acme')).toThrow('locales/bg/blog.json is missing');
    });
  });
});

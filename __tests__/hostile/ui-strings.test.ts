/** @jest-environment node */
/**
 * Hostile UI strings (__tests__/fixtures/hostile/ui-strings/): the CMS edits
 * locales/<lang>/*.json, and the remark plugins write some of those strings
 * into every page. A scratch copy of the site's plugins reads a locales/
 * folder with the fixtures' values over the real ones; the real remark
 * pipeline then writes them only as escaped text, or refuses a value that is
 * not text, naming the locale file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HOSTILE, fixture, openedElements, renderContent, scratch, textOf } from '../support/hostile';

const CLASS = 'ui-strings';
const ROOT = path.join(__dirname, '..', '..');

let dir: string;

/** A scratch site: the real plugins, scripts and node_modules, and locales/ with `overrides` (language → namespace → file text) merged in. */
function scratchSite(overrides: Record<string, Record<string, string>>): string {
  const site = fs.mkdtempSync(path.join(dir, 'site-'));
  // Copied, not linked: the one reader of UI strings reads the locales/ of the project its own file is in.
  for (const name of ['features', 'system', 'locales']) fs.cpSync(path.join(ROOT, name), path.join(site, name), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  for (const [language, files] of Object.entries(overrides)) {
    for (const [namespace, text] of Object.entries(files)) {
      const file = path.join(site, 'locales', language, `${namespace}.json`);
      const merged = { ...(JSON.parse(fs.readFileSync(file, 'utf8')) as object), ...(JSON.parse(text) as object) };
      fs.writeFileSync(file, JSON.stringify(merged));
    }
  }
  return site;
}

const hostileLocales = (language: string) => ({
  common: fixture(CLASS, `locales/${language}/common.json`),
  content: fixture(CLASS, `locales/${language}/content.json`),
});

beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hostile UI strings', () => {
  it.each(['en', 'bg'])('are written as text into a %s page: the link note, the code and table labels', async (language) => {
    const projectDir = scratchSite({ [language]: hostileLocales(language) });
    const { html, error } = await renderContent(dir, `docs/${language}/readme.md`, fixture(CLASS, 'page.md'), { projectDir });
    expect(error).toBeUndefined();
    // Only the site's own elements: no img, svg, script or table-in-a-label.
    expect(new Set(openedElements(html ?? ''))).toEqual(new Set(['p', 'a', 'span', 'div', 'pre', 'code', 'table', 'thead', 'tr', 'th', 'tbody', 'td']));
    const strings = {
      ...(JSON.parse(fixture(CLASS, `locales/${language}/common.json`)) as { newTab: string }),
      ...(JSON.parse(fixture(CLASS, `locales/${language}/content.json`)) as { scrollRegion: { code: string; codeIn: string; table: string } }).scrollRegion,
    };
    // The note reads exactly as the CMS wrote it, entities and all.
    expect(textOf(html ?? '')).toContain(` ${strings.newTab}`);
    for (const label of [strings.code, strings.codeIn.replace('{{language}}', () => 'bash'), strings.table]) {
      expect(html).toContain(`aria-label="${label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`);
    }
  });

  it('refuses a UI string that is not text, naming the locale file and key', async () => {
    const projectDir = scratchSite({ en: { common: fs.readFileSync(path.join(HOSTILE, CLASS, 'not-text.json'), 'utf8') } });
    const { error } = await renderContent(dir, 'docs/en/readme.md', fixture(CLASS, 'page.md'), { projectDir });
    expect(error).toBe('locales/en/common.json: "newTab" must be a string of text');
  });
});

/** @jest-environment node */
/**
 * The translation status of a project's content as `npm run translations`
 * and the build read it: a copy of the privacy policy in a temporary
 * project, its English paragraph changed, its Bulgarian marked again.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALLOW_BEHIND_VARIABLE, main, markUpToDate, translationStatuses, translationsAtBuild } from '../../features/translations/translations.node';
import { PROJECT_DIR } from '../../system/paths.js';
import { UI_RECORDS_FILE } from '../../features/translations/recordField';

const POLICY_EN = 'content/privacy/en/policy.md';
const POLICY_BG = 'content/privacy/bg/policy.md';
const PARAGRAPH = 'You have the right to access, correct and delete your personal data.';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const run = (...args: string[]) => {
  const lines: string[] = [];
  const code = main(args, dir, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'translations-'));
  write(
    POLICY_EN,
    `---\ntitle: "Privacy Policy"\nlastUpdated: 2026-11-20\n---\n\nOpening.\n\n## 10. Your rights {#your-rights}\n\n${PARAGRAPH}\n\n## 11. Children {#children}\n\nNot for children.\n`,
  );
  write(
    POLICY_BG,
    '---\ntitle: "Политика за поверителност"\nlastUpdated: 2026-11-20\n---\n\nВъведение.\n\n## 10. Вашите права {#your-rights}\n\nИмате право на достъп.\n\n## 11. Деца {#children}\n\nНе е за деца.\n',
  );
  write('content/blog/bg/godishna.md', '---\ntitle: "Годишна инвентаризация"\ndate: 2026-11-18\n---\n\nТекст.\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('marking writes one record line at the end of the frontmatter and leaves the rest of the file as it was', () => {
  const before = read(POLICY_BG);
  expect(run('--mark', POLICY_BG)).toEqual({ code: 0, output: expect.stringContaining(`${POLICY_BG}: marked up to date (4 sections of its original)`) });
  const after = read(POLICY_BG);
  expect(after).toMatch(/^---\ntitle: "Политика за поверителност"\nlastUpdated: 2026-11-20\ntranslation: en( [0-9a-f]{12}){4}\n---\n/);
  expect(after.replace(/^translation: .*\n/m, '')).toBe(before);
  // Marked again, the line is replaced, not added.
  markUpToDate(dir, POLICY_BG);
  expect(read(POLICY_BG).match(/^translation:/gm)).toHaveLength(1);
  expect(() => markUpToDate(dir, POLICY_EN)).toThrow(`${POLICY_EN}: is the original of privacy/policy; mark its translation instead`);
  expect(() => markUpToDate(dir, 'content/privacy/de/policy.md')).toThrow('not a content entry');
});

test('a changed paragraph of the English policy: the table names the section, --strict fails, a production build refuses naming the file, the override lets it through', () => {
  markUpToDate(dir, POLICY_BG);
  expect(run('--strict').output).toContain('privacy/policy  original  up to date');
  write(POLICY_EN, read(POLICY_EN).replace(PARAGRAPH, `${PARAGRAPH} You may also object to processing.`));

  const table = run();
  expect(table.code).toBe(0);
  expect(table.output).toContain('privacy/policy  original  behind since 2026-11-20: 10. Your rights');
  expect(table.output).toContain('blog/godishna   missing   original');
  expect(table.output).toContain('Translations: 0 up to date, 1 behind (content/privacy/bg/policy.md), 1 missing (content/blog/en/godishna.md)');
  expect(run('--strict').code).toBe(1);

  const refused = translationsAtBuild(dir, { production: true });
  expect(refused.error).toContain(`${POLICY_BG}: behind since 2026-11-20: 10. Your rights`);
  expect(refused.error).toContain(`npm run translations -- --mark ${POLICY_BG}`);
  expect(refused.error).toContain(`${ALLOW_BEHIND_VARIABLE}=${POLICY_BG}`);
  expect(translationsAtBuild(dir, { production: false }).error).toBeUndefined();
  expect(translationsAtBuild(dir, { production: true, allowBehind: `content/blog/en/other.md, ${POLICY_BG}` }).error).toBeUndefined();
  expect(translationsAtBuild(dir, { production: true, allowBehind: 'content/privacy/en/policy.md' }).error).toBeDefined();

  markUpToDate(dir, POLICY_BG);
  expect(translationsAtBuild(dir, { production: true })).toEqual({
    line: 'Translations: 1 up to date, 0 behind, 1 missing (content/blog/en/godishna.md); npm run translations shows each.',
  });
});

test('a malformed record stops any build and the command, naming the file and field', () => {
  write(POLICY_BG, read(POLICY_BG).replace('lastUpdated:', 'translation: "en <b>x</b>"\nlastUpdated:'));
  expect(translationsAtBuild(dir, { production: false }).error).toContain(`${POLICY_BG}: frontmatter field "translation" must be`);
  expect(run()).toEqual({ code: 2, output: expect.stringContaining(`${POLICY_BG}: frontmatter field "translation" must be`) });
  expect(run('--bogus')).toEqual({ code: 2, output: expect.stringContaining('Unknown argument "--bogus"') });
});

test("the project's own content: every translation follows its original, and the one post written in Bulgarian has no English yet", () => {
  const statuses = translationStatuses(PROJECT_DIR);
  const behind = statuses.filter((status) => Object.values(status.copies).some((copy) => copy.state === 'behind'));
  expect(behind.map((status) => status.entry)).toEqual([]);
  expect(translationsAtBuild(PROJECT_DIR, { production: true }).error).toBeUndefined();
  expect(statuses.filter((status) => status.original === 'bg').map((status) => status.entry)).toEqual(['blog/godishna-inventarizatsiya']);
});

test('UI strings: a changed English string is named by its key, a missing one too; marking writes the record file, one line a namespace', () => {
  write('locales/en/common.json', `${JSON.stringify({ nav: { home: 'Home', pricing: 'Pricing' }, launchApp: 'Launch app' }, null, 2)}\n`);
  write('locales/bg/common.json', `${JSON.stringify({ nav: { home: 'Начало', pricing: 'Цени' }, launchApp: 'Към приложението' }, null, 2)}\n`);
  markUpToDate(dir, POLICY_BG);
  expect(run().output).toContain('locales/common  original  behind: never marked as following the English');

  const strings = read('locales/bg/common.json');
  expect(run('--mark', 'locales/bg/common.json').output).toContain('locales/common  original  up to date');
  expect(read('locales/bg/common.json')).toBe(strings);
  expect(read(UI_RECORDS_FILE)).toMatch(/^# .*\n# .*\nbg:\n {2}common: en( [0-9a-f]{12}){3}\n$/);

  write('locales/en/common.json', `${JSON.stringify({ nav: { home: 'Home', pricing: 'Plans and pricing' }, launchApp: 'Launch app', contact: 'Contact' }, null, 2)}\n`);
  const table = run('--strict');
  expect(table.code).toBe(1);
  expect(table.output).toContain('locales/common  original  behind: nav.pricing, contact (missing)');
  expect(table.output).toContain('1 behind (locales/bg/common.json)');
  // No legal page: a production build publishes it, and says so in its line.
  expect(translationsAtBuild(dir, { production: true }).error).toBeUndefined();

  expect(() => markUpToDate(dir, 'locales/en/common.json')).toThrow('locales/en/common.json: is the original of locales/common; mark its translation instead');
  expect(() => markUpToDate(dir, 'locales/bg/nothing.json')).toThrow('locales/bg/nothing.json: no such file');
  write(UI_RECORDS_FILE, 'bg: [1, 2]\n');
  expect(run()).toEqual({ code: 2, output: `${UI_RECORDS_FILE}: bg must map each namespace to its record` });
  write(UI_RECORDS_FILE, `bg:\n  common: &a en 0123456789ab\n  blog: *a\n`);
  expect(run().code).toBe(2);
});

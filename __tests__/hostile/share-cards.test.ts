/**
 * @jest-environment node
 *
 * Hostile class "share-cards": blog posts whose title the share card cannot
 * show as written: characters the typeface has no glyph for (emoji written
 * as they are or as a YAML escape, CJK beside Cyrillic, a private-use
 * character), a title too long for the card at its smallest size (folded
 * YAML, CRLF line ends), a word too wide for it (one long Bulgarian word,
 * or words glued by no-break spaces). Each fixture in
 * __tests__/fixtures/hostile/share-cards/<lang>/ passes the content schema
 * (the build reads it), then features/share-cards/postShareImages.node.ts refuses it, naming
 * the file and the field, and writes no card at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { POST_SHARE_DIR, SHARE_FONT_FILES, writePostShareImages, type PostShareSource } from '../../features/share-cards/postShareImages.node';
import { validateFrontmatter } from '../../features/content/checks';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { LANGUAGES } from '../../features/site/languages';
import { HOSTILE, scratch } from '../support/hostile';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');
const CLASS_DIR = path.join(HOSTILE, 'share-cards');

const TOFU = /has characters the share image's typeface \(Liberation Sans\) cannot draw: .*; it draws Latin, Greek and Cyrillic letters, digits and common punctuation$/;
const TOO_LONG = /is too long for the share image: at its smallest size \(40 px\) it takes \d+ lines and the card holds 5; shorten the title$/;
const WIDE_WORD = /has a word too wide for the share image even at its smallest size \(40 px\): ".+" \(\d+ px, the card has 1056 px\); use shorter words$/;

/** What each fixture is refused for, and the characters a tofu refusal must name. */
const EXPECTED: Record<string, { reason: RegExp; names?: string[] }> = {
  'en/emoji-literal.md': { reason: TOFU, names: ['"🚀" (U+1F680)'] },
  'en/emoji-yaml-escape.md': { reason: TOFU, names: ['"🚀" (U+1F680)'] },
  'en/too-long-title-crlf.md': { reason: TOO_LONG },
  'en/glued-by-no-break-spaces.md': { reason: WIDE_WORD },
  'bg/cjk-mixed.md': { reason: TOFU, names: ['"倉" (U+5009)', '"庫" (U+5EAB)'] },
  'bg/private-use.md': { reason: TOFU, names: ['(U+E000)'] },
  'bg/long-word.md': { reason: WIDE_WORD, names: ['Високотехнологичноавтоматизиранаинвентаризационнасчетоводнапроцедура'] },
  'bg/too-long-title.md': { reason: TOO_LONG },
};

const FIXTURES = LANGUAGES.flatMap((language) =>
  fs
    .readdirSync(path.join(CLASS_DIR, language))
    .sort()
    .map((name) => `${language}/${name}`),
);

/** A post as the build knows it, after the content schema passed it. */
function source(fixture: string): PostShareSource {
  const [language, name] = fixture.split('/') as [PostShareSource['language'], string];
  const slug = name.replace(/\.md$/, '');
  const file = `content/blog/${fixture}`;
  const text = fs.readFileSync(path.join(CLASS_DIR, fixture), 'utf8');
  const { data } = readFrontmatter(file, text);
  expect(validateFrontmatter(file, 'blog', slug, data, text)).toEqual([]);
  return { file, language, slug, title: String(data.title), date: (data.date as Date).toISOString().slice(0, 10) };
}

describe('hostile share-card titles', () => {
  let directory: string;
  beforeAll(() => {
    directory = scratch('share-cards');
    for (const file of [...Object.values(SHARE_FONT_FILES), path.join('static', 'favicon.svg'), 'package.json']) {
      fs.mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(directory, file));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'));
  });
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('has an expectation for every fixture, and a fixture for every expectation', () => {
    expect(FIXTURES).toEqual(Object.keys(EXPECTED).sort((a, b) => FIXTURES.indexOf(a) - FIXTURES.indexOf(b)));
  });

  it.each(FIXTURES)('%s is refused, naming the file and the field', async (fixture) => {
    const { errors, images } = await writePostShareImages(directory, [source(fixture)], { productName: 'StockPay' });
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error.startsWith(`content/blog/${fixture}: frontmatter field "title" `)).toBe(true);
    expect(error).toMatch(EXPECTED[fixture].reason);
    for (const name of EXPECTED[fixture].names ?? []) expect(error).toContain(name);
    expect(images.size).toBe(0);
  });

  it('refuses them all at once, one line each, beside a good post, and writes no card', async () => {
    const good: PostShareSource = { file: 'content/blog/bg/good.md', language: 'bg', slug: 'good', title: 'Навици за точни наличности', date: '2026-11-20' };
    const { errors } = await writePostShareImages(directory, [...FIXTURES.map(source), good], { productName: 'StockPay' });
    expect(errors.map((error) => /^(content\/blog\/\S+):/.exec(error)?.[1])).toEqual(FIXTURES.map((fixture) => `content/blog/${fixture}`));
    expect(fs.existsSync(path.join(publicDirOf(directory), POST_SHARE_DIR))).toBe(false);
  });
});

/**
 * @jest-environment node
 *
 * The posts' format in the editors' CMS,
 * held to Decap's own yaml-frontmatter (decap-cms-core's code, bundled by
 * __tests__/support/decapFrontmatter.ts) byte for byte: what it reads from
 * a file and what it writes back, over every markdown file of content/ and
 * the shapes a file or an entry can take. With the address kept out, it is
 * Decap's format over the entry without its address.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADDRESS_FIELD, cmsConfig, type CmsField } from '../../features/cms/decapConfig';
import { cmsFrontmatterFormat } from '../../features/cms/frontmatter';
import { decapYamlFrontmatter } from '../support/decapFrontmatter';

const ROOT = path.join(__dirname, '..', '..');
const decap = decapYamlFrontmatter();
const plain = cmsFrontmatterFormat([]);
const posts = cmsFrontmatterFormat([ADDRESS_FIELD]);
const config = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, {});

/** Every markdown file under content/, relative to the repository. */
const markdownFiles = (folder = path.join(ROOT, 'content')): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });

/**
 * The keys Decap sorts a file's data by: the names of its collection's
 * fields, in the order the schema gives them (the address first for a post).
 */
function fieldOrder(file: string): string[] {
  const names = (fields: readonly CmsField[]) => fields.map((field) => field.name);
  for (const collection of config.collections) {
    const listed = collection.files?.find((candidate) => candidate.file === file);
    if (listed) return names(listed.fields);
    if (collection.folder && file.startsWith(`${collection.folder}/`)) return names(collection.fields ?? []);
  }
  throw new Error(`${file}: no collection of the CMS holds it`);
}

/** A copy for each formatter, so neither sees what the other did to its data. */
const copy = <T>(value: T): T => structuredClone(value);

describe('every markdown file of content/', () => {
  const files = markdownFiles();

  it('finds the content, the posts of both languages included', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toEqual(expect.arrayContaining(['content/blog/bg/godishna-inventarizatsiya.md', 'content/blog/en/stock-control-habits.md', 'content/home/bg/hero.md']));
  });

  it.each(files)('%s: read as Decap reads it, and written back as Decap writes it, in its fields’ order', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const keys = fieldOrder(file);
    const read = plain.fromFile(text);
    expect(read).toEqual(decap.fromFile(text));
    expect(plain.toFile(copy(read), keys)).toBe(decap.toFile(decap.fromFile(text), keys));
  });

  it.each(files.filter((file) => file.startsWith('content/blog/')))('%s: with the address kept out, Decap’s format over the entry without it', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const keys = fieldOrder(file);
    expect(keys[0]).toBe(ADDRESS_FIELD);
    const read = posts.fromFile(text);
    expect(read).toEqual(decap.fromFile(text));
    // A new post's data holds its address; the file does not.
    const data = { [ADDRESS_FIELD]: path.basename(file, '.md'), ...read };
    expect(posts.toFile(copy(data), keys)).toBe(decap.toFile(copy(read), keys));
    expect(posts.toFile(copy(data), keys)).not.toMatch(/^address:/m);
  });
});

/** Both formatters read `text` alike, and write what they read alike. */
function expectAsDecap(text: string, keys: readonly string[] = ['title', 'description', 'date', 'body']): Record<string, unknown> {
  const read = plain.fromFile(text);
  expect(read).toEqual(decap.fromFile(text));
  expect(plain.toFile(copy(read), keys)).toBe(decap.toFile(decap.fromFile(text), [...keys]));
  return read;
}

/** Both formatters write `data` alike. */
function expectWrittenAsDecap(data: Record<string, unknown>, keys: readonly string[] = ['title', 'description', 'date', 'body']): string {
  const written = plain.toFile(copy(data), keys);
  expect(written).toBe(decap.toFile(copy(data), [...keys]));
  return written;
}

describe('a file of any shape, read and written as Decap does', () => {
  it('without frontmatter: the whole file is the body', () => {
    expect(expectAsDecap('Just a body.\n')).toEqual({ body: 'Just a body.\n' });
    expect(expectAsDecap('# A heading\n\n---\n\nText after a rule.\n')).toEqual({ body: '# A heading\n\n---\n\nText after a rule.\n' });
    expect(expectAsDecap('----\ntitle: Four dashes\n---\nBody\n')).toEqual({ body: '----\ntitle: Four dashes\n---\nBody\n' });
  });

  it('with empty frontmatter, or frontmatter of comments only: no data', () => {
    expect(expectAsDecap('---\n---\nBody\n')).toEqual({ body: 'Body\n' });
    expect(expectAsDecap('---\n\n---\n\nBody\n')).toEqual({ body: '\nBody\n' });
    expect(expectAsDecap('---\n# a note to the next editor\n# and another\n---\nBody\n')).toEqual({ body: 'Body\n' });
    expect(expectAsDecap('---\n  # indented\n---\nBody\n')).toEqual({ body: 'Body\n' });
    expect(expectAsDecap('---\n# a note\ntitle: Kept\n---\nBody\n')).toEqual({ title: 'Kept', body: 'Body\n' });
  });

  it('empty, or nothing but frontmatter', () => {
    expect(plain.fromFile('')).toEqual({});
    expect(plain.fromFile(null)).toEqual({});
    expect(plain.fromFile(undefined)).toEqual({});
    expect(decap.fromFile('')).toEqual({});
    expect(expectAsDecap('---\ntitle: A\n---\n')).toEqual({ title: 'A' });
    expect(expectAsDecap('---\ntitle: A\n---')).toEqual({ title: 'A' });
    expect(expectAsDecap('---\ntitle: A\n---\n\n\n')).toEqual({ title: 'A' });
    // Never closed: all of it is frontmatter.
    expect(expectAsDecap('---\ntitle: A\n')).toEqual({ title: 'A' });
  });

  it('with a byte order mark, or Windows line ends', () => {
    expect(expectAsDecap('\uFEFF---\ntitle: A\n---\nBody\n')).toEqual({ title: 'A', body: 'Body\n' });
    expect(expectAsDecap('---\r\ntitle: A\r\ndate: 2026-01-02\r\n---\r\n\r\nBody\r\n')).toEqual({ title: 'A', date: '2026-01-02', body: '\r\nBody\r\n' });
    expect(expectAsDecap('---\r\ntags:\r\n  - one\r\n  - two\r\n---\r\n')).toEqual({ tags: ['one', 'two'] });
    // Old Mac line ends alone: gray-matter takes the whole opening line for a language, which Decap has no reader for; neither reads it.
    expect(() => decap.fromFile('---\rtitle: A\r---\rBody')).toThrow('is not registered');
    expect(() => plain.fromFile('---\rtitle: A\r---\rBody')).toThrow('which names a language; the site reads YAML only');
    expectWrittenAsDecap({ title: 'A', body: '\uFEFFBody\r\n' });
    expectWrittenAsDecap({ title: 'A', body: '\r\nBody\r\n' });
  });

  it('with a body that does not end in a line end, or no body', () => {
    expect(expectAsDecap('---\ntitle: A\n---\nBody')).toEqual({ title: 'A', body: 'Body' });
    expect(expectWrittenAsDecap({ title: 'A', body: 'Body' })).toBe('---\ntitle: A\n---\nBody');
    expect(expectWrittenAsDecap({ title: 'A' })).toBe('---\ntitle: A\n---\n');
    expect(expectWrittenAsDecap({ title: 'A', body: '' })).toBe('---\ntitle: A\n---\n');
    expect(expectWrittenAsDecap({ body: 'Body only\n' })).toBe('Body only\n');
    expect(expectWrittenAsDecap({})).toBe('');
  });

  it('with a body that holds fences of its own', () => {
    expect(expectAsDecap('---\ntitle: A\n---\nBody\n---\nmore\n')).toEqual({ title: 'A', body: 'Body\n---\nmore\n' });
    expect(expectAsDecap('---\ntitle: A\n---x\nBody\n')).toEqual(decap.fromFile('---\ntitle: A\n---x\nBody\n'));
  });

  it('with dates: a day as text, a full time as a Date, written back the same', () => {
    const read = expectAsDecap(
      '---\ndate: 2026-11-03\nupdated: 2026-11-03T10:00:00Z\nprecise: 2026-11-03T10:00:00.123Z\nspaced: 2026-11-03 10:00:00\nzoned: 2026-11-03T10:00:00+02:00\n---\n',
    );
    expect(read.date).toBe('2026-11-03');
    expect(read.updated).toEqual(new Date('2026-11-03T10:00:00Z'));
    expect(expectWrittenAsDecap({ date: new Date('2026-11-03T00:00:00Z'), title: 'A' })).toBe('---\ntitle: A\ndate: 2026-11-03T00:00:00.000Z\n---\n');
    expect(expectWrittenAsDecap({ date: '2026-11-03', title: 'A' })).toBe('---\ntitle: A\ndate: 2026-11-03\n---\n');
  });

  it('with nulls, empty values and keys without values', () => {
    expectAsDecap('---\na: null\nb: ~\nc:\nd: [null, ~]\ne: { x: null }\n---\n');
    expectWrittenAsDecap({ title: 'A', author: null, draft: undefined, tags: [], extra: {} });
    expectWrittenAsDecap({ title: 'A', nested: { a: null, b: undefined }, list: [null, undefined, 1] });
    // A map whose every value is null is a set, in YAML 1.
    expect(expectWrittenAsDecap({ a: null, b: null })).toBe('---\n? a\n? b\n---\n');
    expectWrittenAsDecap({ m: { a: null, b: null } });
  });

  it('with nested lists and maps', () => {
    expectAsDecap('---\nlist:\n  - a\n  - b: 1\n    c: [1, 2]\nmap:\n  x:\n    y: z\n---\nB\n');
    expectWrittenAsDecap({ list: [{ a: 1, b: [1, 2, { c: 'd' }] }, 'x', [1, [2]]], map: { x: { y: { z: 'w' } } } });
  });

  it('with numbers, booleans and strings that look like them', () => {
    expectAsDecap('---\nn: 012\nf: 1.50\nb: yes\nbo: true\noct: 0o17\nhex: 0x1F\ninf: .inf\nstr: "012"\n---\n');
    expectWrittenAsDecap({ i: 1, f: 1.5, neg: -2, zero: -0, big: 1e21, nan: NaN, inf: Infinity, t: true, f2: false });
    expectWrittenAsDecap({ a: 'yes', b: 'null', c: '012', d: '1.0', e: 'true', f: '~', g: '0x1F', h: '.inf', i: '2026-01-02T10:00:00Z' });
  });

  it('with unicode: Cyrillic, quotes, emoji, invisible characters', () => {
    expect(expectAsDecap('---\ntitle: Годишна инвентаризация — „кавички“\ntags: [склад, отчет]\n---\nТекст 🎉\n')).toMatchObject({ tags: ['склад', 'отчет'] });
    expectWrittenAsDecap({ title: 'Годишна инвентаризация', description: 'Как да преброим склада, без да затваряме магазина', tags: ['склад', 'отчет'], body: 'Текст 🎉\n' });
    expectWrittenAsDecap({ title: 'a\u00a0b\u200bc\u2028d\u0085e\uFEFFf\u0000g\u001bh', author: '🎉' });
  });

  it('with strings YAML must quote', () => {
    expectWrittenAsDecap({
      a: '#x',
      b: 'a: b',
      c: '',
      d: ' lead',
      e: 'trail ',
      f: '---',
      g: '- x',
      h: "it's",
      i: '"q"',
      j: '@x',
      k: '`x',
      l: '%x',
      m: '!x',
      n: '&x',
      o: '*x',
      p: '|x',
      q: '>x',
      r: '{x}',
      s: '[x]',
      t: 'x #y',
      u: 'a\tb',
    });
  });

  it('with long lines, folded as Decap folds them', () => {
    expectWrittenAsDecap({ title: 'word '.repeat(40).trim(), description: 'Годишна инвентаризация на склада '.repeat(5).trim(), image: `/media/${'a'.repeat(100)}.jpg` });
  });

  it('with multi-line strings', () => {
    expectAsDecap('---\nlong: |\n  line one\n  line two\nfolded: >\n  a\n  b\nq: "a\\nb"\n---\n');
    expectWrittenAsDecap({ m: 'line one\nline two\n', m2: 'line one\nline two', m3: 'trailing\n\n', m4: '  indented\nx', m5: 'a\r\nb' });
    expectWrittenAsDecap({ list: ['  a\nb', { k: '  c\n\n' }], f: '  x\ny\n' });
    // Lines of nothing but white space.
    expectWrittenAsDecap({ a: '\n', b: '\n\n', c: ' \n\n ', d: ' \n' });
  });

  it('with keys Decap has no field for, left where they are among the sorted ones', () => {
    expect(expectAsDecap('---\nzeta: 1\ntitle: A\nunknown: x\ndate: 2026-01-01\n---\n')).toEqual({ zeta: 1, title: 'A', unknown: 'x', date: '2026-01-01' });
    expectWrittenAsDecap({ z: 1, body: 'b', title: 't', date: '2026-01-01', extra: 2, a: 3 });
    expectWrittenAsDecap({ 'with space': 1, ключ: 2, description: 'd', title: 't' });
  });

  it('with anchors and aliases, resolved', () => {
    expect(expectAsDecap('---\na: &x hi\nb: *x\n---\n')).toEqual({ a: 'hi', b: 'hi' });
  });

  it('refuses YAML that is not YAML, as Decap does', () => {
    for (const text of ['---\ntitle: [unclosed\n---\n', '---\ntitle: a\n  bad: indent\n---\n', '---\n: :\n- x\n---\n']) {
      expect(() => decap.fromFile(text)).toThrow('YAML parsing error');
      expect(() => plain.fromFile(text)).toThrow('YAML parsing error');
    }
  });

  // Single-line values, of the characters YAML treats specially, in every mix: what the CMS's text, list and date fields give.
  const PIECES = ['a', 'Б', ' ', '  ', '\t', ':', ': ', ' #', '#', '-', '- ', '---', '"', "'", '\\', '!', '&', '*', '|', '>', '%', '@', '`', '{', '}', '[', ']', ',', '?'];
  const WORDS = [
    'yes',
    'no',
    'null',
    'true',
    '~',
    '0',
    '012',
    '1.5',
    '1e3',
    '0x1F',
    '.inf',
    '2026-01-02',
    '2026-01-02T10:00:00Z',
    '10:00',
    '🎉',
    '\u00a0',
    'é',
    'word '.repeat(12),
  ];
  it('writes any mix of characters in a single-line field as Decap does', () => {
    let seed = 20261103;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const text = () => Array.from({ length: Math.floor(next() * 9) }, () => (next() < 0.7 ? pick(PIECES) : pick(WORDS))).join('');
    for (let round = 0; round < 300; round += 1) {
      const data = {
        title: text(),
        description: text() + text() + text(),
        date: text(),
        tags: [text(), text()],
        imageAlt: text(),
        draft: pick([true, false, null]),
        body: `x${text()}`,
      };
      const written = expectWrittenAsDecap(data, ['title', 'description', 'date', 'tags', 'imageAlt', 'draft', 'body']);
      expect(plain.fromFile(written)).toEqual(decap.fromFile(written));
    }
  });
});

describe('the address, kept out of the file', () => {
  it('is never read from a file that has it', () => {
    const text = '---\naddress: ../../../.git/hooks/post-receive\ntitle: Годишна инвентаризация\ndate: 2026-11-03\n---\n\nТекст.\n';
    expect(posts.fromFile(text)).toEqual({ title: 'Годишна инвентаризация', date: '2026-11-03', body: '\nТекст.\n' });
    expect(posts.fromFile('---\naddress: only\n---\n')).toEqual({});
    // The plain format reads it, as Decap does.
    expect(plain.fromFile(text)).toMatchObject({ address: '../../../.git/hooks/post-receive' });
  });

  it('is never written, whatever it holds, and the rest is Decap’s file', () => {
    const keys = fieldOrder('content/blog/bg/godishna-inventarizatsiya.md');
    const entry = { title: 'Годишна инвентаризация', description: 'Как', date: '2026-11-03', body: 'Текст.\n' };
    for (const address of ['godishna-inventarizatsiya', '', null, undefined, 'x\n---\ninjected: true', { nested: 'map' }, ['a']]) {
      const written = posts.toFile(copy({ [ADDRESS_FIELD]: address, ...entry }), keys);
      expect(written).toBe(decap.toFile(copy(entry), keys));
      expect(written).not.toContain('address');
    }
    // Only the entry's own address: a key of that name inside a value is data.
    expect(posts.toFile(copy({ ...entry, extra: { address: 'kept' } }), keys)).toContain('  address: kept');
    expect(posts.fromFile('---\ntitle: A\nextra:\n  address: kept\n---\n')).toEqual({ title: 'A', extra: { address: 'kept' } });
  });

  it('leaves a post without an address as Decap writes it', () => {
    const entry = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15', tags: ['stock'], body: 'Text.\n' };
    const keys = fieldOrder('content/blog/en/stock-control-habits.md');
    expect(posts.toFile(copy(entry), keys)).toBe(decap.toFile(copy(entry), keys));
  });
});

describe('frontmatter in another language than YAML', () => {
  afterEach(() => {
    delete (globalThis as { pwned?: unknown }).pwned;
  });

  it.each([
    ['---js\n{ title: (globalThis.pwned = "js") }\n---\nBody\n', 'js'],
    ['---javascript\n{ title: (globalThis.pwned = "javascript") }\n---\n', 'javascript'],
    ['---coffee\ntitle: (globalThis.pwned = "coffee")\n---\n', 'coffee'],
    ['--- js\n{ title: (globalThis.pwned = "spaced") }\n---\n', 'js'],
    ['---JS\r\n{ title: (globalThis.pwned = "crlf") }\r\n---\r\n', 'JS'],
    ['\uFEFF---js\n{ title: (globalThis.pwned = "bom") }\n---\n', 'js'],
    ['---yaml\ntitle: A\n---\n', 'yaml'],
    ['---toml\ntitle = "A"\n---\n', 'toml'],
  ])('refuses %j, naming the language and what the site reads, and runs nothing', (text, language) => {
    for (const format of [plain, posts])
      expect(() => format.fromFile(text)).toThrow(
        `the frontmatter opens with "---${language}", which names a language; the site reads YAML only, between two lines of exactly "---"`,
      );
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('writes a body that opens with such a fence as it is, running nothing, and reads it back as the body', () => {
    const body = '---js\n{ title: (globalThis.pwned = "body") }\n---\nText\n';
    const written = posts.toFile({ title: 'A', body }, ['title', 'body']);
    expect(written).toBe(`---\ntitle: A\n---\n${body}`);
    expect(posts.fromFile(written)).toEqual({ title: 'A', body });
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });
});

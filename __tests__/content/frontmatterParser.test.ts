/** @jest-environment node */
import {
  FRONTMATTER_ENGINES,
  FRONTMATTER_MAX_LENGTH,
  FRONTMATTER_MAX_NESTING,
  frontmatterOpeningProblem,
  parseFrontmatterYaml,
  readFrontmatter,
} from '../../features/content/frontmatterParser';

const FILE = 'content/blog/en/a-post.md';
const ONLY_YAML = 'frontmatter is YAML only, between two lines of exactly "---"';
const refusal = (source: string): string => {
  try {
    readFrontmatter(FILE, source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('readFrontmatter', () => {
  it('reads YAML frontmatter and the body, dates as Dates at midnight UTC as before', () => {
    expect(readFrontmatter(FILE, '---\ntitle: A post\ndate: 2026-09-15\ntags: [payments, Lightning]\ndraft: false\norder: 2\n---\n\nBody.\n')).toEqual({
      data: { title: 'A post', date: new Date('2026-09-15T00:00:00Z'), tags: ['payments', 'Lightning'], draft: false, order: 2 },
      content: '\nBody.\n',
    });
  });

  it('reads a file without frontmatter, with empty frontmatter, a byte-order mark or CRLF line ends', () => {
    expect(readFrontmatter(FILE, '# Just markdown\n')).toEqual({ data: {}, content: '# Just markdown\n' });
    expect(readFrontmatter(FILE, '---\n---\nBody')).toEqual({ data: {}, content: 'Body' });
    expect(readFrontmatter(FILE, '---\n# a comment only\n---\nBody').data).toEqual({});
    expect(readFrontmatter(FILE, '\uFEFF---\ntitle: BOM\n---\n').data).toEqual({ title: 'BOM' });
    expect(readFrontmatter(FILE, '---\r\ntitle: CRLF\r\ndescription: Two\r\n---\r\nBody').data).toEqual({ title: 'CRLF', description: 'Two' });
    expect(readFrontmatter(FILE, '----\ntitle: not frontmatter\n----\n').data).toEqual({});
  });

  it.each([
    ['---js', 'JavaScript'],
    ['---javascript', 'JavaScript'],
    ['---JS', 'JavaScript'],
    ['--- JavaScript ', 'JavaScript'],
    ['---\tjs', 'JavaScript'],
    ['---coffee', 'CoffeeScript'],
    ['---CoffeeScript', 'CoffeeScript'],
    ['---cson', 'CoffeeScript'],
    ['---json', 'JSON'],
    ['---toml', 'TOML'],
    ['---yaml', '"yaml"'],
    ['---python', '"python"'],
    ['---constructor', '"constructor"'],
  ])('refuses frontmatter opened with %s, naming the file and the language, before anything reads it', (opening, language) => {
    const source = `${opening}\n(require('fs').writeFileSync('/tmp/should-not-exist', 'ran'), { title: 'x' })\n---\nBody`;
    expect(refusal(source)).toBe(`${FILE}: its frontmatter opens with "${opening.trim()}", which names the language ${language}; ${ONLY_YAML}, with nothing after the dashes`);
    expect(refusal(`\uFEFF${source.replace(/\n/g, '\r\n')}`)).toBe(refusal(source));
  });

  it("refuses TOML's +++ and JSON's {, which Decap CMS would infer", () => {
    expect(refusal('+++\ntitle = "x"\n+++\nBody')).toBe(`${FILE}: its frontmatter opens with "+++", TOML's delimiter; ${ONLY_YAML}`);
    expect(refusal('  +++toml  \ntitle = "x"\n+++\n')).toBe(`${FILE}: its frontmatter opens with "+++toml", TOML's delimiter; ${ONLY_YAML}`);
    expect(refusal('{\n"title": "x"\n}\nBody')).toBe(`${FILE}: its frontmatter opens with "{", as JSON would; ${ONLY_YAML}`);
    // A body that merely starts with a brace is markdown.
    expect(readFrontmatter(FILE, '{{product}} works offline.\n').data).toEqual({});
  });

  it('names the file for broken YAML, with the line counted from the opening ---', () => {
    expect(refusal('---\ntitle: A\ntitle: B\n---\n')).toBe(`${FILE}: the frontmatter is not valid YAML (line 3): Map keys must be unique`);
    expect(refusal('---\ntitle: "unclosed\n---\n')).toMatch(new RegExp(`^${FILE}: the frontmatter is not valid YAML \\(line 2\\): `));
    expect(refusal('---\n- a list\n---\n')).toBe(`${FILE}: the frontmatter must be a set of "name: value" lines`);
    expect(refusal('---\njust text\n---\n')).toBe(`${FILE}: the frontmatter must be a set of "name: value" lines`);
  });
});

describe('parseFrontmatterYaml', () => {
  it('is the core schema with its dates: yes/no, octal and sexagesimal stay what they look like', () => {
    expect(parseFrontmatterYaml('\na: yes\nb: 017\nc: 1:20\nd: ~\ne: 0x1F\nf: "2026-09-15"\ng: 2026-09-15\nh: -0\n')).toEqual({
      a: 'yes',
      b: 17,
      c: '1:20',
      d: null,
      e: 31,
      f: '2026-09-15',
      g: new Date('2026-09-15T00:00:00Z'),
      h: -0,
    });
  });

  it('refuses aliases, so no few lines can stand for billions of values', () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...'bcdefghi'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
    ].join('\n');
    expect(() => parseFrontmatterYaml(`\n${laughs}\n`)).toThrow('the frontmatter uses the YAML alias "*a" (line 3); aliases are refused: write the value out');
    expect(() => parseFrontmatterYaml('\nbase: &b {title: x}\n<<: *b\n')).toThrow('alias "*b"');
    expect(() => parseFrontmatterYaml('\nanchored: &only plain\n')).not.toThrow();
  });

  it('refuses tags, core or custom', () => {
    expect(() => parseFrontmatterYaml('\nx: !!binary aGVsbG8=\n')).toThrow('the frontmatter gives a value the YAML tag "!!binary" (line 2); tags are refused: write plain values');
    expect(() => parseFrontmatterYaml('\nx: !!str 12\n')).toThrow('tag "!!str"');
    expect(() => parseFrontmatterYaml('\nx: !!js/function "function () {}"\n')).toThrow(/^the frontmatter is not valid YAML \(line 2\): /);
    expect(() => parseFrontmatterYaml('\nx: !custom v\n')).toThrow('the frontmatter is not valid YAML (line 2): Unresolved tag: !custom');
    expect(() => parseFrontmatterYaml('\nx: !!map {a: 1}\n')).toThrow('tag "!!map"');
  });

  it('refuses keys that are lists or maps, and keeps __proto__ an own key', () => {
    expect(() => parseFrontmatterYaml('\n? [a, b]\n: c\n')).toThrow('the frontmatter has a key that is a list or a map (line 2); keys are plain names');
    const data = parseFrontmatterYaml('\n__proto__: {polluted: true}\n');
    expect(Object.prototype.hasOwnProperty.call(data, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`refuses more than ${FRONTMATTER_MAX_LENGTH} characters, and nesting deeper than ${FRONTMATTER_MAX_NESTING} before parsing it`, () => {
    expect(() => parseFrontmatterYaml(`\ntitle: ${'x'.repeat(FRONTMATTER_MAX_LENGTH)}\n`)).toThrow(
      `the frontmatter is ${FRONTMATTER_MAX_LENGTH + 9} characters long; the most it may hold is ${FRONTMATTER_MAX_LENGTH}`,
    );
    const deep = `the frontmatter nests deeper than ${FRONTMATTER_MAX_NESTING} levels`;
    // 20,000 brackets take Node down with "RegExpCompiler Allocation failed" if parsed.
    expect(() => parseFrontmatterYaml(`\na: ${'['.repeat(20000)}${']'.repeat(20000)}\n`)).toThrow(deep);
    expect(() => parseFrontmatterYaml(`\na: ${'{x: '.repeat(40)}1${'}'.repeat(40)}\n`)).toThrow(deep);
    expect(() => parseFrontmatterYaml(`\n${'- '.repeat(20000)}x\n`)).toThrow(deep);
    expect(() => parseFrontmatterYaml(`\n${Array.from({ length: 40 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} x\n`)).toThrow(deep);
    // The schema's deepest file, a list of items, is far inside the limit.
    expect(parseFrontmatterYaml('\nitems:\n  - label: Stock\n    icon: box\n    onShareImage: true\n')).toEqual({ items: [{ label: 'Stock', icon: 'box', onShareImage: true }] });
    expect(parseFrontmatterYaml(`\ntitle: "${'['.repeat(FRONTMATTER_MAX_NESTING)}"\n`)).toEqual({ title: '['.repeat(FRONTMATTER_MAX_NESTING) });
  });
});

describe('FRONTMATTER_ENGINES (gatsby-transformer-remark)', () => {
  it('reads YAML as parseFrontmatterYaml does', () => {
    expect(FRONTMATTER_ENGINES.yaml.parse('\ntitle: x\n')).toEqual({ title: 'x' });
    expect(() => FRONTMATTER_ENGINES.yaml.parse('\na: *b\n')).toThrow();
  });

  it('refuses every other language gray-matter knows, naming it', () => {
    const engines: Record<string, { parse: (text: string) => unknown }> = FRONTMATTER_ENGINES;
    for (const [name, language] of [
      ['js', 'JavaScript'],
      ['javascript', 'JavaScript'],
      ['coffee', 'CoffeeScript'],
      ['coffeescript', 'CoffeeScript'],
      ['cson', 'CoffeeScript'],
      ['json', 'JSON'],
      ['toml', 'TOML'],
    ]) {
      expect(() => engines[name].parse('{"title": "x"}')).toThrow(`its frontmatter is written in ${language}; ${ONLY_YAML}`);
    }
  });
});

describe('frontmatterOpeningProblem', () => {
  it('passes plain --- and files without frontmatter', () => {
    for (const source of ['---\na: 1\n---\n', '---   \na: 1\n---\n', 'Text\n', '', '\n---js\n', '----\n', '# Title\n+++\n']) {
      expect(frontmatterOpeningProblem(source)).toBeUndefined();
    }
  });
});

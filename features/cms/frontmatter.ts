/**
 * How the editors' CMS reads and writes a blog post: Decap CMS's own
 * `yaml-frontmatter` format, step for step, except that the fields it is
 * told to keep out of the file are neither read from nor written to it.
 *
 * Why: a post's file name is its address, which the editor gives in a field
 * of its own (features/cms/decapConfig.ts, ADDRESS_FIELD), since a Bulgarian
 * title makes no ASCII name. Decap names a new entry's file from the
 * entry's data and writes the same data to the file, with nothing in
 * between that could take a field out (its preSave event runs before the
 * name is made), so the format is where the address stays out of the
 * frontmatter the site reads (features/content/contentSchema.ts).
 *
 * Decap cannot hand a custom format its built-in ones, so this is their
 * code again (decap-cms-core 3.16, formats/frontmatter.ts and formats/yaml.ts
 * over gray-matter 4): the same splitting of the file, the same YAML, the
 * same key order and line breaks. Decap's YAML library is version 1; this is
 * the project's version 2 (the one the build reads frontmatter with), set to
 * write what version 1 writes. __tests__/cms/frontmatter.test.ts holds
 * the two byte for byte against Decap's own code, over every content file.
 * Unlike gray-matter, a language named after the opening `---` (`---js`)
 * is refused rather than run: the site reads YAML only
 * (features/content/frontmatterParser.ts).
 *
 * Pure: the admin script (features/cms/admin.browser.ts) registers it with Decap.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, visit, type Node, type ScalarTag } from 'yaml';

/** What Decap asks of a format (CMS.registerCustomFormat). */
export interface CmsFormat {
  fromFile(text: string | null | undefined): Record<string, unknown>;
  toFile(data: Readonly<Record<string, unknown>>, sortedKeys?: readonly string[]): string;
}

const FENCE = '---';
/** gray-matter's closing delimiter: the fence at the start of a line. */
const CLOSE = `\n${FENCE}`;

/** Decap's tag for a full ISO time (2026-11-03T10:00:00Z), which it reads as a Date. */
const TIMESTAMP: ScalarTag = {
  identify: (value) => value instanceof Date,
  default: true,
  tag: '!timestamp',
  test: /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2}(\.[0-9]+)?)Z$/,
  resolve: (text) => new Date(text),
  stringify: ({ value }) => (value instanceof Date ? value.toISOString() : String(value)),
};

/** Line ends as YAML 1 reads them before anything else: "\r\n" and a lone "\r" are "\n" (version 2 would keep a "\r" before the closing fence in the last value). */
const yaml1LineEnds = (text: string) => text.replace(/\r\n?/g, '\n');

/** Decap's yaml format, reading: a trailing `---` dropped, then the document as data. */
function parseYaml(text: string): unknown {
  const trimmed = text.trim();
  const document = parseDocument(yaml1LineEnds(trimmed.endsWith(FENCE) ? trimmed.slice(0, -FENCE.length) : text), { customTags: [TIMESTAMP] });
  if (document.errors.length > 0) throw new Error(`YAML parsing error:\n${document.errors.map((error) => error.message).join('\n')}`);
  return document.toJS();
}

/**
 * Decap's sort of the keys into its fields' order (formats/helpers.ts
 * sortKeys): keys it has no field for stay where they are, which the
 * stable sort keeps.
 */
function byFieldOrder(sortedKeys: readonly string[]): (a: { key: unknown }, b: { key: unknown }) => number {
  const index = (item: { key: unknown }) => sortedKeys.indexOf(String(item.key));
  return (a, b) => {
    const [first, second] = [index(a), index(b)];
    return first === -1 || second === -1 ? 0 : first - second;
  };
}

/**
 * Values as YAML 1 writes them: a key without a value as no node at all, so
 * that a map whose every value is null is written as a set (`? key`), as
 * Decap writes it; -0 as 0; and lines of nothing but white space in double
 * quotes ("\n\n"), where version 2 would write a block.
 */
function valuesAsYaml1(node: unknown): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isScalar(pair.value) && pair.value.value == null) pair.value = null;
      else valuesAsYaml1(pair.value);
    }
  } else if (isSeq(node)) node.items.forEach(valuesAsYaml1);
  else if (isScalar(node) && Object.is(node.value, -0)) node.value = 0;
  else if (isScalar(node) && typeof node.value === 'string' && node.value.includes('\n') && /^\s*$/.test(node.value)) node.type = 'QUOTE_DOUBLE';
}

/**
 * A block scalar's header as YAML 1 writes it: its chomping indicator
 * before its indentation indicator (`|-2`, where version 2 writes `|2-`), as
 * for a multi-line value whose first line starts with a space. Found by
 * reading the text back, so only a block scalar's header changes.
 */
function blockHeadersAsYaml1(text: string): string {
  const starts: number[] = [];
  visit(parseDocument(text), {
    Scalar(_, node) {
      if ((node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') && node.range) starts.push(node.range[0]);
    },
  });
  let written = text;
  for (const start of starts.sort((a, b) => b - a)) {
    const header = /^([|>])(\d)([+-])/.exec(written.slice(start));
    if (header) written = `${written.slice(0, start)}${header[1]}${header[3]}${header[2]}${written.slice(start + header[0].length)}`;
  }
  return written;
}

/** Decap's yaml format, writing: the data's keys in its fields' order. */
function yamlText(data: Readonly<Record<string, unknown>>, sortedKeys: readonly string[]): string {
  const document = new Document();
  // YAML 1 writes a key whose value is undefined as null; version 2 would drop it.
  const contents: Node = document.createNode(data, { keepUndefined: true });
  valuesAsYaml1(contents);
  if (isMap(contents)) contents.items.sort(byFieldOrder(sortedKeys));
  document.contents = contents;
  return blockHeadersAsYaml1(document.toString());
}

/** gray-matter's line end after a block, unless it has one. */
const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The text after gray-matter has read it: a string, without a byte order mark. */
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

/**
 * A markdown file's frontmatter and body as Decap's yaml-frontmatter
 * reads them (gray-matter with YAML): the frontmatter only when the file
 * opens with exactly `---` and a line end, the body after the next line
 * that starts with `---`.
 */
function split(text: string): { frontmatter: string | undefined; body: string } {
  if (!text.startsWith(FENCE) || text.charAt(FENCE.length) === '-') return { frontmatter: undefined, body: text };
  const rest = text.slice(FENCE.length);
  // gray-matter's language: the rest of the opening line (all but its last character when no line follows).
  const opening = rest.slice(0, rest.search(/\r?\n/)).trim();
  if (opening !== '') throw new Error(`the frontmatter opens with "${FENCE}${opening}", which names a language; the site reads YAML only, between two lines of exactly "${FENCE}"`);
  const close = rest.indexOf(CLOSE);
  if (close === -1) return { frontmatter: rest, body: '' };
  return {
    frontmatter: rest.slice(0, close),
    body: rest
      .slice(close + CLOSE.length)
      .replace(/^\r/, '')
      .replace(/^\n/, ''),
  };
}

/**
 * Decap's yaml-frontmatter, keeping the fields named in `omitted` out of
 * the file: they are never read from it, and never written to it.
 */
export function cmsFrontmatterFormat(omitted: readonly string[]): CmsFormat {
  const kept = (data: Readonly<Record<string, unknown>>) => Object.fromEntries(Object.entries(data).filter(([key]) => !omitted.includes(key)));
  return {
    fromFile(text) {
      if (!text) return {};
      const { frontmatter, body } = split(withoutBom(text));
      // gray-matter leaves a block of nothing but comments unread.
      const read = frontmatter === undefined || frontmatter.replace(/^\s*#[^\n]+/gm, '').trim() === '' ? {} : parseYaml(frontmatter);
      const data = typeof read === 'object' && read !== null && !Array.isArray(read) ? (read as Record<string, unknown>) : {};
      return { ...kept(data), ...(body.trim() ? { body } : {}) };
    },
    toFile(data, sortedKeys = []) {
      const { body: given = '', ...fields } = data;
      const body = withoutBom(typeof given === 'string' ? given : String(given));
      const frontmatter = yamlText(kept(fields), sortedKeys).trim();
      const file = (frontmatter === '{}' ? '' : withNewline(FENCE) + withNewline(frontmatter) + withNewline(FENCE)) + withNewline(body);
      // Decap's own: no line end added after a body that has none.
      return !body.endsWith('\n') && file.endsWith('\n') ? file.slice(0, -1) : file;
    },
  };
}

/**
 * The one reader of a markdown file's frontmatter: YAML between two lines of
 * `---`, read as data and nothing else. gray-matter, which splits the files
 * for gatsby-transformer-remark, the editors' CMS and this project, takes a
 * language from the opening line and by default runs `---js` as JavaScript
 * (as the build's user, who can read the site's secrets); every language
 * but YAML is refused here. Used by features/content/contentFile.node.ts, the transformer's
 * options (gatsby-config.ts: FRONTMATTER_ENGINES), features/content/contentNodes.node.ts and
 * the tests. Build-time only: no page imports it.
 *
 * The YAML is the core schema plus its implicit dates (2025-03-17 becomes a
 * Date at midnight UTC, as gray-matter's js-yaml made it, so dates reach the
 * pages as before), with no tags (`!!binary`, `!foo`), no aliases (`*name`: a
 * few lines of aliases can stand for billions of values once expanded), at
 * most FRONTMATTER_MAX_LENGTH characters and FRONTMATTER_MAX_NESTING levels.
 */
import matter from 'gray-matter';
import { isCollection, parseDocument, visit } from 'yaml';

/** The longest frontmatter block read, in characters: today's longest is under 2,000. */
export const FRONTMATTER_MAX_LENGTH = 64 * 1024;
/**
 * The deepest nesting read: columns of indentation (list dashes included) on
 * any line, and brackets open at once; the schema's files need 6 at most.
 * Counted on the text before parsing, since YAML's parser recurses once per
 * level, and a stack overflow while V8 compiles a regular expression (near
 * 20,000 levels) ends the process rather than throwing.
 */
export const FRONTMATTER_MAX_NESTING = 32;

const ALLOWED = 'frontmatter is YAML only, between two lines of exactly "---"';

/** The names gray-matter gives the languages it knows or aliases (gray-matter/lib/engine.js), as people call them. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  js: 'JavaScript',
  javascript: 'JavaScript',
  coffee: 'CoffeeScript',
  coffeescript: 'CoffeeScript',
  cson: 'CoffeeScript',
  json: 'JSON',
  toml: 'TOML',
};

/**
 * What is wrong with how `source` opens its frontmatter, or undefined: a
 * language after the opening `---` (`---js`, `--- JavaScript`, `---json`,
 * `---yaml`), TOML's `+++` or JSON's `{` (which Decap CMS would infer).
 */
export function frontmatterOpeningProblem(source: string): string | undefined {
  const firstLine = source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]
    .trim();
  if (/^-{3}(?!-)/.test(firstLine) && firstLine !== '---') {
    const language = firstLine.slice(3).trim();
    const key = language.toLowerCase();
    const known = Object.prototype.hasOwnProperty.call(LANGUAGE_NAMES, key) ? LANGUAGE_NAMES[key] : undefined;
    return `its frontmatter opens with "${firstLine}", which names the language ${known ?? `"${language}"`}; ${ALLOWED}, with nothing after the dashes`;
  }
  if (firstLine.startsWith('+++')) return `its frontmatter opens with "${firstLine}", TOML's delimiter; ${ALLOWED}`;
  if (firstLine === '{') return `its frontmatter opens with "{", as JSON would; ${ALLOWED}`;
  return undefined;
}

/**
 * An upper bound of the text's nesting, counted without parsing: a line's
 * indentation and the `- `/`? ` indicators that open it, and the `[`/`{`
 * still open (quotes ignored, so brackets in text count too: only ever more).
 */
function nestingBound(text: string): number {
  let flow = 0;
  let deepest = 0;
  for (const line of text.split('\n')) {
    const block = /^[ \t]*(?:[-?:][ \t]+)*/.exec(line)?.[0].replace(/\t/g, ' ').length ?? 0;
    deepest = Math.max(deepest, block);
    for (const char of line) {
      if (char === '[' || char === '{') deepest = Math.max(deepest, (flow += 1));
      else if ((char === ']' || char === '}') && flow > 0) flow -= 1;
    }
  }
  return deepest;
}

/**
 * The data of a frontmatter block's YAML (the text between the `---` lines);
 * throws a message without the file's name (callers add it) for anything
 * but plain YAML data: a syntax error, a tag, an alias, a duplicate or
 * non-scalar key, a block that is not a set of `name: value` lines, or one
 * too long or too deep. Line numbers count from the opening `---` as line 1.
 */
export function parseFrontmatterYaml(text: string): Record<string, unknown> {
  // Line breaks as YAML reads them (CRLF, CR), which gray-matter leaves in.
  const yaml = text.replace(/\r\n?/g, '\n');
  if (yaml.length > FRONTMATTER_MAX_LENGTH) {
    throw new Error(`the frontmatter is ${yaml.length} characters long; the most it may hold is ${FRONTMATTER_MAX_LENGTH}`);
  }
  // gray-matter passes the text after the opening `---` on: its first line is that line's end.
  const lineOffset = yaml.startsWith('\n') ? 0 : 1;
  if (nestingBound(yaml) > FRONTMATTER_MAX_NESTING) {
    throw new Error(`the frontmatter nests deeper than ${FRONTMATTER_MAX_NESTING} levels (columns of indentation, or brackets open at once); write it as name: value lines`);
  }
  const document = parseDocument(yaml, { schema: 'core', customTags: ['timestamp'], uniqueKeys: true, prettyErrors: false });
  const where = (range: readonly number[] | null | undefined): string => {
    if (!range) return '';
    const line = yaml.slice(0, range[0]).split('\n').length + lineOffset;
    return ` (line ${line})`;
  };
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) throw new Error(`the frontmatter is not valid YAML${where(problem.pos)}: ${problem.message.replace(/ at line \d+, column \d+.*$/s, '')}`);
  visit(document, {
    Alias(_, node) {
      throw new Error(`the frontmatter uses the YAML alias "*${node.source}"${where(node.range)}; aliases are refused: write the value out`);
    },
    Node(_, node) {
      if (node.tag !== undefined) {
        const tag = node.tag.replace(/^tag:yaml\.org,2002:/, '!!');
        throw new Error(`the frontmatter gives a value the YAML tag "${tag}"${where(node.range)}; tags are refused: write plain values`);
      }
      return undefined;
    },
    Pair(_, pair) {
      if (isCollection(pair.key)) throw new Error(`the frontmatter has a key that is a list or a map${where(pair.key.range)}; keys are plain names`);
      return undefined;
    },
  });
  const data: unknown = document.toJS();
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data) || data instanceof Date) {
    throw new Error('the frontmatter must be a set of "name: value" lines');
  }
  return data as Record<string, unknown>;
}

/** A gray-matter engine for a language that is refused, naming it. */
const refused = (language: string) => (): never => {
  throw new Error(`its frontmatter is written in ${language}; ${ALLOWED}`);
};

/**
 * gray-matter's `engines` for gatsby-transformer-remark (gatsby-config.ts):
 * YAML read as above, every other language gray-matter knows refused, and
 * any language it does not know refused by gray-matter itself. The
 * transformer puts its own `js`/`javascript` over these: they run nothing
 * and give empty frontmatter, which features/content/contentNodes.node.ts then refuses
 * through readFrontmatter.
 */
export const FRONTMATTER_ENGINES = {
  yaml: { parse: (yaml: string): Record<string, unknown> => parseFrontmatterYaml(yaml) },
  ...Object.fromEntries(Object.entries(LANGUAGE_NAMES).map(([name, language]) => [name, { parse: refused(language) }])),
} as const;

export interface MarkdownFile {
  /** The checked frontmatter; {} without any. */
  data: Record<string, unknown>;
  /** The markdown after the frontmatter. */
  content: string;
}

/**
 * A markdown file's frontmatter and body, split as gray-matter splits them
 * for the transformer; throws naming `file` (the path shown in messages) for
 * any frontmatter but YAML data, as parseFrontmatterYaml explains.
 */
export function readFrontmatter(file: string, source: string): MarkdownFile {
  const opening = frontmatterOpeningProblem(source);
  if (opening) throw new Error(`${file}: ${opening}`);
  try {
    const { data, content } = matter(source, { engines: FRONTMATTER_ENGINES, language: 'yaml' });
    return { data: data as Record<string, unknown>, content };
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

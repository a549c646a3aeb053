/**
 * The `_headers` file that Netlify and Cloudflare Pages both read: a path
 * pattern on its own line, then indented `Name: value` lines, and on
 * Cloudflare `! Name` lines that detach a header an earlier rule set.
 *
 * The two CDNs differ when several rules match a request and set one
 * header: Cloudflare Pages joins the values with commas (which would give a
 * page two policies, both enforced), Netlify keeps the last. The rules
 * written here make both do the same thing, "the last matching rule wins":
 * every rule but the first detaches each header it sets before setting it.
 * Cloudflare then drops the earlier value; Netlify ignores the `!` line (its
 * parser skips a line without a colon) and keeps the last value anyway.
 * So the file can hold a default for every path and a few rules that
 * override it, and stays the same size however many pages there are.
 *
 * `cloudflareHeaders` and `netlifyHeaders` apply a file as each CDN does,
 * from their source: Cloudflare's asset server (workers-sdk,
 * pages-shared/asset-server/handler.ts and rulesEngine.ts) and Netlify's
 * parser (netlify/build, packages/headers-parser: line_parser.ts,
 * for_regexp.ts; the CLI's headersForPath applies the rules in order, a
 * later value replacing an earlier one). The tests hold every served path
 * of a build to the same headers under both.
 * https://developers.cloudflare.com/pages/configuration/headers/ · https://docs.netlify.com/routing/headers/
 */

export interface HeaderRule {
  pattern: string;
  /** Headers an earlier matching rule set, removed before this rule's are set (Cloudflare's `! Name`). */
  detach?: string[];
  headers: Record<string, string>;
}

export function formatHeadersFile(rules: readonly HeaderRule[], comment: string): string {
  const body = rules.map(({ pattern, detach = [], headers }) =>
    [pattern, ...detach.map((name) => `  ! ${name}`), ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return `${comment
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n')}\n${body.join('\n')}\n`;
}

/** Reads a `_headers` file back into its rules; throws naming the line it cannot read. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), detach: [], headers: {} });
      return;
    }
    const rule = rules.at(-1);
    const detach = /^\s+!\s*([^:\s]+)\s*$/.exec(line);
    const header = /^\s+([^:\s!]+):\s*(.*)$/.exec(line);
    if (!rule || (!detach && !header)) throw new Error(`_headers line ${index + 1}: expected "Name: value" or "! Name" under a path, got ${JSON.stringify(line)}`);
    if (detach) (rule.detach ??= []).push(detach[1]);
    else if (header) rule.headers[header[1]] = header[2];
  });
  return rules;
}

const escapeRegExp = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * Cloudflare's pattern: `*` matches anything ("/" included), `:name` one
 * segment; more than one `*` makes the rule invalid there (a duplicate
 * named group), so it is ignored: refused here instead.
 */
function cloudflarePattern(pattern: string): RegExp {
  if ((pattern.match(/\*/g) ?? []).length > 1) throw new Error(`${pattern}: Cloudflare Pages ignores a rule with more than one "*"`);
  const source = pattern
    .split('*')
    .map(escapeRegExp)
    .join('(?<splat>.*)')
    .replace(/:(\w+)/g, (_, name: string) => `(?<${name}>[^/]+)`);
  return new RegExp(`^${source}$`);
}

/** As escape-string-regexp escapes, which Netlify's parser uses: valid in a `u` expression ("-" as \x2d). */
const escapeForUnicode = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');

/** Netlify's pattern: per segment, `*` alone is an optional catch-all, `*` inside matches anything, `:name` a segment; a trailing slash is optional; no case. */
function netlifyPattern(pattern: string): RegExp {
  const part = (segment: string) => {
    if (segment.startsWith(':')) return '([^/]+)';
    if (segment === '*') return '?(.*)';
    if (segment.includes('*')) return segment.replaceAll('*', '(.*)');
    return escapeForUnicode(segment);
  };
  const source = pattern
    .split('/')
    .map((segment) => segment.trimEnd())
    .filter(Boolean)
    .map(part)
    .join('/');
  return new RegExp(`^/${source}/?$`, 'iu');
}

/** The headers Cloudflare Pages sends for `path`: each matching rule in order removes what it detaches, then sets or, if set before, appends. */
export function cloudflareHeaders(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers = new Map<string, { name: string; value: string }>();
  const setBefore = new Set<string>();
  for (const rule of rules) {
    if (!cloudflarePattern(rule.pattern).test(path)) continue;
    for (const name of rule.detach ?? []) headers.delete(name.toLowerCase());
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = name.toLowerCase();
      const current = headers.get(key);
      headers.set(key, setBefore.has(key) && current ? { name: current.name, value: `${current.value}, ${value}` } : { name, value });
      setBefore.add(key);
    }
  }
  return Object.fromEntries([...headers.values()].map(({ name, value }) => [name, value]));
}

/** The headers Netlify sends for `path`: its parser skips `!` lines, and a later matching rule's value replaces an earlier one. */
export function netlifyHeaders(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers = new Map<string, { name: string; value: string }>();
  for (const rule of rules) {
    if (!netlifyPattern(rule.pattern).test(path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) headers.set(name.toLowerCase(), { name, value });
  }
  return Object.fromEntries([...headers.values()].map(({ name, value }) => [name, value]));
}

/**
 * The `_headers` file that Netlify and Cloudflare Pages both read: a path
 * pattern on its own line, then indented `Name: value` lines. Every rule
 * whose pattern matches a request adds its headers, and a header set by two
 * matching rules would be sent twice, so the rules written here never
 * overlap on a header (the test holds them to it). `*` matches any run of
 * characters, `/` included.
 * https://docs.netlify.com/routing/headers/ · https://developers.cloudflare.com/pages/configuration/headers/
 */

export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

export function formatHeadersFile(rules: readonly HeaderRule[], comment: string): string {
  const body = rules.map(({ pattern, headers }) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
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
      rules.push({ pattern: line.trim(), headers: {} });
      return;
    }
    const header = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    const rule = rules.at(-1);
    if (!header || !rule) throw new Error(`_headers line ${index + 1}: expected "Name: value" under a path, got ${JSON.stringify(line)}`);
    rule.headers[header[1]] = header[2];
  });
  return rules;
}

const patternRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/**
 * The headers a CDN sends for `path`: those of every matching rule. Throws
 * when two matching rules set one header, which the CDN would send twice
 * (comma-joined), breaking Cache-Control and doubling a policy.
 */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const setBy: Record<string, string> = {};
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = name.toLowerCase();
      if (setBy[key] !== undefined) throw new Error(`${path}: "${name}" is set by both ${setBy[key]} and ${rule.pattern}`);
      setBy[key] = rule.pattern;
      headers[name] = value;
    }
  }
  return headers;
}

/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicDirOf } from '../../system/paths.js';

/**
 * features/search/searchIndex.node.ts through Pagefind's real Node API and binary, run by
 * __tests__/support/searchIndexRun.ts under tsx (Jest cannot load the ES
 * module). Pagefind's failures come from stand-ins for its binary that speak
 * its service protocol, which the API runs in its place through
 * PAGEFIND_BINARY_PATH, the variable Pagefind reads for that.
 */
const ROOT = path.join(__dirname, '..', '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface Run {
  summary?: { pages: Record<string, number> };
  error?: string;
  /** The runner's child processes once writeSearchIndex settled. */
  children: string[];
  stderr: string;
}

function writeSearchIndex(publicDir: string, options: { binary?: string; answerWithinMs?: number } = {}): Run {
  const env = { ...process.env };
  if (options.binary) env.PAGEFIND_BINARY_PATH = options.binary;
  const args = [path.join(ROOT, '__tests__', 'support', 'searchIndexRun.ts'), publicDir, ...(options.answerWithinMs ? [String(options.answerWithinMs)] : [])];
  const child = spawnSync(bin('tsx'), args, { cwd: ROOT, env, encoding: 'utf8' });
  const lines = child.stdout.trim().split('\n');
  return { ...(JSON.parse(lines[lines.length - 1]) as Omit<Run, 'stderr'>), stderr: child.stderr };
}

const page = (language: string, main: string) => `<!DOCTYPE html><html lang="${language}"><head><title>${language}</title></head><body><header>Menu</header>${main}</body></html>`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A built site: pages of both languages marked for the index, a not-found page and a page that are not, and a file an earlier index left. */
function site(files: Record<string, string> = {}): string {
  const publicDir = publicDirOf(dir);
  const pages = {
    'index.html': page('en', '<main data-pagefind-body><h1>Stock control</h1><p>Invoices and payment links.</p></main>'),
    'docs/index.html': page('en', '<main data-pagefind-body><h1>Docs</h1><p>Reorder points for every warehouse.</p></main>'),
    'bg/index.html': page('bg', '<main data-pagefind-body><h1>Складова наличност</h1><p>Фактури и връзки за плащане.</p></main>'),
    '404.html': page('en', '<main data-pagefind-body><h1>Not found</h1></main>'),
    'search/index.html': page('en', '<main><h1>Search</h1></main>'),
    'pagefind/pagefind-stale.js': 'an earlier build',
    ...files,
  };
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
    writeFileSync(path.join(publicDir, file), text);
  }
  return publicDir;
}

/** Every file under `folder`, relative, with its bytes. */
function tree(folder: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), readFileSync(file)];
      }),
  );
}

/** A stand-in for Pagefind's binary: a Node script that answers the API's messages (base64 JSON, each ended by a comma) as `answer` says. */
function fakePagefind(answer: string): string {
  const file = path.join(dir, 'pagefind-fake');
  writeFileSync(
    file,
    `#!${process.execPath}
let buffer = '';
const reply = (message_id, payload) => process.stdout.write(Buffer.from(JSON.stringify({ message_id, payload })).toString('base64') + ',');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let comma;
  while ((comma = buffer.indexOf(',')) !== -1) {
    const { message_id, payload } = JSON.parse(Buffer.from(buffer.slice(0, comma), 'base64').toString());
    buffer = buffer.slice(comma + 1);
    ${answer}
  }
});
`,
  );
  chmodSync(file, 0o755);
  return file;
}

describe('writeSearchIndex', () => {
  it("writes the index Pagefind's command line wrote with the options the build gave it, byte for byte, without the files the site does not use", () => {
    const publicDir = site();
    const run = writeSearchIndex(publicDir);
    expect(run.error).toBeUndefined();
    // The marked pages only: not the 404 page (not an index.html), not the search page (no data-pagefind-body).
    expect(run.summary).toEqual({ pages: { en: 2, bg: 1 } });
    expect(run.children.filter((name) => name.startsWith('pagefind'))).toEqual([]);

    const cliSite = path.join(dir, 'cli');
    cpSync(publicDir, cliSite, { recursive: true });
    rmSync(path.join(cliSite, 'pagefind'), { recursive: true });
    const cli = spawnSync(bin('pagefind'), ['--site', cliSite, '--output-subdir', 'pagefind', '--glob', '**/index.html'], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
    const fromCli = tree(path.join(cliSite, 'pagefind'));
    const unused = [
      'pagefind-ui.js',
      'pagefind-ui.css',
      'pagefind-modular-ui.js',
      'pagefind-modular-ui.css',
      'pagefind-component-ui.js',
      'pagefind-component-ui.css',
      'pagefind-highlight.js',
      'pagefind-worker.js',
    ];
    expect(unused.filter((name) => !(name in fromCli))).toEqual([]);
    for (const name of unused) delete fromCli[name];
    const written = tree(path.join(publicDir, 'pagefind'));
    expect(Object.keys(written).sort()).toEqual(Object.keys(fromCli).sort());
    expect(Object.keys(written).filter((name) => !written[name].equals(fromCli[name]))).toEqual([]);
    expect(Object.keys(written)).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json']));
    expect(written['pagefind-stale.js']).toBeUndefined();
  }, 60_000);

  it("fails, with Pagefind's log, when a language has no page in the index", () => {
    const publicDir = site({ 'bg/index.html': page('bg', '<main><h1>Складова наличност</h1></main>') });
    const run = writeSearchIndex(publicDir);
    expect(run.summary).toBeUndefined();
    expect(run.error).toMatch(
      /^The search index does not hold the pages marked for it: indexed \{"en":2\}, marked with data-pagefind-body \{"en":2\}, every language \(en, bg\) needs pages:\n/,
    );
    expect(run.error).toContain('Discovered 1 language: en');
    expect(run.children.filter((name) => name.startsWith('pagefind'))).toEqual([]);
  }, 60_000);

  it("fails with Pagefind's message when Pagefind reports an error", () => {
    const binary = fakePagefind(
      "reply(message_id, payload.type === 'NewIndex' ? { type: 'NewIndex', index_id: 1 } : { type: 'Error', message: 'Failed to walk public/: permission denied', original_message: null });",
    );
    const run = writeSearchIndex(site(), { binary });
    expect(run.summary).toBeUndefined();
    expect(run.error).toMatch(/^Pagefind could not index public\/:\nFailed to walk public\/: permission denied\n/);
    expect(run.children.filter((name) => name.startsWith('pagefind'))).toEqual([]);
  }, 60_000);

  it('fails, rather than waiting forever, when Pagefind stops without an answer', () => {
    const binary = fakePagefind('process.stderr.write("thread \'main\' panicked at pagefind/src/output/mod.rs\\n"); process.exit(101);');
    const run = writeSearchIndex(site(), { binary, answerWithinMs: 1500 });
    expect(run.summary).toBeUndefined();
    expect(run.error).toMatch(/^Pagefind could not index public\/:\nPagefind gave no answer in 1.5 s: its service stopped \(its own message, if any, is above in the output\)/);
    expect(run.stderr).toContain("thread 'main' panicked at pagefind/src/output/mod.rs");
    expect(run.children.filter((name) => name.startsWith('pagefind'))).toEqual([]);
  }, 60_000);
});

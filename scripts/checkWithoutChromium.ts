/**
 * `npx tsx scripts/checkWithoutChromium.ts`: the build-level check that a
 * first run needs no Debian package while a production build still refuses
 * to go without its settings and its browser. Three real `gatsby build`s,
 * each after `gatsby clean`, with CHROME_PATH=/nonexistent (no browser) and
 * no GATSBY_* variable or SITE_ENV from the calling shell:
 *
 * 1. production, nothing set: fails at once, naming every required
 *    variable in one message;
 * 2. production, every setting complete and https: fails, saying no
 *    Chromium was found;
 * 3. local (SITE_ENV=local): succeeds, with exactly one warning that names
 *    `apt-get install -y chromium fonts-liberation`; public/ holds the
 *    committed share images and icons, and the docs pages (en, bg) show their
 *    mermaid diagrams as source code blocks, none drawn.
 *
 * About a minute on a 2-core machine (the last build takes most). It
 * rewrites .cache/ and public/ like any build: run no other build meanwhile,
 * and rebuild afterwards (public/ is left with the browserless build).
 * Each build's output goes to a log in the system's temp directory.
 * Exits 0 when everything holds, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND_FALLBACK_DIR, BRAND_IMAGE_FILES } from '../gatsby/brandImages';
import { PRODUCTION_REQUIRED } from '../src/lib/config';
import { BUILD_PACKAGES_COMMAND } from './chromium.js';
import { exitWith } from './processes';

const ROOT = path.join(__dirname, '..');
const GATSBY = path.join(ROOT, 'node_modules', '.bin', 'gatsby');
const REQUIRED = Object.keys(PRODUCTION_REQUIRED);

/** The calling shell's environment without anything that configures the site. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GATSBY_') && name !== 'SITE_ENV'));
  // Gatsby's own children can show colour codes; plain text is easier to search.
  return { ...env, GATSBY_TELEMETRY_DISABLED: '1', CHROME_PATH: '/nonexistent/chromium', NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

function gatsby(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(GATSBY, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    // Without colour codes and cursor moves, so the output can be searched.
    // eslint-disable-next-line no-control-regex
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '') }));
  });
}

const logDir = mkdtempSync(path.join(os.tmpdir(), 'without-chromium-'));
const failures: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`  ${condition ? 'ok  ' : 'FAIL'} ${what}`);
  if (!condition) failures.push(what);
}

async function build(name: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const started = Date.now();
  const cleaned = await gatsby(['clean'], env);
  if (cleaned.code !== 0) throw new Error(`gatsby clean failed:\n${cleaned.output}`);
  const result = await gatsby(['build'], env);
  const log = path.join(logDir, `${name}.log`);
  writeFileSync(log, result.output);
  console.log(`\n${name}: exit ${result.code} after ${Math.round((Date.now() - started) / 1000)} s (log: ${log})`);
  return result;
}

const count = (text: string, part: string) => text.split(part).length - 1;
/** Gatsby's reporter wraps long lines: compare messages with their whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function main(): Promise<number> {
  const empty = await build('production-unset', cleanEnv({}));
  check(empty.code !== 0, 'a production build with nothing set fails');
  check(flat(empty.output).includes('This production build would send visitors to the local sandbox or nowhere. Fix these 7 settings'), 'it says why, in one message');
  for (const name of REQUIRED) check(flat(empty.output).includes(`- ${name} is not set`), `the one message names ${name}`);
  check(flat(empty.output).includes('set SITE_ENV=local'), 'it says how to build locally instead');
  check(!empty.output.includes('before initialization'), 'no half-loaded module');

  const complete = await build(
    'production-no-chromium',
    cleanEnv({
      GATSBY_SITE_URL: 'https://www.stockpay.eu',
      GATSBY_APP_URL: 'https://app.stockpay.eu',
      GATSBY_PAYMENTS_API_URL: 'https://pay.stockpay.eu',
      GATSBY_PAYMENTS_API_KEY: 'check-payments-key',
      GATSBY_API_URL: 'https://api.stockpay.eu',
      GATSBY_API_KEY: 'check-api-key',
      GATSBY_CONTACT_EMAIL: 'hello@stockpay.eu',
    }),
  );
  check(complete.code !== 0, 'a complete production build without Chromium fails');
  check(flat(complete.output).includes('need a browser. No Chromium found.'), 'it says no Chromium was found');
  check(!flat(complete.output).includes('This production build would send visitors'), 'its settings passed');

  const local = await build('local-no-chromium', cleanEnv({ SITE_ENV: 'local' }));
  check(local.code === 0, 'a local build (SITE_ENV=local) without Chromium succeeds');
  check(count(local.output, BUILD_PACKAGES_COMMAND) === 1, `exactly one message names "${BUILD_PACKAGES_COMMAND}" (found ${count(local.output, BUILD_PACKAGES_COMMAND)})`);
  const warnings = local.output.split('\n').filter((line) => /^\s*warn\b/.test(line));
  console.log(`  warnings of the local build (${warnings.length}):\n${warnings.map((line) => `    ${line.trim()}`).join('\n')}`);
  check(warnings.filter((line) => line.includes('Chromium')).length === 1, 'one warning is about Chromium');
  if (local.code === 0) {
    for (const file of BRAND_IMAGE_FILES) {
      const same = readFileSync(path.join(ROOT, 'public', file)).equals(readFileSync(path.join(ROOT, BRAND_FALLBACK_DIR, file)));
      check(same, `public${file} is the committed copy`);
    }
    for (const page of ['docs/index.html', 'bg/docs/index.html']) {
      const html = readFileSync(path.join(ROOT, 'public', page), 'utf8');
      check(html.includes('data-language="Mermaid"') && html.includes('class="language-mermaid"'), `public/${page} shows a diagram as a Mermaid code block`);
      check(!html.includes('<figure class="diagram">'), `public/${page} has no drawn diagram`);
    }
  }
  console.log(failures.length === 0 ? '\nAll checks passed.' : `\n${failures.length} check(s) failed.`);
  console.log('public/ now holds the build without Chromium; build again before serving or testing.');
  return failures.length === 0 ? 0 : 1;
}

exitWith(main());

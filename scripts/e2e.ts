/**
 * `npm run test:site`: builds the site against a sandbox on a free loopback
 * port, serves it with nginx and the generated config (features/hosting/nginxServer.node.ts,
 * as a production server would) on another, and runs every check of the
 * built site on that one build: the Playwright browser and HTTP tests (with
 * axe), the internal-link check over public/, and the Lighthouse budgets. Every check runs even when
 * an earlier one fails, so one run shows everything that is wrong.
 *
 * `npm run test:e2e -- [playwright args]` runs only the browser tests,
 * `npm run test:lighthouse` only the budgets (CHECKS=browser,links,lighthouse).
 * E2E_SKIP_BUILD=1 reuses public/ (only valid with the same SANDBOX_PORT and SITE_PORT).
 */
import { startSandbox } from '../features/sandbox/server.node';
import { main as checkLinks } from '../e2e/checks/checkLinks';
import { findChromium, MISSING_BROWSER_MESSAGE } from '../system/chromium.js';
import { lighthouseGate } from '../e2e/checks/lighthouse';
import { holdPort, nginxMissing, startNginx, type RunningNginx } from '../features/hosting/nginxServer.node';
import { describePrecompressed, precompress } from '../features/hosting/precompress.node';
import { buildSite, run, exitWith } from '../system/processes';
import { sandboxBuildEnv } from '../features/sandbox/buildEnv';
import { PUBLIC_DIR } from '../system/paths.js';
import { inheritedEnv, machineSetting, portSetting } from '../system/settings.js';

const ALL_CHECKS = ['browser', 'links', 'lighthouse'] as const;
type Check = (typeof ALL_CHECKS)[number];

function selectedChecks(value: string | undefined): Check[] {
  if (!value) return [...ALL_CHECKS];
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL_CHECKS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown check(s) in CHECKS: ${unknown.join(', ')}; choose from ${ALL_CHECKS.join(', ')}`);
  return names as Check[];
}

async function main(): Promise<number> {
  const checks = selectedChecks(machineSetting('CHECKS'));
  const chromium = findChromium();
  if (!chromium) {
    console.error(`The site checks cannot run. ${MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const missing = nginxMissing();
  if (missing) {
    console.error(`The site checks run against nginx. ${missing}`);
    return 1;
  }
  const publicDir = PUBLIC_DIR;
  const sandbox = await startSandbox(portSetting('SANDBOX_PORT', 0));
  const held = await holdPort(portSetting('SITE_PORT', 0));
  let site: RunningNginx | undefined;
  try {
    const env = sandboxBuildEnv(inheritedEnv(), { siteUrl: held.url, sandboxUrl: sandbox.url, chromePath: chromium });
    const results: [Check | 'build log', number][] = [];
    if (!machineSetting('E2E_SKIP_BUILD')) {
      const built = await buildSite(env);
      if (built.code !== 0) {
        console.error('The production build failed; the site checks did not run.');
        return built.code;
      }
      // A clean build prints no warning: each one names a cause to fix.
      if (built.warnings.length > 0) console.error(`\nThe build printed ${built.warnings.length} warning(s):\n${built.warnings.map((line) => `  ${line}`).join('\n')}`);
      results.push(['build log', built.warnings.length === 0 ? 0 : 1]);
    }
    // Compressed while the port is still held.
    const compressing = Date.now();
    console.log(describePrecompressed(await precompress(publicDir), Date.now() - compressing));
    await held.close();
    site = await startNginx({ publicDir, port: Number(new URL(held.url).port) });
    for (const check of checks) {
      if (check === 'browser') {
        const args = ['test', ...process.argv.slice(2)];
        results.push([check, await run('playwright', args, { ...env, E2E_BASE_URL: site.url, E2E_SANDBOX_URL: sandbox.url })]);
      } else if (check === 'links') {
        console.log('');
        results.push([check, checkLinks([publicDir, site.url], env)]);
      } else {
        // Between tests the sandbox may hold a fault; the pricing page must see plans.
        await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
        results.push([check, await lighthouseGate(site.url, chromium)]);
      }
    }
    const failed = results.filter(([, code]) => code !== 0).map(([check]) => check);
    console.log(`\nSite checks: ${results.map(([check, code]) => `${check} ${code === 0 ? 'passed' : 'FAILED'}`).join(', ')}`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await Promise.all([sandbox.close(), held.close(), site?.close()]);
  }
}

exitWith(main());

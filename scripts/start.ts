/**
 * `npm start`: the API sandbox, a production build pointed at it, and the
 * built site served locally. Ports: PORT (default DEFAULT_PORTS.site, 9000) and SANDBOX_PORT
 * (default 4010); a taken default falls back to a free port.
 * Any GATSBY_* variable set in the environment wins over the sandbox.
 * A local build (SITE_ENV=local): no production settings needed, and without
 * Chromium it uses committed share images and icons and shows diagrams as
 * source, with one warning that says how to install it.
 */
import { languageHomes } from '../features/site/languages';
import { DEFAULT_PORTS } from '../features/site/settings';
import { SANDBOX_APP_PATH } from '../features/site/apiContract';
import { startSandbox, type Sandbox } from '../features/sandbox/server.node';
import { buildSite } from '../system/processes';
import { startBuildEnv } from '../features/sandbox/buildEnv';
import { listen, onPreferredPort, type RunningServer } from '../system/listen';
import { createStaticApp } from '../features/hosting/staticServer.node';
import { PUBLIC_DIR } from '../system/paths.js';
import { inheritedEnv, portSetting } from '../system/settings.js';

async function main(): Promise<void> {
  const sandbox: Sandbox = await onPreferredPort(portSetting('SANDBOX_PORT', DEFAULT_PORTS.sandbox), (port) => startSandbox(port), 'sandbox');
  const site: RunningServer = await onPreferredPort(portSetting('PORT', DEFAULT_PORTS.site), (port) => listen(createStaticApp(PUBLIC_DIR), port), 'site');
  const stop = () => void Promise.all([sandbox.close(), site.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const { code } = await buildSite(startBuildEnv(inheritedEnv(), { siteUrl: site.url, sandboxUrl: sandbox.url }));
  if (code !== 0) {
    console.error('The build failed; see the messages above.');
    await Promise.all([sandbox.close(), site.close()]);
    process.exit(code);
  }
  console.log(`\nSite:    ${languageHomes(site.url)}`);
  console.log(`Sandbox: ${sandbox.url} (plans, contact, and the application stand-in at ${SANDBOX_APP_PATH}/)`);
  console.log('Press Ctrl+C to stop.');
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

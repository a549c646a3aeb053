/**
 * `npm start`: the API sandbox, a production build pointed at it, and the
 * built site served locally. Ports: PORT (default SITE_DEFAULT_PORT, 9000) and SANDBOX_PORT
 * (default 4010); a taken default falls back to a free port.
 * Any GATSBY_* variable set in the environment wins over the sandbox.
 * A local build (SITE_ENV=local): no production settings needed, and without
 * Chromium it uses committed share images and icons and shows diagrams as
 * source, with one warning that says how to install it.
 */
import { languageHomes } from '../src/lib/languages';
import path from 'node:path';
import { SANDBOX_DEFAULT_PORT, SITE_DEFAULT_PORT } from '../src/lib/config';
import { SANDBOX_APP_PATH } from '../src/lib/apiContract';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { buildSite, startBuildEnv } from '../node/processes';
import { listen, onPreferredPort, type RunningServer } from '../node/listen';
import { createStaticApp } from '../hosting/staticServer';

async function main(): Promise<void> {
  const sandbox: Sandbox = await onPreferredPort(Number(process.env.SANDBOX_PORT ?? SANDBOX_DEFAULT_PORT), (port) => startSandbox(port), 'sandbox');
  const site: RunningServer = await onPreferredPort(
    Number(process.env.PORT ?? SITE_DEFAULT_PORT),
    (port) => listen(createStaticApp(path.join(__dirname, '..', 'public')), port),
    'site',
  );
  const stop = () => void Promise.all([sandbox.close(), site.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const { code } = await buildSite(startBuildEnv(process.env, { siteUrl: site.url, sandboxUrl: sandbox.url }));
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

/**
 * `npm run edit`: edit content in the browser on this machine. Starts
 * the CMS's local backend over this working tree (features/cms/localBackend/server.node.ts:
 * on loopback, for this development site only, the CMS's folders only), the
 * API sandbox, and `gatsby develop` with the CMS at /admin/ pointed at
 * that backend; prints the addresses. Saving in the CMS writes the file
 * under content/ (uploads into content/media/) or locales/, and the
 * development site shows the change. Ports: PORT (default 8000),
 * SANDBOX_PORT (default 4010) and CMS_PORT (default 8081); a taken one
 * falls back to a free port.
 */
import { languageHomes } from '../features/site/languages';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSandbox } from '../features/sandbox/server.node';
import { ADMIN_PATH } from '../features/site/routes';
import { MEDIA_FOLDER } from '../features/images/paths';
import { DEFAULT_PORTS } from '../features/site/settings';
import { type CmsEnv } from '../features/cms/settings';
import { startContentServer } from '../features/cms/localBackend/server.node';
import { onPreferredPort } from '../system/listen';
import { holdPort } from '../features/hosting/nginxServer.node';
import { gatsbyEnv } from '../system/processes';
import { startBuildEnv } from '../features/sandbox/buildEnv';
import { PROJECT_DIR } from '../system/paths.js';
import { inheritedEnv, portSetting } from '../system/settings.js';

const ROOT = PROJECT_DIR;

async function main(): Promise<void> {
  // gatsby develop takes a port number: find one free, then hand it over.
  const held = await onPreferredPort(portSetting('PORT', DEFAULT_PORTS.develop), (port) => holdPort(port), 'development site');
  const siteUrl = held.url;
  await held.close();
  // The CMS at /admin/ of that site is the only web page the backend answers, under either name of this machine.
  const siteOrigins = [siteUrl, siteUrl.replace('//127.0.0.1:', '//localhost:')];
  const content = await onPreferredPort(portSetting('CMS_PORT', DEFAULT_PORTS.cmsBackend), (port) => startContentServer(ROOT, port, 'info', { siteOrigins }), 'CMS backend');
  const sandbox = await onPreferredPort(portSetting('SANDBOX_PORT', DEFAULT_PORTS.sandbox), (port) => startSandbox(port), 'sandbox');

  // The CMS at /admin/ talks to that backend (features/site/settings.ts, cmsBackendFromEnv).
  const cms = { CMS_LOCAL_BACKEND_URL: content.apiUrl } satisfies CmsEnv;
  const env = gatsbyEnv({ ...startBuildEnv(inheritedEnv(), { siteUrl, sandboxUrl: sandbox.url }), ...cms });
  const develop = spawn(path.join(ROOT, 'node_modules', '.bin', 'gatsby'), ['develop', '--host', '127.0.0.1', '--port', new URL(siteUrl).port], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
    cwd: ROOT,
  });
  let announced = false;
  develop.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    // Once the develop server is ready, say where to go (Gatsby names only the site).
    if (!announced && /You can now view/.test(chunk.toString())) {
      announced = true;
      console.log(`\nEdit content: ${siteUrl}${ADMIN_PATH} (press Login: the local backend needs no account)`);
      console.log(`Site:         ${languageHomes(siteUrl)}`);
      console.log(`CMS backend:  ${content.apiUrl}, writing the CMS's folders of ${ROOT} (content/, locales/; uploads into ${MEDIA_FOLDER}/)`);
      console.log(`Sandbox:      ${sandbox.url}`);
      console.log('Press Ctrl+C to stop.');
    }
  });
  const stop = (code: number) => void Promise.all([content.close(), sandbox.close()]).then(() => process.exit(code));
  process.on('SIGINT', () => develop.kill('SIGINT'));
  process.on('SIGTERM', () => develop.kill('SIGTERM'));
  develop.once('exit', (code, signal) => stop(code ?? (signal ? 0 : 1)));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

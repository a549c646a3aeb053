/**
 * `npm run edit`: edit content in the browser on this machine. Starts
 * the CMS's local backend over this working tree (cms/localBackend.ts:
 * on loopback, for this development site only, the CMS's folders only), the
 * API sandbox, and `gatsby develop` with the CMS at /admin/ pointed at
 * that backend; prints the addresses. Saving in the CMS writes the file
 * under content/ (uploads into content/media/) or locales/, and the
 * development site shows the change. Ports: PORT (default 8000),
 * SANDBOX_PORT (default 4010) and CMS_PORT (default 8081); a taken one
 * falls back to a free port.
 */
import { languageHomes } from '../src/lib/languages';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSandbox } from '../sandbox/server';
import { ADMIN_PATH } from '../src/build/adminPage';
import { MEDIA_FOLDER } from '../plugins/stockpay-remark-images/paths';
import { SANDBOX_DEFAULT_PORT, type CmsEnv } from '../src/lib/config';
import { startContentServer } from '../cms/localBackend';
import { onPreferredPort } from '../node/listen';
import { holdPort } from '../hosting/nginxServer';
import { gatsbyEnv, startBuildEnv } from '../node/processes';

const ROOT = path.join(__dirname, '..');

async function main(): Promise<void> {
  // gatsby develop takes a port number: find one free, then hand it over.
  const held = await onPreferredPort(Number(process.env.PORT ?? 8000), (port) => holdPort(port), 'development site');
  const siteUrl = held.url;
  await held.close();
  // The CMS at /admin/ of that site is the only web page the backend answers, under either name of this machine.
  const siteOrigins = [siteUrl, siteUrl.replace('//127.0.0.1:', '//localhost:')];
  const content = await onPreferredPort(Number(process.env.CMS_PORT ?? 8081), (port) => startContentServer(ROOT, port, 'info', { siteOrigins }), 'CMS backend');
  const sandbox = await onPreferredPort(Number(process.env.SANDBOX_PORT ?? SANDBOX_DEFAULT_PORT), (port) => startSandbox(port), 'sandbox');

  // The CMS at /admin/ talks to that backend (src/lib/config.ts, cmsBackendFromEnv).
  const cms = { CMS_LOCAL_BACKEND_URL: content.apiUrl } satisfies CmsEnv;
  const env = gatsbyEnv({ ...startBuildEnv(process.env, { siteUrl, sandboxUrl: sandbox.url }), ...cms });
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

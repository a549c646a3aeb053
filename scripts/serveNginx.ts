/**
 * `npm run serve:nginx`: serves the current public/ with Debian's nginx and
 * the site's config, as a production server would, on 127.0.0.1 at PORT (a
 * free port when unset), until Ctrl+C or SIGTERM, after giving it its
 * compressed copies. Build first. The policies come from the build's record (public/_build.json), never from
 * this shell: a GATSBY_* variable that differs from the build's is named,
 * and not used.
 */
import { languageHomes } from '../features/site/languages';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readBuildRecord } from '../features/hosting/publicFiles.node';
import { environmentMismatches } from '../features/hosting/buildRecord.node';
import { nginxMissing, startNginx } from '../features/hosting/nginxServer.node';
import { describePrecompressed, precompress } from '../features/hosting/precompress.node';
import { exitWith } from '../system/processes';
import { PUBLIC_DIR } from '../system/paths.js';
import { inheritedEnv, portSetting } from '../system/settings.js';

/** The processes above this one (npm, the shell, the terminal), nearest first, from Linux's /proc. */
function ancestors(): number[] {
  const chain: number[] = [];
  for (let pid = process.ppid; pid > 1 && chain.length < 64;) {
    chain.push(pid);
    try {
      // Field 4 of /proc/<pid>/stat, after the parenthesised command name.
      pid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
    } catch {
      break;
    }
  }
  return chain;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function main(): Promise<number> {
  const publicDir = PUBLIC_DIR;
  if (!existsSync(path.join(publicDir, 'index.html'))) {
    console.error('public/ holds no built site: run "npm run build" (or "npm start" once) first.');
    return 1;
  }
  const record = readBuildRecord(publicDir);
  for (const mismatch of environmentMismatches(record, inheritedEnv())) {
    console.warn(`Not used: ${mismatch}. The build is served as it was built (public/_build.json); rebuild to change it.`);
  }
  const missing = nginxMissing();
  if (missing) {
    console.error(missing);
    return 1;
  }
  const started = Date.now();
  console.log(describePrecompressed(await precompress(publicDir), Date.now() - started));
  const site = await startNginx({ publicDir, port: portSetting('PORT', 0) });
  console.log(`nginx serves public/ at ${languageHomes(site.url)}`);
  // The site's /admin/ then redirects there; this nginx answers for that host name on the same port.
  if (record.cmsOrigin) console.log(`The CMS is served from ${record.cmsOrigin} (the build's CMS_ORIGIN): here, for requests with Host: ${new URL(record.cmsOrigin).hostname}`);
  console.log(`Config: ${site.configFile}\nLogs:   ${site.logs.access}, ${site.logs.error}`);
  console.log('Press Ctrl+C to stop.');
  return new Promise<number>((resolve) => {
    const stop = () => void site.close().then(() => resolve(0));
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
    // npm 11 dies on SIGTERM without passing it on to its script: stop when it is gone.
    const above = ancestors();
    setInterval(() => {
      if (!above.every(alive)) stop();
    }, 1000).unref();
    // Ctrl+C reaches nginx too, which then exits with 0; any other exit is a failure.
    void site.exited.then((code) => {
      if (code !== 0) console.error(`nginx exited with code ${code}${existsSync(site.logs.error) ? `:\n${readFileSync(site.logs.error, 'utf8')}` : ''}`);
      void site.close().then(() => resolve(code));
    });
  });
}

exitWith(main());

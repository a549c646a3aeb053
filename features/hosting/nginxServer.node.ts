/**
 * Runs Debian's nginx over a built public/ with the site's config,
 * on 127.0.0.1, in the foreground, with its pid
 * file, logs and temporary files in a folder of its own: what
 * `npm run serve:nginx` (scripts/serveNginx.ts) and the site checks
 * (scripts/e2e.ts) serve the site with.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BROTLI_STATIC_MODULE, nginxSiteConfig, nginxStandaloneConfig } from './nginxConfig';
import { readPublicRules } from './publicFiles.node';
import { listen, type RunningServer } from '../../system/listen';
import { aptGetInstall } from '../../system/debianPackages';
import { machineSetting } from '../../system/settings.js';

export const NGINX_INSTALL = aptGetInstall(['nginx', 'libnginx-mod-http-brotli-static']);

/**
 * The workers run as whoever started nginx (root included: its default would
 * be an unprivileged user, who cannot read a checkout in root's home or a
 * `mktemp -d` folder, which is where a container or CI puts one). This nginx
 * serves the site on loopback for the tests and `npm run serve:nginx`; the
 * production config (scripts/nginxConfig.ts) has no user line and
 * keeps Debian's www-data from nginx.conf.
 */
const workerUser = (): string | undefined => (process.getuid?.() === 0 ? 'root' : undefined);

/** The nginx program: on PATH, or in /usr/sbin, which an ordinary user's PATH lacks on Debian. */
export function findNginx(searchPath = machineSetting('PATH') ?? ''): string | null {
  for (const dir of [...searchPath.split(path.delimiter).filter(Boolean), '/usr/sbin']) {
    const file = path.join(dir, 'nginx');
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/** What this machine lacks to run the site under nginx, ending with the line that installs it; null when nothing. */
export function nginxMissing(found = { nginx: findNginx() !== null, module: existsSync(BROTLI_STATIC_MODULE) }): string | null {
  const missing = [...(found.nginx ? [] : ['nginx']), ...(found.module ? [] : [`the brotli static module (${BROTLI_STATIC_MODULE})`])];
  if (missing.length === 0) return null;
  return `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed. On Debian or Ubuntu, as root:\n  ${NGINX_INSTALL}`;
}

/**
 * Holds a loopback port (a free one when 0) while the site is built: the
 * build writes the site's address into its pages, and nginx can start only
 * after it, since its config holds that build's script hashes. Close it,
 * then start nginx on its port.
 */
export function holdPort(port: number): Promise<RunningServer> {
  return listen((_request, response) => response.writeHead(503).end('The site is being built.'), port);
}

/** A port free on 127.0.0.1 just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface NginxOptions {
  /** The built site. */
  publicDir: string;
  /** 0 for a free one. */
  port: number;
}

export interface RunningNginx extends RunningServer {
  port: number;
  /** The nginx.conf it runs. */
  configFile: string;
  /** nginx's error and access logs (removed by close). */
  logs: { error: string; access: string };
  /** Settles when nginx exits, with its exit code, for whatever reason. */
  exited: Promise<number>;
}

class StartError extends Error {
  constructor(
    message: string,
    readonly addressInUse: boolean,
  ) {
    super(message);
  }
}

/** The site's server block for nginx on 127.0.0.1:port, its access log `accessLog`: the generated config, or for comparison a bare one. */
type SiteFor = (publicDir: string, port: number, accessLog: string) => string;

async function startOnce(nginx: string, publicDir: string, siteFor: SiteFor, port: number): Promise<RunningNginx> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'stockpay-nginx-'));
  const logs = { error: path.join(tempDir, 'error.log'), access: path.join(tempDir, 'access.log') };
  const site = siteFor(publicDir, port, logs.access);
  const configFile = path.join(tempDir, 'nginx.conf');
  writeFileSync(configFile, nginxStandaloneConfig({ site, tempDir, user: workerUser() }));

  // -e stderr: before reading the config, nginx would open Debian's /var/log/nginx/error.log.
  const child = spawn(nginx, ['-p', `${tempDir}/`, '-e', 'stderr', '-c', configFile], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      stderr += error.message;
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  let done = false;
  void exited.then(() => (done = true));
  // Never leave nginx behind, even if this process exits without closing it.
  const killOnExit = () => {
    if (!done) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  const cleanUp = () => {
    process.off('exit', killOnExit);
    rmSync(tempDir, { recursive: true, force: true });
  };

  // Ready when nginx wrote its pid file (after binding the port) and accepts.
  const pidFile = path.join(tempDir, 'nginx.pid');
  const deadline = Date.now() + 15_000;
  while (!done && Date.now() < deadline) {
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid) && (await accepts(port))) break;
    await sleep(50);
  }
  if (done || Date.now() >= deadline) {
    killOnExit();
    await exited;
    const log = existsSync(logs.error) ? readFileSync(logs.error, 'utf8') : '';
    cleanUp();
    const message = `nginx did not start on 127.0.0.1:${port}.\n${stderr}${log}`.trimEnd();
    throw new StartError(message, /Address already in use/.test(stderr + log));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    configFile,
    logs,
    exited,
    close: async () => {
      if (!done) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}

/**
 * Starts nginx over `publicDir` on 127.0.0.1 at `port` (a free one when 0)
 * and resolves once it answers. Fails with the install line when nginx or
 * its module is missing, or with nginx's own messages. Its workers run as
 * the user that started it. The folder is served as it is: its compressed
 * copies are the caller's (features/hosting/precompress.node.ts).
 */
export function startNginx(options: NginxOptions): Promise<RunningNginx> {
  return startWith(options.publicDir, options.port, (root, port, accessLog) => nginxSiteConfig(readPublicRules(root), { root, listen: [`127.0.0.1:${port}`], accessLog }));
}

async function startWith(publicDir: string, port: number, siteFor: SiteFor): Promise<RunningNginx> {
  const missing = nginxMissing();
  const nginx = findNginx();
  if (missing || !nginx) throw new Error(missing ?? 'nginx is missing');
  const root = path.resolve(publicDir);
  if (port !== 0) return startOnce(nginx, root, siteFor, port);
  // A free port may be taken between finding it and nginx binding it: then another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(nginx, root, siteFor, await freePort());
    } catch (error) {
      if (!(error instanceof StartError && error.addressInUse && attempt < 3)) throw error;
    }
  }
}

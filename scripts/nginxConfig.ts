/**
 * `npm run nginx:config -- --root DIR [--listen ADDR]... [--server-name NAME] [--include FILE]... [--access-log FILE] [--out FILE]`:
 * the nginx site config of the current public/, for
 * /etc/nginx/sites-available/. Its policies and server name come from the
 * build's record (public/_build.json), never from this shell's variables;
 * one that differs from the build's is named, and not used. A build with a
 * CMS origin of its own gets a second server block for it, on the same
 * addresses and includes (docs/deploy.md, "The CMS on its own origin").
 * docs/deploy.md ("Install") says how to install the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LISTEN, nginxSiteConfig } from '../features/hosting/nginxConfig';
import { readPublicRules } from '../features/hosting/publicFiles.node';
import { environmentMismatches } from '../features/hosting/buildRecord.node';
import { PUBLIC_DIR } from '../system/paths.js';
import { inheritedEnv } from '../system/settings.js';

const USAGE = `Usage: npm run nginx:config -- --root DIR [--listen ADDR]... [--server-name NAME] [--include FILE]... [--access-log FILE] [--public DIR] [--out FILE]
  --root DIR          where public/ is on the server (nginx's root), e.g. /srv/stockpay/releases/2026-11-25/public
  --listen ADDR       a listen directive's arguments, repeatable (default: 80 and [::]:80; '443 ssl' for TLS)
  --server-name NAME  server_name (default: the host of the build's site address)
  --include FILE      a file to include in the server block (the TLS certificate's directives), repeatable;
                      in the CMS's server block too when the build has a CMS origin, so its certificate names both hosts
  --access-log FILE   the access log the sign-in location (/oauth/) writes its lines to, without their query
                      (default: Debian's /var/log/nginx/access.log)
  --public DIR        the built site to read (default: public/ of this checkout)
  --out FILE          where to write (default: standard output)`;

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      listen: { type: 'string', multiple: true },
      'server-name': { type: 'string' },
      include: { type: 'string', multiple: true },
      'access-log': { type: 'string' },
      public: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.root) {
    console.error(USAGE);
    return values.help ? 0 : 1;
  }
  if (!path.isAbsolute(values.root)) throw new Error(`--root must be an absolute path, got ${values.root}`);
  const publicDir = path.resolve(values.public ?? PUBLIC_DIR);
  const rules = readPublicRules(publicDir);
  for (const mismatch of environmentMismatches(rules.record, inheritedEnv())) console.error(`Not used: ${mismatch}; the config follows the build (public/_build.json).`);
  const config = nginxSiteConfig(rules, {
    root: values.root,
    listen: values.listen ?? [...DEFAULT_LISTEN],
    serverName: values['server-name'] ?? new URL(rules.record.siteUrl).hostname,
    includes: values.include,
    accessLog: values['access-log'],
  });
  const { cmsOrigin } = rules.record;
  if (cmsOrigin) console.error(`The build serves the CMS from ${cmsOrigin}: a second server block (server_name ${new URL(cmsOrigin).hostname}) serves public/admin/ there.`);
  if (values.out) {
    mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
    writeFileSync(values.out, config);
    console.error(`Wrote ${values.out} from ${publicDir}.`);
  } else {
    process.stdout.write(config);
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}

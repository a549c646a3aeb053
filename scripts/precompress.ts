/**
 * `npm run precompress [-- DIR]`: gives a built site (public/ of this
 * checkout by default) the .br and .gz copies nginx serves.
 * `npm run publish` and `npm run serve:nginx` make
 * them themselves; this is for a build copied to a server by hand
 * (docs/deploy.md, "Install").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describePrecompressed, precompress } from '../features/hosting/precompress.node';
import { exitWith } from '../system/processes';
import { PUBLIC_DIR } from '../system/paths.js';

async function main(argv: string[]): Promise<number> {
  const dir = path.resolve(argv[0] ?? PUBLIC_DIR);
  if (argv.length > 1 || !existsSync(path.join(dir, 'index.html'))) {
    console.error(`${argv.length > 1 ? 'Name one folder.' : `${dir} holds no built site: run "npm run build" first.`}\nUsage: npm run precompress [-- DIR]`);
    return 1;
  }
  const started = Date.now();
  console.log(describePrecompressed(await precompress(dir), Date.now() - started));
  return 0;
}

exitWith(main(process.argv.slice(2)));

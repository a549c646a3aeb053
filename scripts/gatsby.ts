/**
 * `tsx scripts/gatsby.ts <command> [args]`: the Gatsby CLI as npm's scripts
 * run it, through node/processes.ts so its telemetry is off (set there
 * and nowhere else); exits with Gatsby's code.
 */
import { gatsby } from '../node/processes';

gatsby(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);

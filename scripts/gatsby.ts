/**
 * `tsx scripts/gatsby.ts <command> [args]`: the Gatsby CLI as npm's scripts
 * run it, through system/processes.ts so its telemetry is off (set there
 * and nowhere else); exits with Gatsby's code.
 */
import { gatsby } from '../system/processes';
import { inheritedEnv } from '../system/settings.js';

gatsby(process.argv.slice(2), inheritedEnv()).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);

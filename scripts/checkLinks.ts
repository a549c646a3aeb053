/** `npm run test:links [-- PUBLIC_DIR [SITE_URL]]`: the link check over a built public/. */
import { main } from '../e2e/checks/checkLinks';
import { inheritedEnv } from '../system/settings.js';

process.exitCode = main(process.argv.slice(2), inheritedEnv());

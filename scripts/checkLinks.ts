/** `npm run test:links [-- PUBLIC_DIR [SITE_URL]]`: the link check (checks/checkLinks.ts) over a built public/. */
import { main } from '../checks/checkLinks';

process.exitCode = main(process.argv.slice(2), process.env);

/** `npm run translations [-- --strict] [-- --mark FILE]`: every entry's translation status (features/translations/translations.node.ts). */
import { main } from '../features/translations/translations.node';
import { PROJECT_DIR } from '../system/paths.js';

process.exitCode = main(process.argv.slice(2), PROJECT_DIR);

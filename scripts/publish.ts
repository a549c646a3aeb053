/**
 * `npm run publish -- --target DIR [--rollback] [--reload CMD] …`: builds this
 * checkout and makes it the live release, atomically, or goes back one.
 */
import { parseArgs, publish, rollback } from '../features/hosting/releases.node';

const args = parseArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}
(args.rollback ? Promise.resolve(rollback(args)) : publish(args)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Publish failed: ${error.message}`);
    process.exit(1);
  },
);

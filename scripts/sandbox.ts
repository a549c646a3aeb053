/** `npm run sandbox`: the API stand-in on its own, e.g. next to `gatsby develop`. */
import { AVAILABLE_PLANS_PATH, CONTACT_SUBMISSION_PATH } from '../features/site/apiContract';
import { DEFAULT_PORTS } from '../features/site/settings';
import { startSandbox } from '../features/sandbox/server.node';
import { portSetting } from '../system/settings.js';

const port = portSetting('SANDBOX_PORT', DEFAULT_PORTS.sandbox);
startSandbox(port)
  .then((sandbox) => {
    console.log(`Sandbox APIs listening on ${sandbox.url} (plans: ${AVAILABLE_PLANS_PATH}, contact: ${CONTACT_SUBMISSION_PATH})`);
    const stop = () => void sandbox.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: Error) => {
    console.error(`Could not start the sandbox on port ${port}: ${error.message}. Set SANDBOX_PORT to a free port.`);
    process.exit(1);
  });

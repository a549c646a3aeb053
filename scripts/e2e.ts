/**
 * `npm run test:e2e`: builds the site against a sandbox on a free loopback
 * port, serves it on another, and runs the Playwright tests in Debian's
 * Chromium. Arguments are passed on to `playwright test`.
 * E2E_SKIP_BUILD=1 reuses public/ (only valid with the same SANDBOX_PORT and SITE_PORT).
 */
import path from 'node:path';
import { startSandbox } from '../sandbox/server';
import { findChromium, MISSING_BROWSER_MESSAGE } from './chromium.js';
import { buildSite, run } from './processes';
import { listen } from './listen';
import { createStaticApp } from './staticServer';

async function main(): Promise<number> {
  const chromium = findChromium();
  if (!chromium) {
    console.error(`Browser tests cannot run. ${MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const sandbox = await startSandbox(Number(process.env.SANDBOX_PORT ?? 0));
  const site = await listen(createStaticApp(path.join(__dirname, '..', 'public')), Number(process.env.SITE_PORT ?? 0));
  try {
    const env = {
      ...process.env,
      GATSBY_SITE_URL: site.url,
      GATSBY_APP_URL: `${sandbox.url}/app`,
      GATSBY_PAYMENTS_API_URL: sandbox.url,
      GATSBY_API_URL: sandbox.url,
      GATSBY_PAYMENTS_API_KEY: '',
      GATSBY_API_KEY: '',
      GATSBY_PRODUCT_NAME: '',
      CHROME_PATH: chromium,
    };
    if (!process.env.E2E_SKIP_BUILD) {
      const built = await buildSite(env);
      if (built !== 0) {
        console.error('The production build failed; browser tests did not run.');
        return built;
      }
    }
    return await run('playwright', ['test', ...process.argv.slice(2)], {
      ...env,
      E2E_BASE_URL: site.url,
      E2E_SANDBOX_URL: sandbox.url,
    });
  } finally {
    await Promise.all([sandbox.close(), site.close()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);

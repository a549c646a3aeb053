import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, MISSING_BROWSER_MESSAGE, findChromium } from './system/chromium.js';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('Run the browser tests with "npm run test:e2e": it builds the site, starts the sandbox and serves both.');
}
const executablePath = findChromium();
if (!executablePath) throw new Error(MISSING_BROWSER_MESSAGE);

export default defineConfig({
  testDir: 'e2e',
  // One worker: the sandbox's faults are shared state, and 2 cores gain little.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'off',
  },
});

/**
 * Debian's Chromium, used by the browser tests and the build's diagram
 * renderer. Nothing here downloads a browser: `npx playwright install`
 * cannot work offline, so we find one that is installed or say how to get it.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const MISSING_BROWSER_MESSAGE =
  'No Chromium found. Install Debian\'s browser with "apt-get install -y chromium", or set CHROME_PATH to a Chromium or Chrome executable.';

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.CHROME_PATH?.trim();
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Flags for headless Chromium as root on a machine with no internet:
 * without the background-networking ones it keeps dialling Google's hosts.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

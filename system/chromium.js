// @ts-check
/**
 * Debian's Chromium, for the browser tests and for the build's diagram
 * renderer (features/markdown/remark-mermaid), the only thing a build draws
 * with a browser (the share images and icons need none:
 * features/share-cards/brandImages.node.tsx). Nothing here downloads a browser:
 * `npx playwright install` cannot work offline, so we find one that is
 * installed or say how to get it. CommonJS, so Gatsby's plugins can load it.
 */
const { existsSync } = require('node:fs');
const { aptGetInstall } = require('./debianPackages');
const { inheritedEnv } = require('./settings.js');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** What the build's diagrams need from Debian: the browser and a typeface for their labels. */
const BUILD_PACKAGES_COMMAND = aptGetInstall(['chromium', 'fonts-liberation']);

const MISSING_BROWSER_MESSAGE = `No Chromium found. Install Debian's browser with "${aptGetInstall(['chromium'])}", or set CHROME_PATH to a Chromium or Chrome executable.`;

/**
 * The browser to use: CHROME_PATH when set (null when nothing is there, so
 * CHROME_PATH=/nonexistent means "no browser"), else the first Debian or
 * Chrome location that exists.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | null}
 */
function findChromium(env = inheritedEnv()) {
  const configured = env.CHROME_PATH && env.CHROME_PATH.trim();
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Flags for headless Chromium as root on a machine with no internet:
 * without the background-networking ones it keeps dialling Google's hosts.
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * CHROMIUM_ARGS for a browser that must reach no network at all (the build's
 * diagram renderer): every request, loopback included, goes to a proxy whose
 * name resolves nowhere, and every name resolves nowhere, so nothing the page
 * asks for can leave the machine or reach a local service, and no name is
 * even looked up. WebRTC may not bypass the proxy either.
 */
const OFFLINE_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--proxy-server=http://offline.invalid:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * The one warning of a local build without Chromium: its mermaid diagrams
 * are shown as source (features/markdown/remark-mermaid), and the line that
 * installs what draws them. Short lines: Gatsby's reporter wraps long ones,
 * which would split the command.
 * @returns {string}
 */
function withoutChromiumWarning() {
  return [
    'No Chromium found, so this local build shows each mermaid diagram as',
    'its source in a code block. To draw them, install Chromium and a',
    'typeface (or set CHROME_PATH):',
    `    ${BUILD_PACKAGES_COMMAND}`,
    'then build from clean (npm start does; after npm run develop, run',
    'npm run clean first). A production build with a diagram fails without it.',
  ].join('\n');
}

module.exports = { findChromium, MISSING_BROWSER_MESSAGE, BUILD_PACKAGES_COMMAND, CHROMIUM_ARGS, OFFLINE_CHROMIUM_ARGS, withoutChromiumWarning };

// @ts-check
/**
 * The page that draws diagrams: one Chromium and one page holding mermaid
 * per process (the build's main process and each query worker), started on
 * the first diagram that is not cached and shared by every file after it.
 * Starting the browser and loading mermaid takes about 2.5 s; drawing a
 * diagram in a fresh frame of the page (page.js, drawFresh) 0.1 to 0.15 s,
 * so starting once is what makes a build's diagrams cheap. A frame per
 * diagram rather than per file: a drawing then depends on its source only,
 * which the cache key assumes. A call into the page costs 1 to 7 ms against
 * 100 ms or more for a drawing, so drawing a file's diagrams in one
 * evaluate would save little, and would lose the time limit per diagram.
 *
 * The page is offline: Chromium runs in a network namespace of its own where
 * the system allows one (offline-chromium.sh), with flags that send every
 * request to a proxy that does not exist, and the page
 * aborts every request it makes and records it, so the build can name the
 * diagram that asked. Mermaid and page.js are injected as text, not fetched.
 *
 * Diagrams are drawn one at a time (the page has one thread, and each
 * diagram's time limit counts its own drawing only); a diagram that exceeds
 * its limit closes the browser, which the next diagram starts again. The browser closes when idle for IDLE_CLOSE_MS, so a
 * Gatsby worker asked to end exits by itself before Gatsby kills it (a
 * killed worker would leave Chromium's profile folder behind in /tmp), and
 * when the process exits (Playwright kills what it launched).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { OFFLINE_CHROMIUM_ARGS } = require('../../../system/chromium.js');
const { inheritedEnv } = require('../../../system/settings.js');

const MERMAID_SCRIPT = require.resolve('mermaid/dist/mermaid.min.js');
const PAGE_SCRIPT = path.join(__dirname, 'page.js');
const OFFLINE_WRAPPER = path.join(__dirname, 'offline-chromium.sh');

/**
 * Idle time after which the browser closes. Short, because gatsby-worker
 * kills a worker that has not exited a second after it is told to end; the
 * cost is a restart (about 2.5 s: the browser, mermaid, a first frame) when
 * a process draws again after a pause, which a build's queries rarely make.
 */
const IDLE_CLOSE_MS = 500;

/** The page's surroundings, fixed so a drawing does not depend on the machine's zone or language. */
const CONTEXT_OPTIONS = /** @type {const} */ ({ offline: true, serviceWorkers: 'block', timezoneId: 'UTC', locale: 'en-US' });

/** @typedef {import('./page').DrawRequest} DrawRequest */
/** @typedef {{ svg: string, loads: string[], requests: string[] } | { error: string, requests: string[] }} Drawn */
/** @typedef {{ browser: import('playwright-core').Browser, page: import('playwright-core').Page, requests: string[] }} Session */

class DrawTimeLimitError extends Error {}

/** @type {Promise<Session> | null} */
let session = null;
/** @type {Promise<unknown>} */
let queue = Promise.resolve();
/** @type {NodeJS.Timeout | undefined} */
let idleTimer;
/** @type {boolean | undefined} */
let namespaceAvailable;

/** Whether this system lets an ordinary process have a network namespace (containers often do not). */
function canIsolateNetwork() {
  namespaceAvailable ??= spawnSync('unshare', ['--net', '--map-root-user', '--', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return namespaceAvailable;
}

/**
 * @param {string} executablePath
 * @returns {Promise<import('playwright-core').Browser>}
 */
async function launch(executablePath) {
  const { chromium } = require('playwright-core');
  if (canIsolateNetwork()) {
    try {
      return await chromium.launch({
        executablePath: OFFLINE_WRAPPER,
        args: OFFLINE_CHROMIUM_ARGS,
        env: { ...inheritedEnv(), STOCKPAY_CHROMIUM: executablePath },
      });
    } catch {
      // The namespace worked for `true` but not for the browser: the flags and routes below still hold it offline.
    }
  }
  return chromium.launch({ executablePath, args: OFFLINE_CHROMIUM_ARGS });
}

/**
 * @param {string} executablePath
 * @returns {Promise<Session>}
 */
async function openSession(executablePath) {
  const browser = await launch(executablePath);
  try {
    const context = await browser.newContext(CONTEXT_OPTIONS);
    /** @type {string[]} */
    const requests = [];
    await context.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    const pageScript = fs.readFileSync(PAGE_SCRIPT, 'utf8');
    const sources = { mermaid: fs.readFileSync(MERMAID_SCRIPT, 'utf8'), page: pageScript };
    await page.addScriptTag({ content: `globalThis.stockpayMermaidSources = ${JSON.stringify(sources)};` });
    await page.addScriptTag({ content: pageScript });
    if (!(await page.evaluate('globalThis.stockpayMermaid.warm()'))) throw new Error('mermaid did not start in the drawing page');
    return { browser, page, requests };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

/** Closes the browser, if one is open; the next diagram starts another. */
async function closeRenderer() {
  clearTimeout(idleTimer);
  const current = session;
  session = null;
  if (!current) return;
  const opened = await current.catch(() => null);
  await opened?.browser.close().catch(() => undefined);
}

/**
 * @param {string} executablePath
 * @param {DrawRequest} request
 * @param {number} timeLimitMs
 * @returns {Promise<Drawn>}
 */
async function drawNow(executablePath, request, timeLimitMs) {
  clearTimeout(idleTimer);
  try {
    if (!session) {
      const opening = openSession(executablePath);
      session = opening;
      opening.catch(() => {
        if (session === opening) session = null;
      });
    }
    const { page, requests } = await session;
    requests.length = 0;
    // A string, not a function: see page.js.
    const drawing = /** @type {Promise<import('./page').DrawResult>} */ (page.evaluate(`globalThis.stockpayMermaid.drawFresh(${JSON.stringify(request)})`));
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const limit = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new DrawTimeLimitError()), timeLimitMs);
    });
    try {
      const result = await Promise.race([drawing, limit]);
      return { ...result, requests: [...requests] };
    } catch (error) {
      if (error instanceof DrawTimeLimitError) {
        drawing.catch(() => undefined);
        await closeRenderer();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    idleTimer = setTimeout(() => void closeRenderer(), IDLE_CLOSE_MS);
    idleTimer.unref();
  }
}

/**
 * Draws one diagram after those already asked for. Rejects with a
 * DrawTimeLimitError when it takes longer than timeLimitMs (the browser's
 * start is not counted), or with the browser's own error.
 * @param {string} executablePath
 * @param {DrawRequest} request
 * @param {number} timeLimitMs
 * @returns {Promise<Drawn>}
 */
function drawDiagram(executablePath, request, timeLimitMs) {
  const drawn = queue.then(() => drawNow(executablePath, request, timeLimitMs));
  queue = drawn.catch(() => undefined);
  return drawn;
}

module.exports = { drawDiagram, closeRenderer, DrawTimeLimitError, MERMAID_SCRIPT, PAGE_SCRIPT, OFFLINE_WRAPPER, CONTEXT_OPTIONS };

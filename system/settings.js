// @ts-check
/**
 * The variables of the commands and of the machine they run on, declared
 * once: the ports `npm start`, `npm run edit` and the site checks take
 * (their defaults are the site's, DEFAULT_PORTS), which checks run, where
 * Chromium is, the fonts the diagrams are drawn with. The site's, the CMS's
 * and the sign-in's own variables have their modules beside those
 * features. CommonJS, so the remark plugins can read it too.
 */

/**
 * Every variable the commands and the machine's tools read, with what each
 * is for (docs/configuration.md, "Commands and the machine", lists them; a
 * test holds the two together).
 */
const MACHINE_VARIABLES = /** @type {const} */ ({
  PORT: "the port of the site a command serves: npm start's, npm run edit's development site, npm run serve:nginx's",
  SANDBOX_PORT: "the API sandbox's port",
  SITE_PORT: 'the port the site checks serve the build on',
  CMS_PORT: "npm run edit's local CMS backend's port",
  CHECKS: 'which site checks npm run test:site runs, comma-separated: browser, links, lighthouse (all)',
  E2E_SKIP_BUILD: 'set: the site checks reuse public/ instead of building (valid only with the same SANDBOX_PORT and SITE_PORT)',
  CHROME_PATH: 'a Chromium or Chrome to use instead of the first of /usr/bin/chromium, chromium-browser, google-chrome',
  FONTCONFIG_FILE: "fontconfig's own: where the diagrams' fonts are looked up (part of their cache key)",
  FONTCONFIG_PATH: "fontconfig's own, as FONTCONFIG_FILE",
  PATH: 'where nginx is looked for, besides /usr/sbin',
});

/** @typedef {keyof typeof MACHINE_VARIABLES} MachineVariable */

/**
 * A variable of the machine, trimmed; undefined when unset or blank.
 * @param {MachineVariable} name
 * @returns {string | undefined}
 */
function machineSetting(name) {
  return process.env[name]?.trim() || undefined;
}

/**
 * The port `name` gives, or `fallback` when it is unset; 0 means a free one.
 * Throws naming the variable when it is no port number.
 * @param {'PORT' | 'SANDBOX_PORT' | 'SITE_PORT' | 'CMS_PORT'} name
 * @param {number} fallback
 * @returns {number}
 */
function portSetting(name, fallback) {
  const value = machineSetting(name);
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`${name} must be a port number from 0 (a free one) to 65535, got "${value}"`);
  return Number(value);
}

/**
 * The environment a command hands its child processes (a build, Playwright,
 * nginx): the whole of its own, which they read for themselves.
 * @returns {NodeJS.ProcessEnv}
 */
function inheritedEnv() {
  return process.env;
}

module.exports = { MACHINE_VARIABLES, machineSetting, portSetting, inheritedEnv };

// @ts-check
/**
 * The Debian packages the project needs, and why: the one list. .ci/run
 * installs it, the README shows it as a command (a test holds the two
 * together), and the messages that say what is missing name from it.
 * CommonJS, so .ci/run can read it with node before npm install, and the
 * remark plugins through system/chromium.js.
 */

/** Each package, with what it is for. */
const DEBIAN_PACKAGES = {
  chromium: 'draws the mermaid diagrams at build time and runs the browser tests',
  'fonts-liberation': "gives the diagrams' labels a typeface",
  nginx: 'serves the built site in npm test and npm run serve:nginx',
  'libnginx-mod-http-brotli-static': "nginx's module that serves the brotli copies",
};

/** @typedef {keyof typeof DEBIAN_PACKAGES} DebianPackage */

/**
 * The command that installs `names` (all of them by default).
 * @param {readonly DebianPackage[]} [names]
 * @returns {string}
 */
function aptGetInstall(names = /** @type {DebianPackage[]} */ (Object.keys(DEBIAN_PACKAGES))) {
  return `apt-get install -y ${names.join(' ')}`;
}

module.exports = { DEBIAN_PACKAGES, aptGetInstall };

// @ts-check
/**
 * Where the project is, and the folder its build writes (Gatsby's
 * `public/`, which hosting serves and a release copies): the one home of
 * that path. CommonJS, so the remark plugins can read it too.
 */
const path = require('node:path');

/** The project's folder: this file's parent's. */
const PROJECT_DIR = path.join(__dirname, '..');

/** The build's output folder's name, in the project's folder. */
const PUBLIC_FOLDER = 'public';

/** What a build makes in the project's folder, which a copy of the project leaves out: Gatsby's cache and the output. */
const BUILD_FOLDERS = ['.cache', PUBLIC_FOLDER];

/**
 * The build's output folder of the project at `projectDir` (Gatsby's
 * program.directory in a hook, a temporary copy in a test).
 * @param {string} projectDir
 * @returns {string}
 */
function publicDirOf(projectDir) {
  return path.join(projectDir, PUBLIC_FOLDER);
}

/** This project's output folder. */
const PUBLIC_DIR = publicDirOf(PROJECT_DIR);

module.exports = { PROJECT_DIR, PUBLIC_FOLDER, PUBLIC_DIR, BUILD_FOLDERS, publicDirOf };

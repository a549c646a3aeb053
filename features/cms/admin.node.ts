import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stringify } from 'yaml';
import type { AdminConfig } from './admin.browser';
import {
  ADMIN_KATEX_STYLESHEET,
  ADMIN_SCRIPT,
  ADMIN_SCRIPTS,
  DECAP_SCRIPT,
  DIAGRAM_PAGE_FILE,
  EVAL_REFUSED,
  MARKDOWN_MODE_KEY,
  MERMAID_FILE,
  PREVIEW_COMPONENTS_STYLESHEET,
  PREVIEW_SCRIPT,
  PREVIEW_STYLESHEET,
  adminPageHtml,
  sessionWatch,
  unconfiguredAdminHtml,
  type AdminScriptIntegrity,
} from './adminPage';
import type { PreviewConfig } from './preview/register.browser';
import { markdownLabels } from '../markdown/labels';
import { localeText, readLocaleFile } from '../i18n/locales.node';
import { CONFIG_ENV } from '../site/settings';
import { katexDist } from '../markdown/katexStylesheet.node';
import { MEDIA_EXTENSIONS } from '../images/mediaFiles';
import { UPLOAD_EXTENSIONS } from '../images/uploads';
import { bundleBrowserModule, bundleComponentsModule } from '../../system/browserBundle';
import { readNamespaces } from '../i18n/localeFiles.node';
import { collectionChecks, languageNames } from './rules';
import { ADDRESS_FIELD, LOCALE_FORMAT, POST_FORMAT, cmsConfig, type CmsBackend } from './decapConfig';
import { type LocaleStrings } from '../i18n/localeText';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../site/languages';
import { REMARK_PLUGIN_FOLDERS } from '../markdown/order';
import postcss from 'postcss';
import { layoutCss } from '../site/layoutCss.node';
import { TRANSLATION_STATUSES_FILE } from './translation/listMarks';
import { translationStatusesAnswer } from '../translations/translations.node';
import { LOCAL_CMS_BACKEND } from './backends';

/** The files of Decap's prebuilt bundle the page needs: the script, its chunks, its WebAssembly and its licence; not the source maps or the second (cms.js) build. */
export const DECAP_FILE = /^(?:\d+\.)?decap-cms\.js$|^decap-cms\.js\.LICENSE\.txt$|^[0-9a-f]+\.wasm$/;

/** The CMS's setup script with this build's checks, languages and UI string files, and what it watches of `backend`'s sign-in. */
export function adminScript(projectDir: string, namespaces: Readonly<Record<string, LocaleStrings>>, backend?: CmsBackend): string {
  const types = [...new Set(UPLOAD_EXTENSIONS.map((extension) => MEDIA_EXTENSIONS[extension]))].join(', ');
  const config: AdminConfig = {
    checks: collectionChecks(),
    names: languageNames(),
    locales: namespaces,
    localeFormat: LOCALE_FORMAT,
    postFormat: POST_FORMAT,
    postFormatOmits: [ADDRESS_FIELD],
    previewStylesheet: PREVIEW_STYLESHEET,
    markdownModeKey: MARKDOWN_MODE_KEY,
    uploadExtensions: UPLOAD_EXTENSIONS,
    uploadRule: `the CMS uploads ${types} images (.${UPLOAD_EXTENSIONS.join(', .')}) only.`,
    evalRefused: EVAL_REFUSED,
    session: sessionWatch(backend),
  };
  return `// Written by features/cms/admin.node.ts from features/cms/admin.browser.ts.\n${bundleBrowserModule(projectDir, 'features/cms/adminEntry.browser.ts', { ADMIN_CONFIG: config })}`;
}

/** The UI string files the preview's components read (the post's facts, the copy button, the app link), in every language. */
const PREVIEW_NAMESPACES = ['common', 'blog', 'content'];

/**
 * The preview pane's script (features/cms/previewEntry.browser.ts) and its CSS
 * modules' stylesheet, with every language's labels and UI strings, and
 * the site's GATSBY_* settings inlined as the pages have them.
 */
export function previewFiles(projectDir: string, productName: string, siteUrl: string, backend: CmsBackend): { script: string; stylesheet: string } {
  const config: PreviewConfig = {
    // The local backend answers as the files are now; a built CMS reads what its build found.
    translationStatuses: backend.name === LOCAL_CMS_BACKEND ? { kind: 'backend', url: backend.url } : { kind: 'file', url: TRANSLATION_STATUSES_FILE },
    productName,
    siteUrl,
    labels: Object.fromEntries(
      LANGUAGES.map((language) => [language, markdownLabels((namespace, key, field) => localeText(language, namespace, key, field, projectDir))]),
    ) as PreviewConfig['labels'],
    locales: Object.fromEntries(
      LANGUAGES.map((language: Language) => [language, Object.fromEntries(PREVIEW_NAMESPACES.map((namespace) => [namespace, readLocaleFile(projectDir, language, namespace)]))]),
    ) as PreviewConfig['locales'],
    // Addresses relative to the page, so the folder works wherever it is served.
    diagramScripts: { mermaid: MERMAID_FILE, page: DIAGRAM_PAGE_FILE },
    stylesheets: [PREVIEW_COMPONENTS_STYLESHEET, ADMIN_KATEX_STYLESHEET],
  };
  const settings = Object.fromEntries(
    Object.entries({ ...CONFIG_ENV, GATSBY_PRODUCT_NAME: productName }).flatMap(([name, value]) => (value === undefined ? [] : [[`process.env.${name}`, value]])),
  );
  const { script, stylesheet } = bundleComponentsModule(
    projectDir,
    'features/cms/previewEntry.browser.ts',
    { PREVIEW_CONFIG: config, 'process.env.NODE_ENV': 'production', ...settings, 'process.env': {} },
    // Gatsby's Link needs its router; the i18n plugin's index pulls Gatsby in for its context alone.
    { gatsby: './features/cms/preview/gatsbyLink.tsx', 'gatsby-plugin-react-i18next': 'gatsby-plugin-react-i18next/dist/i18nextContext.js' },
  );
  // The layout's widths written into the CSS modules as the site's build writes them (esbuild passes the names through).
  const laidOut = postcss([layoutCss()]).process(stylesheet, { from: undefined }).css;
  return { script: `// Written by features/cms/admin.node.ts from features/cms/previewEntry.browser.ts.\n${script}`, stylesheet: laidOut };
}

/** Decap's prebuilt bundle (React included), resolved from the project: never bundled by webpack, so the site's React stays its own. */
function decapDist(projectDir: string): string {
  // createRequire: Parcel, which compiles gatsby-node, drops require.resolve.
  return path.join(path.dirname(createRequire(path.join(projectDir, 'package.json')).resolve('decap-cms/package.json')), 'dist');
}

/** What writeAdmin wrote. */
export interface AdminFiles {
  /** Every file, relative to the folder, with the SHA-256 of its bytes: the build checks them again once every other writer is done. */
  files: Map<string, string>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The integrity value of each of the page's scripts in the admin folder
 * `target`, or null when it has none (a build without a CMS backend).
 */
export function readAdminIntegrity(target: string): AdminScriptIntegrity | null {
  if (!ADMIN_SCRIPTS.every((script) => existsSync(path.join(target, script)))) return null;
  const integrity = (script: string) =>
    `sha384-${createHash('sha384')
      .update(readFileSync(path.join(target, script)))
      .digest('base64')}`;
  return { [DECAP_SCRIPT]: integrity(DECAP_SCRIPT), [ADMIN_SCRIPT]: integrity(ADMIN_SCRIPT), [PREVIEW_SCRIPT]: integrity(PREVIEW_SCRIPT) };
}

/** The SHA-256 of each file under `target` that `names` lists, by name. */
function fingerprints(target: string, names: readonly string[]): Map<string, string> {
  return new Map(names.map((name) => [name, sha256(readFileSync(path.join(target, name)))]));
}

/**
 * Writes the admin folder (`target`, public/admin/ in a build): with a
 * backend, Decap's bundle, the page that loads it (each script by its
 * hash), the preview's scripts and stylesheets, KaTeX's stylesheet and
 * fonts, config.yml generated from the content schema, and the
 * translation statuses the entry lists mark (translations.json); without one,
 * only a page that says how to configure it. Removes what an earlier build
 * left first, so a build never serves a stale CMS.
 */
export function writeAdmin(projectDir: string, target: string, backend: CmsBackend | undefined, productName: string, siteUrl?: string): AdminFiles {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  if (!backend) {
    writeFileSync(path.join(target, 'index.html'), unconfiguredAdminHtml(productName));
    return { files: fingerprints(target, ['index.html']) };
  }
  const dist = decapDist(projectDir);
  const bundle = readdirSync(dist).filter((name) => DECAP_FILE.test(name));
  if (!bundle.includes(DECAP_SCRIPT)) throw new Error(`${dist} has no ${DECAP_SCRIPT}: reinstall the decap-cms package (npm install)`);
  for (const name of bundle) copyFileSync(path.join(dist, name), path.join(target, name));
  copyFileSync(path.join(projectDir, 'src', 'styles', 'global.css'), path.join(target, PREVIEW_STYLESHEET));
  const namespaces = readNamespaces(projectDir);
  writeFileSync(path.join(target, ADMIN_SCRIPT), adminScript(projectDir, namespaces, backend));
  const preview = previewFiles(projectDir, productName, siteUrl ?? '', backend);
  writeFileSync(path.join(target, TRANSLATION_STATUSES_FILE), JSON.stringify(translationStatusesAnswer(projectDir)));
  writeFileSync(path.join(target, PREVIEW_SCRIPT), preview.script);
  writeFileSync(path.join(target, PREVIEW_COMPONENTS_STYLESHEET), preview.stylesheet);
  // The files features/markdown/remark-mermaid/renderer.node.js draws with, found from the project (Parcel drops require.resolve).
  copyFileSync(createRequire(path.join(projectDir, 'package.json')).resolve('mermaid/dist/mermaid.min.js'), path.join(target, MERMAID_FILE));
  copyFileSync(path.join(projectDir, REMARK_PLUGIN_FOLDERS['stockpay-remark-mermaid'], 'page.js'), path.join(target, DIAGRAM_PAGE_FILE));
  const katex = katexDist(projectDir);
  const katexFolder = path.posix.dirname(ADMIN_KATEX_STYLESHEET);
  mkdirSync(path.join(target, katexFolder), { recursive: true });
  copyFileSync(path.join(katex, 'katex.min.css'), path.join(target, ADMIN_KATEX_STYLESHEET));
  cpSync(path.join(katex, 'fonts'), path.join(target, katexFolder, 'fonts'), { recursive: true });
  const config = cmsConfig(backend, namespaces, siteUrl);
  writeFileSync(
    path.join(target, 'config.yml'),
    `# Written by features/cms/admin.node.ts on each build, from features/content/contentSchema.ts and locales/${DEFAULT_LANGUAGE}/: edit those, not this.\n${stringify(config, { lineWidth: 0 })}`,
  );
  const integrity = readAdminIntegrity(target);
  if (!integrity) throw new Error(`${target} lacks one of the CMS's scripts (${ADMIN_SCRIPTS.join(', ')}) just written`);
  writeFileSync(path.join(target, 'index.html'), adminPageHtml(productName, backend, integrity));
  const fonts = readdirSync(path.join(target, katexFolder, 'fonts')).map((font) => `${katexFolder}/fonts/${font}`);
  const written = [
    ...bundle,
    PREVIEW_STYLESHEET,
    ADMIN_SCRIPT,
    PREVIEW_SCRIPT,
    PREVIEW_COMPONENTS_STYLESHEET,
    MERMAID_FILE,
    DIAGRAM_PAGE_FILE,
    ADMIN_KATEX_STYLESHEET,
    ...fonts,
    'config.yml',
    TRANSLATION_STATUSES_FILE,
    'index.html',
  ];
  return { files: fingerprints(target, written) };
}

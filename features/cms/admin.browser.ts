/**
 * Sets the editors' CMS up once Decap CMS has loaded (/admin/, written by
 * features/cms/admin.node.ts, which bundles this module with the build's AdminConfig):
 * the preview pane in the site's own colours and type, markdown bodies
 * opening as source, the checks Decap cannot express
 * before every save, in every language, the UI string files written in
 * the default language's key order, and the posts' format, which keeps
 * their address out of the file: a new post
 * left without one is named after its title, as Decap names an entry.
 *
 * Two guards. The global `eval` throws, for good: Decap's bundled
 * gray-matter evaluates `---js` frontmatter with it when it opens a file (a
 * pull request's, say), and nothing else in the CMS needs it once loaded
 * (its schema validator compiles with `new Function`, which the page's
 * policy allows). And the file pickers offer, and take, only the images the
 * CMS uploads (features/images/uploads.ts); Decap's Media page would take any
 * file, so the build's check of the media folder, content/media/
 * (features/content/contentTree.node.ts), is what enforces it: this tells the editor first.
 *
 * And when a sign-in ends under the editor (GitLab's last two hours, and
 * Decap renews them only with PKCE), Decap's own words are a failed save
 * ("Can't refresh access token when using implicit auth") and, within five
 * minutes, a toast that asks to "back up any data": the page says instead
 * what happened, that the unsaved changes are kept (Decap's local backup
 * of the entry, in this browser) and how to get them back.
 */
import { cmsFrontmatterFormat } from './frontmatter';
import { entryProblems, inReferenceOrder, type CollectionChecks, type LanguageNames } from './rules';
import type { SessionWatch } from './adminPage';

export interface AdminConfig {
  checks: Readonly<Record<string, CollectionChecks>>;
  names: LanguageNames;
  /** The default language's UI string files, by namespace: the key order every language's file keeps. */
  locales: Readonly<Record<string, unknown>>;
  localeFormat: string;
  /** The posts' format (features/cms/decapConfig.ts POST_FORMAT), and the fields it keeps out of the file: the address. */
  postFormat: string;
  postFormatOmits: readonly string[];
  previewStylesheet: string;
  markdownModeKey: string;
  /** The extensions the file pickers offer, lower-case, without the dot. */
  uploadExtensions: readonly string[];
  /** What an editor is told when a chosen file is not one of them. */
  uploadRule: string;
  evalRefused: string;
  /** The backend's API and what to say when it refuses a sign-in it had accepted (features/cms/adminPage.ts sessionWatch); null: nothing to watch. */
  session: SessionWatch | null;
}

/** Decap's immutable entry data, as far as the preSave handler reads and changes it. */
export interface DecapData {
  toJS(): Record<string, unknown>;
  set(key: string, value: unknown): DecapData;
}

/** Decap's immutable entry, as far as the preSave handler reads it. */
interface DecapEntry {
  get(key: 'collection'): string;
  get(key: 'newRecord'): boolean | undefined;
  get(key: 'data'): DecapData | undefined;
  getIn(path: readonly ['i18n', string, 'data']): DecapData | undefined;
}

export interface DecapFormatter {
  fromFile(text: string): unknown;
  toFile(data: unknown, fieldOrder?: readonly string[]): string;
}

/** What of Decap's global `CMS` this module uses. */
export interface DecapCms {
  registerPreviewStyle(url: string): void;
  registerCustomFormat(name: string, extension: string, formatter: DecapFormatter): void;
  /** A preSave handler's answer, when not undefined, is the entry's data from then on (Decap names the new entry's file after it). */
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: DecapEntry }) => DecapData | undefined }): void;
}

/** What of the browser's window this module uses. */
export interface AdminHost {
  document: Document;
  localStorage: Pick<Storage, 'getItem' | 'setItem'>;
  alert(message: string): void;
  /** The browser's fetch, which Decap calls for every request to its backend's API. */
  fetch: typeof fetch;
}

/** The id of the notice that says the sign-in has ended. */
export const SESSION_ENDED_ID = 'stockpay-sign-in-ended';

const isFileInput = (target: EventTarget | null): target is HTMLInputElement =>
  target !== null && (target as Element).tagName === 'INPUT' && (target as HTMLInputElement).type === 'file';

function refuseEval(host: AdminHost, message: string): void {
  Object.defineProperty(host, 'eval', {
    configurable: false,
    writable: false,
    value: () => {
      throw new Error(message);
    },
  });
}

function guardUploads(host: AdminHost, config: AdminConfig): void {
  const isImageName = (name: string) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && config.uploadExtensions.includes(name.slice(dot + 1).toLowerCase());
  };
  const refuseOthers = (event: Event, files: ArrayLike<File> | null | undefined) => {
    const others = Array.from(files ?? []).filter((file) => !isImageName(file.name));
    if (others.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (isFileInput(event.target)) event.target.value = '';
    host.alert(`${others.map((file) => file.name).join(', ')}: ${config.uploadRule}`);
  };
  const { document } = host;
  // Before the picker opens: offer images only.
  document.addEventListener(
    'click',
    (event) => {
      if (isFileInput(event.target)) event.target.setAttribute('accept', config.uploadExtensions.map((extension) => `.${extension}`).join(','));
    },
    true,
  );
  // Before Decap sees a chosen or dropped file: refuse any that is not an image.
  document.addEventListener('change', (event) => (isFileInput(event.target) ? refuseOthers(event, event.target.files) : undefined), true);
  document.addEventListener('drop', (event) => refuseOthers(event, (event as DragEvent).dataTransfer?.files), true);
}

/** The address a fetch() call asks for, whatever form it is given in. */
const requestedUrl = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * Watches the answers of the backend's API: once it has accepted the
 * editor's sign-in, a 401 means the sign-in has ended, and the page says so
 * at the foot of the window (role="alert", read out at once) until the API accepts
 * a request again, after the editor signs in anew. Only the status is
 * read: no body, no header, no token.
 */
function watchSession(host: AdminHost, session: SessionWatch): void {
  const original = host.fetch.bind(host);
  const fromApi = (input: RequestInfo | URL) => requestedUrl(input).startsWith(`${session.api}/`);
  let accepted = false;
  const notice = () => host.document.getElementById(SESSION_ENDED_ID);
  const show = () => {
    if (notice() || !host.document.body) return;
    const element = host.document.createElement('div');
    element.id = SESSION_ENDED_ID;
    element.setAttribute('role', 'alert');
    element.textContent = session.ended;
    // At the foot of the window, over everything but Decap's header, whose account menu the editor needs; set through the DOM, which the page's policy allows.
    Object.assign(element.style, {
      position: 'fixed',
      bottom: '0',
      left: '0',
      right: '0',
      zIndex: '2147483647',
      padding: '12px 16px',
      background: '#fcefea',
      color: '#7a1b00',
      borderTop: '2px solid #ff003b',
      font: '15px/1.5 system-ui, sans-serif',
    });
    host.document.body.append(element);
  };
  host.fetch = async (input, init) => {
    const response = await original(input, init);
    if (fromApi(input)) {
      if (response.ok) {
        accepted = true;
        notice()?.remove();
      } else if (response.status === 401 && accepted) show();
    }
    return response;
  };
}

export function setUpCms(host: AdminHost, cms: DecapCms, config: AdminConfig): void {
  refuseEval(host, config.evalRefused);
  guardUploads(host, config);
  if (config.session) watchSession(host, config.session);
  cms.registerPreviewStyle(config.previewStylesheet);
  // Bodies open as markdown source unless the editor chose rich text before
  // (Decap's own default ignores the order of the field's modes).
  try {
    if (host.localStorage.getItem(config.markdownModeKey) === null) host.localStorage.setItem(config.markdownModeKey, 'raw');
  } catch {
    // Storage refused (a private window): Decap falls back to rich text.
  }
  cms.registerCustomFormat(config.localeFormat, 'json', {
    fromFile: (text) => JSON.parse(text) as unknown,
    // Decap passes the file's top-level fields in config order, which names the file's namespace.
    toFile: (data, fieldOrder = []) => {
      const order = fieldOrder.join('\n');
      const namespace = Object.keys(config.locales).find((name) => Object.keys(config.locales[name] as object).join('\n') === order);
      return `${JSON.stringify(inReferenceOrder(data, namespace ? config.locales[namespace] : {}), null, 2)}\n`;
    },
  });
  cms.registerCustomFormat(config.postFormat, 'md', cmsFrontmatterFormat(config.postFormatOmits));
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const checks = config.checks[entry.get('collection')];
      if (!checks) return undefined;
      // The entry's data is its first language's; in a collection of languages side by side, each other one's is under i18n.
      const data = Object.fromEntries(checks.languages.map((language, index) => [language, (index === 0 ? entry.get('data') : entry.getIn(['i18n', language, 'data']))?.toJS()]));
      const newRecord = entry.get('newRecord');
      const problems = entryProblems(checks, data, config.names, { newRecord });
      // Decap shows the message and saves nothing.
      if (problems.length > 0) throw new Error(problems.join(' '));
      // A new entry without an address is named after its title, which Decap makes into a file name as it always has.
      const { slug } = checks;
      const values = data[checks.languages[0]] ?? {};
      const given = slug ? values[slug.field] : undefined;
      if (!slug || newRecord !== true || (typeof given === 'string' && given.trim() !== '')) return undefined;
      return entry.get('data')?.set(slug.field, values[slug.from]);
    },
  });
}

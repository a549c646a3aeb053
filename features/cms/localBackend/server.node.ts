/**
 * The CMS's local backend for `npm run edit`: what Decap CMS's `proxy`
 * backend speaks (POST /api/v1 with {action, params}: info, entriesByFolder,
 * entriesByFiles, getEntry, persistEntry, getMedia, getMediaFile,
 * persistMedia, deleteFile, deleteFiles, getDeployPreview; the answers
 * decap-server's file-system mode gives; and translationStatuses, the
 * CMS's own, for its entry lists), written here so that it touches
 * only what the CMS edits:
 *
 * - it listens on 127.0.0.1 and answers only requests addressed to itself
 *   (Host 127.0.0.1:<port> or localhost:<port>), so a page that reaches it
 *   under another name (DNS rebinding) is refused;
 * - a request from a web page (Origin) is answered only for the development
 *   site's origins it is given, and CORS is granted to those alone;
 * - it reads and writes only the CMS's own paths (features/cms/localBackend/paths.ts: the
 *   collections' folders and files, the media folder), and writes each
 *   where it belongs: one entry a save, its files in their own collection's
 *   language folders, a rename within its folder, a UI string file where it
 *   is, an upload in the media folder;
 * - it never reads or writes through a symbolic link, nor a file with other
 *   hard links, which may be a file from anywhere, and
 *   uploads only images; bodies are limited in size.
 *
 * Everything refused is answered with a JSON error that names the path or
 * header and says what is allowed (Decap shows it to the editor).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readNamespaces } from '../../i18n/localeFiles.node';
import { cmsConfig } from '../decapConfig';
import { cmsPathError, cmsPaths, deleteSetError, entrySaveError, shownPath, type CmsAccess, type CmsPaths } from './paths';
import { MEDIA_MAX_BYTES, mediaUploadError } from '../../images/uploads';
import { contentFiles, RefusedPath, type ContentFiles } from './files.node';
import { listen, type RunningServer } from '../../../system/listen';
import { LOCAL_BACKEND_API_PATH } from '../backends';
import { TRANSLATION_STATUSES_ACTION } from '../translation/listMarks';
import { translationStatusesAnswer } from '../../translations/translations.node';

export interface ContentServer extends RunningServer {
  /** What the CMS config names as its backend: http://127.0.0.1:<port>/api/v1. */
  apiUrl: string;
}

export interface ContentServerOptions {
  /** The origins of the site that serves /admin/ (http://127.0.0.1:8000): the only web pages the backend answers. */
  siteOrigins: readonly string[];
}

/** One image at the upload limit in base64 (4 bytes for 3), with room for the entry that carries it. */
export const BODY_MAX_BYTES = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 2 * 1024 * 1024;
/** How deep a folder is listed: Decap asks for 1, or 2 for a collection with a folder per language. */
const MAX_DEPTH = 4;

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;
type Level = (typeof LEVELS)[number];

/** An answer other than 200, with its message. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Params = Record<string, unknown>;

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

function stringParam(params: Params, name: string, where = 'params'): string {
  const value = params[name];
  if (typeof value !== 'string') throw new Refusal(422, `${where}.${name} must be a string`);
  return value;
}

function listParam(params: Params, name: string): unknown[] {
  const value = params[name];
  if (!Array.isArray(value)) throw new Refusal(422, `params.${name} must be a list`);
  return value;
}

function objectParam(value: unknown, where: string): Params {
  if (!isObject(value)) throw new Refusal(422, `${where} must be an object`);
  return value;
}

/** The origin of `url` (http://127.0.0.1:8000), or an error naming it. */
function origin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`startContentServer: "${url}" is not a site origin (http://host:port)`);
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new Error(`startContentServer: "${url}" is not a site origin (http://host:port)`);
  }
  return parsed.origin;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The actions of Decap's proxy backend over `files`, allowed by `paths`. */
function actions(root: string, files: ContentFiles, paths: CmsPaths, log: (level: Level, message: string) => void) {
  const check = (file: unknown, access: CmsAccess): string => {
    const error = cmsPathError(file, access, paths);
    if (error) throw new Refusal(403, error);
    return file as string;
  };

  /** An entry as Decap reads it: its text and a hash, or null data for a missing file. */
  const entry = async (file: string, label?: string) => {
    const bytes = await files.read(file);
    return { data: bytes ? bytes.toString('utf8') : null, file: { path: file, label, id: bytes ? sha256(bytes) : null } };
  };

  const mediaFile = async (file: string) => {
    const bytes = await files.read(file);
    if (!bytes) throw new Refusal(404, `${file} does not exist`);
    return { id: sha256(bytes), content: bytes.toString('base64'), encoding: 'base64', path: file, name: path.posix.basename(file) };
  };

  /** An uploaded asset's path and bytes, refused unless it is an image for the media folder. */
  const asset = (value: unknown, where: string) => {
    const params = objectParam(value, where);
    const file = check(params.path, 'media');
    if (params.encoding !== 'base64') throw new Refusal(422, `${where}.encoding must be "base64"`);
    const content = stringParam(params, 'content', where);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content)) throw new Refusal(422, `${where}.content is not base64`);
    const bytes = Buffer.from(content, 'base64');
    const error = mediaUploadError(file, bytes);
    if (error) throw new Refusal(415, error);
    return { file, bytes };
  };

  const listed = async (folder: string, extension: string, depth: number) =>
    (await files.list(folder, extension, depth, (file, why) => log('warn', `CMS backend: left out ${file}: ${why}.`))).filter((file) => {
      const error = cmsPathError(file, 'read', paths);
      if (error) log('warn', `CMS backend: left out ${file}: ${error}`);
      return !error;
    });

  return async (action: string, params: Params): Promise<unknown> => {
    switch (action) {
      case 'info':
        return { repo: path.basename(root), publish_modes: ['simple'], type: 'local_fs' };
      case 'entriesByFolder': {
        const folder = check(params.folder, 'list');
        const extension = stringParam(params, 'extension');
        const depth = params.depth;
        if (!/^[a-z0-9.]{0,16}$/i.test(extension)) throw new Refusal(422, 'params.extension must be a file extension (md)');
        if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH)
          throw new Refusal(422, `params.depth must be a whole number from 1 to ${MAX_DEPTH}`);
        return Promise.all((await listed(folder, extension, depth)).map((file) => entry(file)));
      }
      case 'entriesByFiles': {
        const wanted = listParam(params, 'files').map((value, index) => {
          const item = objectParam(value, `params.files[${index}]`);
          return { file: check(item.path, 'read'), label: typeof item.label === 'string' ? item.label : undefined };
        });
        return Promise.all(wanted.map(({ file, label }) => entry(file, label)));
      }
      case 'getEntry':
        return entry(check(params.path, 'read'));
      case 'persistEntry': {
        // `entry` alone is what older Decap versions send.
        const dataFiles = (params.dataFiles === undefined && params.entry !== undefined ? [params.entry] : listParam(params, 'dataFiles')).map((value, index) => {
          const item = objectParam(value, `params.dataFiles[${index}]`);
          return {
            path: check(item.path, 'entry'),
            raw: stringParam(item, 'raw', `params.dataFiles[${index}]`),
            newPath: item.newPath === undefined || item.newPath === null ? undefined : check(item.newPath, 'entry'),
          };
        });
        const assets = (params.assets === undefined ? [] : listParam(params, 'assets')).map((value, index) => asset(value, `params.assets[${index}]`));
        if (dataFiles.length === 0) throw new Refusal(422, 'params.dataFiles must name at least one file');
        // One entry, kept in its own collection's folders: a rename stays in its folder, a UI string file where it is.
        const misplaced = entrySaveError(dataFiles, paths);
        if (misplaced) throw new Refusal(403, misplaced);
        const moves = dataFiles.flatMap(({ path: from, newPath }) => (newPath === undefined || newPath === from ? [] : [{ from, to: newPath }]));
        // Everything is checked before anything is written: a refusal leaves the disk as it was.
        for (const { from, to } of moves) {
          if (await files.exists(to)) throw new Refusal(409, `${to} already exists: renaming ${from} to it would replace it. Choose another name.`);
        }
        for (const { path: file, raw } of dataFiles) await files.write(file, raw);
        for (const { file, bytes } of assets) await files.write(file, bytes);
        for (const { from, to } of moves) await files.move(from, to);
        const renamed = new Map(moves.map(({ from, to }) => [from, to]));
        log(
          'info',
          `CMS backend: wrote ${[...dataFiles.map(({ path: file }) => (renamed.has(file) ? `${file} (now ${renamed.get(file)})` : file)), ...assets.map(({ file }) => file)].join(', ')}`,
        );
        return { message: 'entry persisted' };
      }
      case 'getMedia': {
        const folder = check(params.mediaFolder, 'list');
        return Promise.all((await listed(folder, '', 1)).map(mediaFile));
      }
      case 'getMediaFile':
        return mediaFile(check(params.path, 'read'));
      case 'persistMedia': {
        const { file, bytes } = asset(params.asset, 'params.asset');
        await files.write(file, bytes);
        log('info', `CMS backend: wrote ${file}`);
        return mediaFile(file);
      }
      case 'deleteFile': {
        const file = check(params.path, 'delete');
        await files.remove(file);
        log('info', `CMS backend: deleted ${file}`);
        return { message: `deleted file ${file}` };
      }
      case 'deleteFiles': {
        const list = listParam(params, 'paths').map((file) => check(file, 'delete'));
        if (list.length === 0) throw new Refusal(422, 'params.paths must name at least one file');
        const mixed = deleteSetError(list, paths);
        if (mixed) throw new Refusal(403, mixed);
        for (const file of list) await files.remove(file);
        log('info', `CMS backend: deleted ${list.join(', ')}`);
        return { message: `deleted files ${list.join(', ')}` };
      }
      case 'getDeployPreview':
        return null;
      case TRANSLATION_STATUSES_ACTION:
        // Not Decap's: the entry lists ask it which entries are behind or missing a translation, as the files are now.
        return translationStatusesAnswer(root);
      default:
        // The editorial workflow's actions included: the local backend publishes directly (publish_modes: simple).
        throw new Refusal(422, `Unknown action ${shownPath(action)}`);
    }
  };
}

/**
 * Starts the backend over the repository at `root` on 127.0.0.1:`port` (0:
 * a free port), answering web pages from `options.siteOrigins` only.
 * `logLevel`: error, warn, info (each write) or debug (each request).
 */
export async function startContentServer(root: string, port: number, logLevel: string, options: ContentServerOptions): Promise<ContentServer> {
  const origins = new Set(options.siteOrigins.map(origin));
  const threshold = LEVELS.indexOf((LEVELS as readonly string[]).includes(logLevel) ? (logLevel as Level) : 'info');
  const log = (level: Level, message: string) => {
    if (LEVELS.indexOf(level) <= threshold) (level === 'error' || level === 'warn' ? console.warn : console.log)(message);
  };
  const paths = cmsPaths(cmsConfig({ name: 'local', url: `http://127.0.0.1${LOCAL_BACKEND_API_PATH}` }, readNamespaces(root)));
  const run = actions(root, await contentFiles(root), paths, log);
  /** Filled in once the port is known; until then every request is refused. */
  const hosts = new Set<string>();

  const refuse = (req: Request, res: Response, status: number, error: string) => {
    log('warn', `CMS backend refused ${req.method} ${req.originalUrl} (${status}): ${error}`);
    res.status(status).json({ error });
  };

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const host = req.headers.host ?? '';
    if (!hosts.has(host.toLowerCase())) {
      refuse(req, res, 403, `The CMS backend answers requests addressed to ${[...hosts].join(' or ')} only, not to Host ${JSON.stringify(host)}.`);
      return;
    }
    const from = req.headers.origin;
    if (from !== undefined) {
      if (!origins.has(from)) {
        refuse(req, res, 403, `The CMS backend answers the development site (${[...origins].join(', ')}) only, not a page from ${JSON.stringify(from)}.`);
        return;
      }
      res.set({ 'Access-Control-Allow-Origin': from, Vary: 'Origin' });
      if (req.method === 'OPTIONS') {
        res.set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '600' }).sendStatus(204);
        return;
      }
    }
    log('debug', `CMS backend: ${req.method} ${req.originalUrl}`);
    next();
  });
  app.post(LOCAL_BACKEND_API_PATH, express.json({ limit: BODY_MAX_BYTES }), async (req, res, next) => {
    try {
      if (!req.is('application/json')) throw new Refusal(415, 'The CMS backend takes JSON only (Content-Type: application/json).');
      const body: unknown = req.body;
      if (!isObject(body) || typeof body.action !== 'string') throw new Refusal(422, 'The body must be a JSON object with an "action".');
      const params = body.action === 'info' ? {} : objectParam(body.params, 'params');
      res.json(await run(body.action, params));
    } catch (error) {
      if (error instanceof Refusal) refuse(req, res, error.status, error.message);
      else if (error instanceof RefusedPath) refuse(req, res, 403, `The CMS backend refused: ${error.message}`);
      else next(error);
    }
  });
  app.use((req, res) => refuse(req, res, 404, `The CMS backend answers POST ${LOCAL_BACKEND_API_PATH} only.`));
  app.use((error: { type?: string; message?: string }, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error.type === 'entity.too.large')
      refuse(req, res, 413, `The body is larger than the CMS backend takes (${BODY_MAX_BYTES} bytes: one image of up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB with its entry).`);
    else if (error.type === 'entity.parse.failed') refuse(req, res, 400, 'The body is not valid JSON.');
    else {
      log('error', `CMS backend failed on ${req.method} ${req.originalUrl}: ${error.message ?? String(error)}`);
      res.status(500).json({ error: `The CMS backend failed: ${error.message ?? 'unknown error'}` });
    }
  });

  const server = await listen(app, port);
  const actual = new URL(server.url).port;
  hosts.add(`127.0.0.1:${actual}`).add(`localhost:${actual}`);
  log('info', `CMS backend on ${server.url}${LOCAL_BACKEND_API_PATH}: ${root}, the CMS's folders only, for ${[...origins].join(', ')}`);
  return { ...server, apiUrl: `${server.url}${LOCAL_BACKEND_API_PATH}` };
}

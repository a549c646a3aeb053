/**
 * The CMS's local backend on a scratch copy of
 * content/ and locales/, and requests to it over HTTP with every header
 * under the test's control (fetch would set Host itself).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startContentServer, type ContentServer } from '../../features/cms/localBackend/server.node';

const ROOT = path.join(__dirname, '..', '..');
/** The development site the backend serves in these tests. */
export const SITE_ORIGIN = 'http://127.0.0.1:8000';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Backend {
  /** The scratch folder: repo/ is the repository the backend serves; outside/ is beside it. */
  dir: string;
  repo: string;
  server: ContentServer;
  /** Its own Host: 127.0.0.1:<port>. */
  host: string;
  /** A raw request; the body as given, Host and Content-Type only if `headers` names them. */
  send(options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer>;
  /** A request as the CMS at SITE_ORIGIN sends it: POST /api/v1, JSON, its own Host and the site's Origin. */
  post(body: unknown, headers?: Record<string, string>): Promise<Answer>;
  read(file: string): string;
  close(): Promise<void>;
}

export async function startBackend(): Promise<Backend> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stockpay-cms-backend-'));
  const repo = path.join(dir, 'repo');
  for (const folder of ['content', 'locales']) cpSync(path.join(ROOT, folder), path.join(repo, folder), { recursive: true });
  const server = await startContentServer(repo, 0, 'error', { siteOrigins: [SITE_ORIGIN] });
  const { port } = new URL(server.url);
  const host = `127.0.0.1:${port}`;

  const send: Backend['send'] = ({ method = 'POST', path: requestPath = '/api/v1', headers = {}, body }) =>
    new Promise((resolve, reject) => {
      let answered = false;
      // A connection per request: the server may close one after refusing a body it did not read.
      const req = request({ host: '127.0.0.1', port: Number(port), method, path: requestPath, headers, setHost: false, agent: false }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: the text itself.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      });
      // The server may answer (413) and close before an oversized body is all sent.
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.end(body);
    });

  return {
    dir,
    repo,
    server,
    host,
    send,
    post: (body, headers = {}) => send({ headers: { Host: host, Origin: SITE_ORIGIN, 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) }),
    read: (file) => readFileSync(path.join(repo, file), 'utf8'),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` with its content, for "nothing else changed". */
export function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file).toString('base64')];
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

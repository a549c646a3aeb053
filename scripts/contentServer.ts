/**
 * Decap CMS's local backend (decap-server's file-system mode) in this
 * process: the CMS at /admin/ reads and writes the files under `root`
 * through it. On loopback only (decap-server's own command binds every
 * interface unless told otherwise), on `port` or a free one.
 */
import express from 'express';
import { registerLocalFs } from 'decap-server/dist/middlewares';
import { listen, type RunningServer } from './listen';

export interface ContentServer extends RunningServer {
  /** What the CMS config names as its backend: http://127.0.0.1:<port>/api/v1. */
  apiUrl: string;
}

export async function startContentServer(root: string, port = 0, logLevel = 'info'): Promise<ContentServer> {
  const app = express();
  app.disable('x-powered-by');
  // decap-server reads the folder from the environment, once, when its middleware is registered.
  const before = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = root;
  try {
    await registerLocalFs(app, { logLevel });
  } finally {
    if (before === undefined) delete process.env.GIT_REPO_DIRECTORY;
    else process.env.GIT_REPO_DIRECTORY = before;
  }
  const server = await listen(app, port);
  return { ...server, apiUrl: `${server.url}/api/v1` };
}

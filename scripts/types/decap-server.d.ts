/** decap-server's middlewares (Decap CMS's local backend), which ship without types. */
declare module 'decap-server/dist/middlewares' {
  import type { Express } from 'express';

  /** Serves POST /api/v1 over the files of GIT_REPO_DIRECTORY (read when called), or the working directory. */
  export function registerLocalFs(app: Express, options?: { logLevel?: string }): Promise<void>;
}

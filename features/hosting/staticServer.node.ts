/**
 * Serves the built site from public/ for `npm start` with the hosting rules
 * nginx and the CDNs get (./rules.ts, the build's record): every file with
 * its Cache-Control, the security headers and its policy, and for an unknown
 * path the 404 page of its language with status 404. A small Node server, so
 * `npm start` needs no nginx; the site checks use nginx itself. A folder
 * that is not a build (no record: a test serving a CMS page it wrote) is
 * served as plain files.
 */
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BUILD_RECORD_PATH } from './buildRecord';
import { HOSTING_FILES } from './publicFiles';
import { readPublicRules } from './publicFiles.node';
import { headersFor, notFoundPage, type SitePolicies } from './rules';

export function createStaticApp(publicDir: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Every static host and CDN compresses text; without it Lighthouse measures a site nobody serves.
  app.use(compression());
  // Read once, on the first request: the rules of the build being served.
  let policies: SitePolicies | null | undefined;
  const headersOf = (sitePath: string): Record<string, string> => {
    if (policies === undefined) policies = existsSync(path.join(publicDir, BUILD_RECORD_PATH)) ? readPublicRules(publicDir).policies : null;
    return policies ? headersFor(sitePath, policies) : {};
  };
  const notFound: express.RequestHandler = (req, res) => {
    const page = notFoundPage(req.path);
    const file = path.join(publicDir, page);
    if (!existsSync(file)) {
      res.status(404).type('text').send('Not found. Build the site first (SITE_ENV=local npm run build, or npm start).');
      return;
    }
    res.status(404).set(headersOf(page)).sendFile(file);
  };
  // As nginx: the hosting's own files and the compressed copies asked for by name are not the site's.
  app.use((req, res, next) => (HOSTING_FILES.includes(req.path) || /\.(br|gz)$/.test(req.path) ? notFound(req, res, next) : next()));
  app.use(
    express.static(publicDir, {
      setHeaders(res, file) {
        res.set(headersOf(`/${path.relative(publicDir, file).split(path.sep).join('/')}`));
      },
    }),
  );
  app.use(notFound);
  return app;
}

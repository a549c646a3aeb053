/**
 * Serves the built site from public/ the way a static host should be set up
 * (README, "Deploy"): files as they are, and for an unknown path the 404
 * page of its language with status 404.
 */
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { notFoundPage } from '../src/lib/hosting';

export function createStaticApp(publicDir: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Every static host and CDN compresses text; without it Lighthouse measures a site nobody serves.
  app.use(compression());
  app.use(
    express.static(publicDir, {
      setHeaders(res, file) {
        // Gatsby fingerprints its bundles; pages and page data must revalidate.
        const hashed = /[.-][0-9a-f]{20}\.(js|css)$/.test(file) || file.includes(`${path.sep}static${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    }),
  );
  app.use((req, res) => {
    const file = path.join(publicDir, notFoundPage(req.path));
    if (existsSync(file)) res.status(404).sendFile(file);
    else res.status(404).type('text').send('Not found. Build the site first (SITE_ENV=local npm run build, or npm start).');
  });
  return app;
}

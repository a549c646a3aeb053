import type { Request, Response } from 'express';
import type { GatsbyNode } from 'gatsby';
import path from 'node:path';
import { ADMIN_PATH } from '../features/site/routes';
import { publicDirOf } from '../system/paths.js';

/**
 * `gatsby develop` serves public/'s files but never an index.html (it
 * answers every page address with its own shell), so the editors' page at
 * /admin/, which gatsby/onPreBootstrap.ts wrote into public/admin/, gets its
 * own route here. The CMS's other files are served as they are.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateDevServer
 */
export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = ({ app, store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const page = path.join(publicDirOf(program.directory), ADMIN_PATH, 'index.html');
  app.get([ADMIN_PATH, `${ADMIN_PATH}index.html`], (_request: Request, response: Response) => {
    response.sendFile(page);
  });
};

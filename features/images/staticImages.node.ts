/**
 * The site's own images at the root of static/, published at their own
 * paths as the site makes them: each raster image re-encoded by sharp
 * (features/images/pipeline.node.ts, remakeImage), an SVG as it is once it passed the
 * drawings' allowlist (features/images/staticSvg.ts, in the content folders'
 * check). Gatsby itself copies static/ into public/ byte for byte, after
 * the pages (and in `gatsby develop` whenever a file changes), and cannot
 * be told otherwise, so:
 * - prepareStaticImages (gatsby/onPreBootstrap.ts) remakes every raster
 *   image, or refuses it naming the file, before anything renders, and
 *   says what the site publishes at each path, by its SHA-256, which the
 *   build claims exactly (features/hosting/publicOwners.node.ts);
 * - placeStaticImages (gatsby/onPostBuild.ts) writes the remade images
 *   over Gatsby's copies before public/ is held to those claims, so a copy
 *   left as Gatsby made it fails the build, naming it;
 * - servePublishedStatic answers `gatsby develop`'s requests for static/'s
 *   files ahead of Gatsby's copies, checked again and remade as a build
 *   would: develop never serves a file of static/ as it is either.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { ImageError, recordRemadeImagesUsed, remakeImage, type ImageOptions } from './pipeline.node';
import { forEachAtOnce } from '../../system/pool';
import { imageTypeOf } from './mediaFiles';
import { filesUnder } from '../../system/folderTree';

type RemakeOptions = Omit<ImageOptions, 'share'>;

const STATIC = 'static';

/** True for a file of static/ that the build encodes again: every image but an SVG. */
const isRemade = (name: string): boolean => imageTypeOf(name) !== 'SVG';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export interface PreparedStatic {
  /** What the site publishes at each file's path (relative to public/, as under static/): the SHA-256 of its bytes. */
  published: Map<string, string>;
  /** The images refused, each naming its file, in path order. */
  errors: string[];
  /** Raster images remade, and how many of them were made now rather than taken from the kept cache. */
  remade: number;
  made: number;
}

/**
 * Remakes every raster image of `projectDir`'s static/ (a few at a time,
 * each once across builds), and says what the site publishes at each of
 * static/'s paths. Run after the content folders' check, which leaves
 * static/ holding images at its root only.
 */
export async function prepareStaticImages(projectDir: string, options: RemakeOptions = {}): Promise<PreparedStatic> {
  const result: PreparedStatic = { published: new Map(), errors: [], remade: 0, made: 0 };
  const keys: string[] = [];
  await forEachAtOnce(filesUnder(path.join(projectDir, STATIC)).sort(), 2, async (name) => {
    const source = `${STATIC}/${name}`;
    if (!isRemade(name)) {
      result.published.set(name, sha256(readFileSync(path.join(projectDir, source))));
      return;
    }
    try {
      const remade = await remakeImage(projectDir, source, options);
      result.published.set(name, remade.sha256);
      keys.push(remade.key);
      result.remade += 1;
      if (remade.made) result.made += 1;
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      result.errors.push(error.message);
    }
  });
  result.errors.sort();
  recordRemadeImagesUsed(projectDir, keys, options.cacheDir);
  // In path order, as every list of the build's is, whichever image was made first.
  return { ...result, published: new Map([...result.published].sort(([a], [b]) => (a < b ? -1 : 1))) };
}

/**
 * Writes each raster image of static/ into `publicDir` at its path as the
 * site makes it (from the kept cache prepareStaticImages filled), over the
 * copy Gatsby made; returns the paths written.
 */
export async function placeStaticImages(projectDir: string, publicDir: string, options: RemakeOptions = {}): Promise<string[]> {
  const names = filesUnder(path.join(projectDir, STATIC)).filter(isRemade).sort();
  for (const name of names) copyFileSync((await remakeImage(projectDir, `${STATIC}/${name}`, options)).file, path.join(publicDir, name));
  return names;
}

/**
 * Express middleware for `gatsby develop` (gatsby-config.ts,
 * developMiddleware, which runs ahead of Gatsby's own serving of public/):
 * a request for a file of static/ gets what a build would publish at that
 * path, the file checked again by `pathProblem`, as the content folders'
 * check reads it (it may have changed since develop started): a raster image remade, an
 * SVG as it is; a file the build would refuse gets a 404 saying why.
 * Anything else goes on to Gatsby.
 */
export function servePublishedStatic(projectDir: string, pathProblem: (source: string) => string | undefined, options: RemakeOptions = {}) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let segments: string[];
    try {
      segments = decodeURIComponent(request.path).split('/').slice(1);
    } catch {
      return next();
    }
    // Gatsby's server refuses a path that climbs or hides a separator; what static/ holds has none.
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment))) return next();
    const source = [STATIC, ...segments].join('/');
    try {
      if (lstatSync(path.join(projectDir, source)).isDirectory()) return next();
    } catch {
      return next();
    }
    const refuse = (message: string) => {
      response.status(404).type('text/plain').send(`${message}\n`);
    };
    const problem = pathProblem(source);
    if (problem) return refuse(problem);
    const type = path.extname(source);
    if (!isRemade(source)) {
      response.type(type).send(readFileSync(path.join(projectDir, source)));
      return;
    }
    remakeImage(projectDir, source, options).then(
      (remade) => {
        response.type(type).send(readFileSync(remade.file));
      },
      (error: unknown) => (error instanceof ImageError ? refuse(error.message) : next(error)),
    );
  };
}

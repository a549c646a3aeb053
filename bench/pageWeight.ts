/**
 * `npm run weight`: what each built page costs on first load, gzip-compressed,
 * as a browser with an empty cache fetches it: the HTML; the JavaScript (the
 * scripts in the HTML, those its runtime file starts, and the page
 * component's chunks, which Gatsby loads while hydrating); the CSS (inlined
 * by Gatsby into every page, plus linked sheets such as KaTeX's); and the
 * page data fetched for hydration.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBuildRecord } from '../features/hosting/publicFiles.node';
import { pageScripts } from '../features/runtime/runtimeMarkup.node';
import { PUBLIC_DIR } from '../system/paths.js';

const PUBLIC = PUBLIC_DIR;
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
/** A file that is missing (read as empty) or empty costs nothing, not gzip's 20-byte frame. */
const gzipSize = (content: string | Buffer) => (content.length === 0 ? 0 : gzip(content));

interface Stats {
  namedChunkGroups: Record<string, { assets: { name: string }[] }>;
}

export interface PageWeight {
  /** The page's HTML, gzip. */
  html: number;
  /** The page's HTML as it is on disk. */
  htmlRaw: number;
  js: number;
  css: number;
  data: number;
}

/**
 * The first-load weight of one built page, in bytes. `page` is its path on
 * the site ('/', '/bg/docs/', '/404/'); `publicDir` the build (default public/).
 */
export function pageWeight(page: string, publicDir: string = PUBLIC): PageWeight {
  const html = readFileSync(path.join(publicDir, page, 'index.html'), 'utf8');
  const read = (href: string) => {
    const file = path.join(publicDir, href.split('?')[0]);
    return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  };
  const pageData = read(path.join('page-data', page === '/' ? 'index' : page, 'page-data.json'));
  const stats = JSON.parse(read('webpack.stats.json').toString() || '{}') as Partial<Stats>;
  const chunkName = pageData.length > 0 ? (JSON.parse(pageData.toString()) as { componentChunkName: string }).componentChunkName : '';
  const chunks = (stats.namedChunkGroups?.[chunkName]?.assets ?? []).map((a) => `/${a.name}`).filter((name) => name.endsWith('.js'));
  const scripts = [...new Set([...pageScripts(html, readBuildRecord(publicDir).runtime.scripts), ...chunks])];
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return {
    html: gzip(html),
    htmlRaw: Buffer.byteLength(html),
    js: scripts.reduce((sum, src) => sum + gzipSize(read(src)), 0),
    css: gzipSize(inlineCss) + styles.reduce((sum, href) => sum + gzipSize(read(href)), 0),
    data: gzipSize(pageData) + gzipSize(read('page-data/app-data.json')),
  };
}

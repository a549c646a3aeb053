import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_PATH, ROUTES, pagePath } from '../../features/site/routes';
import { BLOG_PATH } from '../../features/blog/blog';

/** src/pages/<name>.tsx becomes /<name>/ (index: /), as Gatsby's file-system routes do. */
const pageFiles = readdirSync(path.join(__dirname, '../../src/pages'))
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => path.basename(file, '.tsx'))
  .map((name) => (name === 'index' ? '/' : `/${name}/`));

describe('routes', () => {
  it('lists every page of src/pages/ once, the blog that the build makes from its posts, and nothing else', () => {
    const pages = [...pageFiles.filter((route) => route !== NOT_FOUND_PATH), BLOG_PATH];
    expect([...ROUTES].sort()).toEqual(pages.sort());
    expect(new Set(ROUTES).size).toBe(ROUTES.length);
  });

  it('names the not-found page by its own file', () => {
    expect(pageFiles).toContain(NOT_FOUND_PATH);
    expect(ROUTES).not.toContain(NOT_FOUND_PATH);
  });

  it('writes every route with its slashes, the form links and the sitemap use', () => {
    for (const route of ROUTES) expect(route).toMatch(/^\/([a-z0-9-]+\/)?$/);
  });
});

describe('pagePath', () => {
  it('serves a page at its folder', () => {
    expect(pagePath('/docs/index.html')).toBe('/docs/');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/404.html')).toBe('/404.html');
  });
});

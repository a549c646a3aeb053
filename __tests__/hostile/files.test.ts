/**
 * @jest-environment node
 *
 * Hostile class "files": what a pull request, the CMS or a careless copy
 * could leave in content/, locales/ or static/ to make the build read or
 * publish something else: symbolic links (to a secret outside the
 * repository, to /etc/passwd, to a file or folder inside it), a named pipe
 * and a socket; in static/, which Gatsby copies over what the build
 * wrote: pages, scripts, styles, data, WebAssembly, manifests and service
 * workers, files under the folders the build writes (page data that would
 * replace a post's, the CMS's own script and configuration), files at the
 * paths of a feed, the sitemap, a hosting file, an icon or a hashed bundle,
 * dotfiles, images in any folder (the media folder's old place included);
 * and in the media folder (content/media/), which the image step reads,
 * files that are not the image their name says.
 * The files that can live in git are in __tests__/fixtures/hostile/files/;
 * links, the pipe and the socket are made here. Each case runs the real
 * gatsby/onPreBootstrap.ts on a project folder of its own and must stop it
 * naming the path and what it is, before anything is read or written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findContentTreeProblems } from '../../features/content/contentTree.node';
import { icoFromPngs } from '../../features/share-cards/icons';
import { contentProject, preBootstrapPanic, stopsWith } from '../support/preBootstrap';
import { BRAND_IMAGE_FILES } from '../../features/share-cards/brandImageFiles';

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hostile', 'files');
const ONLY_REGULAR = 'content/, locales/, static/ hold regular files and folders only';
// No icon in static/: the build re-encodes every image there but an SVG, and sharp reads no .ico.
const STATIC_RULE =
  "static/ holds the site's own images at its root only (whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .svg); editors' images go in content/media/";
const MEDIA_FOLDER_RULE = 'content/media/, where the CMS uploads, holds images only (whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .ico, .svg)';

let dir: string;
let outside: string;
const sockets: net.Server[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-files-'));
  // A secret beside the project, as site.env is on the git server.
  outside = path.join(dir, 'outside', 'site.env');
  fs.mkdirSync(path.dirname(outside));
  fs.writeFileSync(outside, 'GATSBY_API_KEY=secret-key\n');
});
afterAll(async () => {
  await Promise.all(sockets.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A project folder with the site's real content, UI strings and static files, and nothing hostile yet. */
const project = (): string => contentProject(dir);

/** Puts a fixture file at the same place in the project. */
const place = (directory: string, relative: string): void => {
  fs.mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
  fs.copyFileSync(path.join(FIXTURES, relative), path.join(directory, relative));
};

describe('links and special files in the content folders', () => {
  it('a link in the media folder to a secret outside the repository', async () => {
    const directory = project();
    fs.mkdirSync(path.join(directory, 'content', 'media'), { recursive: true });
    fs.symlinkSync(outside, path.join(directory, 'content', 'media', 'site.png'));
    stopsWith(await preBootstrapPanic(directory), [`content/media/site.png is a symbolic link to ${outside}; ${ONLY_REGULAR}: put the file itself there instead of a link`]);
  });

  it('a link to /etc/passwd among the UI strings', async () => {
    const directory = project();
    fs.symlinkSync('/etc/passwd', path.join(directory, 'locales', 'en', 'passwd.json'));
    stopsWith(await preBootstrapPanic(directory), [`locales/en/passwd.json is a symbolic link to /etc/passwd; ${ONLY_REGULAR}: put the file itself there instead of a link`]);
  });

  it('a relative link to another content file, and a linked folder', async () => {
    const directory = project();
    fs.symlinkSync('../../docs/en/readme.md', path.join(directory, 'content', 'blog', 'en', 'copy.md'));
    fs.rmSync(path.join(directory, 'content', 'media'), { recursive: true, force: true });
    fs.symlinkSync('/etc', path.join(directory, 'content', 'media'));
    stopsWith(await preBootstrapPanic(directory), [
      `content/blog/en/copy.md is a symbolic link to ../../docs/en/readme.md; ${ONLY_REGULAR}: put the file itself there instead of a link`,
      `content/media is a symbolic link to /etc; ${ONLY_REGULAR}: put the file itself there instead of a link`,
    ]);
  });

  it('a content folder that is itself a link', async () => {
    const directory = project();
    fs.rmSync(path.join(directory, 'static'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'static'), path.join(directory, 'static'));
    stopsWith(await preBootstrapPanic(directory), [`static is a symbolic link to ${path.join(ROOT, 'static')}; ${ONLY_REGULAR}: put the file itself there instead of a link`]);
  });

  it('a named pipe in place of a content file, never opened (the test would hang)', async () => {
    const directory = project();
    const hero = path.join(directory, 'content', 'home', 'en', 'hero.md');
    fs.rmSync(hero);
    execFileSync('mkfifo', [hero]);
    stopsWith(await preBootstrapPanic(directory), [`content/home/en/hero.md is a named pipe (FIFO); ${ONLY_REGULAR}`]);
  });

  it('a socket among the UI strings', async () => {
    const directory = project();
    const server = net.createServer();
    sockets.push(server);
    await new Promise<void>((resolve) => server.listen(path.join(directory, 'locales', 'bg', 'listen.sock'), resolve));
    stopsWith(await preBootstrapPanic(directory), [`locales/bg/listen.sock is a socket; ${ONLY_REGULAR}`]);
  });
});

describe("what static/ may publish: the site's own images at its root only, never where the build writes", () => {
  it.each([
    // Pages, wherever they are and however they are spelled.
    ['static/Welcome.HTML', 'is a .HTML file, not an image'],
    ['static/legal/terms.xhtml', 'is in a folder static/ does not publish'],
    // Gatsby's page data, which the client loader renders (and Gatsby makes the HTML from), for a post and for any path.
    ['static/page-data/blog/stock-control-habits/page-data.json', 'is under /page-data/, where the build writes its own files'],
    ['static/page-data/anything/page-data.json', 'is under /page-data/, where the build writes its own files'],
    // The CMS's own setup script and configuration, where a signed-in editor's token lives.
    ['static/admin/admin.js', 'is under /admin/, where the build writes its own files'],
    ['static/admin/config.yml', 'is under /admin/, where the build writes its own files'],
    // A script from the site's own origin, which the page policy trusts.
    ['static/x/anything.js', 'is in a folder static/ does not publish'],
    ['static/.hidden-note.txt', 'is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere'],
    ['static/sw.js', 'is a .js file, not an image'],
    ['static/styles.css', 'is a .css file, not an image'],
    ['static/data.json', 'is a .json file, not an image'],
    ['static/module.wasm', 'is a .wasm file, not an image'],
    ['static/manifest.webmanifest', 'is a .webmanifest file, not an image'],
    // The paths of a feed, the sitemap, a hosting file, a hashed bundle.
    ['static/rss.xml', 'is a .xml file, not an image'],
    ['static/sitemap-index.xml', 'is a .xml file, not an image'],
    ['static/_headers', 'has no extension, so it is not an image'],
    ['static/robots.txt', 'is a .txt file, not an image'],
    ['static/app-0123456789abcdef0123.js', 'is a .js file, not an image'],
    ['static/pagefind/pagefind.js', 'is under /pagefind/, where the build writes its own files'],
    ['static/_gatsby/slices/_gatsby-scripts-1.html', 'is under /_gatsby/, where the build writes its own files'],
    ['static/~partytown/partytown.js', 'is under /~partytown/, where the build writes its own files'],
  ])('%s: refused before the build writes anything, naming the file', async (relative, problem) => {
    const directory = project();
    place(directory, relative);
    const panic = await preBootstrapPanic(directory);
    expect(panic.split('\n')).toHaveLength(2);
    expect(panic).toContain(`  - ${relative} ${problem}; ${STATIC_RULE}`);
  });

  it('refuses real images where the build writes its own, in reserved or unpublished folders, or hidden', async () => {
    const directory = project();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const put = (relative: string, bytes: Buffer | Uint8Array) => {
      fs.mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
      fs.writeFileSync(path.join(directory, relative), bytes);
    };
    put('static/favicon.ico', icoFromPngs([{ size: 4, png }]));
    put('static/apple-touch-icon.png', png);
    put('static/share/en.png', png);
    put('static/icons/icon-192x192.png', png);
    put('static/static/share/0123456789abcdef0123.png', png);
    put('static/media/.x.png', png);
    put('static/.well-known/x.png', png);
    // An editor's image left where the media folder used to be.
    put('static/media/warehouse-shelf.png', png);
    const panic = await preBootstrapPanic(directory);
    expect(panic.split('\n').map((line) => line.replace(/; static\/ holds .*$/, ''))).toEqual([
      'The content folders hold 8 paths the site does not build from:',
      '  - static/.well-known/x.png is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere',
      '  - static/apple-touch-icon.png is at /apple-touch-icon.png, which the build writes itself',
      '  - static/favicon.ico is at /favicon.ico, which the build writes itself',
      '  - static/icons/icon-192x192.png is in a folder static/ does not publish',
      '  - static/media/.x.png is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere',
      '  - static/media/warehouse-shelf.png is in a folder static/ does not publish',
      '  - static/share/en.png is in a folder static/ does not publish',
      '  - static/static/share/0123456789abcdef0123.png is under /static/, where the build writes its own files',
    ]);
    expect(panic).toContain(`  - static/media/warehouse-shelf.png is in a folder static/ does not publish; ${STATIC_RULE}: move an editor's image into content/media/`);
  });

  it('names every problem at once, in path order', async () => {
    const directory = project();
    for (const relative of ['static/Welcome.HTML', 'content/media/invoice.png', 'content/media/notes.txt', 'static/admin/admin.js']) place(directory, relative);
    fs.symlinkSync('/etc/passwd', path.join(directory, 'content', 'docs', 'en', 'passwd.md'));
    const panic = await preBootstrapPanic(directory);
    expect(panic.split('\n').map((line) => line.replace(/ is .*$/, ''))).toEqual([
      'The content folders hold 5 paths the site does not build from:',
      '  - content/docs/en/passwd.md',
      '  - content/media/invoice.png',
      '  - content/media/notes.txt',
      '  - static/Welcome.HTML',
      '  - static/admin/admin.js',
    ]);
  });
});

describe('the media folder, content/media/: images only', () => {
  it.each([
    // A page or a script named as an image, or named as neither.
    ['content/media/logo.svg.htm', 'is a .htm file, not an image'],
    ['content/media/invoice.png', 'is named .png but its contents are not a PNG image'],
    ['content/media/Chart.PNG', 'is named .PNG but its contents are not a PNG image'],
    ['content/media/photo.jpeg', 'is named .jpeg but its contents are not a JPEG image'],
    ['content/media/notes.txt', 'is a .txt file, not an image'],
  ])('%s: refused before the build writes anything, naming the file', async (relative, problem) => {
    const directory = project();
    place(directory, relative);
    const panic = await preBootstrapPanic(directory);
    expect(panic.split('\n')).toHaveLength(2);
    expect(panic).toContain(`  - ${relative} ${problem}; ${MEDIA_FOLDER_RULE}`);
  });

  it('passes real images of every allowed type, in any case, in subfolders', async () => {
    const directory = project();
    const media = path.join(directory, 'content', 'media', '2026');
    fs.mkdirSync(media, { recursive: true });
    const pixel = sharp({ create: { width: 4, height: 4, channels: 3, background: '#16a34a' } });
    await pixel.clone().png().toFile(path.join(media, 'a.png'));
    await pixel.clone().jpeg().toFile(path.join(media, 'b.JPG'));
    await pixel.clone().jpeg().toFile(path.join(media, 'c.jpeg'));
    await pixel.clone().gif().toFile(path.join(media, 'd.gif'));
    await pixel.clone().webp().toFile(path.join(media, 'e.webp'));
    await pixel.clone().avif().toFile(path.join(media, 'f.avif'));
    fs.writeFileSync(path.join(media, 'g.ico'), icoFromPngs([{ size: 4, png: await pixel.clone().png().toBuffer() }]));
    fs.copyFileSync(path.join(ROOT, 'static', 'favicon.svg'), path.join(media, 'h.Svg'));
    expect(findContentTreeProblems(directory, new Set(BRAND_IMAGE_FILES))).toEqual([]);
    // And the site's own folders as they are.
    expect(findContentTreeProblems(ROOT, new Set(BRAND_IMAGE_FILES))).toEqual([]);
  });
});

